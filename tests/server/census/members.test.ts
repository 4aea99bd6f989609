/**
 * Merge, dedupe, inherit, impute and analyse alone, on plain members and rows; property tests for the
 * member rule and the dedupe rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyse, bucketOf } from '../../../server/census/analyse';
import { dedupe } from '../../../server/census/dedupe';
import { impute } from '../../../server/census/impute';
import { ageAt, isMemberRow } from '../../../server/census/members';
import { inheritFromEmployees, mergeTables } from '../../../server/census/merge';
import { sexOfFirstName } from '../../../server/census/names';
import { readNameTable } from '../../../server/census/names-table';
import { AGE_BANDS, SALARY_BANDS, TENURE_BANDS } from '../../../server/census/rules';
import type { Member } from '../../../server/census/types';
import { AS_OF, member, row } from './engine-helpers';

const ALL = { age: true, salary: true, tenure: true, state: true };

describe('member rule', () => {
  it('a name, or an identity (id, SSN, relationship) with something personal (birth date, age, hire date, salary)', () => {
    expect(isMemberRow(row({ firstName: 'Ann', lastName: 'Lee' }))).toBe(true);
    expect(isMemberRow(row({ dateOfBirth: '1980-01-01', employeeId: 'E1' }))).toBe(true);
    expect(isMemberRow(row({ age: 40, relationship: 'spouse' }))).toBe(true);
    expect(isMemberRow(row({ dateOfBirth: '1980-01-01', zip: '02134' }))).toBe(false);
    // Issue 12: a retirement census keyed by an id or an SSN, with pay or a hire date, is members.
    expect(isMemberRow(row({ employeeId: 'E1', annualSalary: 50000 }))).toBe(true);
    expect(isMemberRow(row({ ssnLast4: '6701', hireDate: '2010-01-01' }))).toBe(true);
    expect(isMemberRow(row({ employeeId: 'E1', zip: '02134' }))).toBe(false);
    expect(isMemberRow(row({ firstName: 'Total', annualSalary: 500000 }))).toBe(false);
  });
  it('in a table with no name, id or SSN column read: a birth date (an age is not enough)', () => {
    const unnamed = { inUnnamedTable: true };
    expect(isMemberRow(row({ dateOfBirth: '1980-01-01', gender: 'female' }, unnamed))).toBe(true);
    expect(isMemberRow(row({ dateOfBirth: '1980-01-01', zip: '02134' }, unnamed))).toBe(true);
    expect(isMemberRow(row({ age: 40, gender: 'female' }, unnamed))).toBe(false);
    expect(isMemberRow(row({ dateOfBirth: '1980-01-01' }, unnamed))).toBe(false);
    // A table with a name column: a row with no name there is not counted by its dates.
    expect(isMemberRow(row({ dateOfBirth: '1980-01-01', gender: 'female' }))).toBe(false);
  });
  it('property: a row with one filled cell is never a member', () => {
    fc.assert(
      fc.property(fc.constantFrom('firstName', 'lastName', 'employeeId', 'dateOfBirth', 'age'), fc.string({ minLength: 1 }), (field, text) => {
        const r = row({ [field]: field === 'age' ? 30 : text });
        expect(r.filled).toBe(1);
        expect(isMemberRow(r)).toBe(false);
      }),
    );
  });
  it('property: any row with a name and another filled cell is a member (unless it is a total)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z][a-z]{1,10}$/), fc.stringMatching(/^[A-Z][a-z]{1,10}$/), (first, last) => {
        fc.pre(!/^(total|count|average)/i.test(first) && !/^(total|count|average)/i.test(last));
        expect(isMemberRow(row({ firstName: first, lastName: last }))).toBe(true);
      }),
    );
  });
});

describe('merge', () => {
  it('links a dependent without an id to the nearest employee above, and gives it the id', () => {
    const { members, issues } = mergeTables([
      {
        file: 'f.csv', sheet: 'Sheet1', hasRelationshipColumn: true,
        rows: [
          row({ employeeId: 'E1', firstName: 'Ann', relationship: 'employee' }, { row: 2 }),
          row({ firstName: 'Kid', relationship: 'child', dateOfBirth: '2015-01-01' }, { row: 3 }),
          row({ employeeId: 'E2', firstName: 'Bob', relationship: 'employee' }, { row: 4 }),
          row({ firstName: 'Sue', relationship: 'spouse' }, { row: 5 }),
        ],
      },
    ]);
    expect(issues).toEqual([]);
    expect(members.map((m) => [m.firstName, m.employeeId, m.employeeUid])).toEqual([
      ['Ann', 'E1', null],
      ['Kid', 'E1', members[0].uid],
      ['Bob', 'E2', null],
      ['Sue', 'E2', members[2].uid],
    ]);
  });

  it('links split sheets by employee id, in any order', () => {
    const { members } = mergeTables([
      { file: 'f.xlsx', sheet: 'Dependents', hasRelationshipColumn: true, rows: [row({ employeeId: '007', firstName: 'Kid', relationship: 'child' })] },
      { file: 'f.xlsx', sheet: 'Employees', hasRelationshipColumn: false, rows: [row({ employeeId: '7', firstName: 'Ann', lastName: 'Lee' })] },
    ]);
    expect(members[1].relationship).toBe('employee');
    expect(members[0].employeeUid).toBe(members[1].uid);
  });

  it('wide layout: spouse and child birth-date columns become dependents with unknown gender', () => {
    const { members } = mergeTables([
      {
        file: 'w.xls', sheet: 'Census', hasRelationshipColumn: false,
        rows: [
          row(
            { employeeId: 'E1', firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1980-01-01' },
            {
              spouseDates: [{ header: 'Spouse DOB', date: '1981-02-02' }],
              childDates: [{ header: 'Child 1 DOB', date: '2012-03-03' }, { header: 'Child 2 DOB', date: '2012-03-03' }],
            },
          ),
        ],
      },
    ]);
    expect(members.map((m) => [m.relationship, m.dateOfBirth, m.gender, m.employeeId])).toEqual([
      ['employee', '1980-01-01', null, 'E1'],
      ['spouse', '1981-02-02', 'unknown', 'E1'],
      ['child', '2012-03-03', 'unknown', 'E1'],
      ['child', '2012-03-03', 'unknown', 'E1'],
    ]);
    // Twins in two columns of one row stay two people.
    expect(dedupe(members).members).toHaveLength(4);
  });

  it('a dependent takes its employee status, ZIP and state when it has none', () => {
    const e = member({ employeeId: 'E1', status: 'cobra', zip: '02134', state: 'MA' });
    const d = member({ employeeId: 'E1', relationship: 'child', employeeUid: e.uid, state: 'NH' });
    const { members } = inheritFromEmployees([e, d]);
    expect(members[1]).toMatchObject({ status: 'cobra', zip: '02134', state: 'NH' });
    expect(d.status).toBeNull(); // pure: the input is untouched
  });
});

describe('dedupe', () => {
  it('same id, relationship, first name and birth date; case and spaces folded; most complete kept', () => {
    const a = member({ employeeId: 'E1', firstName: 'Gary', lastName: 'Johnson', dateOfBirth: '1970-01-30', file: 'a.csv' });
    const b = member({ employeeId: 'e1', firstName: ' GARY ', lastName: 'johnson', dateOfBirth: '1970-01-30', zip: '07030', file: 'b.csv' });
    const { members, changes } = dedupe([a, b]);
    expect(members).toHaveLength(1);
    expect(members[0].zip).toBe('07030');
    expect(members[0].files).toEqual(['a.csv', 'b.csv']);
    expect(changes[0].why).toMatch(/duplicate/);
  });
  it('without an id: first name, last name and birth date', () => {
    const a = member({ firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1980-01-01' });
    const b = member({ firstName: 'ann', lastName: 'LEE', dateOfBirth: '1980-01-01' });
    const c = member({ firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1980-01-02' });
    expect(dedupe([a, b, c]).members).toHaveLength(2);
  });
  it('two employees with one name and birth date but different ids stay two', () => {
    const a = member({ employeeId: 'E1', firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1980-01-01' });
    const b = member({ employeeId: 'E2', firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1980-01-01' });
    expect(dedupe([a, b]).members).toHaveLength(2);
  });
  it('re-links dependents of a removed duplicate employee', () => {
    const e1 = member({ employeeId: 'E1', firstName: 'Ann', dateOfBirth: '1980-01-01' });
    const e2 = member({ employeeId: 'E1', firstName: 'Ann', dateOfBirth: '1980-01-01', zip: '02134', state: 'MA' });
    const kid = member({ employeeId: 'E1', firstName: 'Kid', relationship: 'child', employeeUid: e1.uid });
    const { members } = dedupe([e1, e2, kid]);
    expect(members).toHaveLength(2);
    expect(members[1].employeeUid).toBe(e2.uid);
  });

  const personArb = fc.record({
    employeeId: fc.option(fc.stringMatching(/^E\d{1,4}$/), { nil: null }),
    firstName: fc.stringMatching(/^[A-Z][a-z]{2,8}$/),
    lastName: fc.stringMatching(/^[A-Z][a-z]{2,8}$/),
    relationship: fc.constantFrom('employee', 'spouse', 'child') as fc.Arbitrary<Member['relationship']>,
    dateOfBirth: fc.option(fc.integer({ min: 0, max: 20000 }).map((d) => new Date(d * 86_400_000 + Date.UTC(1950, 0, 1)).toISOString().slice(0, 10)), { nil: null }),
  });
  const noisy = (s: string, k: number) => (k % 3 === 0 ? ` ${s.toUpperCase()} ` : k % 3 === 1 ? s.toLowerCase() : s);

  it('property: noisy copies of distinct people dedupe back to those people, whatever the order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(personArb, { minLength: 1, maxLength: 25, selector: (p) => `${p.employeeId}|${p.firstName.toLowerCase()}|${p.lastName.toLowerCase()}|${p.dateOfBirth}|${p.relationship}` }), fc.array(fc.nat(), { maxLength: 40 }), fc.nat(), (people, copies, seed) => {
        const originals = people.map((p) => member({ ...p }));
        const expected = dedupe(originals).members.length;
        const dupes = copies.map((k, i) => {
          const p = people[k % people.length];
          return member({ ...p, employeeId: p.employeeId ? noisy(p.employeeId, i) : null, firstName: noisy(p.firstName, i + 1), lastName: noisy(p.lastName, i) });
        });
        const all = [...originals, ...dupes];
        // a deterministic shuffle
        for (let i = all.length - 1; i > 0; i--) {
          const j = (seed + i * 7919) % (i + 1);
          [all[i], all[j]] = [all[j], all[i]];
        }
        const out = dedupe(all).members;
        expect(out.length).toBe(expected);
        // idempotent
        expect(dedupe(out).members.length).toBe(out.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('impute', () => {
  it('reads every name of the table as its sex, by binary search and then by Sets alike', () => {
    // The lists must stay sorted (the first lookups are binary searches); past 5,000 lookups Sets take over.
    const raw = readNameTable();
    for (const sex of ['male', 'female'] as const) {
      const names = raw[sex].split(' ');
      expect(names.every((n, i) => i === 0 || names[i - 1] < n)).toBe(true);
      for (const n of names) expect(sexOfFirstName(n)).toBe(sex);
    }
    expect(sexOfFirstName('Zzyzx')).toBeNull();
  });

  it('gender from the first name only when the table is sure; no first name, no guess', () => {
    expect(sexOfFirstName('Mary')).toBe('female');
    expect(sexOfFirstName('JOHN')).toBe('male');
    expect(sexOfFirstName('José')).toBe('male');
    expect(sexOfFirstName('Mary-Ann')).toBe('female');
    expect(sexOfFirstName('Jordan')).toBeNull();
    const { members, counts } = impute(
      [member({ firstName: 'Mary' }), member({ firstName: 'Jordan' }), member({}), member({ firstName: 'John', gender: 'unknown' })],
      { asOf: AS_OF, filesWithSalary: new Set() },
    );
    expect(members.map((m) => m.gender)).toEqual(['female', null, null, 'unknown']);
    expect(counts.gender).toBe(1);
    expect(members[0].imputed.gender).toBe(true);
  });

  it('birth date from the age, else the median age of the relationship', () => {
    const { members, counts } = impute(
      [
        member({ dateOfBirth: '1980-06-01' }), // 45
        member({ dateOfBirth: '1970-06-01' }), // 55
        member({ dateOfBirth: '1990-06-01' }), // 35
        member({ age: 30 }),
        member({}),
        member({ relationship: 'child' }),
      ],
      { asOf: AS_OF, filesWithSalary: new Set() },
    );
    expect(members.map((m) => ageAt(m, AS_OF))).toEqual([45, 55, 35, 30, 40, null]);
    expect(members[3].dateOfBirth).toBe('1995-07-01');
    expect(counts.dateOfBirth).toBe(2);
  });

  it('salary only with a salary column and half the employees paid: job title median, else all', () => {
    const emp = (title: string | null, salary: number | null) => member({ jobTitle: title, annualSalary: salary, file: 's.csv' });
    const input = [emp('Nurse', 50000), emp('Nurse', 70000), emp('Clerk', 30000), emp('nurse', null), emp('Pilot', null)];
    const { members, counts } = impute(input, { asOf: AS_OF, filesWithSalary: new Set(['s.csv']) });
    expect(members.map((m) => m.annualSalary)).toEqual([50000, 70000, 30000, 60000, 50000]);
    expect(counts.annualSalary).toBe(2);
    const none = impute(input, { asOf: AS_OF, filesWithSalary: new Set() });
    expect(none.counts.annualSalary).toBe(0);
    const few = impute([emp('A', 50000), emp('A', null), emp('A', null)], { asOf: AS_OF, filesWithSalary: new Set(['s.csv']) });
    expect(few.counts.annualSalary).toBe(0);
  });
});

describe('analyse', () => {
  it('buckets at their edges', () => {
    expect(bucketOf(AGE_BANDS, 17)).toBe('0-17');
    expect(bucketOf(AGE_BANDS, 18)).toBe('18-24');
    expect(bucketOf(AGE_BANDS, 64)).toBe('60-64');
    expect(bucketOf(AGE_BANDS, 65)).toBe('65+');
    expect(bucketOf(SALARY_BANDS, 24_999)).toBe('<25');
    expect(bucketOf(SALARY_BANDS, 25_000)).toBe('25-49');
    expect(bucketOf(SALARY_BANDS, 49_999)).toBe('25-49');
    expect(bucketOf(SALARY_BANDS, 200_000)).toBe('200+');
    expect(bucketOf(TENURE_BANDS, 0)).toBe('<1');
    expect(bucketOf(TENURE_BANDS, 2)).toBe('1-2');
    expect(bucketOf(TENURE_BANDS, 20)).toBe('20+');
  });

  it('lives, retired, excluded, and distributions over lives only', () => {
    const members = [
      member({ status: null, gender: 'male', age: 40, state: 'TX', annualSalary: 49_999.6, hireDate: '2020-06-01' }),
      member({ status: 'cobra', gender: 'female', age: 30, relationship: 'spouse', state: 'TX', annualSalary: 90_000 }),
      member({ status: 'leave', gender: null, age: 10, relationship: 'child' }),
      member({ status: 'retired', gender: 'male', age: 70 }),
      member({ status: 'terminated', gender: 'male' }),
      member({ status: 'waived' }),
      member({ status: 'deceased' }),
    ];
    const f = analyse(members, AS_OF, ALL);
    expect(f.totalLives).toBe(3);
    expect(f.livesAdditionalInfo).toEqual({ retired: 1, excluded: 3 });
    expect(f.genderRatio).toEqual({ male: { value: 1, percentage: 33.3 }, female: { value: 1, percentage: 33.3 }, unknown: { value: 1, percentage: 33.3 } });
    expect(f.ageBand).toMatchObject({ '0-17': 1, '30-34': 1, '40-44': 1, '65+': 0 });
    // employee lives only; 49,999.6 rounds to 50,000
    expect(f.salaryBand).toMatchObject({ '50-74': 1, '75-99': 0 });
    expect(f.tenure).toMatchObject({ '5-9': 1 });
    expect(f.demographics).toEqual({ TX: 2 });
  });

  it('a field the files do not carry is an empty object', () => {
    const f = analyse([member({ age: 40 })], AS_OF, { age: true, salary: false, tenure: false, state: false });
    expect(f.salaryBand).toEqual({});
    expect(f.tenure).toEqual({});
    expect(f.demographics).toEqual({});
    expect(Object.keys(f.ageBand)).toEqual(AGE_BANDS.map(([l]) => l));
  });
});
