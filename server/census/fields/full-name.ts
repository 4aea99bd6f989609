/**
 * fullName: "Last, First" or "First Last" in one column; split into first and last (CENSUS.md), unless
 * the row's own name columns are filled.
 */
import { readText } from './readers';
import { defineField } from './spec';

export const fullName = defineField({
  id: 'fullName', label: 'full name', group: 'identity', kind: 'name',
  namedByValuesWithoutHeaders: true, needsHeader: true, decidesHeadCount: true, namesPerson: true, identifiesPerson: true,
  read: readText,
  slot: 'nameToSplit',
});
