/**
 * The checks a broker makes (server/census/checks.ts, issue 28): each defect in a census is said in
 * the review with its count and rows, advised (never blocking) in every target's readiness, and
 * found on the member's cell; a clean census says nothing. Also what the checks found wrong before:
 * two children named alike of different ages are two people, and a child born after the as-of date
 * has no Age -1 in the exports.
 */
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { CHECKS, checkContext, memberChecks } from '../../../server/census/checks';
import { analyzeCensus } from '../../../server/census/engine';
import { exportCensus } from '../../../server/census/export';
import { readinessOf } from '../../../server/census/targets/readiness';
import { TARGETS } from '../../../server/census/targets/registry';
import { AS_OF, csv } from './engine-helpers';

const HEADER = ['Employee ID', 'First Name', 'Last Name', 'Relationship', 'DOB', 'Gender', 'Hire Date', 'Annual Salary', 'Coverage Tier', 'ZIP'];
/** A clean household and a clean single employee: no check fires. */
const CLEAN = [
  ['1', 'Ann', 'Lee', 'Employee', '01/02/1980', 'F', '03/01/2010', '65000', 'ES', '02139'],
  ['1', 'Bo', 'Lee', 'Spouse', '03/04/1981', 'M', '', '', '', '02139'],
  ['2', 'Cy', 'Ray', 'Employee', '05/06/1990', 'M', '06/01/2015', '48000', 'EE', '02139'],
];
const run = (rows: string[][]) => analyzeCensus([{ fileName: 'census.csv', bytes: csv([HEADER, ...rows]) }], { asOf: AS_OF });

