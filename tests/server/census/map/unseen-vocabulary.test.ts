/**
 * Unseen vocabulary: census files generated here with header and value spellings that appear in no
 * fixture ('Sex' with 'Man'/'Woman', 'Relation to Insured' with 'Subscriber'/'Wife'/'Son', 'Birth Dt'
 * as YYYYMMDD, 'Annual Comp' with '$55,000', a column of M/F headed 'Code', hourly pay with scheduled
 * hours, state names, ZIP codes as numbers and ZIP+4 ...). The expected figures come from the
 * generating data through a small reference computation, not from the engine.
 */
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../../server/census/engine';
import { wholeYears } from '../../../../server/census/values/dates';
import { STATE_NAMES } from '../../../../server/census/values/states';
import type { Cell } from '../../../../server/census/types';
import { AS_OF, csv, xlsx } from '../engine-helpers';

type Status = 'active' | 'cobra' | 'leave' | 'retired' | 'terminated';
interface Person {
  id: string;
  first: string;
  last: string;
  rel: 'employee' | 'spouse' | 'child';
  gender: 'male' | 'female';
  dob: string;
  zip: string;
  state: string;
  hire: string | null;
  salary: number | null;
  rate: number | null;
  hours: number | null;
  status: Status;
}

/** Deterministic pseudo-random numbers (a fixed LCG), so the generated census is the same every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const MALE = ['James', 'Robert', 'Michael', 'David', 'William', 'Thomas', 'Daniel', 'Matthew', 'Anthony', 'Joshua'];
const FEMALE = ['Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Karen', 'Nancy'];
const LAST = ['Okafor', 'Nguyen', 'Kowalski', 'Haddad', 'Fitzgerald', 'Yamamoto', 'Castellano', 'Brennan'];
const PLACES: [string, string][] = [['02134', 'MA'], ['06103', 'CT'], ['10001', 'NY'], ['60601', 'IL'], ['77002', 'TX'], ['94105', 'CA'], ['98101', 'WA'], ['04101', 'ME']];
const STATUSES: Status[] = ['active', 'active', 'active', 'active', 'active', 'active', 'cobra', 'leave', 'retired', 'terminated'];

function iso(y: number, m: number, d: number) {
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function generate(seed: number, count: number, hourly: boolean): Person[] {
  const r = rng(seed);
  const pick = <T,>(a: T[]) => a[Math.floor(r() * a.length)];
  const people: Person[] = [];
  for (let i = 0; i < count; i++) {
    const gender = r() < 0.5 ? 'male' : 'female';
    const last = pick(LAST);
    const [zip, state] = pick(PLACES);
    const by = 1960 + Math.floor(r() * 42);
    const hy = Math.max(by + 18, 1990 + Math.floor(r() * 35));
    const status = pick(STATUSES);
    const id = `W${7000 + i * 3}`;
    const isHourly = hourly && r() < 0.5;
    people.push({
      id, first: pick(gender === 'male' ? MALE : FEMALE), last, rel: 'employee', gender,
      dob: iso(by, 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28)), zip, state,
      hire: iso(Math.min(hy, 2025), 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28)),
      salary: isHourly ? null : 20_000 + Math.round(r() * 230) * 1000,
      rate: isHourly ? Math.round((15 + r() * 40) * 100) / 100 : null,
      hours: isHourly ? pick([20, 30, 32, 37.5, 40]) : null,
      status,
    });
    if (r() < 0.5) {
      const g = gender === 'male' ? 'female' : 'male';
      people.push({ id, first: pick(g === 'male' ? MALE : FEMALE), last, rel: 'spouse', gender: g, dob: iso(by + Math.floor(r() * 6) - 3, 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28)), zip, state, hire: null, salary: null, rate: null, hours: null, status });
    }
    const kids = Math.floor(r() * 3);
    for (let k = 0; k < kids; k++) {
      const g = r() < 0.5 ? 'male' : 'female';
      people.push({ id, first: pick(g === 'male' ? MALE : FEMALE), last, rel: 'child', gender: g, dob: iso(2000 + Math.floor(r() * 25), 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28)), zip, state, hire: null, salary: null, rate: null, hours: null, status });
    }
  }
  return people;
}

/** The figures CENSUS.md defines, computed plainly from the generating data. */
function reference(people: Person[]) {
  const lives = people.filter((p) => p.status === 'active' || p.status === 'cobra' || p.status === 'leave');
  const band = (edges: [string, number][], v: number) => edges.filter(([, e]) => v >= e).pop()![0];
  const AGE: [string, number][] = [['0-17', 0], ['18-24', 18], ['25-29', 25], ['30-34', 30], ['35-39', 35], ['40-44', 40], ['45-49', 45], ['50-54', 50], ['55-59', 55], ['60-64', 60], ['65+', 65]];
  const SAL: [string, number][] = [['<25', 0], ['25-49', 25e3], ['50-74', 50e3], ['75-99', 75e3], ['100-149', 100e3], ['150-199', 150e3], ['200+', 200e3]];
  const TEN: [string, number][] = [['<1', 0], ['1-2', 1], ['3-4', 3], ['5-9', 5], ['10-14', 10], ['15-19', 15], ['20+', 20]];
  const count = (labels: string[], values: string[]) => Object.fromEntries(labels.map((l) => [l, values.filter((v) => v === l).length]));
  const employees = lives.filter((p) => p.rel === 'employee');
  const annual = (p: Person) => p.salary ?? Math.round(p.rate! * (p.hours ?? 40) * 52);
  const states: Record<string, number> = {};
  for (const p of lives) states[p.state] = (states[p.state] ?? 0) + 1;
  return {
    totalLives: lives.length,
    livesAdditionalInfo: { retired: people.filter((p) => p.status === 'retired').length, excluded: people.filter((p) => p.status === 'terminated').length },
    male: lives.filter((p) => p.gender === 'male').length,
    female: lives.filter((p) => p.gender === 'female').length,
    ageBand: count(AGE.map(([l]) => l), lives.map((p) => band(AGE, wholeYears(p.dob, AS_OF)))),
    salaryBand: count(SAL.map(([l]) => l), employees.map((p) => band(SAL, annual(p)))),
    tenure: count(TEN.map(([l]) => l), employees.map((p) => band(TEN, Math.max(0, wholeYears(p.hire!, AS_OF))))),
    demographics: Object.fromEntries(Object.keys(states).sort().map((k) => [k, states[k]])),
  };
}

