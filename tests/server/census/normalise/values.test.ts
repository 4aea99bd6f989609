/**
 * Normalise stage, value by value: dates, numbers, ZIP codes, states, codes, names. Example tests for
 * the spellings CENSUS.md names, property tests (fast-check) for the formats as a whole.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectDayOrder,
  isoFromSerial,
  parseDate,
  parseGender,
  parseNumber,
  parseRelationship,
  parseStatus,
  parseTier,
  parseTobacco,
  parseZip,
  splitFullName,
  stateCode,
  stateFromZip,
  wholeYears,
} from '../../../../server/census/normalise';
import { newNote } from '../../../../server/census/values/note';
import { STATE_NAMES } from '../../../../server/census/values/states';
import { AS_OF } from '../engine-helpers';

const ctx = { asOf: AS_OF };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Days since 1899-12-30, as Excel (1900 system) numbers dates after February 1900. */
const serialOf = (d: Date) => Math.round((d.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000);

const dayArb = fc
  .date({ min: new Date(Date.UTC(1900, 2, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true })
  .map((d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())));

describe('dates', () => {
  it('reads every format CENSUS.md lists', () => {
    const cases: [unknown, string][] = [
      [new Date(Date.UTC(1983, 11, 4)), '1983-12-04'],
      ['12/04/1983', '1983-12-04'],
      ['2/5/1983', '1983-02-05'],
      ['2/5/83', '1983-02-05'],
      ['12-04-1983', '1983-12-04'],
      ['1983-12-04', '1983-12-04'],
      ['19831204', '1983-12-04'],
      [19831204, '1983-12-04'],
      ['04-Dec-1983', '1983-12-04'],
      ['4 December 1983', '1983-12-04'],
      ['Dec 4, 1983', '1983-12-04'],
      ['Sunday, December 4, 1983', '1983-12-04'],
      ['1983-12-04T00:00:00.000Z', '1983-12-04'],
      ['12/4/1983 0:00', '1983-12-04'],
      [30654, '1983-12-04'],
      ['30654', '1983-12-04'],
      ['30654.0', '1983-12-04'],
    ];
    for (const [cell, iso] of cases) expect(parseDate(cell as never, ctx), String(cell)).toBe(iso);
  });

  it('reads month names of the language packs written with their accents', () => {
    const cases: [string, string][] = [
      ['12 février 1980', '1980-02-12'],
      ['3. März 1975', '1975-03-03'],
      ['1 de março de 1980', '1980-03-01'],
      ['10 août 1990', '1990-08-10'],
      ['5 décembre 2001', '2001-12-05'],
    ];
    for (const [cell, iso] of cases) expect(parseDate(cell, ctx), cell).toBe(iso);
  });

  it('puts two-digit years in the past, never after the as-of date', () => {
    expect(parseDate('5/1/25', ctx)).toBe('2025-05-01');
    expect(parseDate('5/1/26', ctx)).toBe('1926-05-01');
    expect(parseDate('1/1/26', ctx)).toBe('2026-01-01');
    expect(parseDate('1/2/26', ctx)).toBe('1926-01-02');
    expect(parseDate('3/14/99', ctx)).toBe('1999-03-14');
    const note = newNote();
    parseDate('3/14/99', ctx, note);
    expect(note.why).toMatch(/two-digit year/);
  });

  it('reads day first when the month cannot be the first part, and by column', () => {
    expect(parseDate('25/12/1980', ctx)).toBe('1980-12-25');
    expect(detectDayOrder(['25/12/1980', '03/04/1990'])).toBe('dmy');
    expect(detectDayOrder(['12/25/1980', '03/04/1990'])).toBe('mdy');
    expect(parseDate('03/04/1990', { ...ctx, order: 'dmy' })).toBe('1990-04-03');
  });

  it('rejects impossible dates and non-dates', () => {
    for (const bad of ['02/30/1990', '13/13/1990', 'hello', '1/2', '1899-12-31', '12/04/983', 'N/A', true]) {
      const note = newNote();
      expect(parseDate(bad as never, ctx, note), String(bad)).toBeNull();
      expect(note.invalid).toBe(true);
    }
    expect(parseDate(null, ctx)).toBeNull();
    expect(parseDate('   ', ctx)).toBeNull();
  });

  it('Excel serials follow the 1900 system (with its fictitious 29 Feb 1900)', () => {
    expect(isoFromSerial(1)).toBe('1900-01-01');
    expect(isoFromSerial(59)).toBe('1900-02-28');
    expect(isoFromSerial(61)).toBe('1900-03-01');
    expect(isoFromSerial(45658)).toBe('2025-01-01');
  });

  it('property: every written form of a date reads back as that date', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const y = d.getUTCFullYear();
        const m = d.getUTCMonth() + 1;
        const day = d.getUTCDate();
        const iso = `${y}-${pad(m)}-${pad(day)}`;
        const forms = [
          d,
          `${pad(m)}/${pad(day)}/${y}`,
          `${m}/${day}/${y}`,
          `${pad(m)}-${pad(day)}-${y}`,
          iso,
          `${y}${pad(m)}${pad(day)}`,
          `${pad(day)}-${MONTHS[m - 1]}-${y}`,
          `${MONTHS[m - 1]} ${day}, ${y}`,
          serialOf(d),
          String(serialOf(d)),
        ];
        for (const f of forms) expect(parseDate(f as never, ctx), String(f)).toBe(iso);
      }),
      { numRuns: 300 },
    );
  });

  it('property: a date cell reads as its nearest UTC day, whatever the time of day', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 2), max: Date.UTC(2100, 11, 30) }), (t) => {
        const nearest = new Date(Math.round(t / 86_400_000) * 86_400_000).toISOString().slice(0, 10);
        expect(parseDate(new Date(t), ctx)).toBe(nearest);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: a two-digit year lands within the hundred years up to the as-of date', () => {
    const asOfMs = Date.UTC(2026, 0, 1);
    fc.assert(
      fc.property(
        fc.date({ min: new Date(Date.UTC(1926, 0, 2)), max: new Date(asOfMs), noInvalidDate: true }),
        (raw) => {
          const d = new Date(Date.UTC(raw.getUTCFullYear(), raw.getUTCMonth(), raw.getUTCDate()));
          const iso = d.toISOString().slice(0, 10);
          const text = `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${pad(d.getUTCFullYear() % 100)}`;
          const got = parseDate(text, ctx);
          expect(got).toBe(iso);
          expect(got! <= AS_OF).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('whole years count birthdays on the day', () => {
    expect(wholeYears('1980-01-01', '2026-01-01')).toBe(46);
    expect(wholeYears('1980-01-02', '2026-01-01')).toBe(45);
    expect(wholeYears('2000-02-29', '2025-02-28')).toBe(24);
  });
});

describe('numbers', () => {
  it('reads payroll spellings', () => {
    const cases: [unknown, number][] = [
      ['$55,000', 55000], ['55000.00', 55000], ['(500)', -500], ['1,234.5-', -1234.5], ['55k', 55000],
      ['$ 62 500', 62500], ['48.000,00', 48000], ['25.50/hr', 25.5], ['40 hrs', 40], ['USD 1,000', 1000],
      ['-12', -12], [55000, 55000], ['6016.67', 6016.67], ['1234,5', 1234.5],
    ];
    for (const [cell, v] of cases) expect(parseNumber(cell as never), String(cell)).toBe(v);
  });
  it('rejects what is not an amount', () => {
    for (const bad of ['abc', '12/04/1983', '5%', '(500', 'E123', true]) {
      const note = newNote();
      expect(parseNumber(bad as never, note), String(bad)).toBeNull();
      expect(note.invalid).toBe(true);
    }
  });
  it('property: formatted amounts read back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const value = whole + cents / 100;
        const grouped = whole.toLocaleString('en-US');
        const euro = whole.toLocaleString('de-DE');
        expect(parseNumber(`$${grouped}.${pad(cents)}`)).toBeCloseTo(value, 6);
        expect(parseNumber(`${whole}.${pad(cents)}`)).toBeCloseTo(value, 6);
        expect(parseNumber(`(${grouped})`)).toBe(-whole);
        expect(parseNumber(String(whole))).toBe(whole);
        if (whole >= 1000) expect(parseNumber(`${euro},${pad(cents)}`)).toBeCloseTo(value, 6);
      }),
      { numRuns: 300 },
    );
  });
});

