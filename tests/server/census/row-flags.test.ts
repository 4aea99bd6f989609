/** RowFlags (server/census/row-flags.ts): flags per (file, sheet, row), and how many rows have one. */
import { describe, expect, it } from 'vitest';
import { RowFlags } from '../../../server/census/row-flags';

describe('RowFlags', () => {
  it('keeps flags per file, sheet and row, sheets interleaved and grown, and counts the rows flagged', () => {
    const f = new RowFlags();
    expect(f.get('a.xlsx', 'S1', 2)).toBe(0);
    f.set('a.xlsx', 'S1', 2, 1);
    f.set('a.xlsx', 'S2', 2, 2);
    f.set('a.xlsx', 'S1', 5000, 1); // past the first block: the sheet's bytes grow
    f.set('a.xlsx', 'S1', 2, 2);
    f.set('b.csv', '', 2, 1);
    expect([f.get('a.xlsx', 'S1', 2), f.get('a.xlsx', 'S2', 2), f.get('a.xlsx', 'S1', 5000), f.get('b.csv', '', 2)]).toEqual([3, 2, 1, 1]);
    expect([f.get('a.xlsx', 'S2', 5000), f.get('a.xlsx', 'S3', 2), f.get('c.csv', '', 2)]).toEqual([0, 0, 0]);
    expect(f.size).toBe(4);
  });

  it('keeps a row number that is not a small whole number by its key', () => {
    const f = new RowFlags();
    for (const row of [-1, 2.5, 3_000_000]) f.set('a.csv', '', row, 1);
    f.set('a.csv', '', 2.5, 2);
    expect([f.get('a.csv', '', -1), f.get('a.csv', '', 2.5), f.get('a.csv', '', 3_000_000), f.get('a.csv', '', 2)]).toEqual([1, 3, 1, 0]);
    expect(f.size).toBe(3);
  });
});
