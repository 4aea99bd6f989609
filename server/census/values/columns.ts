/**
 * Column helpers shared by the map and normalise stages: a sample of a column's filled cells and a
 * column's spreadsheet letter.
 */
import type { Cell } from '../types';
import { isBlank } from '../text';

/** Up to `max` non-empty cells of a column, spread evenly over the rows. */
export function sampleColumn(rows: readonly Cell[][], col: number, max: number): Cell[] {
  const out: Cell[] = [];
  const n = rows.length;
  if (n === 0) return out;
  // Two passes at most: a strided pass, then a dense one if the column is sparse.
  const stride = Math.max(1, Math.floor(n / (max * 2)));
  for (let i = 0; i < n && out.length < max; i += stride) {
    const c = rows[i][col];
    if (!isBlank(c)) out.push(c);
  }
  if (out.length < max && stride > 1) {
    out.length = 0;
    for (let i = 0; i < n && out.length < max; i++) {
      const c = rows[i][col];
      if (!isBlank(c)) out.push(c);
    }
  }
  return out;
}

/** Spreadsheet column letters for a 0-based index (A, B, ..., Z, AA). */
export function columnLetter(index: number): string {
  let s = '';
  let n = index + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}
