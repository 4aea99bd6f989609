/**
 * A census with no header row found by its person values (issue 19): a census of one person, a roster
 * with no dates, dates mixed with Excel serials, a first data row that reads like a header, and a row
 * of column descriptions left above the data. Each is read and asks for a review; titles, notes,
 * legends and totals rows are never taken for people.
 */
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../../server/census/engine';
import { findHeaderlessStart, findHeaderRow, locateTables } from '../../../../server/census/locate';
import { columnKinds, isPersonRow, kindOfCell } from '../../../../server/census/person-values';
import { AS_OF, csv, xlsx } from '../engine-helpers';

const ONE_PERSON = ['123-45-6789', 'John', 'Doe', '123 Main St', 'Springfield', 'IL', '62701', '01/15/1985', '03/01/2020', 'john.doe@company.com', 'M'];

describe('person values', () => {
  it('reads the kind of a cell language-independently', () => {
    expect(['03/14/1984', '47', 'Maria', 'F', 'TX', '33101', '123-45-6789', 'a.b@c.com', 'E0001'].map(kindOfCell)).toEqual([
      'date', 'age', 'firstName', 'gender', 'state', 'zip', 'ssn', 'email', 'id',
    ]);
    // Codes and words are not first names; lower-case 'in' or 'or' is no state.
    expect(['Male', 'Son', 'Active', 'in', 'Notes', ''].map(kindOfCell)).toEqual([
      'gender', null, null, null, null, null,
    ]);
  });

  it('takes a row for a person only with a date or an age beside enough personal values', () => {
    expect(isPersonRow(ONE_PERSON, 300)).toBe(true);
    expect(isPersonRow(['Jane', 'Smith', '01/02/1980', 'F'], 300)).toBe(true);
    // A title, a totals row, a legend, a notes row: no such mix.
    expect(isPersonRow(['Census as of', '01/01/2026', 'Prepared by HR'], 300)).toBe(false);
    expect(isPersonRow(['Total', '', '152', '25000', '01/01/2026'], 300)).toBe(false);
    expect(isPersonRow(['M = Male', 'F = Female', 'EE = Employee'], 300)).toBe(false);
    expect(isPersonRow(['Plan year', '2026', 'TX', '75001'], 300)).toBe(false);
  });

  it('gives a run of rows the kinds most of its rows share per column', () => {
    const run = [['E0001', 'Christopher', 'Thompson'], ['E0002', 'James', 'Smith'], ['E0003', 'Mark', 'Smith']];
    const kinds = columnKinds(run, 300);
    expect([kinds.get(0), kinds.get(1)]).toEqual(['id', 'firstName']);
  });
});

