/** hoursPerWeek: weekly hours of an hourly employee; annual = rate x hours x 52 (CENSUS.md). */
import { MAX_HOURS_PER_WEEK } from '../rules';
import { parseNumber } from '../values/numbers';
import { defineField } from './spec';

export const hoursPerWeek = defineField({
  id: 'hoursPerWeek', label: 'weekly hours', group: 'pay', kind: 'number',
  needsHeader: true,
  read: (c, ctx) => {
    const v = parseNumber(c, ctx.note);
    if (v === null) return null;
    if (v <= 0 || v > MAX_HOURS_PER_WEEK) {
      ctx.note.invalid = true;
      return null;
    }
    return v;
  },
  slot: (o, v) => { o.hoursPerWeek = v as number; },
});