describe('the checks a broker makes', () => {
  it('a clean census: no check in the review or the readiness', async () => {
    const result = await run(CLEAN);
    expect(result.report.review!.reasons.join('\n')).not.toMatch(/as-of date|26 or older|under 16|14th birthday|part-time floor|coverage tier that does not match/);
    const ctx = checkContext(result.members, AS_OF);
    for (const m of result.members) expect(memberChecks(m, ctx)).toEqual([]);
  });

  const DEFECTS: { name: string; rows: string[][]; said: RegExp; field: string; row: number }[] = [
    { name: 'a birth date after the as-of date', rows: [['3', 'Dee', 'Fox', 'Employee', '01/01/1985', 'F', '01/01/2010', '50000', 'EC', '02139'], ['3', 'Eli', 'Fox', 'Child', '01/01/2099', 'M', '', '', '', '02139']], said: /^1 member was born after the as-of date \(\d{4}-\d\d-\d\d\): an age below 0/, field: 'dateOfBirth', row: 6 },
    { name: 'a child aged 26 or more', rows: [['3', 'Dee', 'Fox', 'Employee', '01/01/1950', 'F', '01/01/1980', '50000', 'EC', '02139'], ['3', 'Eli', 'Fox', 'Child', '01/01/1970', 'M', '', '', '', '02139']], said: /^1 child is 26 or older/, field: 'dateOfBirth', row: 6 },
    { name: 'an employee under 16', rows: [['3', 'Dee', 'Fox', 'Employee', '01/01/2015', 'F', '', '50000', 'EE', '02139']], said: /^1 employee is under 16 or over 100/, field: 'dateOfBirth', row: 5 },
    { name: 'a hire date before the 14th birthday', rows: [['3', 'Dee', 'Fox', 'Employee', '01/01/1990', 'F', '01/01/1995', '50000', 'EE', '02139']], said: /^1 member was hired before their 14th birthday/, field: 'hireDate', row: 5 },
    { name: 'a hire date in the future', rows: [['3', 'Dee', 'Fox', 'Employee', '01/01/1990', 'F', '01/01/2099', '50000', 'EE', '02139']], said: /^1 member has a hire date after the as-of date/, field: 'hireDate', row: 5 },
    { name: 'a salary over 5 million', rows: [['3', 'Dee', 'Fox', 'Employee', '01/01/1990', 'F', '01/01/2015', '9000000', 'EE', '02139']], said: /^1 employee has a salary under the part-time floor .* or over \$5,000,000/, field: 'annualSalary', row: 5 },
    { name: 'a salary under the part-time floor', rows: [['3', 'Dee', 'Fox', 'Employee', '01/01/1990', 'F', '01/01/2015', '900', 'EE', '02139']], said: /^1 employee has a salary under the part-time floor/, field: 'annualSalary', row: 5 },
    { name: 'an EE tier with a spouse listed', rows: [['3', 'Dee', 'Fox', 'Employee', '01/01/1990', 'F', '01/01/2015', '50000', 'EE', '02139'], ['3', 'Eli', 'Fox', 'Spouse', '01/01/1991', 'M', '', '', '', '02139']], said: /^1 household has a coverage tier that does not match the dependents listed/, field: 'coverageTier', row: 5 },
  ];

  it.each(DEFECTS)('$name: in the review with its rows, advised for every target, on its cell', async ({ rows, said, field, row }) => {
    const result = await run([...CLEAN, ...rows]);
    const reason = result.report.review!.reasons.find((r) => said.test(r));
    expect(reason, result.report.review!.reasons.join('\n')).toBeDefined();
    expect(reason).toContain(`(census.csv Sheet1 row ${row})`);
    expect(result.report.review!.needed).toBe(true);
    for (const t of TARGETS) {
      const problem = readinessOf(t, result).problems.find((p) => said.test(p.message));
      // A target that holds the member advises the check and never blocks on it.
      if (problem) expect(problem).toMatchObject({ blocking: false, askEmployer: true, count: 1 });
    }
    expect(readinessOf(TARGETS.find((t) => t.id === 'clean')!, result).problems.some((p) => said.test(p.message))).toBe(true);
    const ctx = checkContext(result.members, AS_OF);
    const marked = result.members.filter((m) => memberChecks(m, ctx).length > 0);
    expect(marked.map((m) => m.row)).toEqual([row]);
    expect(memberChecks(marked[0], ctx).map((c) => c.field)).toContain(field);
    for (const c of memberChecks(marked[0], ctx)) expect(c.reason.length).toBeGreaterThan(10);
  });

  it('a member who is not counted is not checked (a terminated employee hired in the future changes no figure)', async () => {
    const header = [...HEADER, 'Status'];
    const result = await analyzeCensus([{ fileName: 'census.csv', bytes: csv([header, ...CLEAN.map((r) => [...r, 'Active']), ['3', 'Dee', 'Fox', 'Employee', '01/01/1990', 'F', '01/01/2099', '50000', 'EE', '02139', 'Terminated']]) }], { asOf: AS_OF });
    expect(result.report.review!.reasons.join('\n')).not.toMatch(/hire date after the as-of date/);
  });

  it('an estimated birth date (the median age of the group) is not checked against the hire date', async () => {
    const result = await run([...CLEAN, ['3', 'Dee', 'Fox', 'Employee', '', 'F', '01/01/1992', '50000', 'EE', '02139']]);
    const dee = result.members.find((m) => m.firstName === 'Dee')!;
    expect(dee.imputed.dateOfBirth).toBe(true);
    expect(result.report.review!.reasons.join('\n')).not.toMatch(/14th birthday/);
  });

  it('every check names a field of the member table and says its count', () => {
    for (const c of CHECKS) {
      expect(c.said(1, AS_OF)).toMatch(/^1 /);
      expect(c.said(3, AS_OF)).toMatch(/^3 /);
    }
  });
});

describe('what the checks found wrong before', () => {
  it('two children named alike, aged 0 and 19 (no birth dates), are two people', async () => {
    const rows = [
      ['Employee ID', 'First Name', 'Last Name', 'Relationship', 'Age'],
      ['7', 'Sam', 'Kay', 'Employee', '45'],
      ['7', 'Alex', 'Kay', 'Child', '0'],
      ['7', 'Alex', 'Kay', 'Child', '19'],
    ];
    const result = await analyzeCensus([{ fileName: 'ages.csv', bytes: csv(rows) }], { asOf: AS_OF });
    expect(result.report.totalLives).toBe(3);
    // The same row twice (same age) is still one person.
    const twice = await analyzeCensus([{ fileName: 'ages.csv', bytes: csv([...rows, ['7', 'Alex', 'Kay', 'Child', '19']]) }], { asOf: AS_OF });
    expect(twice.report.totalLives).toBe(3);
  });

  it('a child born after the as-of date has a blank Age in the exports, never -1', async () => {
    const result = await run([...CLEAN, ['3', 'Dee', 'Fox', 'Employee', '01/01/1985', 'F', '01/01/2010', '50000', 'EC', '02139'], ['3', 'Eli', 'Fox', 'Child', '01/01/2099', 'M', '', '', '', '02139']]);
    const wb = XLSX.read(exportCensus(result, 'xlsx'), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
    const eli = rows.find((r) => Object.values(r).includes('Eli'))!;
    expect(eli).toBeDefined();
    expect(eli.Age ?? null).toBeNull();
  });
});
