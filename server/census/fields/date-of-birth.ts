/** dateOfBirth: the member's birth date, an ISO date (CENSUS.md). */
import { readDate } from './readers';
import { defineField } from './spec';

export const dateOfBirth = defineField({
  id: 'dateOfBirth', label: 'birth date', group: 'person', kind: 'date',
  agesPerson: true,
  decidesHeadCount: true,
  namesPerson: true,
  birthDateOf: 'member',
  read: readDate,
  slot: (o, v) => { o.dateOfBirth = v as string; },
});
