/**
 * A table read from a scan, after its columns are mapped (issue 30; server/census/scan-cells.ts): a
 * letter read in a digit's place in a birth date, ZIP or salary column is corrected and said, a cell
 * that still does not read is a review reason with its rows, and the cells OCR was unsure of reach the
 * member table as marks on their cells. The read stage is replaced by a scanned table as the OCR
 * reader gives it (no OCR runs here: the reader's own tests read real scans).
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReadResult } from '../../../server/census/read';
import { analyzeCensus } from '../../../server/census/engine';
import { buildReport } from '../../../server/census/build-report';
import { memberTable } from '../../../server/census/member-table';
import { AS_OF } from './engine-helpers';

const FILE = 'roster.png';
const SCAN: ReadResult = {
  fileName: FILE,
  format: 'image',
  notes: ['Read from a scanned page by text recognition (OCR): the words were recognised in the page\'s image, not read from its text.'],
  review: ['Read from a scanned page: 3 cells were unclear, check them'],
  sheets: [
    {
      name: 'page 1',
      rows: [
        ['Employee ID', 'First Name', 'Last Name', 'Date of Birth', 'ZIP', 'Annual Salary'],
        ['E1', 'Ann', 'Lee', '1985-O4-12', '94107', '50000'],
        ['E2', 'Bo', 'Park', '1987-13-45', '1O025', '62000'],
        ['E3', 'Cy', 'Diaz', '1990-01-02', '60614', '7OOOO'],
        ['E4', 'Di', 'Wu', '1979-06-30', '02139', '81000'],
        ['E4', 'Di', 'Wu', '1979-06-30', '02139', '81000'],
      ],
      // The table's rows as printed: the header on line 2 of page 1 (a title above), the last row on page 2.
      places: [{ page: 1, line: 2 }, { page: 1, line: 3 }, { page: 1, line: 4 }, { page: 1, line: 5 }, { page: 1, line: 6 }, { page: 2, line: 1 }],
      scan: { unclear: [{ row: 1, column: 3, confidence: 41 }, { row: 2, column: 1, confidence: 30 }, { row: 4, column: 0, confidence: 22 }] },
    },
  ],
};

vi.mock('../../../server/census/read', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../server/census/read')>();
  return { ...real, readCensusFile: async () => structuredClone(SCAN) };
});

const analyse = () => analyzeCensus([{ fileName: FILE, bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }], { asOf: AS_OF });

describe('scanned cells checked against their field', () => {
  it('corrects a letter in a digit place, says so, and names the cells that still do not read', async () => {
    const result = await analyse();
    const at = (row: number) => result.members.find((m) => m.row === row)!;
    expect(at(2).dateOfBirth).toBe('1985-04-12');
    expect(at(3).zip).toBe('10025');
    expect(at(4).annualSalary).toBe(70000);
    expect(result.changes.some((c) => c.row === 3 && c.field === 'dateOfBirth' && /^unreadable /.test(c.why))).toBe(true);
    const fixes = result.changes.filter((c) => /a letter in place of a digit/.test(c.why));
    expect(fixes.map((c) => [c.row, c.field, c.from, c.to])).toEqual([
      [2, 'dateOfBirth', '1985-O4-12', '1985-04-12'],
      [3, 'zip', '1O025', '10025'],
      [4, 'annualSalary', '7OOOO', '70000'],
    ]);
    const reasons = buildReport(result, undefined).review?.reasons ?? [];
    expect(reasons.some((r) => /scanned page: 3 cells were unclear/.test(r))).toBe(true);
    const dob = reasons.find((r) => /column 'Date of Birth'/.test(r))!;
    expect(dob).toMatch(/1 value had a letter read in place of a digit, corrected \(row 2\)/);
    expect(dob).toMatch(/1 value does not read as a birth date and was left blank \(row 3\)/);
    expect(reasons.some((r) => /column 'ZIP'.*row 3/.test(r))).toBe(true);
    expect(reasons.some((r) => /column 'Annual Salary'.*row 4/.test(r))).toBe(true);
  });

  it('marks the unclear and corrected cells in the member table', async () => {
    const table = memberTable(await analyse());
    const row = (n: number) => table.members.find((m) => m.row === n)!;
    expect(row(2).unclear).toEqual(['dateOfBirth']);
    expect(row(2).problems.map((p) => p.reason)).toContain("Birth date read from the scan as '1985-O4-12', taken as 1985-04-12: check it");
    expect(row(3).unclear).toEqual(expect.arrayContaining(['firstName', 'zip']));
    expect(row(5).unclear).toBeUndefined();
    expect(row(5).problems.map((p) => p.reason)).toContain("Employee id 'E4' unclear in the scan: check it");
  });

  it('leaves a sheet that was not scanned alone', async () => {
    const plain = structuredClone(SCAN);
    delete plain.sheets[0]!.scan;
    const { correctScannedTable } = await import('../../../server/census/scan-cells');
    expect(correctScannedTable(FILE, plain.sheets[0]!, { sheet: 'page 1', headerRow: 0, headers: [], rows: [], rowIndex: [], skipped: [] }, [])).toBeNull();
  });

  it("corrects an id's digits after its letter prefix by the column's other ids ('EMPO02'), and says so", async () => {
    const { correctScannedTable, scanDigitReview } = await import('../../../server/census/scan-cells');
    const rows = [['EMP001', 'Ann'], ['EMPO02', 'Bo'], ['EMP0O3', 'Cy'], ['EMP004', 'Di']];
    const sheet = { name: 'page 1', rows: [['Employee ID', 'First Name'], ...rows], scan: { unclear: [] } };
    const table = { sheet: 'page 1', headerRow: 0, headers: ['Employee ID', 'First Name'], rows: rows.map((r) => [...r]), rowIndex: [1, 2, 3, 4], skipped: [] };
    const columns = [
      { index: 0, header: 'Employee ID', field: 'employeeId' as const, confidence: 1, candidates: [] },
      { index: 1, header: 'First Name', field: 'firstName' as const, confidence: 1, candidates: [] },
    ];
    const found = correctScannedTable(FILE, sheet, table, columns)!;
    expect(table.rows.map((r) => r[0])).toEqual(['EMP001', 'EMP002', 'EMP003', 'EMP004']);
    expect(found.changes.map((c) => [c.row, c.from, c.to])).toEqual([
      [3, 'EMPO02', 'EMP002'],
      [4, 'EMP0O3', 'EMP003'],
    ]);
    const [reason] = scanDigitReview(FILE, 'page 1', found, [], columns);
    expect(reason.reason).toMatch(/column 'Employee ID' \(employee id\), 2 values had a letter read in place of a digit, corrected \(rows 3, 4\)/);
  });

  it("names a document's rows by page and line in the 'Not counted' list", async () => {
    const report = buildReport(await analyse(), undefined);
    const dup = report.notCounted!.entries.find((e) => e.reason === 'duplicate')!;
    expect(dup).toMatchObject({ file: FILE, sheet: 'page 1', row: 6, page: 2, line: 1 });
  });
});
