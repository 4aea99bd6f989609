/**
 * A reading given from outside (CensusReading), the review and the report's code values and column
 * alternatives (issue 12), through analyzeCensus and the `census` command.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCensus, CensusEngineError } from '../../../server/census/engine';
import { run } from '../../../server/census/cli';
import { AS_OF, csv, xlsx } from './engine-helpers';

const FILE = 'staff.csv';
const staff = csv([
  ['Emp ID', 'First Name', 'Last Name', 'DOB', 'HCE Status', 'Rel', 'Salary'],
  ['1', 'Ann', 'Lee', '1980-01-02', 'Y', 'EE', '60000'],
  ['1', 'Bob', 'Lee', '1981-03-04', 'N', 'SP', ''],
  ['2', 'Cy', 'Diaz', '1975-05-06', 'N', 'EE', '70000'],
  ['3', 'Di', 'Park', '1990-07-08', 'N', 'EE', '50000'],
  ['3', 'Ed', 'Park', '2015-09-10', 'N', 'XX', ''],
]);
const files = () => [{ fileName: FILE, bytes: staff }];

describe('the automatic reading', () => {
  it('reports source automatic, nothing changed, code values and alternatives', async () => {
    const { report } = await analyzeCensus(files(), { asOf: AS_OF });
    expect(report.reading).toEqual({ source: 'automatic', changed: [] });
    const rel = report.codeValues!.find((c) => c.header === 'Rel')!;
    expect(rel.field).toBe('relationship');
    expect(rel.values[0]).toEqual({ value: 'EE', as: 'employee', count: 3 });
    expect(rel.values.find((v) => v.value === 'XX')).toEqual({ value: 'XX', as: '', count: 1 });
    for (const c of report.columns) {
      expect(c.alternatives.length).toBeLessThanOrEqual(2);
      for (const a of c.alternatives) expect(a.field).not.toBe(c.field);
    }
    // 'HCE Status' is a highly-compensated flag: not the employment status.
    expect(report.columns.find((c) => c.header === 'HCE Status')!.field).toBeNull();
    expect(report.totalLives).toBe(5);
  });
});

describe('a reading from outside', () => {
  it('changes a column, a code and says what it changed', async () => {
    const { report } = await analyzeCensus(files(), {
      asOf: AS_OF,
      reading: {
        columns: [{ file: FILE, sheet: '', header: 'HCE Status', field: 'status' }],
        codes: [
          { file: FILE, sheet: '', header: 'HCE Status', value: 'N', as: 'active' },
          { file: FILE, sheet: '', header: 'HCE Status', value: 'Y', as: 'terminated' },
          { file: FILE, sheet: '', header: 'Rel', value: 'XX', as: 'child' },
        ],
      },
    });
    const col = report.columns.find((c) => c.header === 'HCE Status')!;
    expect(col).toMatchObject({ field: 'status', confidence: 1, fromReading: true });
    expect(report.reading!.source).toBe('yours');
    expect(report.reading!.changed.map((c) => `${c.kind}:${c.header}:${c.value}`)).toEqual([
      'column:HCE Status:status', 'code:HCE Status:N=active', 'code:HCE Status:Y=terminated', 'code:Rel:XX=child',
    ]);
    // Ann (Y) is now terminated; Ed is a child.
    expect(report.totalLives).toBe(4);
  });

  it('given back as `census reading` prints it, changes nothing', async () => {
    const dirPath = fs.mkdtempSync(path.join(os.tmpdir(), 'census-reading-'));
    const file = path.join(dirPath, FILE);
    fs.writeFileSync(file, staff);
    let out = '';
    const io = { stdout: (t: string) => void (out += t), stderr: () => {} };
    expect(await run(['reading', file, '--as-of', AS_OF], io)).toBe(0);
    const reading = JSON.parse(out);
    expect(reading.columns).toContainEqual({ file: FILE, sheet: 'Sheet1', header: 'DOB', field: 'dateOfBirth' });
    expect(reading.sheets).toEqual([{ file: FILE, sheet: 'Sheet1', read: true, headerRow: 1 }]);
    fs.writeFileSync(path.join(dirPath, 'reading.json'), out);
    out = '';
    expect(await run(['analyze', file, '--as-of', AS_OF, '--reading', path.join(dirPath, 'reading.json')], io)).toBe(0);
    const report = JSON.parse(out);
    expect(report.reading).toEqual({ source: 'yours', changed: [] });
    fs.rmSync(dirPath, { recursive: true, force: true });
  });

  it('skips a sheet, reads one the engine would skip and takes a header row', async () => {
    const bytes = xlsx({
      Census: [['Name', 'DOB'], ['Ann Lee', new Date(Date.UTC(1980, 0, 2))], ['Bob Ray', new Date(Date.UTC(1970, 0, 2))]],
      Instructions: [['Title'], ['Fill in one row per person'], [null], ['Name', 'DOB'], ['Jim Wilson', new Date(Date.UTC(1960, 0, 1))], ['Robin Sands', new Date(Date.UTC(1961, 0, 1))]],
    });
    const auto = await analyzeCensus([{ fileName: 'w.xlsx', bytes }], { asOf: AS_OF });
    expect(auto.report.totalLives).toBe(2);
    const yours = await analyzeCensus([{ fileName: 'w.xlsx', bytes }], {
      asOf: AS_OF,
      reading: { sheets: [{ file: 'w.xlsx', sheet: 'Census', read: false }, { file: 'w.xlsx', sheet: 'Instructions', read: true, headerRow: 4 }] },
    });
    expect(yours.report.totalLives).toBe(2);
    expect(yours.members.map((m) => m.sheet)).toEqual(['Instructions', 'Instructions']);
    // Only real changes are listed: row 4 is the header row the engine finds itself, and with 'Census'
    // skipped the engine reads 'Instructions' anyway.
    expect(yours.report.reading!.changed).toEqual([{ file: 'w.xlsx', sheet: 'Census', header: null, kind: 'sheet', value: 'skip' }]);
  });

  it('an empty reading is the automatic one', async () => {
    const { report } = await analyzeCensus(files(), { asOf: AS_OF, reading: { columns: [], sheets: [], codes: [] } });
    expect(report.reading).toEqual({ source: 'automatic', changed: [] });
  });

  it.each([
    [{ columns: [{ file: FILE, sheet: '', header: 'Nope', field: 'status' }] }, /Nope/],
    [{ columns: [{ file: 'other.csv', sheet: '', header: 'DOB', field: 'dateOfBirth' }] }, /other\.csv/],
    [{ columns: [{ file: FILE, sheet: '', header: 'DOB', field: 'birthday' }] }, /birthday/],
    [{ codes: [{ file: FILE, sheet: '', header: 'Rel', value: 'XX', as: 'cousin' }] }, /cousin/],
    [{ codes: [{ file: FILE, sheet: '', header: 'DOB', value: 'x', as: '' }] }, /not a relationship, status or coverage tier column/],
    [{ sheets: [{ file: FILE, sheet: 'Sheet1', headerRow: 0 }] }, /row number/],
    // Past the last row: said, not reported as applied while the engine chose its own row.
    [{ sheets: [{ file: FILE, sheet: 'Sheet1', headerRow: 99 }] }, /header row 99 .*past its last row \(6\)/],
  ])('rejects a reading that names what the files do not have (%#)', async (reading, message) => {
    const err = await analyzeCensus(files(), { asOf: AS_OF, reading: reading as never }).catch((e) => e);
    expect(err).toBeInstanceOf(CensusEngineError);
    expect(err.code).toBe('bad-reading');
    expect(err.message).toMatch(message);
  });
});

describe('review', () => {
  it('is needed for a plain census only for the relationship code nothing reads (XX), naming it (issue 26)', async () => {
    const { report } = await analyzeCensus(files(), { asOf: AS_OF });
    expect(report.review!.reasons).toHaveLength(1);
    expect(report.review!.reasons[0]).toMatch(/^Column 'Rel' was read as the relationship, but we could not read 1 of its \d+ values: 'XX' \(1 row\)/);
    expect(report.review!.columns).toEqual([{ file: FILE, sheet: 'Sheet1', header: 'Rel' }]);
  });

  it('is not needed once a reading says what the code means', async () => {
    const { report } = await analyzeCensus(files(), { asOf: AS_OF, reading: { codes: [{ file: FILE, sheet: 'Sheet1', header: 'Rel', value: 'XX', as: 'child' }] } });
    expect(report.review).toEqual({ needed: false, reasons: [], columns: [] });
  });

  it('is needed when most members are not lives, naming the status column', async () => {
    const bytes = csv([
      ['Name', 'DOB', 'Status'],
      ['Ann Lee', '1980-01-02', 'Terminated'], ['Bob Ray', '1970-01-02', 'Terminated'],
      ['Cy Diaz', '1975-05-06', 'Terminated'], ['Di Park', '1990-07-08', 'Active'],
    ]);
    const { report } = await analyzeCensus([{ fileName: 's.csv', bytes }], { asOf: AS_OF });
    expect(report.review!.needed).toBe(true);
    expect(report.review!.reasons.join(' ')).toMatch(/Only 1 of the 4 members count as lives/);
    expect(report.review!.columns).toEqual([{ file: 's.csv', sheet: 'Sheet1', header: 'Status' }]);
  });

  it('is needed when salaries are not annual amounts', async () => {
    const bytes = csv([
      ['Name', 'DOB', 'Salary'],
      ['Ann Lee', '1980-01-02', '25'], ['Bob Ray', '1970-01-02', '31'], ['Cy Diaz', '1975-05-06', '18.5'],
    ]);
    const { report } = await analyzeCensus([{ fileName: 's.csv', bytes }], { asOf: AS_OF });
    expect(report.review!.needed).toBe(true);
    expect(report.review!.reasons.join(' ')).toMatch(/under \$10,000/);
  });
});