describe('a census with no header row, found by its person values', () => {
  it('reads a census of one person, asking for a review', async () => {
    expect(findHeaderlessStart([ONE_PERSON], 0)).toBe(0);
    const result = await analyzeCensus([{ fileName: 'one.csv', bytes: csv([ONE_PERSON]) }], { asOf: AS_OF });
    expect(result.report.totalLives).toBe(1);
    expect(result.report.columns.map((c) => c.field)).toEqual(expect.arrayContaining(['ssn', 'firstName', 'state', 'zip', 'dateOfBirth']));
    expect(result.report.review?.needed).toBe(true);
  });

  it('reads a census of two people whose only date is a pay date, asking for a review', async () => {
    const rows = [
      ['E001', 'Jane', 'Smith', 'jane.smith@acme.com', '5000.00', '150.00', '2026-06-15', 'Active'],
      ['E002', 'John', 'Doe', 'john.doe@acme.com', '4800.00', '144.00', '2026-06-15', 'Active'],
    ];
    const result = await analyzeCensus([{ fileName: 'two.csv', bytes: csv(rows) }], { asOf: AS_OF });
    expect(result.report.totalLives).toBe(2);
    expect(result.report.review?.needed).toBe(true);
  });

  it('does not take a title, a note or a legend alone for a census', () => {
    expect(findHeaderlessStart([['Employee census 2026', 'Acme Corp', 'Plan year 2026']], 0)).toBe(-1);
    expect(findHeaderlessStart([['Notes'], ['Send the file by Friday', 'HR', 'benefits']], 0)).toBe(-1);
    expect(findHeaderlessStart([['M = Male', 'F = Female', 'EE = Employee'], ['S = Spouse', 'C = Child', 'W = Waived']], 0)).toBe(-1);
    expect(findHeaderlessStart([['Total', '', '152', '25000', '01/01/2026']], 0)).toBe(-1);
    // Shops are no people: ids, states and ZIPs, and cities that are first names ('Austin, TX').
    const shops = [['S001', 'Austin', 'TX', '78701', 'Open'], ['S002', 'Dallas', 'TX', '75201', 'Closed'], ['S003', 'Houston', 'TX', '77001', 'Open']];
    expect(findHeaderlessStart(shops, 0)).toBe(-1);
    expect(isPersonRow(['03/01/2020', 'Austin', 'TX', '78701'], 300)).toBe(false);
    expect(findHeaderlessStart([['Total', '', '152', '25000', '01/01/2026']], 0)).toBe(-1);
  });

  it('reads a roster with no dates: SSNs, sexes, first names, states and ZIPs, dates partly written as serials', () => {
    const rows: string[][] = [];
    const first = ['John', 'Mary', 'Robert', 'Linda', 'James', 'Susan', 'David', 'Karen'];
    first.forEach((name, i) => {
      rows.push([`43${i}-50-884${i}`, i % 2 ? 'Female' : 'Male', name, 'Harper', i % 2 ? '20250' : `3/${i + 1}/75`, 'TX', `7500${i}`]);
    });
    expect(findHeaderlessStart(rows, 0)).toBe(0);
    const { tables } = locateTables({ name: 'Sheet1', rows });
    expect(tables[0]).toMatchObject({ headerless: true, headerRow: -1 });
    expect(tables[0].rows).toHaveLength(rows.length);
  });

  it('does not take a first data row for the header when its cells are the values of their columns', async () => {
    // 'Street 1', 'City 1', 'State 1' read as header words; ids and first names under ids and first names are data.
    const rows = [1, 2, 3, 4, 5, 6].map((n, i) => [`E000${n}`, ['Christopher', 'James', 'Mark', 'Joseph', 'Thomas', 'Richard'][i], 'Smith', `Street ${n}`, `City ${n}`, `State ${n}`, `12111${n}`]);
    expect(findHeaderRow(rows, 0)).toBe(-1);
    const result = await analyzeCensus([{ fileName: 'roster.csv', bytes: csv(rows) }], { asOf: AS_OF });
    expect(result.report.totalLives).toBe(6);
    expect(result.report.review?.needed).toBe(true);
  });

  it('keeps a header row whose words describe their columns (hints in brackets)', () => {
    const rows = [
      ['First Name (required)', 'Last Name (required)', 'Date of Birth (MM/DD/YYYY)', 'Gender (M or F)', 'Zip'],
      ['Maria', 'Garcia', '03/14/1984', 'F', '33101'],
      ['John', 'Smith', '09/30/1979', 'M', '78201'],
    ];
    expect(findHeaderRow(rows, 0)).toBe(0);
  });

  it('reads the data under a row of column descriptions left where the header was, asking for a review', async () => {
    const described = ['Not Required but Recommended', 'Required for quoting', 'Date of Birth - OR - Age is required', 'Required for all products', 'Optional', 'Current Volumes Required'];
    const people = [
      ['EMPLOYEE', 'ONE', new Date(Date.UTC(1978, 4, 7)), 'M', '15015', 25000],
      ['EMPLOYEE', 'TWO', new Date(Date.UTC(1965, 0, 28)), 'F', '15015', 50000],
      ['EMPLOYEE', 'THREE', new Date(Date.UTC(1977, 5, 15)), 'M', '15015', 75000],
      ['EMPLOYEE', 'FOUR', new Date(Date.UTC(1975, 3, 5)), 'M', '15015', 100000],
    ];
    expect(findHeaderRow([described, ...people], 0)).toBe(-1);
    const { tables } = locateTables({ name: 'Census', rows: [described, ...people] });
    expect(tables[0]).toMatchObject({ headerless: true });
    expect(tables[0].rows).toHaveLength(4);
    // The descriptions name no column: only the spreadsheet's letters do.
    expect(tables[0].headers.filter(Boolean).every((h) => /^Column [A-Z]+$/.test(h))).toBe(true);
    const result = await analyzeCensus([{ fileName: 'described.xlsx', bytes: xlsx({ Census: [described, ...people] }) }], { asOf: AS_OF });
    expect(result.report.totalLives).toBe(4);
    expect(result.report.review?.needed).toBe(true);
  });
});
