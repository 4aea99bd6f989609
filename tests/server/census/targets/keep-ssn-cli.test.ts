/**
 * `--keep-ssn` on the command line (issue 28): `census export FILE --target dchl --keep-ssn` writes the
 * nine digits of the census into the SSN column, `census readiness --keep-ssn` counts the employees
 * without one; without the flag the column stays empty and readiness says today's sentence. The flag
 * is refused where it means nothing (the clean export, a target without an SSN column, analyze).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { csv, expectOneLineError, runCensus } from '../engine-helpers';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'census-keep-ssn-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const census = (...args: string[]) => runCensus(tmp, ...args);

fs.writeFileSync(path.join(tmp, 'staff.csv'), csv([
  ['Employee ID', 'First Name', 'Last Name', 'Relationship', 'DOB', 'Gender', 'Hire Date', 'SSN'],
  ['1', 'Ann', 'Lee', 'EE', '01/02/1980', 'F', '01/01/2020', '123-45-6789'],
  ['1', 'Bo', 'Lee', 'SP', '03/04/1981', 'M', '', ''],
  ['2', 'Cy', 'Ray', 'EE', '05/06/1990', 'M', '02/01/2021', '234567890'],
  ['3', 'Di', 'Fox', 'EE', '07/08/1985', 'F', '03/01/2022', ''],
]));
const ssnColumn = (file: string) => {
  const wb = XLSX.read(fs.readFileSync(path.join(tmp, file)));
  const rows = XLSX.utils.sheet_to_json<(string | null)[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null, raw: false });
  return rows.slice(3).map((r) => [r[3], r[7]]);
};

describe('census --keep-ssn', () => {
  it('export --target dchl --keep-ssn writes the SSNs of the file; without it the column is empty', () => {
    const kept = census('export', 'staff.csv', '--target', 'dchl', '--out', 'kept.xlsx', '--keep-ssn', '--as-of', '2026-01-01');
    expect(kept.status, kept.stderr).toBe(0);
    expect(ssnColumn('kept.xlsx')).toEqual([['Ann', '123456789'], ['Bo', null], ['Cy', '234567890'], ['Di', null]]);
    const plain = census('export', 'staff.csv', '--target', 'dchl', '--out', 'plain.xlsx', '--as-of', '2026-01-01');
    expect(plain.status, plain.stderr).toBe(0);
    expect(ssnColumn('plain.xlsx').every(([, ssn]) => ssn === null)).toBe(true);
  });

  it('readiness --keep-ssn counts the employees without an SSN', () => {
    const kept = census('readiness', 'staff.csv', '--target', 'dchl', '--keep-ssn', '--as-of', '2026-01-01');
    expect(kept.status, kept.stderr).toBe(0);
    const ssn = JSON.parse(kept.stdout).problems.find((p: { field: string }) => p.field === 'ssn');
    expect(ssn).toMatchObject({ count: 1, blocking: true });
    expect(ssn.message).toMatch(/^1 employee has no SSN: DC Health Link requires/);
    const plain = census('readiness', 'staff.csv', '--target', 'dchl', '--as-of', '2026-01-01');
    expect(JSON.parse(plain.stdout).problems.find((p: { field: string }) => p.field === 'ssn').message).toMatch(/^3 employees have no full SSN \(we keep only the last four digits\)/);
  });

  it('is refused where it means nothing', () => {
    expectOneLineError(census('export', 'staff.csv', '--out', 'x.xlsx', '--keep-ssn'), /--keep-ssn needs --target ID/);
    expectOneLineError(census('export', 'staff.csv', '--target', 'generic-carrier', '--out', 'x.xlsx', '--keep-ssn'), /--keep-ssn is for a target that requires the SSN/);
    expectOneLineError(census('analyze', 'staff.csv', '--keep-ssn'), /--keep-ssn is an export and readiness option/);
    expect(fs.existsSync(path.join(tmp, 'x.xlsx'))).toBe(false);
  });
});
