/**
 * Issue 26, fifth pass: classes of files whose header words no pack reads, read by what else they hold.
 *  - a template's machine header over the row people read ('Geburtsdatum' over 'Date of Birth');
 *  - a template's one or two sample rows under unread headers (first names, dates named from so few values,
 *    never a number: '647' could be anything);
 *  - a row with a birth date or an id but no name read asks for a review (it is not counted);
 *  - a table with no name, id or SSN column read counts its rows by their birth dates, and
 *    asks for a review when a column it did not read may hold the names;
 *  - gender words one letter off ('Masculin', 'Féminin' with the French pack withheld) under a header close to gender;
 *  - a coded column its header names over words no reader knows (the status, its words left for the review).
 */
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../../server/census/engine';
import { AS_OF, csv } from '../engine-helpers';

type Rows = (string | number | null)[][];
const run = (rows: Rows) => analyzeCensus([{ fileName: 'c.csv', bytes: csv(rows) }], { asOf: AS_OF });
const fieldOf = (report: { columns: { header: string; field: string | null }[] }, header: string) => report.columns.find((c) => c.header === header)?.field;

describe('a machine header whose words no pack knows, over the row that describes the columns', () => {
  // Words of a language with no pack (Polish), then the template's row for people, then two sample families.
  const machine = ['Numer', 'Imię', 'Nazwisko', 'Data urodzenia', 'Płeć', 'Data zatrudnienia'];
  const people = ['Employee ID (required)', 'First Name', 'Last Name', 'Date of Birth (MM/DD/YYYY)', 'Gender (M or F)', 'Date of Hire (optional)'];
  const data: Rows = [
    ['E100', 'Adam', 'Nowak', '03/01/1980', 'M', '05/01/2015'],
    ['E101', 'Ewa', 'Kowalska', '07/12/1985', 'F', '09/15/2019'],
  ];

  it('the machine row is the header, the row under it names each column, and it is no member', async () => {
    const { report } = await run([machine, people, ...data]);
    expect(report.columns.map((c) => c.header)).toEqual(machine);
    expect(report.columns.map((c) => c.field)).toEqual(['employeeId', 'firstName', 'lastName', 'dateOfBirth', 'gender', 'hireDate']);
    expect(report.columns.find((c) => c.header === 'Imię')?.reason).toMatch(/the row under it says more: 'First Name' names the first name/);
    expect(report.totalLives).toBe(2);
  });

  it('a row of requirements above the header is no machine header', async () => {
    const notes = ['Required', 'Required', 'Required', 'Required for quoting', 'Required', 'Optional'];
    const { report } = await run([notes, people, ...data]);
    expect(report.columns.map((c) => c.header)).toEqual(people);
    expect(report.totalLives).toBe(2);
  });
});

describe("a template's sample rows under headers no pack reads", () => {
  it('two first names and two birth dates name their columns (weak, so the review asks); two numbers do not', async () => {
    const { report } = await run([
      ['Numer', 'Imię', 'Nazwisko', 'Data urodzenia', 'Kod'],
      ['E100', 'Jane', 'Smith', '1980-03-01', '647'],
      ['E101', 'John', 'Doe', '1985-12-07', '764'],
    ]);
    expect(fieldOf(report, 'Imię')).toBe('firstName');
    expect(fieldOf(report, 'Data urodzenia')).toBe('dateOfBirth');
    expect(fieldOf(report, 'Kod')).toBeNull();
    expect(report.review?.needed).toBe(true);
  });
});

describe('a row that is no member by what was read, but holds a birth date or an id beside words', () => {
  it('is not counted, and the review says so, naming the row', async () => {
    const { report } = await run([
      ['Employee ID', 'Nome e Cognome', 'Date of Birth', 'Annual Salary'],
      ['M-1', 'Ramesh Patil', '', ''],
      ['', '', '1996-10-02', '65000'],
    ]);
    expect(fieldOf(report, 'Nome e Cognome')).toBeNull();
    expect(report.review?.needed).toBe(true);
    expect(report.review?.reasons).toContain('2 rows (2, 3) have a birth date or an id but no name we could read, so they were not counted. Check whether a column we did not read holds their name.');
  });
});

