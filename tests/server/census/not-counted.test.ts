/**
 * The 'Not counted' list (server/census/not-counted.ts, issue 21): every member left out of the lives,
 * every row removed and every sheet not read, with file, sheet, 1-based row, who and why, agreeing
 * with the report's own figures (retired, excluded, duplicates removed) on every fixture case.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { analyzeCensus, resultForFile } from '../../../server/census/engine';
import { exportCensus } from '../../../server/census/export';
import { notCountedEntries } from '../../../server/census/not-counted';
import { NOT_COUNTED_REASONS, NOT_COUNTED_SHOWN_PER_REASON, type CensusReport, type NotCountedReason } from '../../../shared/census/report';
import { AS_OF, csv, fixturesDir, sharedDir, type FixtureIndex } from './engine-helpers';

const realDir = path.join(sharedDir, 'fixtures/census-real/files');
const load = (dir: string, ...names: string[]) => names.map((f) => ({ fileName: f, bytes: new Uint8Array(fs.readFileSync(path.join(dir, f))) }));
const STATUS_REASONS: NotCountedReason[] = ['retired', 'terminated', 'exit-date', 'waived', 'deceased'];

/** The list agrees with the figures the report already gives. */
function expectConsistent(report: CensusReport) {
  const nc = report.notCounted!;
  const by = nc.byReason;
  const n = (r: NotCountedReason) => by[r] ?? 0;
  expect(Object.values(by).reduce((a, b) => a + (b ?? 0), 0)).toBe(nc.total);
  expect(n('retired')).toBe(report.livesAdditionalInfo.retired);
  expect(n('terminated') + n('exit-date') + n('waived') + n('deceased')).toBe(report.livesAdditionalInfo.excluded);
  expect(n('duplicate')).toBe(report.duplicatesRemoved);
  // Grouped in the reasons' order, each group complete up to the cap.
  const order = Object.keys(NOT_COUNTED_REASONS);
  const seen = nc.entries.map((e) => order.indexOf(e.reason));
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  for (const [r, count] of Object.entries(by)) expect(nc.entries.filter((e) => e.reason === r)).toHaveLength(Math.min(count!, NOT_COUNTED_SHOWN_PER_REASON));
  for (const e of nc.entries) {
    expect(e.row === null ? e.reason : 'row').toBe(e.row === null ? 'skipped-sheet' : 'row');
    if (e.row !== null) expect(e.row).toBeGreaterThanOrEqual(1);
    expect(e.detail.length).toBeGreaterThan(0);
  }
}

