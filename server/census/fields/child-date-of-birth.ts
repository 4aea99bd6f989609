/**
 * childDateOfBirth: wide layout, one row per employee with a child's birth date in a column (one
 * column per child); each creates a dependent of that employee (CENSUS.md "Layouts").
 */
import { readDate } from './readers';
import { defineField } from './spec';

export const childDateOfBirth = defineField({
  id: 'childDateOfBirth', label: 'child birth date', group: 'dependents', kind: 'date', scanDigits: 'date',
  manyColumns: true, decidesHeadCount: true, namesPerson: true, birthDateOf: 'child',
  read: readDate,
  slot: 'dependentBirthDate',
});
