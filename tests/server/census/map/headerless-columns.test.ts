/**
 * A census with no header row, named by its values (issue 19): the classes of files that read wrong
 * once their header row was removed. Each case is the shape of a real file, its header row gone: the
 * dates of a row keep an order (birth, hire, exit), an id may carry a long prefix, a row with a birth date
 * is someone's, a descriptive row is no header, a dependents list needs no employee, a yes/no column
 * may be the active flag, and the report always asks for a check.
 */
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../../server/census/engine';
import { locateTables } from '../../../../server/census/locate';
import { AS_OF, csv } from '../engine-helpers';

async function read(rows: string[][]) {
  const result = await analyzeCensus([{ fileName: 'no-header.csv', bytes: csv(rows) }], { asOf: AS_OF });
  const employees = result.members.filter((m) => !m.relationship || m.relationship === 'employee').length;
  return { result, lives: result.report.totalLives, employees, dependents: result.members.length - employees, field: (letter: string) => result.report.columns.find((c) => c.header === `Column ${letter}`) };
}

/** A 401(k) census: id, first name, birth date, hire date, termination date (blank for most), pay. */
function retirementRows(): string[][] {
  const names = ['John', 'Sarah', 'Michael', 'Emily', 'David', 'Laura', 'James', 'Anna', 'Robert', 'Maria'];
  return names.map((n, i) => [
    `EMP${String(i + 1).padStart(3, '0')}`, n, `19${70 + i}-03-15`, `20${10 + i}-01-15`, i % 4 === 1 ? `2024-${String(i + 1).padStart(2, '0')}-20` : '', String(60_000 + i * 5_000),
  ]);
}

