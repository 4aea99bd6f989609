/**
 * Every census fixture (../shared/fixtures/census) read end to end: sheet names as the truth files
 * name them, each sheet's header row present among its rows, and a few known cells.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Cell, type ReadResult, readCensusFile } from '../../../../server/census/read';
import { inspectOle } from '../../../../server/census/read/ole-guard';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const fixtures = path.join(path.resolve(repoRoot, '../shared'), 'fixtures/census');

interface Truth {
  files: string[];
  columns: { file: string; sheet: string; header: string; field: string | null }[];
}
const index: { case: string; files: string[]; truth: string }[] = JSON.parse(fs.readFileSync(path.join(fixtures, 'index.json'), 'utf8'));

async function read(file: string): Promise<ReadResult> {
  return readCensusFile({ fileName: file, bytes: new Uint8Array(fs.readFileSync(path.join(fixtures, file))) });
}

const iso = (c: Cell) => (c instanceof Date ? c.toISOString().slice(0, 10) : c);
const norm = (c: Cell) => (typeof c === 'string' ? c.trim() : c);

/** The row holding a given value in its first cells, e.g. an employee id. */
function rowWith(rows: Cell[][], value: string): Cell[] {
  const row = rows.find((r) => r.some((c) => c === value));
  expect(row, `a row with ${value}`).toBeDefined();
  return row!;
}

describe('census fixtures', () => {
  const files = index.flatMap((c) => c.files.map((f) => [c.case, f, c.truth] as const));

  it.each(files)('%s: %s', async (_case, file, truthFile) => {
    const truth: Truth = JSON.parse(fs.readFileSync(path.join(fixtures, truthFile), 'utf8'));
    const r = await read(file);
    expect(r.fileName).toBe(file);
    expect(r.format).toBe(file.endsWith('.csv') ? 'csv' : file.endsWith('.xls') ? 'xls' : 'xlsx');
    const mine = truth.columns.filter((c) => c.file === file);
    const sheetNames = [...new Set(mine.map((c) => c.sheet))];
    for (const name of sheetNames) {
      const sheet = r.sheets.find((s) => s.name === name);
      expect(sheet, `sheet ${name}`).toBeDefined();
      const headers = mine.filter((c) => c.sheet === name).map((c) => c.header);
      const headerRow = sheet!.rows.find((row) => headers.every((h) => row.map(norm).includes(h)));
      expect(headerRow, `a header row with ${headers.join(', ')}`).toBeDefined();
      // Every header is a column of that row and nothing more is hidden after the table.
      expect(headerRow!.filter((c) => c !== null).length).toBeGreaterThanOrEqual(headers.length);
    }
  });

  it('title-rows-xlsx: title rows above the header, real date cells as UTC-midnight Dates', async () => {
    const r = await read('title-rows-xlsx.xlsx');
    const rows = r.sheets[0].rows;
    expect(rows[0][0]).toBe('Acme Manufacturing Co. - Employee Census');
    expect(rows[2]).toEqual([]); // a blank row stays a row
    expect(rows[3][0]).toBe('Employee ID');
    const eric = rowWith(rows, 'E33539433');
    expect(eric.slice(0, 4)).toEqual(['E33539433', 'Eric', 'Lopez', 'EE']);
    expect(eric[4]).toBeInstanceOf(Date);
    expect(iso(eric[4])).toBe('1975-01-28');
    expect((eric[4] as Date).getTime() % 86_400_000).toBe(0);
    expect(iso(eric[8])).toBe('1993-05-21');
    expect(eric[9]).toBe(132500);
    expect(eric[6]).toBe('77002'); // ZIP stored as text stays text
  });

  it('wide-xls is a BIFF8 (Excel 97-2003) workbook', async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixtures, 'wide-xls.xls')));
    expect(inspectOle(bytes)).toEqual({ kind: 'xls', biff: 'biff8', encryption: 'none' });
    const r = await read('wide-xls.xls');
    expect(r.format).toBe('xls');
    expect(r.sheets.map((s) => s.name)).toEqual(['Census']);
    const header = r.sheets[0].rows.find((row) => row.includes('Emp #'))!;
    expect(header).toEqual(expect.arrayContaining(['Emp #', 'First Name', 'Last Name', 'DOB']));
  });

  it('semicolon-cp1252-csv: Windows-1252 accents and semicolons', async () => {
    const r = await read('semicolon-cp1252-csv.csv');
    expect(r.format).toBe('csv');
    expect(r.sheets[0].name).toBe('Sheet1');
    expect(r.notes.join(' ')).toMatch(/Windows-1252.*semicolon/);
    const rows = r.sheets[0].rows;
    expect(rows[0].slice(0, 3)).toEqual(['Employee ID', 'First', 'Last Name']);
    expect(rows[1].slice(0, 5)).toEqual(['E24685594', 'Zoë', 'Lewis', 'Employee', '1972-02-28']);
    expect(rows[2][7]).toBe('NC');
    expect(rows[2][8]).toBeNull(); // empty field
  });

  it('utf16-tab-csv: Excel "Unicode Text"', async () => {
    const r = await read('utf16-tab-csv.csv');
    expect(r.notes.join(' ')).toMatch(/UTF-16 LE, tab-separated/);
    expect(r.sheets[0].rows.every((row) => row.every((c) => typeof c !== 'string' || !/[\t\u0000\ufeff]/.test(c)))).toBe(true);
  });

  it('fullname-monthly-csv: the UTF-8 BOM does not end up in the first header', async () => {
    const r = await read('fullname-monthly-csv.csv');
    expect(r.notes.join(' ')).toMatch(/UTF-8 \(with BOM\)/);
    expect(String(r.sheets[0].rows.find((row) => row.length > 1)![0]).charCodeAt(0)).not.toBe(0xfeff);
  });

  it('two-sheets-xlsx: both sheets, in workbook order', async () => {
    const r = await read('two-sheets-xlsx.xlsx');
    expect(r.sheets.map((s) => s.name)).toEqual(['Employees', 'Dependents']);
  });

  it('CSV cells are strings exactly as written', async () => {
    const r = await read('long-csv.csv');
    for (const row of r.sheets[0].rows) for (const c of row) expect(c === null || typeof c === 'string').toBe(true);
  });
});
