/** hireDate: the employee's hire date, an ISO date (CENSUS.md). */
import { readDate } from './readers';
import { defineField } from './spec';

export const hireDate = defineField({
  id: 'hireDate', label: 'hire date', group: 'work', kind: 'date', scanDigits: 'date',
  namedByValuesWithoutHeaders: true, startsEmployment: true,
  // A recent date could be a hire, effective, enrollment or termination date: the header must say.
  needsHeader: true,
  read: readDate,
  slot: (o, v) => { o.hireDate = v as string; },
});
