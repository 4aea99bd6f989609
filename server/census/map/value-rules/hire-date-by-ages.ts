/**
 * The hire date by the ages (issue 26: "dates: birth vs hire vs exit from their ranges and order on each
 * row"). A census that gives each person's age and no birth date ('Edad', 'Età' read as the age) may
 * still give a hire date under a header no pack reads. Each row's age places its birth year; hire dates
 * fall at a working age or later and not after the as-of date:
 *
 *  - the column holds dates on HIRE_FILLED of the rows at least, on different days (HIRE_DISTINCT) over
 *    HIRE_SPAN_YEARS years at least (a plan's start date is one day or a few);
 *  - on HIRE_IN_ORDER of the rows with both, the date is not after the as-of date and the years since it
 *    are at most the row's age less MIN_WORKING_AGE (a birth date's years since are the age itself).
 *
 * Language-independent: no word of the header is read. Weak: the review asks.
 */
import { cellText } from '../../text';
import type { Cell } from '../../types';
import { detectDayOrder, parseDate, wholeYears } from '../../values/dates';
import type { ValueContext } from './context';

const HIRE_FILLED = 0.9;
const HIRE_DISTINCT = 0.3;
const HIRE_SPAN_YEARS = 3;
const HIRE_IN_ORDER = 0.9;
/** The youngest age at hire (as the headerless rules take it). */
const MIN_WORKING_AGE = 14;
const HIRE_MIN_ROWS = 5;
const HIRE_CONFIDENCE = 0.5;

function ageOf(c: Cell | undefined): number | null {
  const t = cellText(c ?? null).trim();
  if (!/^\d{1,3}(?:\.0+)?$/.test(t)) return null;
  const a = Number(t);
  return a > 0 && a <= 120 ? a : null;
}

export function hireDateByAges({ columns, rows, asOf, open, column }: ValueContext): void {
  const age = column('age');
  if (!age || column('dateOfBirth') || rows.length < HIRE_MIN_ROWS) return;
  for (const c of columns) {
    if (c.field || c.role || c.fromReading || !open(c)) continue;
    const ctx = { asOf, order: detectDayOrder(rows.slice(0, 200).map((r) => r[c.index] ?? null)) };
    let dated = 0;
    let both = 0;
    let inOrder = 0;
    let min = '';
    let max = '';
    const days = new Set<string>();
    for (const r of rows) {
      const iso = parseDate(r[c.index] ?? null, ctx);
      if (!iso) continue;
      dated++;
      days.add(iso);
      if (!min || iso < min) min = iso;
      if (!max || iso > max) max = iso;
      const a = ageOf(r[age.index]);
      if (a === null) continue;
      both++;
      if (iso <= asOf && wholeYears(iso, asOf) <= a - MIN_WORKING_AGE) inOrder++;
    }
    if (dated < HIRE_FILLED * rows.length || days.size < HIRE_DISTINCT * dated || both === 0 || inOrder < HIRE_IN_ORDER * both) continue;
    if (wholeYears(min, max) < HIRE_SPAN_YEARS) continue;
    c.field = 'hireDate';
    c.confidence = HIRE_CONFIDENCE;
    c.reason = `its header is in no words we read: its dates fall at a working age by each row's age in '${age.header}' and not after the as-of date, as hire dates do: read as the hire date (please check)`;
    return;
  }
}
