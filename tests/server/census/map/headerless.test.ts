/**
 * A census with no header row (issue 19): located by its shape and values (rows of one width, a column
 * of dates), its columns named by their values alone, and never silent: the weak mappings ask for a
 * review. A sheet of notes with no dates is still no census.
 */
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../../server/census/engine';
import { findHeaderlessStart, locateTables } from '../../../../server/census/locate';
import { readingOf } from '../../../../server/census/apply-reading';
import { AS_OF, csv } from '../engine-helpers';

const ROWS = [
  ['E-1001', 'Maria', 'Garcia', 'EE', '03/14/1984', 'F', '33101', 'Active'],
  ['E-1001', 'Jose', 'Garcia', 'SP', '11/02/1982', 'M', '33101', ''],
  ['E-1001', 'Lucia', 'Garcia', 'CH', '07/25/2012', 'F', '33101', ''],
  ['E-1002', 'John', 'Smith', 'EE', '09/30/1979', 'M', '78201', 'Active'],
  ['E-1003', 'Anne', 'Lopez', 'EE', '01/05/1990', 'F', '10001', 'Terminated'],
  ['E-1004', 'David', 'Brown', 'EE', '06/21/1972', 'M', '60601', 'Active'],
];

describe('a census with no header row', () => {
  it('is located by its shape: rows of one width with a column of dates, its columns named by their letters', () => {
    const { tables } = locateTables({ name: 'Sheet1', rows: ROWS });
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ headerless: true, headerRow: -1 });
    expect(tables[0].rows).toHaveLength(ROWS.length);
    expect(tables[0].headers).toEqual(['Column A', 'Column B', 'Column C', 'Column D', 'Column E', 'Column F', 'Column G', 'Column H']);
  });

  it('starts at the first data row under titles and notes, and finds nothing in notes without dates', () => {
    const rows = [['Census for renewal'], ['Prepared by HR'], [], ...ROWS];
    expect(findHeaderlessStart(rows, 0)).toBe(3);
    expect(findHeaderlessStart([['Notes'], ['Send the file by Friday', 'HR', 'benefits'], ['Call us', 'any', 'time']], 0)).toBe(-1);
  });

  it('is located by a column of dates left blank on a row (a member whose birth date is unknown), its other cells all dates', async () => {
    const rows = [
      ['POL-90001', 'MRK-0001', 'EMP001', '12-May-1985', '40', '1', '500000', '1'],
      ['POL-90001', 'MRK-0002', 'EMP001', '03-Aug-1988', '37', '2', '500000', '2'],
      ['POL-90001', 'MRK-0003', 'EMP002', '21-Jan-1959', '66', '1', '500000', '3'],
      ['POL-90002', 'MRK-0101', 'EMP101', '', '45', '2', '700000', '1'],
    ];
    expect(findHeaderlessStart(rows, 0)).toBe(0);
    const result = await analyzeCensus([{ fileName: 'gmc.csv', bytes: csv(rows) }], { asOf: AS_OF });
    expect(result.report.totalLives).toBe(4);
    expect(result.report.review?.needed).toBe(true);
    // A column with one date among words is still no census.
    expect(findHeaderlessStart([['Call', 'HR', '2025-01-02'], ['Send', 'files', 'Friday'], ['Ask', 'broker', ''], ['Check', 'plan', '']], 0)).toBe(-1);
  });

  it('names its columns by their values and counts lives, employees and dependents, asking for a review', async () => {
    const result = await analyzeCensus([{ fileName: 'no-header.csv', bytes: csv(ROWS) }], { asOf: AS_OF });
    const fields = result.report.columns.map((c) => c.field);
    expect(fields).toEqual(expect.arrayContaining(['employeeId', 'firstName', 'relationship', 'dateOfBirth', 'zip', 'status']));
    expect(result.report.totalLives).toBe(5);
    const employees = result.members.filter((m) => !m.relationship || m.relationship === 'employee').length;
    expect({ employees, dependents: result.members.length - employees }).toEqual({ employees: 4, dependents: 2 });
    // Values alone are weak evidence: the report says so.
    expect(result.report.review?.needed).toBe(true);
    // Issues point at a row that exists (the first data row), never at row 0.
    for (const issue of result.report.issues) if (issue.row !== null) expect(issue.row).toBeGreaterThanOrEqual(1);
  });

  it('names the columns of a census of two people by their values, though each column holds two', async () => {
    const rows = [
      ['E001', 'Jane', 'Smith', 'jane.smith@acme.com', '5000.00', '150.00', '2026-06-15', 'Active'],
      ['E002', 'John', 'Doe', 'john.doe@acme.com', '4800.00', '144.00', '2026-06-15', 'Active'],
    ];
    const result = await analyzeCensus([{ fileName: 'two.csv', bytes: csv(rows) }], { asOf: AS_OF });
    expect(result.report.columns.map((c) => c.field)).toEqual(expect.arrayContaining(['firstName', 'status']));
    expect(result.report.totalLives).toBe(2);
    expect(result.report.review?.needed).toBe(true);
  });

  it('gives back a reading that, given back unchanged, changes nothing (no header row 0)', async () => {
    const files = [{ fileName: 'no-header.csv', bytes: csv(ROWS) }];
    const first = await analyzeCensus(files, { asOf: AS_OF });
    const reading = readingOf(first);
    expect(reading.sheets.every((s) => s.headerRow === undefined || s.headerRow >= 1)).toBe(true);
    const again = await analyzeCensus(files, { asOf: AS_OF, reading });
    expect(again.report.totalLives).toBe(first.report.totalLives);
  });
});