describe("census 'Not counted' list", () => {
  it('lists retired, terminated and duplicate rows with their sheet row, name and the row kept (dups-missing-xlsx)', async () => {
    const { report } = await analyzeCensus(load(fixturesDir, 'dups-missing-xlsx.xlsx'), { asOf: AS_OF });
    expectConsistent(report);
    const nc = report.notCounted!;
    expect(nc.byReason).toEqual({ retired: 10, terminated: 8, duplicate: 7 });
    expect(nc.entries).toContainEqual({ file: 'dups-missing-xlsx.xlsx', sheet: 'Census', row: 64, who: 'Betty Lewis', reason: 'duplicate', detail: 'same person as row 43' });
    expect(nc.entries).toContainEqual({ file: 'dups-missing-xlsx.xlsx', sheet: 'Census', row: 9, who: 'John Smith', reason: 'retired', detail: 'status retired' });
    // A dependent without a status of its own takes its employee's, and the list says so.
    const karen = nc.entries.find((e) => e.row === 35)!;
    expect(karen).toMatchObject({ who: 'Karen Hernandez', reason: 'retired' });
    expect(karen.detail).toMatch(/taken from their employee/);
    expect(nc.orphansCounted).toBe(0);
  });

  it('lists totals and notes under the table as rows that are not people (footer-blanks-xlsx)', async () => {
    const { report } = await analyzeCensus(load(fixturesDir, 'footer-blanks-xlsx.xlsx'), { asOf: AS_OF });
    expectConsistent(report);
    const rows = report.notCounted!.entries.filter((e) => e.reason === 'not-a-person');
    expect(rows.map((e) => [e.row, e.who])).toEqual([[101, 'Total employees: 45'], [102, 'Prepared by HR - confidential']]);
    expect(rows[0].detail).toMatch(/title, total or note/);
  });

  it("names a wide layout's dependents by their employee's id and their column (wide-xls)", async () => {
    const { report } = await analyzeCensus(load(fixturesDir, 'wide-xls.xls'), { asOf: AS_OF });
    expectConsistent(report);
    const spouse = report.notCounted!.entries.find((e) => e.column === 'Spouse DOB')!;
    expect(spouse.who).toMatch(/^a spouse of ID \S+$/);
    expect(spouse.detail).toMatch(/taken from their employee/);
    // The employee of the same row keeps their own status: not 'their employee's'.
    const employee = report.notCounted!.entries.find((e) => e.row === spouse.row && e.column === undefined)!;
    expect(employee.detail).not.toMatch(/taken from their employee/);
  });

  it("keeps a file's own report to that file's rows; duplicates across files are listed once (multi-file)", async () => {
    const whole = await analyzeCensus(load(fixturesDir, 'multi-file-part1.csv', 'multi-file-part2.xlsx'), { asOf: AS_OF });
    expectConsistent(whole.report);
    const dups = whole.report.notCounted!.entries.filter((e) => e.reason === 'duplicate');
    expect(dups.length).toBe(whole.report.duplicatesRemoved);
    expect(dups.some((e) => / row \d+$/.test(e.detail))).toBe(true);
    for (const f of ['multi-file-part1.csv', 'multi-file-part2.xlsx']) {
      const one = resultForFile(whole, f).report;
      const nc = one.notCounted!;
      for (const e of nc.entries.filter((x) => x.reason === 'duplicate' || x.reason === 'not-a-person')) expect(e.file).toBe(f);
      const n = (r: NotCountedReason) => nc.byReason[r] ?? 0;
      expect(n('retired')).toBe(one.livesAdditionalInfo.retired);
      expect(STATUS_REASONS.reduce((a, r) => a + n(r), 0)).toBe(one.livesAdditionalInfo.retired + one.livesAdditionalInfo.excluded);
    }
  });

  it('lists an instruction sheet not read, and members terminated by an exit date (real templates)', async () => {
    const axa = await analyzeCensus(load(realDir, 'axa-census-template.xlsx'), { asOf: AS_OF });
    expectConsistent(axa.report);
    expect(axa.report.notCounted!.entries).toContainEqual(expect.objectContaining({ sheet: 'Instructions', row: null, who: '', reason: 'skipped-sheet' }));
    const exits = await analyzeCensus(load(realDir, 'acp-census-exclusions.csv'), { asOf: AS_OF });
    expectConsistent(exits.report);
    expect(exits.report.notCounted!.byReason).toEqual({ 'exit-date': 4 });
    expect(exits.report.notCounted!.entries[0]).toMatchObject({ row: 19, who: 'Brian Lee', reason: 'exit-date' });
  });

  it("names a template's example person and a marker row by the names they carry", async () => {
    const bytes = csv([
      ['Employee ID', 'First Name', 'Last Name', 'Relationship', 'Date of Birth'],
      ['', 'Required', 'Required', 'Required', ''],
      ['1', 'John', 'Sample', 'EE', '01/02/1970'],
      ['2', 'Ann', 'Lee', 'EE', '03/04/1980'],
      ['3', 'Bo', 'Ray', 'EE', '05/06/1985'],
    ]);
    const { report } = await analyzeCensus([{ fileName: 'template.csv', bytes }], { asOf: AS_OF });
    expect(report.totalLives).toBe(2);
    const rows = report.notCounted!.entries.filter((e) => e.reason === 'not-a-person');
    expect(rows.map((e) => e.row)).toEqual([2, 3]);
    expect(rows[1]).toMatchObject({ who: 'John Sample' });
    expect(rows[0].who).not.toBe('');
  });

  it('orders each reason by sheet as first met, then by row, whatever order the change log has', () => {
    const dup = (sheet: string, row: number) => ({ file: 'a.csv', sheet, row, field: '(row)', from: `P${row}`, to: `same person as a.csv ${sheet} row 1`, why: 'duplicate person: removed, the most complete row is kept' });
    const list = notCountedEntries({ members: [], changes: [dup('S1', 9), dup('S2', 3), dup('S1', 4), dup('S2', 2)] });
    expect(list.map((e) => `${e.sheet}:${e.row}`)).toEqual(['S1:4', 'S1:9', 'S2:2', 'S2:3']);
    expect(list[0].detail).toBe('same person as row 1');
  });

  it('every fixture case: the list agrees with retired, excluded and duplicates removed', async () => {
    const index = JSON.parse(fs.readFileSync(path.join(fixturesDir, 'index.json'), 'utf8')) as FixtureIndex;
    for (const c of index) {
      const { report } = await analyzeCensus(load(fixturesDir, ...c.files), { asOf: AS_OF });
      expectConsistent(report);
    }
  });

  it('says orphan dependents are counted (not listed), and never shows a full SSN', async () => {
    const bytes = csv([
      ['Employee ID', 'First Name', 'Last Name', 'Relationship', 'Date of Birth', 'Status'],
      ['123-45-6789', '', '', 'EE', '01/02/1970', 'Retired'],
      ['123-45-6789', 'Bo', 'Lee', 'SP', '03/04/1971', ''],
      ['555', 'Cy', 'Ray', 'CH', '05/06/2010', ''],
      ['777', 'Di', 'Ray', 'EE', '05/06/1980', 'Active'],
    ]);
    const result = await analyzeCensus([{ fileName: 'orphans.csv', bytes }], { asOf: AS_OF });
    const nc = result.report.notCounted!;
    expect(nc.orphansCounted).toBe(1);
    expect(nc.entries.map((e) => e.who)).toHaveLength(2);
    // The SSN-shaped id is shown as the report shows ids: a pseudonym with the last four digits.
    expect(nc.entries[0].who).toMatch(/^ID \*\*\*-\*\*-6789#[0-9a-f]{8}$/);
    expect(nc.entries[1]).toMatchObject({ who: 'Bo Lee', reason: 'retired' });
    expect(JSON.stringify(nc)).not.toMatch(/123-45-6789/);
  });

  it('carries at most 250 entries a reason, with complete counts; the clean export lists every one', async () => {
    const rows: (string | number)[][] = [['Employee ID', 'First Name', 'Last Name', 'Date of Birth', 'Status']];
    for (let i = 0; i < 300; i++) rows.push([1000 + i, `Ann${i}`, 'Lee', '01/02/1970', 'Retired']);
    rows.push([9999, 'Bo', 'Ray', '01/02/1980', 'Active']);
    const result = await analyzeCensus([{ fileName: 'many.csv', bytes: csv(rows) }], { asOf: AS_OF });
    const nc = result.report.notCounted!;
    expect(nc.total).toBe(300);
    expect(nc.byReason).toEqual({ retired: 300 });
    expect(nc.entries).toHaveLength(NOT_COUNTED_SHOWN_PER_REASON);
    const wb = XLSX.read(exportCensus(result, 'xlsx'), { type: 'array' });
    expect(XLSX.utils.sheet_to_json(wb.Sheets['Not counted'])).toHaveLength(300);
  });

  it("the clean XLSX's 'Not counted' sheet has the view's columns and every entry (dups-missing-xlsx)", async () => {
    const result = await analyzeCensus(load(fixturesDir, 'dups-missing-xlsx.xlsx'), { asOf: AS_OF });
    const wb = XLSX.read(exportCensus(result, 'xlsx'), { type: 'array' });
    expect(wb.SheetNames).toEqual(['Members', 'Changes', 'Not counted']);
    const sheet = wb.Sheets['Not counted'];
    expect(XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0]).toEqual(['File', 'Sheet', 'Row', 'Column', 'Who', 'Reason', 'Details', 'Reason code']);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(rows).toHaveLength(result.report.notCounted!.total);
    expect(rows).toContainEqual({ File: 'dups-missing-xlsx.xlsx', Sheet: 'Census', Row: 64, Who: 'Betty Lewis', Reason: 'Duplicate of another row', Details: 'same person as row 43', 'Reason code': 'duplicate' });
    // A CSV export is the member list alone, as before.
    const text = new TextDecoder().decode(exportCensus(result, 'csv'));
    expect(text).not.toContain('Reason code');
  });
});
