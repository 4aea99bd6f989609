/** lastName: the member's last name; trimmed, original case kept for display (CENSUS.md). */
import { readText } from './readers';
import { defineField } from './spec';

export const lastName = defineField({
  id: 'lastName', label: 'last name', group: 'identity', kind: 'name',
  namedByValuesWithoutHeaders: true, needsHeader: true, decidesHeadCount: true, namesPerson: true, identifiesPerson: true,
  read: readText,
  slot: (o, v) => { o.lastName = v as string; },
});
