/**
 * Issue 26: what a column holds decides, words only help; never silent. A coded column (status,
 * relationship, tier, gender) whose values the engine cannot read, all or some, asks for a review that
 * names the column and the values; an unknown word is never read as 'nothing to see'. Small files made
 * here, in a language no pack has (Italian), so the rule is tested without any words for it.
 */
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../server/census/engine';
import { AS_OF, csv } from './engine-helpers';

const FIRST = ['Ann', 'Bob', 'Cara', 'Dan', 'Eve', 'Finn', 'Gail', 'Hugo', 'Ivy', 'Jack'];
const LAST = ['Lee', 'Kim', 'Diaz', 'Ross'];
const dob = (i: number) => `0${1 + (i % 9)}/1${i % 10}/19${60 + (i % 35)}`;
const rv = (report: { review?: { needed: boolean; reasons: string[]; columns: unknown[] } }) => report.review ?? { needed: false, reasons: [], columns: [] };
const run = (rows: (string | number | null)[][], reading?: Parameters<typeof analyzeCensus>[1]['reading']) =>
  analyzeCensus([{ fileName: 'c.csv', bytes: csv(rows) }], { asOf: AS_OF, ...(reading ? { reading } : {}) });

describe('a coded column with values nothing reads asks, naming them', () => {
  it("status words of an unknown language ('Quiescente', 'Cessato') under a status header: review names the column and the words", async () => {
    const status = (i: number) => (i === 3 ? 'Quiescente' : i === 7 ? 'Cessato' : 'Active');
    const rows = [['First Name', 'Last Name', 'DOB', 'Status'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), status(i)])];
    const { report } = await run(rows);
    expect(report.columns.find((c) => c.header === 'Status')?.field).toBe('status');
    expect(rv(report).needed).toBe(true);
    const reason = rv(report).reasons.find((r) => r.includes("Column 'Status'"));
    expect(reason).toMatch(/'Quiescente' \(1 row\)/);
    expect(reason).toMatch(/'Cessato' \(1 row\)/);
    expect(reason).toMatch(/2 of its 10 values/);
    expect(reason).toMatch(/counted those members as active/);
    expect(rv(report).columns).toContainEqual(expect.objectContaining({ file: 'c.csv', header: 'Status' }));
  });

  it('a relationship column read only in part names the unread value; a gender column none of whose values read says so', async () => {
    const rel = (i: number) => (i === 2 ? 'Suocero' : i % 3 === 1 ? 'Spouse' : 'Employee');
    const rows = [['Emp ID', 'First Name', 'Last Name', 'DOB', 'Relationship', 'Gender'], ...FIRST.map((f, i) => [`E${Math.floor(i / 3)}`, f, LAST[i % 4], dob(i), rel(i), i < 5 ? 'Maschile' : 'Femminile'])]; // the codes do not follow the names' sexes: not read by them
    const { report } = await run(rows);
    const reasons = rv(report).reasons.join('\n');
    expect(reasons).toMatch(/Column 'Relationship' was read as the relationship, but we could not read 1 of its 10 values: 'Suocero' \(1 row\)/);
    expect(reasons).toMatch(/Column 'Gender' was read as the gender, but we could not read any of its values: 'Femminile' \(5 rows\), 'Maschile' \(5 rows\)/);
  });

  it('a clean file (every code read), placeholders and blanks ask nothing', async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Status', 'Gender'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), i === 4 ? 'N/A' : i === 5 ? '' : i === 6 ? 'Terminated' : 'Active', i % 2 ? 'M' : 'F'])];
    const { report } = await run(rows);
    expect(rv(report).reasons.filter((r) => /could not read/.test(r))).toEqual([]);
  });

  it('a reading from outside that says what the value means settles it: no review', async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Status'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), i === 3 ? 'Quiescente' : 'Active'])];
    const { report } = await run(rows, { codes: [{ file: 'c.csv', sheet: 'Sheet1', header: 'Status', value: 'Quiescente', as: 'retired' }] });
    expect(rv(report).reasons.filter((r) => /could not read/.test(r))).toEqual([]);
    expect(report.totalLives).toBe(9);
  });
});

describe('an unmapped column the words do not name, whose values say what it may be, asks', () => {
  it("a few repeated words under an unknown header, with no status column ('Pracuje', 'Zwolniony'): named, and nothing guessed", async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Rapporto'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), i % 4 === 3 ? 'Zwolniony' : 'Pracuje'])];
    const { report } = await run(rows);
    expect(report.columns.find((c) => c.header === 'Rapporto')?.field).toBeNull();
    expect(report.totalLives).toBe(10);
    const reason = rv(report).reasons.find((r) => r.includes("Column 'Rapporto'"));
    expect(reason).toMatch(/a few words, repeated, that we could not read: 'Pracuje' \(8 rows\), 'Zwolniony' \(2 rows\)/);
    expect(reason).toMatch(/leavers and retirees were counted as lives/);
  });

  it("'Attivo' (a word like 'active') beside 'Cessato': the status, read in part, and the review names the word it could not read", async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Rapporto'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), i % 4 === 3 ? 'Cessato' : 'Attivo'])];
    const { report } = await run(rows);
    expect(report.columns.find((c) => c.header === 'Rapporto')?.field).toBe('status');
    const reason = rv(report).reasons.find((r) => r.includes("Column 'Rapporto'"));
    expect(reason).toMatch(/could not read .*'Cessato' \(2 rows\)/);
  });

  it('words the engine reads (yes/no, pay modes), or a header it knows, ask nothing', async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Smoker', 'Department'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), i % 3 ? 'N' : 'Y', i % 2 ? 'Sales' : 'Admin'])];
    const { report } = await run(rows);
    expect(rv(report).reasons.filter((r) => /could not read|values about people/.test(r))).toEqual([]);
  });

  it("dates under a header no pack reads ('Data di Nascita del Coniuge') are named: a spouse's birth date left out changes the lives", async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Data di Nascita del Coniuge'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), i % 2 ? dob(i + 3) : ''])];
    const { report } = await run(rows);
    const reason = rv(report).reasons.find((r) => r.includes('Data di Nascita del Coniuge'));
    expect(reason).toMatch(/Column 'Data di Nascita del Coniuge' \(dates\) holds values about people under a header we could not read/);
    expect(rv(report).columns).toContainEqual(expect.objectContaining({ header: 'Data di Nascita del Coniuge' }));
  });
});
