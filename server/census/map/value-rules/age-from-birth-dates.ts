/**
 * The age beside the birth date: a column of whole numbers that are, on nearly every row, the years from
 * the row's birth date to the as-of date is the age ('Età', 'Alter'), whatever its header. Heights,
 * counts and codes do not keep that agreement. Weak: the review asks.
 */
import { cellText } from '../../text';
import { yearsByBirthDate } from './households';
import type { ValueContext } from './context';

/** An age column agrees with the row's birth date (whole years at the as-of date, one year either way) on this share of rows. */
const AGE_AGREES = 0.9;
/** ... of this many rows at least. */
const AGE_MIN_ROWS = 3;
export const AGE_CONFIDENCE = 0.5;
/** Ages taken at an older date agree with the birth dates by one offset of up to this many years. */
const AGE_OLDER_FILE_YEARS = 15;

export function ageFromBirthDates({ columns, rows, asOf, open, column }: ValueContext): void {
  const birth = column('dateOfBirth');
  if (!birth) return;
  let years: readonly (number | null)[] | undefined;
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    years ??= yearsByBirthDate(rows, birth.index, asOf);
    // Each row's years at the as-of date minus its number: one offset all along (0, or the years since
    // an older file was made: ages at its date).
    const offsets = new Map<number, number>();
    let both = 0;
    for (let i = 0; i < rows.length; i++) {
      const y = years[i];
      const text = cellText(rows[i][col.index] ?? null).trim();
      if (y === null || !/^\d{1,3}$/.test(text)) continue;
      both++;
      const d = y - Number(text);
      offsets.set(d, (offsets.get(d) ?? 0) + 1);
    }
    if (both < AGE_MIN_ROWS) continue;
    let best = 0;
    let agree = 0;
    for (const d of offsets.keys()) {
      if (d < 0 || d > AGE_OLDER_FILE_YEARS) continue;
      // Whole years at a date that is not the as-of date fall on two offsets a year apart.
      const n = (offsets.get(d) ?? 0) + (offsets.get(d + 1) ?? 0) + (d === 0 ? offsets.get(-1) ?? 0 : 0);
      if (n > agree) [best, agree] = [d, n];
    }
    if (agree < AGE_AGREES * both) continue;
    col.field = 'age';
    col.confidence = AGE_CONFIDENCE;
    const when = best <= 1 ? '' : ` some ${best} years before the as-of date (an older file's)`;
    col.reason = `its numbers are each row's years since the birth date in '${birth.header}'${when} (${agree} of ${both} rows): read as the age (please check)`;
    return;
  }
}