const STATUS_WORDS: Record<Status, string[]> = {
  active: ['Full-Time', 'Actively at Work', 'Part Time'],
  cobra: ['COBRA Participant'],
  leave: ['Leave of Absence'],
  retired: ['Retiree'],
  terminated: ['Termed'],
};
const TIER_WORDS = ['Employee + Spouse', 'Family', 'EE Only', 'Employee + Child(ren)'];

function relWord(p: Person): string {
  if (p.rel === 'employee') return 'Subscriber';
  if (p.rel === 'spouse') return p.gender === 'male' ? 'Husband' : 'Wife';
  return p.gender === 'male' ? 'Son' : 'Daughter';
}

describe('unseen vocabulary', () => {
  it('CSV: carrier-style headers and spellings', async () => {
    const people = generate(7, 60, false);
    const header = ['Subscriber No.', 'Given Name', 'Surname', 'Relation to Insured', 'Birth Dt', 'Sex', 'Postal Code', 'Resident State', 'Date Employed', 'Annual Comp', 'Emp Status', 'Coverage Level', 'Badge Color'];
    const rows: (string | number | null)[][] = [header];
    people.forEach((p, i) => {
      rows.push([
        p.id, p.first, p.last, relWord(p), p.dob.replace(/-/g, ''), p.gender === 'male' ? 'Man' : 'Woman',
        // ZIP codes that lost their leading zeros, and some ZIP+4
        i % 5 === 0 ? `${p.zip}-${String(1000 + i).slice(-4)}` : String(Number(p.zip)),
        STATE_NAMES[p.state],
        p.hire ? `${Number(p.hire.slice(5, 7))}/${Number(p.hire.slice(8))}/${p.hire.slice(2, 4)}` : null,
        p.salary !== null ? `$${p.salary.toLocaleString('en-US')}` : null,
        p.rel === 'employee' ? STATUS_WORDS[p.status][i % STATUS_WORDS[p.status].length] : null,
        p.rel === 'employee' ? TIER_WORDS[i % TIER_WORDS.length] : null,
        i % 2 ? 'blue' : 'green',
      ]);
    });
    const { report } = await analyzeCensus([{ fileName: 'carrier.csv', bytes: csv(rows) }], { asOf: AS_OF });
    const fields = Object.fromEntries(report.columns.map((c) => [c.header, c.field]));
    expect(fields).toEqual({
      'Subscriber No.': 'employeeId', 'Given Name': 'firstName', Surname: 'lastName', 'Relation to Insured': 'relationship',
      'Birth Dt': 'dateOfBirth', Sex: 'gender', 'Postal Code': 'zip', 'Resident State': 'state', 'Date Employed': 'hireDate',
      'Annual Comp': 'annualSalary', 'Emp Status': 'status', 'Coverage Level': 'coverageTier', 'Badge Color': null,
    });
    for (const c of report.columns) if (c.field) expect(c.confidence, c.header).toBeGreaterThanOrEqual(0.6);

    const ref = reference(people);
    expect(ref.totalLives).toBeGreaterThan(40);
    expect(report.totalLives).toBe(ref.totalLives);
    expect(report.livesAdditionalInfo).toEqual(ref.livesAdditionalInfo);
    expect(report.genderRatio.male.value).toBe(ref.male);
    expect(report.genderRatio.female.value).toBe(ref.female);
    expect(report.ageBand).toEqual(ref.ageBand);
    expect(report.salaryBand).toEqual(ref.salaryBand);
    expect(report.tenure).toEqual(ref.tenure);
    expect(report.demographics).toEqual(ref.demographics);
    expect(report.imputed).toEqual({ gender: 0, dateOfBirth: 0, annualSalary: 0 });
  });

  it('XLSX: payroll-style headers, an M/F column headed "Code", hourly pay, titles and a footer', async () => {
    const people = generate(11, 50, true);
    const header = ['Associate ID', 'Legal First Name', 'Legal Last Name', 'Dependent Relationship', 'Code', 'Birthdate', 'Home Zip+4', 'Hire Dt', 'Hourly Pay Rate', 'Sched. Hrs/Wk', 'Base Annual Salary', 'Status Code', 'Cost Center'];
    const rows: Cell[][] = [['ACME HOLDINGS LLC'], ['Benefits census as of 12/31/2025'], [], header];
    const code: Record<Status, string> = { active: 'A', cobra: 'C', leave: 'L', retired: 'R', terminated: 'T' };
    const short: Record<Person['rel'], string> = { employee: 'EMP', spouse: 'SPS', child: 'DEP' };
    const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    for (const p of people) {
      rows.push([
        p.id, p.first, p.last, short[p.rel], p.gender === 'male' ? 'M' : 'F', new Date(`${p.dob}T00:00:00Z`), `${p.zip}-0042`,
        p.hire ? `${p.hire.slice(8)}-${mon[Number(p.hire.slice(5, 7)) - 1]}-${p.hire.slice(0, 4)}` : null,
        p.rate, p.hours, p.salary, p.rel === 'employee' ? code[p.status] : null, 'CC-100',
      ]);
    }
    rows.push([], ['Grand Total', null, null, null, null, null, null, null, null, null, 1234567], ['Source: payroll export']);
    const { report } = await analyzeCensus([{ fileName: 'payroll.xlsx', bytes: xlsx({ 'Census 2026': rows, Instructions: [['Fill in one row per person.']] }) }], { asOf: AS_OF });
    const fields = Object.fromEntries(report.columns.map((c) => [c.header, c.field]));
    expect(fields).toEqual({
      'Associate ID': 'employeeId', 'Legal First Name': 'firstName', 'Legal Last Name': 'lastName', 'Dependent Relationship': 'relationship',
      Code: 'gender', Birthdate: 'dateOfBirth', 'Home Zip+4': 'zip', 'Hire Dt': 'hireDate', 'Hourly Pay Rate': 'hourlyRate',
      'Sched. Hrs/Wk': 'hoursPerWeek', 'Base Annual Salary': 'annualSalary', 'Status Code': 'status', 'Cost Center': null,
    });
    expect(report.columns.find((c) => c.header === 'Code')!.confidence).toBeGreaterThanOrEqual(0.6);
    expect(report.issues.some((i) => i.sheet === 'Instructions' && /no census table/.test(i.message))).toBe(true);

    const ref = reference(people);
    expect(ref.totalLives).toBeGreaterThan(40);
    expect(report.totalLives).toBe(ref.totalLives);
    expect(report.livesAdditionalInfo).toEqual(ref.livesAdditionalInfo);
    expect(report.genderRatio.male.value).toBe(ref.male);
    expect(report.ageBand).toEqual(ref.ageBand);
    expect(report.salaryBand).toEqual(ref.salaryBand);
    expect(report.tenure).toEqual(ref.tenure);
    // No state column: the state comes from the ZIP code.
    expect(report.demographics).toEqual(ref.demographics);
  });

  it('split layout: a dependents sheet names its own columns "Dependent ..."', async () => {
    const d = (s: string) => new Date(`${s}T00:00:00Z`);
    const bytes = xlsx({
      Staff: [
        ['Employee Number', 'Emp First Name', 'Emp Last Name', 'Birth Date', 'Gender Code', 'Res State', 'Emp Status'],
        [42, 'Nancy', 'Haddad', d('1970-05-06'), 'F', 'Ohio', 'Active'],
        [43, 'Paul', 'Brennan', d('1961-07-08'), 'M', 'OH', 'Retiree'],
      ],
      Dependents: [
        ['Employee Number', 'Dependent First Name', 'Dependent Last Name', 'Dependent DOB', 'Dependent Gender'],
        ['00042', 'Omar', 'Haddad', d('1968-01-02'), 'M'],
        ['00042', 'Lina', 'Haddad', d('2010-03-04'), 'F'],
        ['00043', 'Ruth', 'Brennan', d('1963-09-10'), 'F'],
      ],
    });
    const { report, members } = await analyzeCensus([{ fileName: 'split.xlsx', bytes }], { asOf: AS_OF });
    expect(report.columns.filter((c) => c.sheet === 'Dependents').map((c) => c.field)).toEqual(['employeeId', 'firstName', 'lastName', 'dateOfBirth', 'gender']);
    // Dependents link by id (00042 = 42), take their employee's status and state.
    expect(members.map((m) => [m.firstName, m.relationship, m.status, m.state])).toEqual([
      ['Nancy', 'employee', 'active', 'OH'],
      ['Paul', 'employee', 'retired', 'OH'],
      ['Omar', 'other', 'active', 'OH'],
      ['Lina', 'other', 'active', 'OH'],
      ['Ruth', 'other', 'retired', 'OH'],
    ]);
    expect(report.totalLives).toBe(3);
    expect(report.livesAdditionalInfo.retired).toBe(2);
  });

  it('digit codes: X12 834 relationships (18, 01, 19) and ISO 5218 sexes (1, 2)', async () => {
    const rows = [
      ['Member ID', 'First Name', 'Last Name', 'DOB', 'Sex', 'Relationship Code'],
      ['A100', 'Ann', 'Lee', '01/02/1980', '2', '18'],
      ['A100', 'Bob', 'Lee', '01/02/1979', '1', '01'],
      ['A100', 'Kim', 'Lee', '01/02/2015', '0', '19'],
      ['A101', 'Cy', 'Fox', '01/02/1975', '1', '18'],
    ];
    const { report, members } = await analyzeCensus([{ fileName: 'x12.csv', bytes: csv(rows) }], { asOf: AS_OF });
    expect(report.columns.map((c) => c.field)).toEqual(['employeeId', 'firstName', 'lastName', 'dateOfBirth', 'gender', 'relationship']);
    expect(members.map((m) => [m.relationship, m.gender])).toEqual([
      ['employee', 'female'],
      ['spouse', 'male'],
      ['child', 'unknown'],
      ['employee', 'male'],
    ]);
  });

  it('wide layout with other spellings: "Spouse Birth Date", "Dependent 1 DOB"', async () => {
    const rows = [
      ['Employee #', 'Employee Name', 'Date of Birth', 'Gender', 'State', 'Spouse Birth Date', 'Dependent 1 DOB', 'Dependent 2 DOB'],
      ['101', 'Okafor, Mary', '03/04/1980', 'F', 'TX', '05/06/1979', '07/08/2010', ''],
      ['102', 'James Nguyen', '1975-01-02', 'M', 'CA', '', '2012-02-03', '2015-04-05'],
    ];
    const { report, members } = await analyzeCensus([{ fileName: 'wide.csv', bytes: csv(rows) }], { asOf: AS_OF });
    expect(report.columns.map((c) => c.field)).toEqual(['employeeId', 'fullName', 'dateOfBirth', 'gender', 'state', 'spouseDateOfBirth', 'childDateOfBirth', 'childDateOfBirth']);
    expect(report.totalLives).toBe(6);
    expect(report.genderRatio.unknown.value).toBe(4);
    expect(members.filter((m) => m.relationship === 'child').map((m) => m.state)).toEqual(['TX', 'CA', 'CA']);
    expect(members[0]).toMatchObject({ firstName: 'Mary', lastName: 'Okafor' });
  });
});
