/** zip: the member's ZIP code, five digits (CENSUS.md): leading zeros restored, ZIP+4 cut. */
import { parseZip } from '../values/zip';
import { defineField } from './spec';

export const zip = defineField({
  id: 'zip', label: 'ZIP code', group: 'address', kind: 'zip', scanDigits: 'zip',
  // A ZIP+4 without its dash, or a ZIP stored as a number that lost its leading zero (1450 is 01450).
  fitWithHeader: (stats) => stats.zip9 + stats.zipLostZeros,
  read: (cell, ctx) => parseZip(cell, ctx.note),
  slot: (o, v) => { o.zip = v as string; },
});