describe('a table with no column read as a name, an id or an SSN', () => {
  const dates = ['1980-03-01', '1975-07-12', '1990-11-30', '1968-02-14'];
  it("counts its rows by their birth dates, and asks whether an unread column holds their names ('EMPLOYEE' 'ONE')", async () => {
    const { report } = await run([
      ['Pracownik', 'Nazwisko', 'Data urodzenia', 'Płeć'],
      ...dates.map((d, i) => ['EMPLOYEE', ['ONE', 'TWO', 'THREE', 'FOUR'][i], d, i % 2 ? 'F' : 'M']),
    ]);
    expect(fieldOf(report, 'Data urodzenia')).toBe('dateOfBirth');
    expect(report.totalLives).toBe(4);
    expect(report.review?.needed).toBe(true);
    expect(report.review?.reasons).toContain('No column was read as a name or an id: 4 rows (2, 3, 4, 5) were counted by their birth dates. Check whether a column we did not read holds their names.');
  });
  it('an anonymous quoting census (birth date, gender, ZIP) is counted with no question about names', async () => {
    const { report } = await run([['Date of Birth', 'Gender', 'Zip'], ...dates.map((d, i) => [d, i % 2 ? 'F' : 'M', '02134'])]);
    expect(report.totalLives).toBe(4);
    expect(report.review?.reasons ?? []).not.toContainEqual(expect.stringContaining('No column was read as a name'));
  });
  it('ages and genders alone are no people (a rate table by age and gender)', async () => {
    const { report } = await run([['Age', 'Gender', 'Rate'], ...[25, 30, 35, 40].map((a, i) => [a, i % 2 ? 'F' : 'M', '12.50'])]);
    expect(report.totalLives).toBe(0);
  });
});

describe('gender words one letter off under a header close to gender', () => {
  it("'Masculina' / 'Femenina' (one letter off the packs' 'masculino', 'femenino') under 'Sexo' read as male / female", async () => {
    const names = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'];
    const { report } = await run([
      ['First Name', 'Last Name', 'Date of Birth', 'Sexo'],
      ...names.map((f, i) => [f, 'Martin', `19${70 + i}-01-0${1 + i}`, i % 2 ? 'Femenina' : 'Masculina']),
    ]);
    expect(fieldOf(report, 'Sexo')).toBe('gender');
    expect(report.genderRatio.male.value).toBe(3);
    expect(report.genderRatio.female.value).toBe(3);
  });
});

describe('a coded column its header names, over words no reader knows', () => {
  it("'Status' over 'In servizio' / 'Cessato' / 'Aspettativa' (Italian, no pack) is the status, and the review names the words and what was assumed", async () => {
    const words = ['In servizio', 'In servizio', 'Cessato', 'In servizio', 'Aspettativa', 'In servizio'];
    const { report } = await run([
      ['First Name', 'Last Name', 'Date of Birth', 'Status'],
      ...words.map((w, i) => [['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'][i], 'Martin', `19${70 + i}-01-0${1 + i}`, w]),
    ]);
    expect(fieldOf(report, 'Status')).toBe('status');
    expect(report.review?.reasons.some((r) => r.startsWith("Column 'Status' was read as the status, but we could not read any of its values: 'In servizio' (4 rows), 'Aspettativa' (1 row), 'Cessato' (1 row)"))).toBe(true);
  });

  it('two-letter region codes under a header that names the state as much as the status stay unread', async () => {
    const { report } = await run([
      ['First Name', 'Last Name', 'Date of Birth', 'Estado'],
      ...['NT', 'TA', 'JM', 'NT', 'TA', 'JM'].map((w, i) => [['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'][i], 'Martin', `19${70 + i}-01-0${1 + i}`, w]),
    ]);
    expect(fieldOf(report, 'Estado')).not.toBe('status');
  });
});

describe("a template's sample rows under a header close to a field whose values cannot be it", () => {
  it("'Nationality' of 'Algerian', 'American' in a two-member import is no SSN", async () => {
    const { report } = await run([
      ['Name', 'Date of Birth', 'Gender', 'Nationality', 'Employee Number'],
      ['Josemar Silva', '1997-09-18', 'male', 'Algerian', 'E1'],
      ['Anderson Costa', '1998-06-02', 'male', 'American', 'E2'],
    ]);
    expect(fieldOf(report, 'Nationality')).not.toBe('ssn');
  });
});