describe('ZIP codes and states', () => {
  it('restores leading zeros and cuts ZIP+4', () => {
    expect(parseZip(2134)).toBe('02134');
    expect(parseZip('2134')).toBe('02134');
    expect(parseZip('02134')).toBe('02134');
    expect(parseZip('02134-1234')).toBe('02134');
    expect(parseZip('021341234')).toBe('02134');
    expect(parseZip(21341234)).toBe('02134');
    expect(parseZip('2134.0')).toBe('02134');
    for (const bad of ['K1A 0B6', 'abc', 0, 1.5, '1234567890']) expect(parseZip(bad as never), String(bad)).toBeNull();
  });
  it('property: any ZIP, as number or text, with or without +4, reads back as five digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 9999 }), (z, plus4) => {
        const five = pad(z, 5);
        expect(parseZip(z)).toBe(five);
        expect(parseZip(five)).toBe(five);
        expect(parseZip(`${five}-${pad(plus4, 4)}`)).toBe(five);
        // A ZIP+4 stored as a number: six to nine digits (five digits are always a plain ZIP).
        if (z * 10_000 + plus4 >= 100_000) expect(parseZip(z * 10_000 + plus4)).toBe(five);
        const st = stateFromZip(five);
        expect(st === null || st in STATE_NAMES).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
  it('knows states by code, name and abbreviation, and from ZIP prefixes', () => {
    expect(stateCode('ca')).toBe('CA');
    expect(stateCode('California')).toBe('CA');
    expect(stateCode('Calif.')).toBe('CA');
    expect(stateCode('N.Y.')).toBe('NY');
    expect(stateCode('District of Columbia')).toBe('DC');
    expect(stateCode('XX')).toBeNull();
    const zips: [string, string][] = [
      ['02134', 'MA'], ['03301', 'NH'], ['04101', 'ME'], ['05401', 'VT'], ['06103', 'CT'], ['07030', 'NJ'],
      ['10001', 'NY'], ['19103', 'PA'], ['20001', 'DC'], ['20166', 'VA'], ['27601', 'NC'], ['30303', 'GA'],
      ['33101', 'FL'], ['43215', 'OH'], ['55401', 'MN'], ['60601', 'IL'], ['73301', 'TX'], ['73102', 'OK'],
      ['77002', 'TX'], ['79901', 'TX'], ['80202', 'CO'], ['85004', 'AZ'], ['88510', 'TX'], ['90012', 'CA'],
      ['96813', 'HI'], ['97201', 'OR'], ['98101', 'WA'], ['99501', 'AK'], ['00901', 'PR'], ['09001', ''],
    ];
    for (const [zip, st] of zips) expect(stateFromZip(zip) ?? '', zip).toBe(st);
  });
});

describe('codes', () => {
  it('relationship', () => {
    const cases: [string, string][] = [
      ['EE', 'employee'], ['Self', 'employee'], ['Subscriber', 'employee'], ['EMP', 'employee'], ['E', 'employee'],
      ['SP', 'spouse'], ['S', 'spouse'], ['Wife', 'spouse'], ['Husband', 'spouse'], ['SPS', 'spouse'],
      ['CH', 'child'], ['C', 'child'], ['D', 'child'], ['Dependent', 'child'], ['Son', 'child'], ['Daughter', 'child'],
      ['DEP', 'child'], ['Step-Son', 'child'], ['DP', 'domesticPartner'], ['Domestic Partner', 'domesticPartner'],
      ['Other', 'other'], ['Spouse of employee (legal)', 'spouse'],
    ];
    for (const [t, v] of cases) expect(parseRelationship(t), t).toBe(v);
  });
  it('gender', () => {
    for (const t of ['M', 'm', 'Male', 'MALE', 'Man']) expect(parseGender(t), t).toBe('male');
    for (const t of ['F', 'f', 'Female', 'Woman', 'woman']) expect(parseGender(t), t).toBe('female');
    for (const t of ['U', 'Unknown', 'X', 'Non-binary']) expect(parseGender(t), t).toBe('unknown');
    const note = newNote();
    expect(parseGender('Q', note)).toBeNull();
    expect(note.invalid).toBe(true);
  });
  it('status', () => {
    const cases: [string, string][] = [
      ['Active', 'active'], ['A', 'active'], ['ACT', 'active'], ['Full-Time', 'active'], ['COBRA', 'cobra'], ['C', 'cobra'],
      ['COB', 'cobra'], ['Retired', 'retired'], ['R', 'retired'], ['RET', 'retired'], ['Terminated', 'terminated'],
      ['T', 'terminated'], ['TERM', 'terminated'], ['Leave of Absence', 'leave'], ['LOA', 'leave'], ['Waived', 'waived'],
      ['Deceased', 'deceased'], ['Actve', 'active'], ['Retiree (early)', 'retired'],
    ];
    for (const [t, v] of cases) expect(parseStatus(t), t).toBe(v);
  });
  it('coverage tier', () => {
    const cases: [string, string][] = [
      ['EE', 'EE'], ['Employee Only', 'EE'], ['ES', 'ES'], ['Employee + Spouse', 'ES'], ['EE+SP', 'ES'], ['EC', 'EC'],
      ['Employee + Child(ren)', 'EC'], ['EE + Children', 'EC'], ['EF', 'EF'], ['Family', 'EF'], ['EE+FAM', 'EF'],
      ['Waived', 'waived'], ['W', 'waived'], ['Employee, spouse & kids', 'EF'],
    ];
    for (const [t, v] of cases) expect(parseTier(t), t).toBe(v);
  });
  it('tobacco', () => {
    expect(parseTobacco('Y')).toBe(true);
    expect(parseTobacco('Non-Smoker')).toBe(false);
    expect(parseTobacco('no')).toBe(false);
  });
});

describe('names', () => {
  it('splits "Last, First" and "First Last"', () => {
    expect(splitFullName('Williams, Linda')).toEqual({ firstName: 'Linda', lastName: 'Williams' });
    expect(splitFullName('Williams, Linda M.')).toEqual({ firstName: 'Linda', lastName: 'Williams' });
    expect(splitFullName('Linda Williams')).toEqual({ firstName: 'Linda', lastName: 'Williams' });
    expect(splitFullName('Linda May Williams Jr.')).toEqual({ firstName: 'Linda', lastName: 'Williams' });
    expect(splitFullName('Dr. Linda  Williams')).toEqual({ firstName: 'Linda', lastName: 'Williams' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: null });
  });
});

describe('normaliseTable', () => {
  it('placeholders are blanks, but an age of 0 is a newborn', async () => {
    const { normaliseTable } = await import('../../../../server/census/normalise');
    const { mapColumns } = await import('../../../../server/census/map');
    const { table } = await import('../engine-helpers');
    const t = table(['Employee ID', 'First Name', 'Age', 'Salary', 'DOB'], [
      ['E1', 'Ann', '0', 'N/A', 'unknown'],
      ['E2', 'Bob', '41', '0', '-'],
      ['E3', 'Cy', '7', '55000', '01/02/1990'],
    ]);
    const { columns } = mapColumns(t, 'f', AS_OF);
    const { rows, issues } = normaliseTable(t, columns, { file: 'f', asOf: AS_OF });
    expect(rows.map((r) => [r.age, r.annualSalary, r.dateOfBirth])).toEqual([
      [0, null, null],
      [41, null, null],
      [7, 55000, '1990-01-02'],
    ]);
    expect(issues).toEqual([]);
  });
});
