/**
 * spouseDateOfBirth: wide layout, one row per employee with the spouse's birth date in a column; it
 * creates a dependent of that employee (CENSUS.md "Layouts").
 */
import { readDate } from './readers';
import { defineField } from './spec';

export const spouseDateOfBirth = defineField({
  id: 'spouseDateOfBirth', label: 'spouse birth date', group: 'dependents', kind: 'date', scanDigits: 'date',
  decidesHeadCount: true, namesPerson: true, birthDateOf: 'spouse',
  read: readDate,
  slot: 'dependentBirthDate',
});
