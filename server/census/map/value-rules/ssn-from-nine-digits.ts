/**
 * The SSN by its values: with no SSN column, a column under a header no pack reads of nine-digit numbers
 * ('Codice Fiscale', 'Sozialversicherungsnummer' of 123456789) in no order, one per person or shared
 * by a household's rows, is the SSN. An id numbered in order is left to idFromValues. Weak: the review asks.
 */
import { cellText } from '../../text';
import type { ValueContext } from './context';

/** Nine digits on this share of the filled rows (dashed or not), filled on SSN_FILLED of the rows. */
const SSN_SHAPE = 0.95;
const SSN_FILLED = 0.5;
/**
 * Of the rows where the value changes, this share going up, over a span of at most SSN_NUMBERED_SPAN a
 * value: numbered ids (100200301, 100200302 ...), not SSNs. SSNs sorted, or made up in a pattern
 * (123456789, 234567890 ...), rise by far more.
 */
const SSN_IN_ORDER = 0.8;
const SSN_NUMBERED_SPAN = 1000;
const SSN_CONFIDENCE = 0.5;
const NINE_DIGITS = /^\d{3}-?\d{2}-?\d{4}$/;

export function ssnFromNineDigits({ columns, rows, open }: ValueContext): void {
  if (rows.length < 3) return;
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    let filled = 0;
    let shaped = 0;
    let changes = 0;
    let up = 0;
    let last = NaN;
    let previous = '';
    let min = Infinity;
    let max = -Infinity;
    const seen = new Set<string>();
    for (const r of rows) {
      const t = cellText(r[col.index] ?? null).trim();
      if (!t) continue;
      filled++;
      if (!NINE_DIGITS.test(t)) continue;
      shaped++;
      seen.add(t);
      const n = Number(t.replace(/\D/g, ''));
      if (n < min) min = n;
      if (n > max) max = n;
      if (t !== previous && !Number.isNaN(last)) {
        changes++;
        if (n > last) up++;
      }
      last = n;
      previous = t;
    }
    if (filled < SSN_FILLED * rows.length || shaped < SSN_SHAPE * filled || seen.size < 3) continue;
    if (up >= SSN_IN_ORDER * changes && max - min <= SSN_NUMBERED_SPAN * seen.size) continue;
    col.field = 'ssn';
    col.confidence = SSN_CONFIDENCE;
    col.reason = 'its values are nine-digit numbers, not numbered in order, one per person or household: read as the SSN (please check)';
    return;
  }
}
