/** age: whole years, when the file gives an age instead of (or beside) a birth date (CENSUS.md). */
import { AGE_PLACEHOLDERS } from '../normalise/placeholders';
import { MAX_AGE } from '../rules';
import { parseNumber } from '../values/numbers';
import { defineField } from './spec';

export const age = defineField({
  id: 'age', label: 'age', group: 'person', kind: 'number', scanDigits: 'integer',
  namedByValuesWithoutHeaders: true, needsHeader: true, agesPerson: true, namesPerson: true,
  // '0' is an age (a newborn), not a placeholder.
  placeholders: AGE_PLACEHOLDERS,
  read: (c, ctx) => {
    const v = parseNumber(c, ctx.note);
    if (v === null) return null;
    if (v < 0 || v > MAX_AGE) {
      ctx.note.invalid = true;
      return null;
    }
    return Math.floor(v);
  },
  slot: (o, v) => { o.age = v as number; },
});
