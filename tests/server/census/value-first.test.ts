/**
 * Issue 26, value-first readings: a column read from its values when no words name it (map/value-first.ts).
 */
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../server/census/engine';
import { AS_OF, csv } from './engine-helpers';

const LAST = ['Lee', 'Kim', 'Diaz', 'Ross'];
const dob = (i: number) => `0${1 + (i % 9)}/1${i % 10}/19${60 + (i % 35)}`;
const rv = (report: { review?: { needed: boolean; reasons: string[]; columns: unknown[] } }) => report.review ?? { needed: false, reasons: [], columns: [] };
const run = (rows: (string | number | null)[][]) => analyzeCensus([{ fileName: 'c.csv', bytes: csv(rows) }], { asOf: AS_OF });

describe('value-first: gender from two codes that agree with the first names (any language)', () => {
  const MEN = ['James', 'Robert', 'Michael', 'David', 'William'];
  const WOMEN = ['Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth'];
  const people = [...MEN.map((f) => [f, 'm']), ...WOMEN.map((f) => [f, 'f'])];

  it("'Maschile' / 'Femminile' under an unknown header read as male / female, the column named gender, no review about it", async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Sesso'], ...people.map(([f, s], i) => [f, LAST[i % 4], dob(i), s === 'm' ? 'Maschile' : 'Femminile'])];
    const { report } = await run(rows);
    const col = report.columns.find((c) => c.header === 'Sesso');
    expect(col?.field).toBe('gender');
    expect(col?.reason).toMatch(/agree with the sexes of the first names/);
    expect(report.genderRatio.male.value).toBe(5);
    expect(report.genderRatio.female.value).toBe(5);
    expect(rv(report).reasons.filter((r) => r.includes('Sesso'))).toEqual([]);
  });

  it('two values that do not follow the names (a department) stay unread', async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Reparto'], ...people.map(([f], i) => [f, LAST[i % 4], dob(i), i % 2 ? 'Vendite' : 'Magazzino'])];
    const { report } = await run(rows);
    expect(report.columns.find((c) => c.header === 'Reparto')?.field).toBeNull();
  });
});
