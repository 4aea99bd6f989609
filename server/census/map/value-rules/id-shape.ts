/**
 * How a column's values fall as ids: filled, id-shaped, prefixed, repeated next to each other, rising
 * where they change. The id rule and the household-key rule read a column by it.
 */
import { cellText } from '../../text';
import type { Cell } from '../../types';

/** An id column: this share of its filled values look like ids (digits, perhaps after a letter prefix). */
export const ID_SHAPE = 0.95;
/** ... filled on this share of the rows ... */
export const ID_FILLED = 0.9;
/** ... and each value on one row, or on the rows of one household one after the other (this share of repeats). */
export const ID_ADJACENT_REPEATS = 0.9;
export const ID_CONFIDENCE = 0.5;
/**
 * Ids of plain digits are numbered in order: of the rows where the value changes, this share at least
 * go up (amounts, ZIP codes and phone numbers are in no order; 'EMP-0042' with a prefix needs none).
 */
export const ID_IN_ORDER = 0.8;
const ID_PREFIXED = /^[A-Za-z]/;
/** An id: a prefix of up to three letter groups ('EMP', 'DUMMY_EX_', 'HR-US-'), then digits and more (as map/profiles.ts ID_LIKE). */
const ID_VALUE = /^[A-Za-z]{0,12}(?:[-_][A-Za-z]{1,12}){0,2}[-_]?\d[\dA-Za-z\-_]{1,24}$/;

/** How a column's values fall as ids: filled, id-shaped, prefixed, repeated (next to each other), rising where they change. */
export function idShape(rows: readonly (readonly Cell[])[], index: number) {
  let filled = 0;
  let shaped = 0;
  let repeats = 0;
  let adjacent = 0;
  let previous = '';
  let prefixed = 0;
  let changes = 0;
  let up = 0;
  let last = NaN;
  const seen = new Set<string>();
  for (const r of rows) {
    const t = cellText(r[index] ?? null).trim();
    if (!t) {
      previous = '';
      continue;
    }
    filled++;
    if (ID_VALUE.test(t)) shaped++;
    if (ID_PREFIXED.test(t)) prefixed++;
    const n = Number(t.replace(/\D/g, ''));
    if (t !== previous && !Number.isNaN(last)) {
      changes++;
      if (n > last) up++;
    }
    last = n;
    if (seen.has(t)) {
      repeats++;
      if (t === previous) adjacent++;
    }
    seen.add(t);
    previous = t;
  }
  return { filled, shaped, repeats, adjacent, prefixed, changes, up, distinct: seen.size };
}
