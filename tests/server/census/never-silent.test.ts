/**
 * Issue 19, the value side: classes of file whose figures were wrong with no review asked. Each class
 * is tested on a small file made here (so the rule is tested apart from the fixtures) and, where one
 * exists, on the real file of ../shared/fixtures/census-real that showed it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../server/census/engine';
import { mapColumns } from '../../../server/census/map';
import { memberReview } from '../../../server/census/review';
import { AS_OF, csv, member, sharedDir, table, xlsx } from './engine-helpers';

const realDir = path.join(sharedDir, 'fixtures/census-real/files');
const real = (name: string) => ({ fileName: name, bytes: new Uint8Array(fs.readFileSync(path.join(realDir, name))) });
const run = (files: { fileName: string; bytes: Uint8Array }[], reading?: Parameters<typeof analyzeCensus>[1]['reading']) =>
  analyzeCensus(files, { asOf: AS_OF, ...(reading ? { reading } : {}) });
const fieldOf = (cols: { header: string; field: string | null }[], header: string) => cols.find((c) => c.header === header)?.field;
const FIRST = ['Ann', 'Bob', 'Cara', 'Dan', 'Eve', 'Finn', 'Gail', 'Hugo'];
const LAST = ['Lee', 'Kim', 'Diaz', 'Ross'];
const dob = (i: number) => `0${1 + (i % 9)}/1${i % 10}/19${60 + (i % 35)}`;

describe('values contradict the header', () => {
  it("a pay-date column is not an hourly rate, and an amount column's dates never make a salary", () => {
    const t = table(['EE ID', 'First Name', 'Pay Date', 'Hourly Rate'], [['E1', 'Ann', '2026-06-15', '21.50'], ['E2', 'Bob', '2026-06-15', '19.00']]);
    const { columns } = mapColumns(t, 'p.csv', AS_OF);
    expect(columns.map((c) => c.field)).toEqual(['employeeId', 'firstName', null, 'hourlyRate']);
  });

  it("an employer's tax id (one number on every row, or a 'Sponsor' header) is not the member's SSN; a placeholder SSN stays", () => {
    const rows = Array.from({ length: 6 }, (_, i) => [`E${i}`, FIRST[i], LAST[i % 4], dob(i), '741852963', '111111111', 'ACME']);
    const t = table(['Emp ID', 'First Name', 'Last Name', 'DOB', 'Tax ID', 'SSN', 'Sponsor Name'], rows);
    const cols = mapColumns(t, 's.csv', AS_OF).columns;
    expect(fieldOf(cols, 'Tax ID')).toBeNull();
    expect(cols.find((c) => c.header === 'Tax ID')?.reason).toMatch(/one number on every row/);
    expect(fieldOf(cols, 'SSN')).toBe('ssn');
    const sponsor = table(['Member ID', 'First Name', 'Sponsor Tax ID'], [['M1', 'Ann', '123456789'], ['M2', 'Tom', '']]);
    expect(fieldOf(mapColumns(sponsor, 'x.csv', AS_OF).columns, 'Sponsor Tax ID')).toBeNull();
  });

  it('a column of words is never the SSN, whatever its header says', () => {
    const rows = Array.from({ length: 6 }, (_, i) => [FIRST[i], LAST[i % 4], ['American', 'Indian', 'Mexican'][i % 3]]);
    const cols = mapColumns(table(['First Name', 'Last Name', 'Nationality / SSN'], rows), 'n.csv', AS_OF).columns;
    expect(fieldOf(cols, 'Nationality / SSN')).not.toBe('ssn');
  });

  it("a yes/no 'form signed' flag is not the employment status: nobody is left out of the lives for it", async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Form Signed Status'], ...Array.from({ length: 6 }, (_, i) => [FIRST[i], LAST[i % 4], dob(i), i % 2 ? 'No' : 'Yes'])];
    const { report } = await run([{ fileName: 'f.csv', bytes: csv(rows) }]);
    expect(fieldOf(report.columns, 'Form Signed Status')).toBeNull();
    expect(report.totalLives).toBe(6);
  });

  it('a drop-down list of states beside the table is not the members\' state', () => {
    const states = ['Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida', 'Georgia'];
    const rows = states.map((s, i) => [FIRST[i % 8], LAST[i % 4], dob(i), s]);
    const cols = mapColumns(table(['First Name', 'Last Name', 'DOB', 'State'], rows), 'd.csv', AS_OF).columns;
    expect(fieldOf(cols, 'State')).toBeNull();
  });
});

describe('pay periods', () => {
  it("monthly amounts under 'Gross Pay' or 'Salary' are read as monthly, with a review", async () => {
    const rows = [['EE ID', 'First Name', 'Last Name', 'Gross Pay'], ['E1', 'Jane', 'Smith', '5000.00'], ['E2', 'John', 'Doe', '4800.00']];
    const { report, members } = await run([{ fileName: 'g.csv', bytes: csv(rows) }]);
    expect(fieldOf(report.columns, 'Gross Pay')).toBe('monthlySalary');
    expect(members.map((m) => m.annualSalary)).toEqual([60000, 57600]);
    expect(report.review!.needed).toBe(true);
    expect(report.review!.reasons.join(' ')).toMatch(/Gross Pay.*monthly/);
  });

  it('a year\'s salaries under a plain "Salary" header stay annual, with no review', async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Salary'], ...Array.from({ length: 6 }, (_, i) => [FIRST[i], LAST[i % 4], dob(i), String(40000 + 5000 * i)])];
    const { report } = await run([{ fileName: 's.csv', bytes: csv(rows) }]);
    expect(fieldOf(report.columns, 'Salary')).toBe('annualSalary');
    expect(report.review!.needed).toBe(false);
  });

  it('the Oracle HR sample: SALARY is monthly by its size', async () => {
    const { report, members } = await run([real('oracle-hr-employees.csv')]);
    expect(Math.min(...members.filter((m) => m.annualSalary !== null).map((m) => m.annualSalary!))).toBeGreaterThanOrEqual(25200);
    expect(report.review!.needed).toBe(true);
  });
});

describe('relationships', () => {
  it("a carrier tier column where employees hold the tier and each dependent's row a relationship code (few employees, many dependents)", async () => {
    // Principal-style: 'EF' on the employee's row, 'CS' (spouse) and 'CD' (child) on the dependents'.
    const rows = [['First Name', 'Last Name', 'Date of Birth', 'Gender', 'Medical Coverage Status (EE, ES, EC1, EC2, EF, WE, NE, CS, WS, NS, CD, WD, ND)']];
    for (let h = 0; h < 2; h++) {
      rows.push([FIRST[h], LAST[h], dob(h), 'F', 'EF']);
      rows.push([FIRST[h + 4], LAST[h], dob(h + 2), 'M', 'CS']);
      rows.push(['Kid', LAST[h], '05/05/2015', 'M', 'CD']);
      rows.push(['Kit', LAST[h], '06/06/2017', 'F', 'CD']);
    }
    const { members } = await run([{ fileName: 't.csv', bytes: csv(rows) }]);
    expect(members.filter((m) => m.relationship === 'employee')).toHaveLength(2);
    expect(members.filter((m) => m.relationship === 'spouse')).toHaveLength(2);
    expect(members.filter((m) => m.relationship === 'child')).toHaveLength(4);
  });

  it('dependents known only from per-row tier labels (no relationship column, every row with a salary)', async () => {
    const rows = [['Emp_ID', 'First', 'Last', 'DOB', 'Coverage Tier', 'Annual Salary']];
    for (let h = 0; h < 4; h++) {
      rows.push([`E${h}`, FIRST[h], LAST[h], dob(h), 'Employee Only', '$52,000']);
      rows.push([`E${h}`, FIRST[h + 4], LAST[h], dob(h + 3), 'Employee+Spouse', '$52,000']);
      if (h % 2) rows.push([`E${h}`, 'Kid', LAST[h], '05/05/2015', 'Employee+Child', '$52,000']);
    }
    const { report, members } = await run([{ fileName: 't.csv', bytes: csv(rows) }]);
    expect(members.filter((m) => m.relationship === 'employee')).toHaveLength(4);
    expect(members.filter((m) => m.relationship === 'spouse')).toHaveLength(4);
    expect(members.filter((m) => m.relationship === 'child')).toHaveLength(2);
    expect(report.review!.needed).toBe(true);
    expect(report.review!.reasons[0]).toMatch(/coverage tier/);
  });

  it('the real broker census whose tiers are per row: 35 employees and 36 dependents', async () => {
    const { members } = await run([real('normalizer-broker-d-tiers.xlsx')]);
    expect(members.filter((m) => m.relationship === 'employee')).toHaveLength(35);
    expect(members).toHaveLength(71);
  });

  it('E, S, D letters: S beside E is a spouse (taking the employee\'s status), D a child', async () => {
    const rows = [['Subscriber ID', 'Employee Relationship', 'First Name', 'Last Name', 'DOB', 'Status']];
    for (let h = 0; h < 3; h++) {
      rows.push([`S${h}`, 'E', FIRST[h], LAST[h], dob(h), h === 2 ? 'Terminated' : 'Active']);
      rows.push([`S${h}`, 'S', FIRST[h + 3], LAST[h], dob(h + 4), '']);
      rows.push([`S${h}`, 'D', 'Kid', LAST[h], '05/05/2015', '']);
    }
    const { report, members } = await run([{ fileName: 'esd.csv', bytes: csv(rows) }]);
    expect(members.map((m) => m.relationship).slice(0, 3)).toEqual(['employee', 'spouse', 'child']);
    expect(members.filter((m) => m.relationship === 'employee')).toHaveLength(3);
    // The third family's employee is terminated: its spouse and child take that status.
    expect(report.totalLives).toBe(6);
  });

  it('number codes 1/2/3 with no legend: read 1 employee, 2 spouse, 3 child, and the review asks', async () => {
    const rows = [['Member ID', 'Relationship', 'First Name', 'Last Name', 'DOB']];
    for (let h = 0; h < 3; h++) {
      rows.push([`M${h}`, '1', FIRST[h], LAST[h], dob(h)], [`M${h}`, '2', FIRST[h + 3], LAST[h], dob(h + 4)], [`M${h}`, '3', 'Kid', LAST[h], '05/05/2015']);
    }
    const { report, members } = await run([{ fileName: 'n.csv', bytes: csv(rows) }]);
    expect(members.map((m) => m.relationship).slice(0, 3)).toEqual(['employee', 'spouse', 'child']);
    expect(report.review!.needed).toBe(true);
    expect(report.review!.reasons.join(' ')).toMatch(/number codes/);
  });

  it.each([
    ['Status', ['1', '0', '1', '0', '1']],
    ['Situación Laboral', ['true', 'false', 'TRUE', '0', '1']],
    ['Statut', ['oui', 'non', 'oui', 'non', 'oui']],
  ])("yes/no under a header that names only the status ('%s'): an active flag, and the review asks", async (header, flags) => {
    const rows = [['id', 'first', 'last', 'dob', header]];
    flags.forEach((f, i) => rows.push([`E${i}`, FIRST[i], LAST[i], dob(i), f]));
    const { report } = await run([{ fileName: 'flags.csv', bytes: csv(rows) }]);
    expect(report.columns.find((c) => c.header === header)!.field).toBe('status');
    expect(report.totalLives).toBe(3);
    expect(report.review!.needed).toBe(true);
  });

  it("a relationship column of '1' only (every row an employee, one-based) is read as codes, not as a yes flag", async () => {
    const rows = [['id', 'first', 'last', 'dob', 'rel']];
    for (let h = 0; h < 6; h++) rows.push([`E${h}`, FIRST[h], LAST[h], dob(h), '1']);
    const { report, members } = await run([{ fileName: 'ones.csv', bytes: csv(rows) }]);
    expect(report.columns.find((c) => c.header === 'rel')!.field).toBe('relationship');
    expect(members.every((m) => m.relationship === 'employee')).toBe(true);
    expect(report.totalLives).toBe(6);
    expect(report.review!.needed).toBe(true);
  });

  it("a two-row file with codes '1' and '3': 1 is the employee (never every member a dependent)", async () => {
    const rows = [['Member ID', 'Subscriber Number', 'Relationship Code', 'First Name', 'Last Name', 'DOB'], ['SUB1', '', '1', 'Jane', 'Smith', '10/02/1985'], ['DEP1', 'SUB1', '3', 'Tommy', 'Smith', '11/05/2012']];
    const { members, report } = await run([{ fileName: 'two.csv', bytes: csv(rows) }]);
    expect(members.map((m) => m.relationship)).toEqual(['employee', 'child']);
    expect(report.review!.needed).toBe(true);
  });

  it("camelCase tier values ('subscriberAndFamily') are tiers", () => {
    const rows = Array.from({ length: 6 }, (_, i) => [FIRST[i], ['subscriberAndFamily', 'subscriberOnly', 'subscriberAndSpouse'][i % 3]]);
    expect(fieldOf(mapColumns(table(['firstName', 'coverageTier'], rows), 'c.txt', AS_OF).columns, 'coverageTier')).toBe('coverageTier');
  });
});

describe('rows that are people', () => {
  it("a demo company's staff called 'Sample' are members once real people are above them", async () => {
    const rows = [['First Name', 'Last Name', 'DOB'], ...Array.from({ length: 5 }, (_, i) => [FIRST[i], LAST[i % 4], dob(i)]), ['Joe', 'Sample', '01/01/1975'], ['Demoman', 'Sample', '01/12/1959']];
    const { report } = await run([{ fileName: 'demo.csv', bytes: csv(rows) }]);
    expect(report.totalLives).toBe(7);
  });
});

describe('review order and readings from outside', () => {
  it('reasons are ordered by what they change: lives before pay', async () => {
    const rows = [['EE ID', 'First Name', 'Last Name', 'Gross Pay', 'Status'], ...Array.from({ length: 6 }, (_, i) => [`E${i}`, FIRST[i], LAST[i % 4], '4000', i ? 'Terminated' : 'Active'])];
    const { report } = await run([{ fileName: 'o.csv', bytes: csv(rows) }]);
    expect(report.review!.reasons.length).toBeGreaterThanOrEqual(2);
    expect(report.review!.reasons[0]).toMatch(/count as lives/);
    expect(report.review!.reasons[1]).toMatch(/Gross Pay/);
  });

  it('a reading that sets the exit-date column to none counts its members; codes of a column set to none are dropped', async () => {
    const rows = [['Member ID', 'First Name', 'Last Name', 'DOB', 'Relationship', 'Termination Date'], ...Array.from({ length: 4 }, (_, i) => [`M${i}`, FIRST[i], LAST[i], dob(i), 'EE', '01/01/2020'])];
    const file = { fileName: 'x.csv', bytes: csv(rows) };
    expect((await run([file])).report.totalLives).toBe(0);
    const reading = {
      columns: [{ file: 'x.csv', sheet: '', header: 'Termination Date', field: null }, { file: 'x.csv', sheet: '', header: 'Relationship', field: null }],
      codes: [{ file: 'x.csv', sheet: '', header: 'Relationship', value: 'EE', as: 'employee' }],
    };
    // The reading the engine used (`census reading`), given back unchanged, changes nothing: the exit date still counts.
    const { readingOf } = await import('../../../server/census/apply-reading');
    const same = await run([file], readingOf(await run([file])));
    expect(same.report.totalLives).toBe(0);
    const { report } = await run([file], reading);
    expect(report.totalLives).toBe(4);
    expect(report.reading!.changed.map((c) => c.header)).toEqual(expect.arrayContaining(['Termination Date', 'Relationship']));
  });
});


describe('malformed text files', () => {
  it('a stray quote in one cell of a six-person census: six lives, and the main review names the row', async () => {
    const lines = ['First Name,Last Name,DOB,Gender', ...Array.from({ length: 6 }, (_, i) => `${i === 2 ? '"' : ''}${FIRST[i]},${LAST[i % 4]},${dob(i)},${i % 2 ? 'M' : 'F'}`)];
    const { report } = await run([{ fileName: 'q.csv', bytes: new TextEncoder().encode(lines.join('\r\n') + '\r\n') }]);
    expect(report.totalLives).toBe(6);
    expect(report.review!.needed).toBe(true);
    expect(report.review!.reasons[0]).toMatch(/Row 4/);
  });

  it('an unclosed quote it cannot repair: the review is the first reason and names the row', async () => {
    const lines = ['First Name,Last Name,DOB', 'Ann,Lee,01/01/1980', 'Bob,"Kim,02/02/1981', 'Cara,Diaz', 'Dan', 'Eve,Ross,03/03/1983,x,y'];
    const { report } = await run([{ fileName: 'u.csv', bytes: new TextEncoder().encode(lines.join('\n') + '\n') }]);
    expect(report.review!.needed).toBe(true);
    expect(report.review!.reasons[0]).toMatch(/row 3/);
  });
});

describe('pay modes and amounts', () => {
  it("a 'Pay Method' column of HOURLY/SALARY says per row what 'Pay Rate' is (values first, whatever the header word)", async () => {
    const rows = [['Emp ID', 'First Name', 'Last Name', 'Pay Method', 'Pay Rate']];
    for (let i = 0; i < 6; i++) rows.push([`E${i}`, FIRST[i], LAST[i % 4], i % 2 ? 'HOURLY' : 'SALARY', i % 2 ? '20.00' : '1300000.0000']);
    const { report, members } = await run([{ fileName: 'pm.csv', bytes: csv(rows) }]);
    expect(fieldOf(report.columns, 'Pay Rate')).toBe('annualSalary');
    expect(members.map((m) => m.annualSalary)).toEqual([1300000, 41600, 1300000, 41600, 1300000, 41600]);
  });

  it('amounts in lakh and crore, and Indian digit grouping', async () => {
    const { parseNumber } = await import('../../../server/census/values/numbers');
    expect(['1.2L', '12 lakhs', '5 lac', '1.5 crore', '1,20,000', '55k'].map((v) => parseNumber(v))).toEqual([120000, 1200000, 500000, 15000000, 120000, 55000]);
    expect(['twelve lakh', 'Twenty five thousand', 'forty-two lakhs', 'Smith lakh', 'constructor lakh'].map((v) => parseNumber(v))).toEqual([1200000, 25000, 4200000, null, null]);
  });
});

describe('rows and sheets that are not people', () => {
  it("a 'Required / Optional' marker row under a two-level header is not a member", async () => {
    const rows = [
      ['Employee', '', 'Birth', 'Sex'],
      ['First Name', 'Last Name', 'Date of Birth', 'Gender'],
      ['Required', 'Required', 'Required', 'Optional'],
      ...Array.from({ length: 5 }, (_, i) => [FIRST[i], LAST[i % 4], dob(i), i % 2 ? 'M' : 'F']),
    ];
    const { report, members } = await run([{ fileName: 'ro.csv', bytes: csv(rows) }]);
    expect(members.every((m) => m.firstName !== 'Required')).toBe(true);
    expect(report.totalLives).toBe(5);
  });

  it('a pets sheet (names, birth dates, sex) beside a family list adds no member', async () => {
    const family = [['First Name', 'Last Name', 'Relationship', 'DOB', 'Sex'], ['Ann', 'Lee', 'Employee', '01/02/1980', 'F'], ['Bob', 'Lee', 'Spouse', '03/04/1979', 'M'], ['Kid', 'Lee', 'Child', '05/05/2015', 'M']];
    const pets = [['Name', 'Species', 'Birth Date', 'Sex'], ['Max', 'Dog', '04/01/2019', 'M'], ['Bella', 'Cat', '06/02/2020', 'F'], ['Charlie', 'Dog', '01/03/2021', 'M']];
    for (const petSheet of ['Pets', 'Sheet2']) {
      const { report, skippedSheets } = await run([{ fileName: 'fam.xlsx', bytes: xlsx({ Family: family, [petSheet]: pets }) }]);
      expect(report.totalLives).toBe(3);
      expect(skippedSheets!.find((s) => s.sheet === petSheet)?.reason).toMatch(/pets/);
    }
  });
});

describe('weak readings ask for a review', () => {
  it('dependents read from a repeated id (no relationship column) are reviewed', async () => {
    const rows = [['Family ID', 'First Name', 'Last Name', 'DOB']];
    for (let h = 0; h < 3; h++) rows.push([`F${h}`, FIRST[h], LAST[h], dob(h)], [`F${h}`, FIRST[h + 3], LAST[h], dob(h + 4)]);
    const { report, members } = await run([{ fileName: 'hh.csv', bytes: csv(rows) }]);
    expect(members.filter((m) => m.relationship !== 'employee')).toHaveLength(3);
    expect(report.review!.reasons.join(' ')).toMatch(/share an id/);
  });

  it('number codes 1/2/3 left unread under a header a little like a relationship: every member an employee asks for a review', async () => {
    const rows = [['Member ID', 'Txt_Relationship_of_Insured', 'First Name', 'Last Name', 'DOB', 'Gender']];
    for (let h = 0; h < 4; h++) rows.push([`M${h}`, '1', FIRST[h], LAST[h], dob(h), 'F'], [`N${h}`, '2', FIRST[h + 4], LAST[h], dob(h + 1), 'M'], [`O${h}`, '3', 'Kid', LAST[h], '05/05/2015', 'M']);
    const { report } = await run([{ fileName: 'r.csv', bytes: csv(rows) }]);
    expect(report.review!.needed).toBe(true);
    expect(report.review!.reasons[0]).toMatch(/Txt_Relationship_of_Insured/);
  });

  it('no gender column and first names that tell none: the review says the gender split is mostly unknown', async () => {
    const rows = [['Emp ID', 'First Name', 'Last Name', 'DOB'], ...Array.from({ length: 5 }, (_, i) => [`E${i}`, ['Jordan', 'Taylor', 'Casey', 'Robin', 'Alex'][i], LAST[i % 4], dob(i)])];
    const { report } = await run([{ fileName: 'ng.csv', bytes: csv(rows) }]);
    expect(report.review!.reasons.join(' ')).toMatch(/no gender column/);
  });
});

describe('families read as employees', () => {
  // A coverage column of number codes the file does not explain (1, 2, 3 per row) kept every row an
  // employee: the review is the only safeguard left.
  const review = (ids: string[]) =>
    memberReview({ members: ids.map((employeeId, i) => member({ employeeId, firstName: FIRST[i % 8], status: 'active' })), lives: ids.length, rowsRead: ids.length, duplicatesRemoved: 0, columns: [{ file: 'f.csv', sheet: 'Sheet1', header: 'Emp ID', field: 'employeeId' }] });
  it('asks when members on consecutive rows share an employee id and none is a dependent', () => {
    const reasons = review(['E1', 'E1', 'E1', 'E2', 'E2', 'E3', 'E4', 'E4', 'E4', 'E4']).map((r) => r.reason);
    expect(reasons.some((x) => /9 of them share an employee id with the member on the row before or after/.test(x))).toBe(true);
  });
  it('does not ask for ids repeated far apart (a duplicate-id problem, which dedupe reports)', () => {
    const reasons = review(['E1', 'E2', 'E3', 'E4', 'E5', 'E1', 'E2', 'E3', 'E4', 'E5']).map((r) => r.reason);
    expect(reasons.some((x) => /share an employee id/.test(x))).toBe(false);
  });
});
