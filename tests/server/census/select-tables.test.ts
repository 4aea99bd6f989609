/**
 * Which sheets hold the census (select-tables.ts): chosen by what their tables hold, never by a
 * sheet's name alone.
 */
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../server/census/engine';
import { exportCensus } from '../../../server/census/export';
import { AS_OF, xlsx } from './engine-helpers';

const d = (y: number, m: number, day: number) => new Date(Date.UTC(y, m - 1, day));
const HEAD = ['Employee ID', 'First Name', 'Last Name', 'Date of Birth', 'Gender', 'Relationship'];
const employees = [
  ['1', 'Ann', 'Lee', d(1980, 1, 2), 'F', 'Employee'],
  ['2', 'Bob', 'Ray', d(1970, 3, 4), 'M', 'Employee'],
  ['3', 'Cy', 'Diaz', d(1975, 5, 6), 'M', 'Employee'],
  ['4', 'Di', 'Park', d(1990, 7, 8), 'F', 'Employee'],
];

describe('which sheets hold the census', () => {
  it('reads an employees sheet and a dependents sheet of the same template', async () => {
    const bytes = xlsx({
      Employees: [HEAD, ...employees],
      Dependents: [HEAD, ['1', 'Al', 'Lee', d(1981, 2, 2), 'M', 'Spouse'], ['2', 'Bo', 'Ray', d(2010, 2, 2), 'M', 'Child'], ['4', 'Cat', 'Park', d(2015, 2, 2), 'F', 'Child']],
    });
    const { report } = await analyzeCensus([{ fileName: 'split.xlsx', bytes }], { asOf: AS_OF });
    expect(report.totalLives).toBe(7);
  });

  it('skips a notes copy of the census that holds a stray row', async () => {
    const bytes = xlsx({
      Census: [HEAD, ...employees],
      'Census (notes)': [HEAD, ['Use the drop-down', 'YES', 'YES', d(2000, 1, 1), 'F', 'Employee']],
    });
    const { report, skippedSheets } = await analyzeCensus([{ fileName: 'copy.xlsx', bytes }], { asOf: AS_OF });
    expect(report.totalLives).toBe(4);
    expect(skippedSheets!.map((s) => s.sheet)).toEqual(['Census (notes)']);
  });

  it('reads a census named like a list beside a questionnaire whose rows describe no person', async () => {
    const bytes = xlsx({
      'Plan Info': [['1. Legal Name', 'Answer'], ['Signature', 'x'], ['Name', 'y'], ['Provide rates', 'z']],
      'Employee List': [HEAD, ...employees],
    });
    const { report, members } = await analyzeCensus([{ fileName: 'peo.xlsx', bytes }], { asOf: AS_OF });
    expect(report.totalLives).toBe(4);
    expect(members.every((m) => m.sheet === 'Employee List')).toBe(true);
  });
});

describe('the whole table at once', () => {
  it('takes the medical coverage column for the tier, and no yes/no column for an id', async () => {
    const bytes = xlsx({
      Census: [
        ['First Name', 'Last Name', 'Date of Birth', 'Key Employee (Y/N)', 'Dental Coverage', 'Medical Coverage (EE/ES/EC/EF/W)'],
        ['Ann', 'Lee', d(1980, 1, 2), 'N', 'EE', 'ES'],
        ['Bob', 'Ray', d(1970, 3, 4), 'Y', 'EF', 'EF'],
        ['Cy', 'Diaz', d(1975, 5, 6), 'N', 'W', 'W'],
        ['Di', 'Park', d(1990, 7, 8), 'N', 'EE', 'EE'],
      ],
    });
    const { report } = await analyzeCensus([{ fileName: 'tiers.xlsx', bytes }], { asOf: AS_OF });
    const field = (h: string) => report.columns.find((c) => c.header.startsWith(h))!.field;
    expect(field('Medical Coverage')).toBe('coverageTier');
    expect(field('Dental Coverage')).toBeNull();
    expect(field('Key Employee')).toBeNull();
  });
});

describe('a clean export uploaded again', () => {
  it("its 'Changes' and 'Not counted' logs are no members: the lives are the export's", async () => {
    // Full names split into first and last: every row has a change, whose 'From' is a name.
    const csv = ['Employee ID,Name,Date of Hire', ...Array.from({ length: 30 }, (_, i) => `E${i},Pat Worker${i},01/0${(i % 9) + 1}/2020`)].join('\r\n');
    const first = await analyzeCensus([{ fileName: 'staff.csv', bytes: new TextEncoder().encode(csv) }], { asOf: '2026-01-01' });
    expect(first.report.totalLives).toBe(30);
    expect(first.changes.length).toBeGreaterThanOrEqual(30);
    const again = await analyzeCensus([{ fileName: 'staff-clean.xlsx', bytes: exportCensus(first, 'xlsx') }], { asOf: '2026-01-01' });
    expect(again.report.totalLives).toBe(30);
    expect(again.report.sheetsRead).toBe(1);
    expect((again.skippedSheets ?? []).map((s) => s.sheet)).toEqual(expect.arrayContaining(['Changes']));
  });
});
