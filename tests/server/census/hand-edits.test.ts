/**
 * Hand edits and row marks (issue 28; server/census/hand-edits.ts): every edit kind through
 * analyzeCensus (text, date, number, code fields, clearing), a value refused with its reason, marks
 * both ways, row keys (applied on the same file, not applied and said where the row changed), the
 * change log's words, the member table (member-table.ts), and `census reading|members` on the CLI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CensusReading } from '../../../shared/census/report';
import { analyzeCensus, CensusEngineError } from '../../../server/census/engine';
import { CHECKS } from '../../../server/census/checks';
import { memberTable } from '../../../server/census/member-table';
import { rowKey } from '../../../server/census/hand-edits';
import { readinessOf, targetById } from '../../../server/census/targets';
import { exportCensus } from '../../../server/census/export';
import { run } from '../../../server/census/cli';
import { AS_OF, csv, fixturesDir } from './engine-helpers';
import * as XLSX from 'xlsx';

const FILE = 'staff.csv';
const SHEET = 'Sheet1';
const rows = [
  ['Emp ID', 'First Name', 'Last Name', 'DOB', 'Gender', 'Rel', 'Status', 'Hire Date', 'Salary', 'Zip', 'State', 'Tier'],
  ['1', 'Ann', 'Lee', '01/02/1980', 'F', 'EE', 'Active', '03/01/2010', '60000', '02134', 'MA', 'ES'],
  ['1', 'Bob', 'Lee', '03/04/1981', 'M', 'SP', 'Active', '', '', '02134', 'MA', ''],
  ['2', 'Cy', 'Diaz', '05/06/1975', 'M', 'EE', 'Retired', '01/01/1999', '70000', '10001', 'NY', 'EE'],
  ['3', 'Di', 'Park', '07/08/1990', 'F', 'EE', 'Active', '06/01/2020', '50000', '', 'WA', 'EE'],
  ['3', 'Di', 'Park', '07/08/1990', 'F', 'EE', 'Active', '06/01/2020', '50000', '98101', 'WA', 'EE'],
  ['4', 'Eve', 'Stone', '09/10/1985', 'F', 'EE', 'Active', '02/02/2015', '80000', '94107', 'CA', 'EE'],
];
const staff = csv(rows);
const files = (bytes = staff) => [{ fileName: FILE, bytes }];
const analyse = (reading?: CensusReading, bytes = staff) => analyzeCensus(files(bytes), { asOf: AS_OF, reading });
const edit = (row: number, field: NonNullable<CensusReading['edits']>[number]['field'], value: string, key?: string) =>
  ({ file: FILE, sheet: SHEET, row, field, value, ...(key !== undefined ? { key } : {}) });
const at = <T extends { row: number; column: string | null }>(members: T[], row: number): T => members.find((m) => m.row === row && m.column === null)!;

describe('hand edits', () => {
  it('edit text, date, number and code fields, and clear a cell: every figure follows, each edit logged', async () => {
    const auto = await analyse();
    expect(auto.report.totalLives).toBe(4); // Cy is retired, Di's first row a duplicate of her second
    const r = await analyse({
      edits: [
        edit(2, 'firstName', 'Anne'),
        edit(2, 'dateOfBirth', '1979-12-31'),
        edit(2, 'annualSalary', '65,500'),
        edit(2, 'zip', '94107'),
        edit(2, 'coverageTier', 'EF'),
        edit(3, 'relationship', 'child'),
        edit(3, 'gender', 'F'),
        edit(4, 'status', 'active'),
        edit(7, 'state', ''),
        edit(7, 'hireDate', '03/15/2016'),
      ],
    });
    const ann = at(r.members, 2);
    expect(ann).toMatchObject({ firstName: 'Anne', dateOfBirth: '1979-12-31', annualSalary: 65500, zip: '94107', coverageTier: 'EF' });
    // A year's pay typed by hand replaces the pay of another period the file gave.
    expect(ann).toMatchObject({ monthlySalary: null, hourlyRate: null });
    expect(at(r.members, 3)).toMatchObject({ relationship: 'child', gender: 'female' });
    expect(at(r.members, 4).status).toBe('active');
    expect(at(r.members, 7)).toMatchObject({ state: null, hireDate: '2016-03-15' });
    // The retired member edited to active counts; the figures follow.
    expect(r.report.totalLives).toBe(5);
    expect(r.report.livesAdditionalInfo.retired).toBe(0);
    // Each hand edit is in the change log, worded for the broker.
    const why = r.changes.filter((c) => c.why.startsWith('edited by hand')).map((c) => `${c.row} ${c.field}: ${c.why}`);
    expect(why).toContain('2 zip: edited by hand: ZIP 94107');
    expect(why).toContain('2 coverageTier: edited by hand: tier EF');
    expect(why).toContain('2 annualSalary: edited by hand: salary 65500');
    expect(why).toContain('7 state: edited by hand: state (cleared)');
    expect(why).toHaveLength(10);
    expect(r.report.reading!.source).toBe('yours');
    expect(r.report.reading!.changed.filter((c) => c.kind === 'edit')).toHaveLength(10);
    // The clean export's 'Changes' sheet names them, and the member sheet holds the edited value.
    const wb = XLSX.read(exportCensus(r, 'xlsx'));
    const changes = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets.Changes);
    expect(changes.some((c) => c.Why === 'edited by hand: ZIP 94107')).toBe(true);
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets.Members);
    expect(sheet.find((m) => m['First Name'] === 'Anne')!['ZIP Code']).toBe('94107');
    // The member table marks the edited fields.
    const table = memberTable(r);
    expect(table.members.find((m) => m.row === 2)!.edited).toEqual(['firstName', 'dateOfBirth', 'annualSalary', 'zip', 'coverageTier']);
  });

  it('a value that does not read for its field is refused with its reason (and nothing is applied)', async () => {
    const refused = async (reading: CensusReading) => {
      try {
        await analyse(reading);
      } catch (err) {
        expect(err).toBeInstanceOf(CensusEngineError);
        expect((err as CensusEngineError).code).toBe('bad-reading');
        return (err as Error).message;
      }
      throw new Error('not refused');
    };
    expect(await refused({ edits: [edit(2, 'zip', '94107'), edit(3, 'dateOfBirth', '13/45/2020')] })).toBe(
      "The edit of the birth date on row 3 of sheet 'Sheet1' of 'staff.csv' was refused: '13/45/2020' is not a birth date we can read.",
    );
    expect(await refused({ edits: [edit(2, 'coverageTier', 'gold plus')] })).toMatch(/'gold plus' is not a coverage tier we can read/);
    expect(await refused({ edits: [edit(2, 'annualSalary', '-5')] })).toMatch(/'-5' is not an annual salary we can read/);
    expect(await refused({ edits: [edit(2, 'state', 'Atlantis')] })).toMatch(/'Atlantis' is not a state/);
    expect(await refused({ edits: [{ ...edit(2, 'zip', '1'), field: 'ssn' as never }] })).toMatch(/cannot edit/);
    expect(await refused({ rows: [{ file: FILE, sheet: SHEET, row: 2, count: false } as never] })).toMatch(/part the engine does not know: 'count'/);
    expect(await refused({ edits: [{ ...edit(2, 'zip', '1'), file: 'other.csv' }] })).toMatch(/not in the case: 'other.csv'/);
  });
});

describe('row marks', () => {
  it('not a person: the member leaves the lives, listed Not counted as marked by hand', async () => {
    const r = await analyse({ rows: [{ file: FILE, sheet: SHEET, row: 7, counted: false }] });
    expect(r.report.totalLives).toBe(3);
    const entry = r.report.notCounted!.entries.find((e) => e.row === 7)!;
    expect(entry).toMatchObject({ reason: 'not-a-person', detail: 'marked by hand as not a person', who: 'Eve Stone' });
    const row = memberTable(r).members.find((m) => m.row === 7)!;
    // The reading's `changed` carries the row's key: a reading can be sent again from it alone.
    expect(r.report.reading!.changed).toContainEqual({ file: FILE, sheet: SHEET, header: null, kind: 'row', row: 7, value: 'not counted', key: row.key });
    expect(row).toMatchObject({ counted: false, reason: 'not-a-person', values: { firstName: 'Eve' } });
  });

  it('count this person: a retired member, a duplicate row and a row not read as a person are counted', async () => {
    const withNote = csv([...rows, ['', '', '', '', '', '', '', '', '', '', '', 'Total employees: 4']]);
    const auto = await analyse(undefined, withNote);
    expect(auto.report.notCounted!.byReason).toMatchObject({ retired: 1, duplicate: 1 });
    const r = await analyse({
      rows: [
        { file: FILE, sheet: SHEET, row: 4, counted: true }, // retired
        { file: FILE, sheet: SHEET, row: 5, counted: true }, // Di's first row, removed as a duplicate of her second
      ],
    }, withNote);
    expect(r.report.totalLives).toBe(auto.report.totalLives + 2);
    expect(r.report.notCounted!.byReason.retired ?? 0).toBe(0);
    expect(r.report.notCounted!.byReason.duplicate ?? 0).toBe(0);
    expect(r.changes).toContainEqual(expect.objectContaining({ row: 4, field: 'status', to: 'active', why: 'counted by hand: marked as a person to count (status was retired)' }));
    expect(r.changes).toContainEqual(expect.objectContaining({ field: '(row)', why: 'counted by hand: kept apart from the row it duplicates' }));
    expect(r.report.issues.some((i) => /removed as duplicates/.test(i.message))).toBe(false);

    // A row the engine reads as no person (an id and a salary, nothing about anyone) becomes a member.
    const idOnly = csv([rows[0], rows[1], ['9', '', '', '', '', '', '', '', '', '', '', 'EE']]);
    const before = await analyse(undefined, idOnly);
    expect(before.report.notCounted!.byReason['not-a-person']).toBe(1);
    const after = await analyse({ rows: [{ file: FILE, sheet: SHEET, row: 3, counted: true }] }, idOnly);
    expect(after.report.totalLives).toBe(before.report.totalLives + 1);
    expect(after.changes).toContainEqual(expect.objectContaining({ row: 3, field: '(row)', why: 'counted by hand: marked as a person to count' }));
  });
});

describe('row keys', () => {
  it('an edit with its row key applies on the same file; on a changed file it is not applied, and the review says so', async () => {
    const auto = await analyse();
    const table = memberTable(auto);
    const eve = table.members.find((m) => m.row === 7)!;
    expect(eve.key).toBe(rowKey(at(auto.members, 7).ident));
    expect(eve.key).toMatch(/^[A-Za-z0-9_-]{12}$/);
    // Keys differ from person to person, and never hold the id or name.
    expect(new Set(table.members.map((m) => m.key)).size).toBe(table.members.length - 1); // Di's two rows are one person
    const reading: CensusReading = { edits: [edit(7, 'zip', '60601', eve.key)], rows: [{ file: FILE, sheet: SHEET, row: 4, key: table.members.find((m) => m.row === 4)!.key, counted: true }] };
    const same = await analyse(reading);
    expect(at(same.members, 7).zip).toBe('60601');
    expect(same.report.review!.reasons.join(' ')).not.toMatch(/not applied/);

    // The employer sends the file again with a row inserted: row 7 now holds someone else.
    const moved = csv([rows[0], rows[1], ['5', 'Fay', 'Wu', '01/01/1970', 'F', 'EE', 'Active', '', '', '', '', 'EE'], ...rows.slice(2)]);
    const r = await analyse(reading, moved);
    expect(r.members.some((m) => m.zip === '60601')).toBe(false);
    expect(r.report.review!.needed).toBe(true);
    expect(r.report.review!.reasons).toContain(
      '1 edit and 1 row mark from your saved choices were not applied: the rows have changed (a row is no longer at its place in the file, or holds another person).',
    );
    // Without a key, an edit applies by place.
    const byPlace = await analyse({ edits: [edit(7, 'zip', '60601')] }, moved);
    expect(at(byPlace.members, 7)).toMatchObject({ firstName: 'Di', zip: '60601' });
  });

  it("an edited name keeps its row's key (the key is the row's own id or name as read)", async () => {
    const auto = memberTable(await analyse());
    const edited = memberTable(await analyse({ edits: [edit(2, 'firstName', 'Anne')] }));
    expect(edited.members.find((m) => m.row === 2)!.key).toBe(auto.members.find((m) => m.row === 2)!.key);
  });
});

describe('the member table', () => {
  it('lists every member read with values, age, problems from the review, the checks and a target', async () => {
    const bytes = csv([...rows, ['6', 'Gus', 'Hale', '02/30/1980', 'M', 'EE', 'Active', '01/01/2030', '9000000', '1', 'ZZ', 'EE'], ['6', 'Hal', 'Hale', '01/01/1990', 'M', 'CH', 'Active', '', '', '', '', '']]);
    const r = await analyse(undefined, bytes);
    const table = memberTable(r, { target: targetById('dchl')! });
    expect(table.asOf).toBe(AS_OF);
    expect(table.members.map((m) => m.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(table.members.filter((m) => m.counted)).toHaveLength(r.report.totalLives);
    expect(table.members.find((m) => m.row === 5)).toMatchObject({ counted: false, reason: 'duplicate' });
    const gus = table.members.find((m) => m.row === 8)!;
    const problems = (field: string | null, source: string) => gus.problems.filter((p) => p.field === field && p.source === source).map((p) => p.reason);
    expect(problems('dateOfBirth', 'review')).toEqual([expect.stringMatching(/^Unreadable birth date '02\/30\/1980'/)]);
    expect(problems('hireDate', 'check')).toEqual(['Hire date after the as-of date (2026-01-01)']);
    expect(problems('annualSalary', 'check')).toEqual(['Salary over $5,000,000 a year']);
    // The target's readiness per member adds up to its counts per requirement.
    const readiness = readinessOf(targetById('dchl')!, r);
    const checked = (p: { count: number; message: string }) => CHECKS.some((c) => c.said(p.count, AS_OF) === p.message);
    const required = readiness.problems.filter((p) => p.field !== 'members' && p.field !== 'employee' && !/left out|estimated/.test(p.message) && !checked(p));
    expect(required.length).toBeGreaterThan(0);
    const perMember = table.members.flatMap((m) => m.problems.filter((p) => p.source === 'readiness'));
    expect(perMember).toHaveLength(required.reduce((n, p) => n + p.count, 0));
    const hal = table.members.find((m) => m.row === 9)!;
    expect(hal.problems).toContainEqual({ field: 'dateOfBirth', source: 'check', reason: 'A child aged 36: 26 or more' });
    expect(table.members[0]).toMatchObject({ age: 45, ssnLast4: null, values: { dateOfBirth: '1980-01-02', annualSalary: 60000, zip: '02134', gender: 'female' } });
  });

  it('a wide layout: a dependent read from a column is edited and marked by its column', async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixturesDir, 'wide-xls.xls')));
    const wide = [{ fileName: 'wide.xls', bytes }];
    const auto = await analyzeCensus(wide, { asOf: AS_OF });
    const deps = memberTable(auto).members.filter((m) => m.column !== undefined);
    const [a, b] = deps;
    const r = await analyzeCensus(wide, {
      asOf: AS_OF,
      reading: {
        edits: [{ file: a.file, sheet: a.sheet, row: a.row, column: a.column, key: a.key, field: 'firstName', value: 'Zed' }],
        rows: [{ file: b.file, sheet: b.sheet, row: b.row, column: b.column, counted: false }],
      },
    });
    expect(r.report.totalLives).toBe(auto.report.totalLives - 1);
    const table = memberTable(r);
    expect(table.members.find((m) => m.row === a.row && m.column === a.column)).toMatchObject({ edited: ['firstName'], values: { firstName: 'Zed' } });
    expect(table.members.find((m) => m.row === b.row && m.column === b.column)).toMatchObject({ counted: false, reason: 'not-a-person' });
  });
});

describe('the command line', () => {
  it('`census reading` prints edits and rows, `--reading` applies them, `census members` prints the table', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'census-hand-'));
    const file = path.join(dir, FILE);
    fs.writeFileSync(file, staff);
    let out = '';
    const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (out += t) };
    expect(await run(['reading', file, '--as-of', AS_OF], io)).toBe(0);
    const reading = JSON.parse(out);
    expect(reading.edits).toEqual([]);
    expect(reading.rows).toEqual([]);
    reading.edits.push(edit(2, 'zip', '94107'));
    reading.rows.push({ file: FILE, sheet: SHEET, row: 7, counted: false });
    const readingFile = path.join(dir, 'reading.json');
    fs.writeFileSync(readingFile, JSON.stringify(reading));
    out = '';
    expect(await run(['reading', file, '--as-of', AS_OF, '--reading', readingFile], io)).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ edits: [edit(2, 'zip', '94107')], rows: [{ row: 7, counted: false }] });
    out = '';
    expect(await run(['analyze', file, '--as-of', AS_OF, '--reading', readingFile], io)).toBe(0);
    expect(JSON.parse(out).totalLives).toBe(3);
    out = '';
    expect(await run(['members', file, '--as-of', AS_OF, '--reading', readingFile, '--target', 'generic-carrier'], io)).toBe(0);
    const table = JSON.parse(out);
    expect(table.asOf).toBe(AS_OF);
    expect(table.members.find((m: { row: number }) => m.row === 2)).toMatchObject({ values: { zip: '94107' }, edited: ['zip'] });
    expect(table.members.find((m: { row: number }) => m.row === 7)).toMatchObject({ counted: false, reason: 'not-a-person' });
    // A refused edit: exit 2 with its reason.
    fs.writeFileSync(readingFile, JSON.stringify({ edits: [edit(2, 'dateOfBirth', '13/45/2020')] }));
    out = '';
    expect(await run(['export', file, '--as-of', AS_OF, '--reading', readingFile, '--out', path.join(dir, 'x.csv')], io)).toBe(2);
    expect(out).toMatch(/refused: '13\/45\/2020' is not a birth date we can read/);
    // Keys repeat across runs with CENSUS_KEY.
    const keys: string[] = [];
    process.env.CENSUS_KEY = 'ab'.repeat(32);
    try {
      for (let i = 0; i < 2; i++) {
        out = '';
        expect(await run(['members', file, '--as-of', AS_OF], io)).toBe(0);
        keys.push(JSON.parse(out).members[0].key);
      }
    } finally {
      delete process.env.CENSUS_KEY;
    }
    expect(keys[0]).toBe(keys[1]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
