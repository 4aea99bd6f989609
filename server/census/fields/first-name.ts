/** firstName: the member's first name; trimmed, original case kept for display (CENSUS.md). */
import { readText } from './readers';
import { defineField } from './spec';

export const firstName = defineField({
  id: 'firstName', label: 'first name', group: 'identity', kind: 'name',
  namedByValuesWithoutHeaders: true, needsHeader: true, decidesHeadCount: true, namesPerson: true, identifiesPerson: true,
  read: readText,
  slot: (o, v) => { o.firstName = v as string; },
});