describe('a census with no header row: columns named by their values', () => {
  it("tells the hire date and the exit date from the birth date by each row's order of dates, and counts the leavers out", async () => {
    const rows = retirementRows();
    const { lives, field, result } = await read(rows);
    expect(field('C')?.field).toBe('dateOfBirth');
    expect(field('D')?.field).toBe('hireDate');
    const leavers = rows.filter((r) => r[4]).length;
    expect(leavers).toBe(3);
    expect(lives).toBe(rows.length - leavers);
    expect(result.report.review?.needed).toBe(true);
  });

  it('reads an id with a prefix of several letter groups, and counts rows with a birth date though no column is a name', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => [`DUMMY_EX_29345${i}_00000${i + 1}`, 'Analyst', `198${i}-06-19`, `201${i}-05-18`, String(80_000 + i * 1_000)]);
    const { lives, field } = await read(rows);
    expect(field('A')?.field).toBe('employeeId');
    expect(lives).toBe(8);
    // Plain row numbers are no id, yet the rows are people: each has a birth date.
    const numbered = Array.from({ length: 8 }, (_, i) => [String(i), String(i + 1), `${['Early', 'Hyatt', 'Ferrell', 'Odo', 'Brit', 'Nessa', 'Kip', 'Lael'][i]}`, `Zz${i}x`, `${40_000 + i * 997}`, `2012-07-1${i}`, `196${i}-07-27`]);
    expect((await read(numbered)).lives).toBe(8);
  });

  it('takes a row that only describes the columns for no header, and reads the rows under it as a table with no header row', () => {
    const rows = [
      ['Not Required but Recommended', '', 'Date of Birth - OR - Age is required for quoting all products', 'Required for quoting all products', 'Optional'],
      ['Vlad', 'Suvorov', '11/6/1983', 'M', '90000'],
      ['Anna', 'Petrova', '11/6/1984', 'F', '45000'],
      ['Ivan', 'Sokolov', '11/6/1985', 'M', '52000'],
    ];
    const { tables } = locateTables({ name: 'Sheet1', rows });
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ headerless: true, headerRow: 0 });
    expect(tables[0].rows).toHaveLength(3);
  });

  it('never takes a row with two numbers, or a date written with its month name, for the header', () => {
    const numbers = [
      ['E0001', '34', '6', '68000', 'Active', 'Technology', 'Salaried', 'Yes', 'No', 'Medical', 'Employee Only', 'Yes'],
      ['E0002', '47', '15', '92000', 'Active', 'Operations', 'Hourly', 'Yes', 'Yes', 'Medical', 'Family', 'Yes'],
      ['E0003', '29', '2', '54000', 'Active', 'Sales', 'Salaried', 'Yes', 'No', 'Medical', 'Employee Plus Spouse', 'Yes'],
    ];
    const a = locateTables({ name: 'Sheet1', rows: numbers }).tables;
    expect(a[0]?.headerless).toBe(true);
    expect(a[0]?.rows).toHaveLength(3);
    const months = [
      ['FAM1001', 'SUB1001', 'yasmin', 'kaplan', '04-Dec-1963', 'Netanya', 'E', 'Y'],
      ['FAM1001', 'SUB1001', 'matan', 'kaplan', '19-Feb-1989', 'Netanya', 'S', 'Y'],
      ['FAM1002', 'SUB1002', 'omar', 'haddad', '03-Jan-1975', 'Haifa', 'E', 'Y'],
    ];
    const b = locateTables({ name: 'Sheet1', rows: months }).tables;
    expect(b[0]?.rows).toHaveLength(3);
  });

  it('reads one-word dependent relationships as the relationship of a dependents list with no employee in it', async () => {
    const rows = [
      ['1002', 'DEP-1002-C', 'Mary', 'Brown', '2018-01-01', 'F', 'Child'],
      ['1002', 'DEP-1002-S', 'Gary', 'Brown', '1980-05-20', 'M', 'Spouse'],
      ['1004', 'DEP-1004-S', 'Erica', 'Anderson', '1981-05-20', 'F', 'Spouse'],
      ['1004', 'DEP-1004-C', 'Tom', 'Anderson', '2015-02-11', 'M', 'Child'],
    ];
    const { field, employees, dependents } = await read(rows);
    expect(field('G')?.field).toBe('relationship');
    expect({ employees, dependents }).toEqual({ employees: 0, dependents: 4 });
  });

  it('reads the one yes/no column that says yes on most rows as an active flag, and none of two', async () => {
    const people = [['Maria', '1984-03-14'], ['John', '1979-09-30'], ['Anne', '1990-01-05'], ['David', '1972-06-21'], ['Laura', '1988-11-02'], ['James', '1969-04-12']];
    const flags = ['Y', 'Y', 'N', 'Y', 'Y', 'Y'];
    const one = await read(people.map((p, i) => [`E-${100 + i}`, ...p, flags[i]]));
    expect(one.field('D')).toMatchObject({ field: 'status' });
    expect(one.lives).toBe(5);
    // A yes/no column that says yes on a few rows (tobacco, HCE) is no active flag ...
    const smoker = ['N', 'Y', 'N', 'N', 'N', 'Y'];
    expect((await read(people.map((p, i) => [`E-${100 + i}`, ...p, smoker[i]]))).lives).toBe(6);
    // A plan's census that keeps its leavers: yes on about half the rows (planwise-census-import, 99 of 200).
    const half = ['Y', 'N', 'N', 'Y', 'N', 'Y', 'N', 'Y', 'N'];
    const many = [...people, ['Sarah', '1981-02-03'], ['Peter', '1975-07-08'], ['Emily', '1993-10-11']];
    expect((await read(many.map((p, i) => [`E-${100 + i}`, ...p, half[i]]))).lives).toBe(4);
    // ... and of two that say yes on most rows, either could be the flag, so neither is read.
    const pension = ['Y', 'N', 'Y', 'Y', 'Y', 'Y'];
    expect((await read(people.map((p, i) => [`E-${100 + i}`, ...p, flags[i], pension[i]]))).lives).toBe(6);
  });

  it('reads no id from values that repeat on rows far apart, and counts an HR dataset of ages and genders with no id', async () => {
    const rates = ['279', '1392', '591', '279', '1392', '591', '1005', '279', '1392', '591', '1005', '279'];
    const rows = rates.map((rate, i) => [String(30 + i), rate, i % 2 ? 'Male' : 'Female', 'Research Scientist', String(2000 + i * 250)]);
    const { field, lives } = await read(rows);
    expect(field('B')?.field).toBeNull();
    expect(lives).toBe(rows.length);
  });

  it("reads a wide layout's spouse and children from birth dates beside first names after the employee's", async () => {
    const rows = [
      ['111-11-1111', 'John', 'Doe', '7/20/92', 'NY', '', '', '', '', '', '', '', '', '', 'Clerk'],
      ['222-21-2222', 'Mary', 'Smith', '6/16/63', 'CA', '333-33-3333', 'John', 'Smith', '1/1/83', '', '', '', '', '', 'Manager'],
      ['555-55-5555', 'Fred', 'Jones', '12/7/58', 'TX', '777-77-7777', 'Norma', 'Jones', '4/15/60', 'Johnny', 'Jones', '9/9/14', 'Susie', '10/12/11', 'Engineer'],
      ['112-12-1112', 'Lois', 'Wheeler', '7/5/94', 'FL', '111-23-5194', 'Jennifer', 'Scott', '10/7/72', 'Jane', 'Medina', '1/22/04', '', '', 'Analyst'],
    ];
    const { field, employees, dependents } = await read(rows);
    expect(field('I')?.field).toBe('spouseDateOfBirth');
    expect(field('L')?.field).toBe('childDateOfBirth');
    expect(field('N')?.field).toBe('childDateOfBirth');
    expect({ employees, dependents }).toEqual({ employees: 4, dependents: 6 });
  });

  it("takes the employee's birth dates, filled on every row and first, though Excel serials mix in, over a spouse's", async () => {
    const rows = [
      ['438-50-8843', 'Male', 'John', 'Harper', '3/1/75', 'Female', 'Diane', '12/13/60', 'NY'],
      ['940-14-4437', 'Male', 'Roger', 'Harper', '8/30/62', '', '', '', 'KY'],
      ['373-01-6580', 'Female', 'Annie', 'Harris', '20250', 'Male', 'Justin', '24250', 'AL'],
      ['409-35-2562', 'Male', 'Eugene', 'Harris', '8/4/95', '', '', '', 'CA'],
      ['512-44-1200', 'Female', 'Grace', 'Lee', '28500', '', '', '', 'TX'],
    ];
    const { field, employees, dependents } = await read(rows);
    expect(field('E')?.field).toBe('dateOfBirth');
    expect(field('H')?.field).toBe('spouseDateOfBirth');
    expect({ employees, dependents }).toEqual({ employees: 5, dependents: 2 });
  });

  it('never reads one date on every row (a report or load date) as a member\'s date', async () => {
    const rows = retirementRows().map((r) => [...r.slice(0, 3), '2025-12-01', r[5]]);
    const { field } = await read(rows);
    expect(field('D')?.field).toBeNull();
  });

  it('reads an exit date filled on one row only, and one whose blanks are written as zeros, and counts the leavers out', async () => {
    // One leaver of ten (life-census-hris-hourly): a single date is no report date when the other rows are blank.
    const one = retirementRows().map((r, i) => [...r.slice(0, 4), i === 2 ? '2024-03-15' : '', r[5]]);
    const a = await read(one);
    expect(a.field('E')?.reason).toMatch(/read as an exit date/);
    expect(a.lives).toBe(9);
    expect(a.result.report.review?.needed).toBe(true);
    // '00/00/0000' for the people still there (a PEO's export, peo-oasis-employee-info-cr).
    const zeros = retirementRows().map((r) => [...r.slice(0, 4), r[4] || '0000-00-00', r[5]]);
    const b = await read(zeros);
    expect(b.field('E')?.reason).toMatch(/read as an exit date/);
    expect(b.lives).toBe(7);
  });

  it("reads a wide layout's dependent blocks from their relationship words, each block's birth date a dependent of the row's person", async () => {
    // qben-betacorp-census-wide: id, last, first, birth date, pay, then per dependent: name, birth date, relationship.
    const deps: string[][] = [
      ['Isla Okafor', '10/16/2007', 'Child', 'Miles Okafor', '12/20/2018', 'Child'],
      [],
      ['Luna Haddad', '09/11/1978', 'Spouse', 'Kai Haddad', '05/04/2012', 'Child'],
      ['Finn Kowalski', '05/22/1997', 'Domestic Partner'],
      [],
      ['Zoe Dubois', '03/19/1975', 'Spouse', 'Aria Dubois', '01/02/2017', 'Child'],
      [],
      ['Nora Kim', '05/06/2011', 'Child'],
    ];
    const people = ['Okafor', 'Petrov', 'Haddad', 'Kowalski', 'Mbeki', 'Dubois', 'Osei', 'Kim'];
    const rows = people.map((last, i) => {
      const d = deps[i];
      return [`EMP${8300 + i}`, last, ['Wren', 'Sloane', 'Emery', 'Blake', 'Rowan', 'Shea', 'Tatum', 'Indigo'][i], `0${1 + i}/15/197${i}`, String(40_000 + i * 1_000), ...d, ...Array(6 - d.length).fill('')];
    });
    const { lives, employees, dependents, result } = await read(rows);
    const deps_ = deps.reduce((n, d) => n + d.length / 3, 0);
    expect({ lives, employees, dependents }).toEqual({ lives: 8 + deps_, employees: 8, dependents: deps_ });
    expect(result.members.filter((m) => m.relationship === 'spouse' || m.relationship === 'domesticPartner')).toHaveLength(3);
    expect(result.report.review?.needed).toBe(true);
  });

  it('reads no member blocks from a list of one member per row whose tier and number codes also name relationships', async () => {
    const rows = [
      ['E1', 'Megan', 'Garcia', '1965-10-20', '2', 'Employee Only'],
      ['E1', 'Robert', 'Garcia', '1992-07-20', '1', 'Employee+Spouse'],
      ['E1', 'Tanya', 'Garcia', '2012-09-10', '2', 'Employee+Child'],
      ['E2', 'Courtney', 'Clay', '2002-07-07', '1', 'Employee Only'],
      ['E2', 'Jeremy', 'Clay', '2007-12-16', '2', 'Employee+Child'],
      ['E3', 'Dustin', 'Schmidt', '1977-08-09', '1', 'Employee Only'],
    ];
    const { field } = await read(rows);
    expect(field('D')?.field).toBe('dateOfBirth');
  });

  it('always asks for a check, the first reason being that the file has no header row', async () => {
    const { result } = await read(retirementRows());
    expect(result.report.review?.reasons[0]).toMatch(/has no header row/);
  });
});
