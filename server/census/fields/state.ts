/** state: USPS two-letter code, DC included (names and codes accepted) (CENSUS.md). */
import { stateCode } from '../values/states';
import { fromText } from './readers';
import { defineField } from './spec';

export const state = defineField({
  id: 'state', label: 'state', group: 'address', kind: 'state',
  read: fromText((t, note) => stateCode(t) ?? ((note.invalid = true), null)),
  slot: (o, v) => { o.state = v as string; },
});
