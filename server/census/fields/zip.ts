/** zip: the member's ZIP code, five digits (CENSUS.md): leading zeros restored, ZIP+4 cut. */
import { parseZip } from '../values/zip';
import { defineField } from './spec';

export const zip = defineField({
  id: 'zip', label: 'ZIP code', group: 'address', kind: 'zip',
  read: (cell, ctx) => parseZip(cell, ctx.note),
  slot: (o, v) => { o.zip = v as string; },
});
