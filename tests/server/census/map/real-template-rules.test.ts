/**
 * The eight kinds of real-template failure of issue 7, each on small files made in memory (so the rule
 * is tested apart from the fixtures) and, where it reads best, on a real-template fixture.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../../server/census/engine';
import { mapColumns } from '../../../../server/census/map';
import { normaliseHeader } from '../../../../server/census/map/headers';
import { AS_OF, csv, fixturesDir, repoRoot, table, xlsx } from '../engine-helpers';

const realDir = path.join(repoRoot, 'tests/fixtures/census-real');
const real = (name: string) => ({ fileName: name, bytes: new Uint8Array(fs.readFileSync(path.join(realDir, name))) });
const run = (files: { fileName: string; bytes: Uint8Array }[]) => analyzeCensus(files, { asOf: AS_OF });
const fieldOf = (cols: { header: string; field: string | null }[], header: string) => cols.find((c) => c.header === header)?.field;

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => [`E${100 + i}`, ['Ann', 'Bob', 'Cara', 'Dan', 'Eve', 'Finn'][i % 6], ['Lee', 'Kim', 'Diaz'][i % 3], `0${1 + (i % 9)}/1${i % 10}/19${60 + (i % 35)}`, i % 2 ? 'M' : 'F']);

describe('1. weak evidence does not claim identity fields', () => {
  it('a life volume is neither an id nor a salary; satisfaction scores and S/H flags are not relationships', () => {
    const t = table(
      ['First Name', 'Last Name', 'Life Volume', 'JobSatisfaction', 'Pay Flag', 'Supervisor First Name', 'Dependents', 'Smoker Survey (Y/N)'],
      Array.from({ length: 40 }, (_, i) => ['Ann', 'Lee', [25000, 50000, 100000][i % 3], 1 + (i % 4), i % 3 ? 'S' : 'H', ['Pat', 'Robin'][i % 2], i % 4, i % 2 ? 'Y' : 'N']),
    );
    const { columns } = mapColumns(t, 'f.csv', AS_OF);
    expect(columns.map((c) => c.field)).toEqual(['firstName', 'lastName', null, null, null, null, null, null]);
    for (const c of columns) expect(c.reason).toBeTruthy();
  });

  it("a manager's name does not replace the split of the member's own full name", async () => {
    const rows = [['Employee Name', 'Manager Name', 'DOB', 'Sex'], ...people(12).map((p) => [`${p[2]}, ${p[1]}`, 'Pat Quinn', p[3], p[4]])];
    const { report, members } = await run([{ fileName: 'm.csv', bytes: csv(rows) }]);
    expect(fieldOf(report.columns, 'Employee Name')).toBe('fullName');
    expect(fieldOf(report.columns, 'Manager Name')).toBeNull();
    expect(members.every((m) => m.firstName !== 'Pat')).toBe(true);
  });

  it('an HR-analytics extract: only its census columns are mapped, and ids stay distinct people', async () => {
    const { report } = await run([real('hr-analytics-extract.csv')]);
    expect(fieldOf(report.columns, 'RelationshipSatisfaction')).toBeNull();
    expect(fieldOf(report.columns, 'Attrition')).toBeNull();
    expect(fieldOf(report.columns, 'OverTime')).toBeNull();
    expect(fieldOf(report.columns, 'NumCompaniesWorked')).toBeNull();
    expect(report.totalLives).toBe(45);
  });
});

describe('2. sheets that are not census tables contribute no member', () => {
  it('instruction, list and questionnaire sheets are skipped and said so', async () => {
    const result = await run([real('peo-rfp-workbook.xlsx')]);
    expect(result.report.totalLives).toBe(36);
    const skipped = (result.skippedSheets ?? []).map((s) => s.sheet).sort();
    expect(skipped).toEqual(['Company Questionnaire', 'Drop Down Lists', 'Instructions']);
    expect(result.report.issues.filter((i) => i.sheet === 'Company Questionnaire')).toHaveLength(1);
  });

  it("an instruction sheet's example family is not counted", async () => {
    const { report } = await run([real('carrier-quote-workbook.xlsx')]);
    expect(report.columns.every((c) => c.sheet === 'Census')).toBe(true);
    expect(report.issues.some((i) => i.sheet === 'Instructions' && /skipped/.test(i.message))).toBe(true);
  });

  it('a form sheet beside the census gives one issue, not one per row', async () => {
    const form = Array.from({ length: 60 }, (_, i) => [`${i + 1}. Question`, `Answer ${i}`, i % 2 ? 'Yes' : 'No']);
    const bytes = xlsx({
      Census: [['First Name', 'Last Name', 'Date of Birth', 'Gender'], ...people(20).map((p) => [p[1], p[2], p[3], p[4]])],
      Responses: [['Name', 'Answer', 'Agree (Y/N)'], ...form],
    });
    const { report } = await run([{ fileName: 'w.xlsx', bytes }]);
    expect(report.totalLives).toBe(20);
    expect(report.issues.filter((i) => i.sheet === 'Responses')).toHaveLength(1);
  });
});

describe('3. a second header row is not a member', () => {
  it('a descriptive row under the header is left out', async () => {
    const rows = [['First Name', 'Last Name', 'Date of Birth', 'Gender'], ['Employee first name', 'Required', 'MM/DD/YYYY', 'M or F'], ...people(5).map((p) => [p[1], p[2], p[3], p[4]])];
    const { report } = await run([{ fileName: 'r.csv', bytes: csv(rows) }]);
    expect(report.totalLives).toBe(5);
    expect(report.genderRatio.unknown.value).toBe(0);
  });

  it("a template's second row of column names and its row of requirements are no members (a blank enrollment workbook)", async () => {
    const header = ['GROUP ID', 'ACTIVITY FLAG', 'EMPLOYEE', '', 'EMPLOYEE TYPE', 'HIRE DATE (mm/dd/yyyy)', 'DECLINATION REASON', ''];
    const second = ['', '', 'LAST NAME', 'FIRST NAME', '', '', 'STANDARD REASONS', 'OTHER'];
    const required = ['Health Net', 'Set', 'EMB Required', 'EMB Required', 'EMB Required for Employee only', 'Required', 'Required', 'Optional'];
    const blank = Array.from({ length: 20 }, () => ['', 'Add', '', '', '', '', '', '']);
    const { report } = await run([{ fileName: 'blank.xlsx', bytes: xlsx({ Employees: [header, second, required, ...blank] }) }]);
    expect(report.totalLives).toBe(0);
    expect(fieldOf(report.columns, 'EMPLOYEE LAST NAME')).toBe('lastName');
    expect(fieldOf(report.columns, 'EMPLOYEE FIRST NAME')).toBe('firstName');
    // 'Employee Type' is a kind of employee (hourly or salaried), not the employee's name; an activity
    // flag (Add, Decline) is what the carrier is asked to do, not the employment status.
    expect(fieldOf(report.columns, 'EMPLOYEE TYPE')).toBeNull();
    expect(fieldOf(report.columns, 'ACTIVITY FLAG')).toBeNull();
  });

  it('the same two rows over members: the members are read under the joined names', async () => {
    const header = ['EMPLOYEE ID', 'EMPLOYEE', '', 'DATE OF BIRTH', 'GENDER', 'DECLINATION REASON', ''];
    const second = ['', 'LAST NAME', 'FIRST NAME', '', '', 'STANDARD REASONS', 'OTHER'];
    const members = people(6).map((p) => [p[0], p[2], p[1], p[3], p[4], '', '']);
    const { report } = await run([{ fileName: 'two.csv', bytes: csv([header, second, ...members]) }]);
    expect(report.totalLives).toBe(6);
    expect(fieldOf(report.columns, 'EMPLOYEE LAST NAME')).toBe('lastName');
  });

  it('a blank template reports 0 lives and says the file has no members', async () => {
    const { report } = await run([real('carrier-quote-blank.xlsx')]);
    expect(report.totalLives).toBe(0);
    expect(report.issues.some((i) => /has no members/.test(i.message))).toBe(true);
  });
});

describe('4. relationship hidden in codes and household keys', () => {
  it('SP/CH in the coverage column make dependents', async () => {
    const { members } = await run([real('carrier-coverage-codes.xlsx')]);
    expect(members.filter((m) => m.relationship === 'spouse').length).toBeGreaterThan(0);
    expect(members.filter((m) => m.relationship === 'child').length).toBeGreaterThan(0);
    expect(members.filter((m) => m.relationship !== 'employee').every((m) => m.employeeUid !== null)).toBe(true);
  });

  it('family status codes 1-4 on an employee-level template are not relationships', async () => {
    const { report, members } = await run([real('carrier-family-status-codes.xlsx')]);
    expect(fieldOf(report.columns, 'Dependent Status')).toBeNull();
    expect(members.every((m) => m.relationship === 'employee')).toBe(true);
  });

  it('834 codes and a subscriber id: dependents link to their subscriber, the member id is not the key', async () => {
    const { report, members } = await run([real('eligibility-834-extract.csv')]);
    expect(fieldOf(report.columns, 'Subscriber Identifier')).toBe('employeeId');
    expect(fieldOf(report.columns, 'Member Identifier')).toBeNull();
    expect(members.filter((m) => m.relationship === 'employee')).toHaveLength(28);
  });

  it('one-based relationship digits (1 self, 2 spouse, 3 child)', () => {
    const t = table(['Relationship Code', 'First Name'], Array.from({ length: 30 }, (_, i) => [String([1, 1, 2, 3, 1, 3][i % 6]), 'Ann']));
    const { columns } = mapColumns(t, 'f', AS_OF);
    expect(columns[0].field).toBe('relationship');
    expect(columns[0].codes).toBe('oneBased');
  });

  it('one-based digits where children outnumber employees (a family list): as many 1s as 2s is enough', () => {
    const codes = [1, 2, 3, 3, 1, 3, 3, 1, 2, 3];
    const t = table(['rel', 'First Name'], Array.from({ length: 30 }, (_, i) => [String(codes[i % codes.length]), 'Ann']));
    const { columns } = mapColumns(t, 'f', AS_OF);
    expect(columns[0]).toMatchObject({ field: 'relationship', codes: 'oneBased' });
    // More 2s than 1s is no relationship list: a spouse always has an employee.
    const spouses = table(['rel', 'First Name'], Array.from({ length: 30 }, (_, i) => [String([1, 2, 2, 3][i % 4]), 'Ann']));
    expect(mapColumns(spouses, 'f', AS_OF).columns[0].codes).not.toBe('oneBased');
  });

  it('a Subscriber Y/N column, and a family id with no relationship column', async () => {
    const flag = await run([real('household-subscriber-flag.xlsx')]);
    expect(flag.members.filter((m) => m.relationship === 'employee')).toHaveLength(25);
    const keys = await run([real('family-id-quote-census.csv')]);
    expect(keys.members.filter((m) => m.relationship === 'employee')).toHaveLength(30);
    expect(keys.report.issues.some((i) => /share an id with an earlier row/.test(i.message))).toBe(true);
  });
});

describe('5. pay frequency annualises per row', () => {
  it('hourly x hours x 52, weekly x 52, biweekly x 26, semi-monthly x 24, monthly x 12', async () => {
    const rows = [
      ['Name', 'Salary', 'Salary Mode', 'Hours'],
      ['Ann Lee', '20', 'Hourly', '30'], ['Bob Kim', '1000', 'Weekly', ''], ['Cara Diaz', '2000', 'Biweekly', ''],
      ['Dan Lee', '2500', 'Semi-Monthly', ''], ['Eve Kim', '5000', 'Monthly', ''], ['Finn Diaz', '90000', 'Annual', ''],
    ];
    const { report, members } = await run([{ fileName: 'p.csv', bytes: csv(rows) }]);
    expect(fieldOf(report.columns, 'Salary Mode')).toBeNull();
    expect(report.columns.find((c) => c.header === 'Salary Mode')!.reason).toMatch(/pay mode/);
    expect(members.map((m) => m.annualSalary)).toEqual([20 * 30 * 52, 52_000, 52_000, 60_000, 60_000, 90_000]);
  });
});

describe('6. foreign or malformed postal codes', () => {
  it('4-digit postcodes beside non-US states are neither ZIP codes nor salaries', async () => {
    const { report } = await run([real('intl-australia-postcodes.csv')]);
    expect(fieldOf(report.columns, 'Postcode')).toBeNull();
    expect(fieldOf(report.columns, 'State')).toBeNull();
    expect(report.demographics).toEqual({});
  });

  it('a province column is not a US state; Canadian postal codes are not ZIP codes', () => {
    const t = table(['Province', 'Postal Code'], Array.from({ length: 20 }, (_, i) => [['ON', 'BC', 'QC'][i % 3], ['M5V 2T6', 'V6B 1A1', 'H2X 1Y4'][i % 3]]));
    const { columns } = mapColumns(t, 'f', AS_OF);
    expect(columns.map((c) => c.field)).toEqual([null, null]);
    expect(columns[1].reason).toMatch(/not in the US|not US ZIP/);
  });
});

describe('7. removals are said in the report', () => {
  it('duplicates: how many, which rows, and a warning when most rows collapse', async () => {
    const { report } = await run([real('per-plan-rows-export.csv')]);
    expect(report.issues.some((i) => /rows were removed as duplicates .*\(rows 4, 5/.test(i.message))).toBe(true);
    expect(report.issues.some((i) => /^Warning: .* once per plan/.test(i.message))).toBe(true);
  });

  it('imputed values are counted in the issues', async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixturesDir, 'dups-missing-xlsx.xlsx')));
    const { report } = await run([{ fileName: 'dups-missing-xlsx.xlsx', bytes }]);
    expect(report.issues.some((i) => /were (guessed|estimated|set from)/.test(i.message))).toBe(true);
  });
});

describe('8. exit dates', () => {
  it('a past termination date with no status is terminated; a status says otherwise; a future one is not', async () => {
    const rows = [
      ['First Name', 'Last Name', 'Termination Date', 'Status'],
      ['Ann', 'Lee', '06/30/2025', ''], ['Bob', 'Kim', '06/30/2025', 'Retired'], ['Cara', 'Diaz', '03/31/2026', ''],
      ['Dan', 'Lee', '01/31/2019', 'Active'], ['Eve', 'Kim', '', ''],
    ];
    const { report, members } = await run([{ fileName: 't.csv', bytes: csv(rows) }]);
    expect(members.map((m) => m.status)).toEqual(['terminated', 'retired', null, 'active', null]);
    expect(report.totalLives).toBe(3);
    expect(report.issues.some((i) => /exit date .* before the as-of date/.test(i.message))).toBe(true);
  });

  it("an exit date glued to its date word under a type prefix ('strTerminationdate', 'TermDt') is still one", () => {
    for (const header of ['strTerminationdate', 'TermDt', 'fld_exitdate']) {
      const t = table([header], Array.from({ length: 10 }, () => ['06/30/2025']));
      expect(mapColumns(t, 'f', AS_OF).columns[0].role, header).toBe('exitDate');
    }
  });

  it("a stop word glued in camelCase ('DateofTermination', 'FechadeIngreso') is read apart; 'Optional' and 'PayorID' stay whole", () => {
    for (const hire of ['DateofHire', 'FechadeIngreso']) {
      const t = table(
        ['DateofTermination', hire, 'WC Code (Optional)'],
        Array.from({ length: 10 }, (_, i) => ['06/30/2025', `03/0${1 + (i % 9)}/2015`, `88${10 + i}`]),
      );
      const { columns } = mapColumns(t, 'f', AS_OF);
      expect(columns[0].role, hire).toBe('exitDate');
      expect(columns.map((c) => c.field), hire).toEqual([null, 'hireDate', null]);
      expect(columns[1].reason, hire).toMatch(/names the hire date/);
      expect(columns[2].reason, hire).toMatch(/not a census field/);
    }
    expect(normaliseHeader('PayorID').tokens).toEqual(['payor', 'id']);
  });

  it('a coverage end date is not an exit date', () => {
    const t = table(['Coverage End Date'], Array.from({ length: 10 }, () => ['06/30/2025']));
    expect(mapColumns(t, 'f', AS_OF).columns[0].role).toBeUndefined();
  });
});

describe('reasons', () => {
  it('every column of the shared fixtures carries a reason', async () => {
    const index: { files: string[] }[] = JSON.parse(fs.readFileSync(path.join(fixturesDir, 'index.json'), 'utf8'));
    for (const c of index) {
      const { report } = await run(c.files.map((f) => ({ fileName: f, bytes: new Uint8Array(fs.readFileSync(path.join(fixturesDir, f))) })));
      for (const col of report.columns) expect(col.reason, `${c.files[0]} ${col.header}`).toBeTruthy();
    }
  });
});

describe('rules that must not overreach', () => {
  it("an 'Employee Info' sheet beside a 'Dependents' sheet is the census, not a form", async () => {
    const bytes = xlsx({
      'Employee Info': [['Employee ID', 'First Name', 'Last Name', 'Date of Birth', 'Gender'], ...people(6).map((p) => [p[0], p[1], p[2], p[3], p[4]])],
      Dependents: [['Employee ID', 'First Name', 'Relationship', 'Date of Birth'], ['E100', 'Kid', 'Child', '05/05/2015']],
    });
    const { report } = await run([{ fileName: 's.xlsx', bytes }]);
    expect(report.totalLives).toBe(7);
  });

  it('a Dependent Status column of letter codes is the relationship; of digits 1-4 it is not', () => {
    const letters = table(['Dependent Status', 'First Name'], Array.from({ length: 20 }, (_, i) => [['EE', 'SP', 'CH', 'EE'][i % 4], 'Ann']));
    expect(mapColumns(letters, 'f', AS_OF).columns[0].field).toBe('relationship');
    const digits = table(['Dependent Status', 'First Name'], Array.from({ length: 20 }, (_, i) => [String([1, 1, 2, 3, 4][i % 5]), 'Ann']));
    expect(mapColumns(digits, 'f', AS_OF).columns[0].field).toBeNull();
  });

  it('an annual salary keeps its meaning beside a pay frequency', async () => {
    const rows = [['Name', 'Annual Salary', 'Pay Frequency'], ['Ann Lee', '52000', 'Biweekly'], ['Bob Kim', '60000', 'Monthly'], ['Cy Diaz', '70000', 'Weekly']];
    const { members } = await run([{ fileName: 'a.csv', bytes: csv(rows) }]);
    expect(members.map((m) => m.annualSalary)).toEqual([52000, 60000, 70000]);
  });
});

describe('HRIS pay columns', () => {
  it("'Pay Type' decides over 'Pay Schedule'; an unknown period is no salary; S/D under 'Subscriber/Dependent'", async () => {
    const rows = [
      ['Payroll Name', 'Subscriber/Dependent', 'Pay Rate', 'Pay Schedule', 'Pay Type'],
      ['Lee, Ann', 'S', '55000', 'Biweekly', 'Salary'], ['Kim, Bob', 'S', '25', 'Biweekly', 'Hourly'],
      ['Kim, Cara', 'D', '', '', ''], ['Diaz, Dan', 'S', '2100', 'Biweekly', 'Paycheck'],
    ];
    const { report, members } = await run([{ fileName: 'h.csv', bytes: csv(rows) }]);
    expect(fieldOf(report.columns, 'Payroll Name')).toBe('fullName');
    // D is a dependent, read as a child (issue 19: it was 'other').
    expect(members.map((m) => m.relationship)).toEqual(['employee', 'employee', 'child', 'employee']);
    // Dan's amount has no known period: blank, then imputed as any missing salary (and flagged).
    expect(members.map((m) => m.annualSalary).slice(0, 3)).toEqual([55000, 25 * 40 * 52, null]);
    expect(members[3].imputed.annualSalary).toBe(true);
  });
});

describe('example rows', () => {
  it("an 'Example' row under the header and a 'John Sample' person are not members", async () => {
    const rows = [['First Name', 'Last Name', 'Date of Birth', 'Gender'], ['Example:', 'Doe', '01/01/1980', 'M'], ['John', 'Sample', '01/15/1980', 'M'], ...people(4).map((p) => [p[1], p[2], p[3], p[4]])];
    const { report } = await run([{ fileName: 'e.csv', bytes: csv(rows) }]);
    expect(report.totalLives).toBe(4);
  });
});

describe('member sequence', () => {
  it('with no relationship column, sequence 00 is the subscriber and 01+ dependents, in any order', async () => {
    const rows = [
      ['sub_id', 'Member Seq', 'First Name', 'Last Name', 'DOB', 'Hire Date'],
      ['77', '01', 'Kid', 'Lee', '05/05/2015', ''], ['77', '00', 'Ann', 'Lee', '01/02/1980', '01/01/2015'], ['78', '00', 'Bob', 'Kim', '03/04/1975', '01/01/2010'],
    ];
    const { report, members } = await run([{ fileName: 'q.csv', bytes: csv(rows) }]);
    expect(fieldOf(report.columns, 'sub_id')).toBe('employeeId');
    expect(members.map((m) => m.relationship)).toEqual(['other', 'employee', 'employee']);
    expect(members[0].employeeUid).toBe(members[1].uid);
  });
});

describe('whose name', () => {
  it("'Dependent Name' beside 'Employee Name' is the row's own person", () => {
    const t = table(['Employee Name', 'Dependent Name', 'Relationship', 'DOB'], Array.from({ length: 10 }, (_, i) => ['Lee, Ann', `Lee, ${['Kid', 'Tom'][i % 2]}`, 'Child', '05/05/2015']));
    const { columns } = mapColumns(t, 'f', AS_OF);
    expect(columns.map((c) => c.field)).toEqual([null, 'fullName', 'relationship', 'dateOfBirth']);
  });
});

describe('two-row headers', () => {
  it("'Employee Name' over 'First' | 'Last', and 'Spouse' over 'DOB'", async () => {
    const bytes = xlsx({
      Census: [
        ['Employee Name', null, 'Date of Birth', 'Gender', 'Spouse'],
        ['First', 'Last', null, null, 'DOB'],
        ['Ann', 'Lee', new Date(Date.UTC(1980, 1, 2)), 'F', new Date(Date.UTC(1979, 3, 4))],
        ['Bob', 'Kim', new Date(Date.UTC(1975, 5, 6)), 'M', null],
      ],
    });
    const { report, members } = await run([{ fileName: 'two.xlsx', bytes }]);
    expect(report.columns.map((c) => [c.header, c.field])).toEqual([
      ['Employee Name First', 'firstName'], ['Employee Name Last', 'lastName'], ['Date of Birth', 'dateOfBirth'], ['Gender', 'gender'], ['Spouse DOB', 'spouseDateOfBirth'],
    ]);
    expect(members).toHaveLength(3);
  });
});

describe('glued headers', () => {
  it('TermDate, PayType and MemberSeq are read like their spaced spellings', () => {
    const t = table(['TermDate', 'PayType', 'Salary', 'MemberSeq', 'First Name'], Array.from({ length: 6 }, (_, i) => ['06/30/2025', i % 2 ? 'H' : 'S', '50000', String(i % 3), 'Ann']));
    const { columns } = mapColumns(t, 'f', AS_OF);
    expect(columns.map((c) => c.role)).toEqual(['exitDate', 'payMode', undefined, 'memberSequence', undefined]);
  });
});

describe('sheet names', () => {
  it("a 'Census Form' sheet beside 'Instructions' is the census", async () => {
    const bytes = xlsx({
      Instructions: [['Example'], ['First Name', 'Last Name', 'Date of Birth'], ['John', 'Doe', '01/15/1980'], ['Jane', 'Doe', '03/02/1982']],
      'Census Form': [['First Name', 'Last Name', 'Date of Birth', 'Gender'], ...people(5).map((p) => [p[1], p[2], p[3], p[4]])],
    });
    const { report } = await run([{ fileName: 'f.xlsx', bytes }]);
    expect(report.totalLives).toBe(5);
  });
});

describe('a Workday-style worker export', () => {
  it("'Worker Type' (Employee) is not a tier; 'Total Base Pay Annualized - Amount' is the salary", () => {
    const t = table(['Worker Type', 'Total Base Pay Annualized - Amount', 'Pay Rate Type'], Array.from({ length: 10 }, (_, i) => ['Employee', String(50000 + i * 1000), i % 2 ? 'Salary' : 'Hourly']));
    const { columns } = mapColumns(t, 'f', AS_OF);
    expect(columns.map((c) => c.field)).toEqual([null, 'annualSalary', null]);
  });
});

describe('wide layouts: each dependent block says who its member is', () => {
  it("a 'Dependent N Relationship' of S makes that block's member a spouse, C a child", async () => {
    const header = ['Employee ID', 'Employee Last Name', 'Employee First Name', 'Employee Birth Date', 'Coverage Code',
      'Dependent 1 Date of Birth', 'Dependent 1 Relationship', 'Dependent 2 Date of Birth', 'Dependent 2 Relationship', 'Dependent 3 Date of Birth', 'Dependent 3 Relationship'];
    const { report } = await run([{ fileName: 'wide.csv', bytes: csv([
      header,
      ['123456789', 'SMITH', 'JOHN A', '1980-01-15', 'EF', '1982-03-03', 'S', '2012-04-04', 'C', '2015-05-05', 'C'],
      ['234567890', 'JONES', 'MARY B', '1975-06-06', 'EC', '2018-01-01', 'C', null, null, null, null],
      ['345678901', 'BROWN', 'AL', '1968-08-08', 'ES', '1970-10-10', 'Spouse', null, null, null, null],
    ]) }]);
    expect(report.totalLives).toBe(8);
    expect(report.relationships).toMatchObject({ employee: 3, spouse: 2, child: 3 });
  });
});

describe('401(k) censuses: rehires and a year of hours', () => {
  it('a rehire date after the termination date keeps the member active; annual hours are neither weekly hours nor ZIP codes', async () => {
    const { report, columns } = await run([{ fileName: 'k.csv', bytes: csv([
      ['Employee Name', 'SSN', 'Date of Birth', 'Date of Hire', 'Date of Termination', 'Date of Rehire', 'Hours Worked', 'Annual Hours', 'Gross Compensation'],
      ['Adams, Kay', '111-11-1111', '02/11/1972', '03/01/2005', null, null, 2080, 2080, '125,000.00'],
      ['Cole, Ora', '333-33-3333', '07/07/1990', '01/10/2018', '08/31/2024', null, 1100, 1100, '21,400.00'],
      ['Dunn, Pat', '444-44-4444', '09/09/1980', '05/05/2010', '02/28/2019', '04/01/2021', 2080, 2080, '72,900.00'],
      ['Ellis, Ray', '555-55-5555', '03/30/1995', '11/11/2025', null, null, 160, 1950, '4,615.38'],
    ]) }]);
    expect(report.totalLives).toBe(3); // Cole left in 2024; Dunn left in 2019 and came back in 2021
    expect(fieldOf(columns, 'Hours Worked')).toBeNull();
    expect(fieldOf(columns, 'Annual Hours')).toBeNull();
  });
});

describe('PEO census templates: a salary-or-hourly-rate column', () => {
  const header = ['EE #', 'Last Name', 'First Name', 'DOB (mm/dd/yyyy)', 'Annual Salary or Hourly Rate', 'S/H', 'Hrs/Wk'];
  const rows: (string | number | null)[][] = [
    ['1', 'Alvarez', 'Rita', '04/12/1980', '$62,000', 'S', 40],
    ['2', 'Brooks', 'Theo', '09/30/1991', '$24.50', 'H', 36],
    ['3', 'Chen', 'Wei', '12/01/1975', '$98,500', 'S', 40],
    ['4', 'Dorsey', 'Lyn', '06/06/1999', '$17.25', 'H', 25],
  ];
  it("is read per row by an 'S/H' column beside it", async () => {
    const { report, columns } = await run([{ fileName: 'peo.csv', bytes: csv([header, ...rows]) }]);
    expect(columns.find((c) => c.header === 'S/H')?.reason).toMatch(/pay mode/);
    // 24.50 x 36 x 52 = 45,864 and 17.25 x 25 x 52 = 22,425: one in each of the two lowest bands.
    expect(report.salaryBand).toMatchObject({ '<25': 1, '25-49': 1, '50-74': 1, '75-99': 1 });
  });
  it('with no pay-mode column, reads an amount under 200 as an hourly rate', async () => {
    const { report } = await run([{ fileName: 'peo.csv', bytes: csv([header.filter((h) => h !== 'S/H'), ...rows.map((r) => r.filter((_, i) => i !== 5))]) }]);
    expect(report.salaryBand).toMatchObject({ '<25': 1, '25-49': 1, '50-74': 1, '75-99': 1 });
    expect(report.review?.needed).toBe(false);
  });
  it('asks for a check when annual salaries under $1,000 sit beside real ones', async () => {
    const { report } = await run([{ fileName: 'pay.csv', bytes: csv([
      ['EE #', 'Last Name', 'First Name', 'DOB', 'Annual Salary'],
      ...rows.map((r) => [r[0], r[1], r[2], r[3], r[4]]),
    ]) }]);
    expect(report.review?.needed).toBe(true);
    expect(report.review?.reasons.join(' ')).toMatch(/2 of 4 annual salaries are under \$1,000/);
  });
});
