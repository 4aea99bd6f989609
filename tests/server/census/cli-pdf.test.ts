/**
 * `census analyze x.pdf` (issue 30): the command reads a text-layer PDF like a workbook whose sheets
 * are its tables ('page N'); a PDF it cannot use fails in one plain line (exit 2).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectOneLineError, repoRoot, runCensus } from './engine-helpers';

const documents = path.join(repoRoot, 'tests/fixtures/documents');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'census-cli-pdf-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('census analyze FILE.pdf', () => {
  it('reads a two-page census PDF: lives, employees and dependents of its source spreadsheet', () => {
    const r = runCensus(documents, 'analyze', 'normalizer-broker-a.pdf', '--as-of', '2026-01-01');
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    // ../shared/fixtures/census-real/files/normalizer-broker-a.csv.truth.json
    expect(report.totalLives).toBe(68);
    expect(new Set(report.columns.map((c: { sheet: string }) => c.sheet))).toEqual(new Set(['page 1']));
    expect(report.sheetsRead).toBe(1);
    const said = report.issues.map((i: { message?: string } | string) => (typeof i === 'string' ? i : i.message)).join(' ');
    expect(said).toMatch(/The table on page 1 runs over pages 1-2; they were read as one table/);
  });

  it('fails in one line for a file named .pdf that is not one', () => {
    const fake = path.join(tmp, 'fake.pdf');
    fs.writeFileSync(fake, 'First Name,DOB\nAnn,1980-01-02\n');
    expectOneLineError(runCensus(tmp, 'analyze', fake), /named \.pdf but is not a PDF/);
  });

  it('says PDFs in its help', () => {
    const r = runCensus(tmp, '--help');
    expect(r.stdout + r.stderr).toMatch(/PDFs with a text layer/);
    expect(r.stdout + r.stderr).toMatch(/scanned pages/);
  });
});
