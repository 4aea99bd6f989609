/** tobacco: whether the member uses tobacco; kept as yes or no (CENSUS.md). */
import { PLACEHOLDERS } from '../normalise/placeholders';
import { parseTobacco } from '../values/codes';
import { fromText } from './readers';
import { defineField } from './spec';

export const tobacco = defineField({
  id: 'tobacco', label: 'tobacco', group: 'person', kind: 'flag',
  needsHeader: true,
  placeholders: PLACEHOLDERS,
  read: fromText(parseTobacco),
  slot: (o, v) => { o.tobacco = v as boolean; },
});
