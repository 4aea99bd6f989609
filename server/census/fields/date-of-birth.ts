/** dateOfBirth: the member's birth date, an ISO date (CENSUS.md). */
import { readDate } from './readers';
import { defineField } from './spec';

export const dateOfBirth = defineField({
  id: 'dateOfBirth', label: 'birth date', group: 'person', kind: 'date', scanDigits: 'date',
  estimatedHow: (why) => (/from the age/.test(why) ? 'set from the age the file gives' : 'estimated: the median age of members of the same relationship'),
  agesPerson: true, decidesHeadCount: true, namesPerson: true, birthDateOf: 'member',
  read: readDate,
  slot: (o, v) => { o.dateOfBirth = v as string; },
});
