/**
 * The age with no birth date to agree with: with no age and no birth date read, a column under a header
 * no pack reads of whole numbers whose median is a working adult's age, spread over the years, in no
 * order, is the age ('Edad', 'Idade', 'Età' in a census of ages only). Weak: an issue asks to check it
 * (the age decides no head count, so no review).
 */
import { cellText } from '../../text';
import { AGE_CONFIDENCE } from './age-from-birth-dates';
import { ID_IN_ORDER } from './id-shape';
import type { ValueContext } from './context';

/** Ages alone: whole numbers up to AGE_VALUES_MAX on every filled row, filled on AGE_VALUES_FILLED of AGE_VALUES_MIN_ROWS rows at least, */
const AGE_VALUES_MAX = 100;
const AGE_VALUES_FILLED = 0.8;
const AGE_VALUES_MIN_ROWS = 5;
/**
 * ... their median a working adult's (tenure years, ratings, counts and hours used sit lower: sick hours
 * of median 24), at most AGE_VALUES_CHILDREN of them a child's (under 16), */
const AGE_VALUES_MEDIAN = [25, 65] as const;
const AGE_VALUES_CHILDREN = 0.3;
const CHILD_AGE = 16;
/**
 * ... spread over this many years at least, with distinct values on this share of its rows, counted up to
 * AGE_VALUES_DISTINCT_ROWS rows (a grade or an hours' column repeats a few; a big census has each age many times), */
const AGE_VALUES_SPREAD = 10;
const AGE_VALUES_DISTINCT = 0.5;
const AGE_VALUES_DISTINCT_ROWS = 30;
/** ... and in no order (of the rows where the value changes, fewer than ID_IN_ORDER go up: ids are numbered in order). */
export function ageFromValues({ columns, rows, open, column }: ValueContext): void {
  if (rows.length < AGE_VALUES_MIN_ROWS || column('dateOfBirth')) return;
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    const ages: number[] = [];
    let other = false;
    let changes = 0;
    let up = 0;
    for (const r of rows) {
      const text = cellText(r[col.index] ?? null).trim();
      if (!text) continue;
      if (!/^\d{1,3}$/.test(text) || Number(text) > AGE_VALUES_MAX) {
        other = true;
        break;
      }
      const v = Number(text);
      if (ages.length > 0 && v !== ages[ages.length - 1]) {
        changes++;
        if (v > ages[ages.length - 1]) up++;
      }
      ages.push(v);
    }
    if (other || ages.length < AGE_VALUES_FILLED * rows.length || ages.length < AGE_VALUES_MIN_ROWS) continue;
    const sorted = [...ages].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    if (median < AGE_VALUES_MEDIAN[0] || median > AGE_VALUES_MEDIAN[1] || sorted[sorted.length - 1] - sorted[0] < AGE_VALUES_SPREAD) continue;
    if (sorted.filter((v) => v < CHILD_AGE).length > AGE_VALUES_CHILDREN * sorted.length) continue;
    if (new Set(ages).size < AGE_VALUES_DISTINCT * Math.min(ages.length, AGE_VALUES_DISTINCT_ROWS) || up >= ID_IN_ORDER * changes) continue;
    col.field = 'age';
    col.confidence = AGE_CONFIDENCE;
    col.reason = `its whole numbers (median ${median}, from ${sorted[0]} to ${sorted[sorted.length - 1]}, in no order) look like ages, and no birth date was read: read as the age (please check)`;
    return;
  }
}
