/**
 * Export (columns, flags, extras, formula neutralisation, SSN reduced to its last four digits, the
 * Changes sheet) and the `census` command run as a user runs it: `node bin/census.mjs ...`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../server/census/engine';
import { exportCensus } from '../../../server/census/export';
import { neutralise } from '../../../server/census/export';
import { AS_OF, csv, expectOneLineError, fixturesDir, runCensus } from './engine-helpers';

const HOSTILE = [
  ['Employee ID', 'First Name', 'Last Name', 'DOB', 'Sex', 'Salary', 'SSN', 'Notes'],
  ['E1', '=HYPERLINK("http://x","y")', 'Lee', '01/02/1980', 'F', '50000', '123-45-6789', '+cmd|calc'],
  ['E2', 'Bob', '@SUM(A1)', '1981-03-04', '', '', '987654321', '-2+3'],
  ['E3', 'Cy', 'Ray', '05/06/1990', 'M', '70000', '', '\tTAB'],
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'census-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('export', () => {
  it('neutralises formula-looking text cells only: no quote where the text cannot be a formula', () => {
    for (const s of ['=1+1', '+1+1', '-2+3', '-A1', '+cmd|calc', '@x', '\tx', '\rx', '\nx', '\0x', '- none']) expect(neutralise(s)).toBe(`'${s}`);
    // A lone sign or a signed number is read as text or as that number, never as a formula.
    for (const s of ['Ann', '-', '+', '-5', '+1.5', '-1,200', '-12%', "O'Neil"]) expect(neutralise(s)).toBe(s);
    expect(neutralise(-5)).toBe(-5);
  });

  it('CSV and XLSX: human headers, date cells, flags, extras; no formula, no full SSN; a Changes sheet', async () => {
    const result = await analyzeCensus([{ fileName: 'hostile.csv', bytes: csv(HOSTILE) }], { asOf: AS_OF });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(exportCensus(result, 'csv'));
    expect(text.startsWith('\ufeffEmployee ID,First Name,Last Name,Relationship,Date of Birth,Age,Gender')).toBe(true);
    const header = text.slice(1).split('\r\n')[0].split(',');
    expect(header).toContain('Gender Estimated');
    expect(header.indexOf('Notes')).toBeGreaterThan(header.indexOf('Salary Estimated'));
    expect(header.slice(-4)).toEqual(['Source File', 'Source Sheet', 'Source Row', 'Source Column']);
    // Dates in a CSV are written as the carrier forms ask: MM/DD/YYYY.
    expect(text).toContain(',01/02/1980,');
    expect(text).not.toMatch(/6789.*6789|123-45-6789|987654321/);
    expect(text).toContain('6789');
    for (const line of text.split('\r\n').slice(1)) {
      for (const cell of line.split(',')) expect(cell, line).not.toMatch(/^"?[=+\-@\t\r\0]/);
    }
    const wb = XLSX.read(exportCensus(result, 'xlsx'), { type: 'array', cellNF: true });
    expect(wb.SheetNames).toEqual(['Members', 'Changes', 'Not counted']);
    const members = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets.Members);
    expect(members).toHaveLength(3);
    expect(members[0]['First Name']).toBe(`'=HYPERLINK("http://x","y")`);
    expect(members[1]['Last Name']).toBe(`'@SUM(A1)`);
    expect(members[1].Notes).toBe(`'-2+3`);
    expect(members[0]['SSN (last 4)']).toBe('6789');
    expect(members[1].Gender).toBe('Male');
    expect(members[1]['Gender Estimated']).toBe('Yes');
    // Birth dates are real date cells (a number with a date format), not ISO text.
    const dob = wb.Sheets.Members.E2 as XLSX.CellObject;
    expect(dob.t).toBe('n');
    expect(dob.z).toBe('mm/dd/yyyy');
    expect(XLSX.SSF.format('yyyy-mm-dd', dob.v as number)).toBe('1980-01-02');
    for (const ws of Object.values(wb.Sheets)) {
      for (const [ref, cell] of Object.entries(ws)) {
        if (ref.startsWith('!')) continue;
        expect((cell as XLSX.CellObject).f, ref).toBeUndefined();
        expect(String((cell as XLSX.CellObject).v)).not.toMatch(/123-45-6789|987654321/);
      }
    }
    const changes = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets.Changes);
    expect(changes.some((c) => c.Field === 'gender' && /first name/.test(String(c.Why)))).toBe(true);
    expect(XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.Changes, { header: 1 })[0]).toEqual(['File', 'Sheet', 'Row', 'Field', 'From', 'To', 'Why']);
    // The report never carries a full SSN either.
    expect(JSON.stringify(result.report)).not.toMatch(/123-45-6789|987654321/);
  });
});

const census = (...args: string[]) => runCensus(tmp, ...args);


describe('census command', () => {
  const fixture = (f: string) => path.join(fixturesDir, f);

  it('analyze prints the report as JSON, exit 0', () => {
    const r = census('analyze', fixture('long-csv.csv'), '--as-of', '2026-01-01');
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.totalLives).toBe(61);
    expect(Object.keys(report)).toEqual([
      'files', 'livesPerFile', 'totalLives', 'livesAdditionalInfo', 'genderRatio', 'ageBand', 'salaryBand', 'tenure',
      'demographics', 'columns', 'imputed', 'issues', 'review', 'reading', 'codeValues',
      'relationships', 'coverageTiers', 'asOf', 'sheetsRead', 'rowsRead', 'membersFound', 'duplicatesRemoved', 'notCounted',
    ]);
  });

  it('--help, exit 0', () => {
    const r = census('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/census analyze FILE/);
  });

  it('one plain line and exit 2 for what it cannot use', () => {
    expectOneLineError(census('analyze', 'missing.csv'), /file not found: missing\.csv/);
    expectOneLineError(census('analyze', fixture('long-csv.csv'), '--frobnicate'), /unknown option --frobnicate/);
    expectOneLineError(census('analyze', fixture('long-csv.csv'), '--as-of', '01/02/2026'), /--as-of/);
    expectOneLineError(census('analyze', fixture('long-csv.csv'), '--as-of', '2026-02-30'), /as-of/);
    expectOneLineError(census('analyze'), /needs at least one/);
    expectOneLineError(census('launch', 'x'), /unknown command/);
    expectOneLineError(census(), /missing command/);
    expectOneLineError(census('export', fixture('long-csv.csv')), /--out/);
    expectOneLineError(census('export', fixture('long-csv.csv'), '--out', 'x.pdf'), /\.xlsx or \.csv/);
    fs.writeFileSync(path.join(tmp, 'notes.csv'), 'Hello\nThis file has no census in it\n');
    expectOneLineError(census('analyze', 'notes.csv'), /No census table .*notes\.csv/);
    fs.writeFileSync(path.join(tmp, 'empty.csv'), '');
    expectOneLineError(census('analyze', 'empty.csv'), /empty\.csv/);
    fs.writeFileSync(path.join(tmp, 'fake.xlsx'), Buffer.from([0x50, 0x4b, 3, 4, 1, 2, 3]));
    expectOneLineError(census('analyze', 'fake.xlsx'), /fake\.xlsx/);
  });

  it('a password-protected workbook: a clear line without the password, read with it', () => {
    const protectedFile = path.join(path.dirname(fixturesDir), '../corpora/poi/protected_passtika.xlsx');
    if (!fs.existsSync(protectedFile)) return;
    expectOneLineError(census('analyze', protectedFile), /^census: This file is password-protected \(protected_passtika\.xlsx\)$/);
    expectOneLineError(census('analyze', protectedFile, '--password', 'wrong'), /password/i);
  });

  it('export writes the file; formula cells are neutralised', () => {
    fs.writeFileSync(path.join(tmp, 'hostile.csv'), csv(HOSTILE));
    const r = census('export', 'hostile.csv', '--out', 'clean.xlsx', '--as-of', '2026-01-01');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/wrote 3 members to clean\.xlsx/);
    const wb = XLSX.read(fs.readFileSync(path.join(tmp, 'clean.xlsx')));
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets.Members);
    expect(rows[0]['First Name']).toBe(`'=HYPERLINK("http://x","y")`);
    const r2 = census('export', 'hostile.csv', fixture('long-csv.csv'), '--out=clean.csv');
    expect(r2.status, r2.stderr).toBe(0);
    const text = fs.readFileSync(path.join(tmp, 'clean.csv'), 'utf8');
    expect(text.split('\r\n').length).toBeGreaterThan(70);
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});
