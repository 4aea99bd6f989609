/**
 * `census analyze scan.pdf` (issue 30): an image-only PDF (no text layer) is read by OCR, its table
 * a sheet 'page 1', and the report always asks for a check of the scanned page. The command exits
 * (the OCR worker thread is ended).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCensus } from './engine-helpers';

const scans = path.join(repoRoot, 'tests/fixtures/documents/scans');

describe('census analyze FILE.scan.pdf', () => {
  it('reads an image-only PDF by OCR and asks for a check', () => {
    const r = runCensus(scans, 'analyze', 'gmc-member-coded-rel.scan.pdf', '--as-of', '2026-01-01');
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(new Set(report.columns.map((c: { sheet: string }) => c.sheet))).toEqual(new Set(['page 1']));
    expect(report.columns).toContainEqual(expect.objectContaining({ sheet: 'page 1', field: 'employeeId' }));
    // ../shared/fixtures/census-real/files/gmc-member-coded-rel.csv.truth.json: 4 lives. OCR reads one
    // id as 'EMP0O1' (an unclear cell): the count may fall short, never without a review.
    expect(report.totalLives).toBeGreaterThanOrEqual(3);
    expect(report.totalLives).toBeLessThanOrEqual(4);
    expect(report.review.needed).toBe(true);
    expect(report.review.reasons).toContainEqual(expect.stringMatching(/^Read from a scanned page: (\d+ cells were|1 cell was) unclear, check them$/));
  }, 120_000);
});
