/** jobTitle: the member's job title; kept as text (CENSUS.md). */
import { readText } from './readers';
import { defineField } from './spec';

export const jobTitle = defineField({
  id: 'jobTitle', label: 'job title', group: 'work', kind: 'text',
  needsHeader: true,
  read: readText,
  slot: (o, v) => { o.jobTitle = v as string; },
});
