/**
 * Issue 26, value-first readings: a column read from its values when no words name it (map/value-rules/, a file a rule).
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

describe('value-first: the relationship from the households the rows show (map/value-rules/households.ts)', () => {
  const FIRST = ['Adam', 'Anna', 'Ola', 'Jan', 'Ewa', 'Piotr', 'Maria', 'Zofia', 'Marek', 'Tomasz', 'Alicja', 'Paweł', 'Kasia', 'Bartek'];
  // Polish words no pack holds: an employee's row, then their spouse's and children's rows repeating the id and last name.
  const family = (n: number) => {
    const id = `P${100 + n}`;
    const last = ['Nowak', 'Wiśniewski', 'Kowalczyk', 'Zieliński', 'Szymański', 'Woźniak'][n % 6];
    const name = (k: number) => FIRST[(n * 4 + k) % FIRST.length];
    const rows: (string | null)[][] = [[id, name(0), last, `19${70 + n}-03-0${1 + (n % 9)}`, 'Pracownik']];
    if (n % 2 === 0) rows.push([id, name(1), last, `19${72 + n}-05-1${n % 10}`, 'Małżonek']);
    if (n % 3 !== 2) rows.push([id, name(2), last, `20${10 + (n % 9)}-07-0${1 + (n % 9)}`, 'Dziecko'], [id, name(3), last, `20${12 + (n % 9)}-01-2${n % 9}`, 'Dziecko']);
    return rows;
  };
  const header = ['Numer', 'Imię', 'Nazwisko', 'Data urodzenia', 'Pokrewieństwo'];

  it("'Pracownik' / 'Małżonek' / 'Dziecko' under an unknown header: employee, spouse, child by the households, with a review", async () => {
    const body = Array.from({ length: 8 }, (_, n) => family(n)).flat();
    const { report } = await run([header, ...body]);
    const col = report.columns.find((c) => c.header === 'Pokrewieństwo');
    expect(col?.field).toBe('relationship');
    expect(col?.reason).toMatch(/'Pracownik' employee, 'Małżonek' spouse, 'Dziecko' child/);
    const spouses = body.filter((r) => r[4] === 'Małżonek').length;
    const children = body.filter((r) => r[4] === 'Dziecko').length;
    expect(report.relationships).toMatchObject({ employee: 8, spouse: spouses, child: children });
    expect(rv(report).needed).toBe(true);
  });

  it('a status whose leavers are scattered among other people stays unread (their rows repeat no head above them)', async () => {
    const names = ['Adam', 'Ewa', 'Piotr', 'Maria', 'Jan', 'Zofia', 'Marek', 'Anna', 'Tomasz', 'Alicja', 'Paweł', 'Ola'];
    const lasts = ['Nowak', 'Kowal', 'Lis', 'Mazur', 'Krawczyk', 'Dudek', 'Wróbel', 'Pawlak', 'Michalski', 'Król', 'Jabłoński', 'Wieczorek'];
    const rows = names.map((f, i) => [`P${200 + i}`, f, lasts[i], `19${60 + i * 2}-04-1${i % 10}`, i % 4 === 3 ? 'Zwolniony' : 'Aktywny']);
    const { report } = await run([[...header.slice(0, 4), 'Stan'], ...rows]);
    expect(report.columns.find((c) => c.header === 'Stan')?.field).not.toBe('relationship');
  });

  it('two words in a family list where the second is no child (a gender) are not the relationship', async () => {
    const body = Array.from({ length: 8 }, (_, n) => family(n)).flat().map((r, i) => [...r.slice(0, 4), i % 2 ? 'Kobieta' : 'Mężczyzna']);
    const { report } = await run([[...header.slice(0, 4), 'Płeć'], ...body]);
    expect(report.columns.find((c) => c.header === 'Płeć')?.field).not.toBe('relationship');
  });
});

describe('value-first: a relationship column read in part takes the households for its unread words', () => {
  it("'Titular' and 'Spouse' read, 'Dziecko' not: the 'Dziecko' rows under a head, children by their birth dates, are children (the review asks)", async () => {
    const rows: (string | null)[][] = [['Member ID', 'First Name', 'Last Name', 'DOB', 'Relationship']];
    const lasts = ['Lee', 'Kim', 'Diaz', 'Ross', 'Park', 'Cruz'];
    const firsts = ['Ana', 'Luis', 'Rosa', 'Juan', 'Eva', 'Raul', 'Inés', 'Pablo'];
    for (let n = 0; n < 6; n++) {
      rows.push([`M${n}`, firsts[n], lasts[n], `197${n}-02-0${n + 1}`, 'Titular']);
      if (n % 2) rows.push([`M${n}`, firsts[n + 1], lasts[n], `197${n}-06-1${n}`, 'Spouse']);
      rows.push([`M${n}`, firsts[n + 2], lasts[n], `201${n}-04-0${n + 1}`, 'Dziecko'], [`M${n}`, firsts[(n + 3) % 8], lasts[n], `201${n + 2}-09-0${n + 1}`, 'Dziecko']);
    }
    const { report } = await run(rows);
    expect(report.relationships).toMatchObject({ employee: 6, spouse: 3, child: 12 });
    expect(report.columns.find((c) => c.header === 'Relationship')?.reason).toMatch(/'Dziecko' child \(please check\)/);
    expect(rv(report).needed).toBe(true);
  });
});

describe('value-first: a wide layout whose dependents have full names (map/headerless.ts, headed)', () => {
  it("child birth dates under a header no pack reads, beside 'Zoe Lee'-style names, count the children", async () => {
    const kids = [['Zoe', 'Liam'], ['Emma'], ['Noah', 'Ava'], [], ['Mia'], ['Ethan', 'Olivia']];
    const rows: (string | null)[][] = [['Emp No', 'First Name', 'Last Name', 'DOB', 'Dziecko 1', 'Data urodzenia dziecka', 'Dziecko 2', 'Data urodzenia dziecka']];
    kids.forEach((k, n) => rows.push([`E${n + 1}`, ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'][n], LAST[n % 4], `1975-0${n + 1}-1${n}`, k[0] ? `${k[0]} ${LAST[n % 4]}` : null, k[0] ? `201${n}-03-0${n + 1}` : null, k[1] ? `${k[1]} ${LAST[n % 4]}` : null, k[1] ? `201${n + 2}-08-1${n}` : null]));
    const { report } = await run(rows);
    expect(report.columns.filter((c) => c.header === 'Data urodzenia dziecka').map((c) => c.field)).toEqual(['childDateOfBirth', 'childDateOfBirth']);
    expect(report.totalLives).toBe(6 + kids.flat().length);
  });
});

describe('value-first: the age with no birth date to agree with', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Thomas', 'Karen', 'Daniel', 'Nancy'];
  const AGES = [34, 51, 28, 45, 39, 62, 31, 47, 55, 26];

  it("'Età' of whole numbers spread over working ages, in no order, read as the age (weak: an issue asks to check it)", async () => {
    const { report } = await run([['First Name', 'Last Name', 'Età'], ...FIRST.map((f, i) => [f, LAST[i % 4], AGES[i]])]);
    const col = report.columns.find((c) => c.header === 'Età');
    expect(col?.field).toBe('age');
    expect(col?.reason).toMatch(/look like ages, and no birth date was read/);
    expect(report.issues.some((i) => i.message.startsWith("Column 'Età' was mapped to age with low confidence"))).toBe(true);
  });

  it('hours used (median under a working age, zeros among them) and numbers in order (ids) stay unread', async () => {
    const HOURS = [0, 24, 8, 40, 16, 0, 32, 12, 47, 20];
    const { report } = await run([['First Name', 'Last Name', 'ore_usate', 'Numero'], ...FIRST.map((f, i) => [f, LAST[i % 4], HOURS[i], 30 + 3 * i])]);
    expect(report.columns.find((c) => c.header === 'ore_usate')?.field).toBeNull();
    expect(report.columns.find((c) => c.header === 'Numero')?.field).not.toBe('age');
  });
});

describe('value-first: a shuffled sequence of numbers is ids, not ZIP codes or pay', () => {
  it("'Numer kadrowy' (Polish, no pack) of 10002 ... 10031 in no order (each an assigned New York ZIP) read as the id", async () => {
    const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'];
    const ids = Array.from({ length: 30 }, (_, i) => 10002 + ((i * 7) % 30));
    const { report } = await run([['First Name', 'Last Name', 'Numer kadrowy'], ...ids.map((id, i) => [FIRST[i % 6], `${LAST[i % 4]}${i}`, String(id)])]);
    const col = report.columns.find((c) => c.header === 'Numer kadrowy');
    expect(col?.field).toBe('employeeId');
  });
});

describe('value-first: the couples tell a gender the first names do not follow (generated test data)', () => {
  // Test censuses made by generators give each row a sex at random: 'James' is 'Kobieta' as often as not.
  // In a couple, though, the spouse's word differs from the employee's; a department's or a marital
  // status's is the same for both.
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Michael', 'Karen', 'John', 'Lisa'];
  const household = (n: number, word: (spouse: boolean) => string) => [
    [`P${100 + n}`, FIRST[n % 10], `Nowak${n}`, `19${70 + n}-03-01`, 'Employee', word(false)],
    [`P${100 + n}`, FIRST[(n + 3) % 10], `Nowak${n}`, `19${71 + n}-05-02`, 'Spouse', word(true)],
  ];
  const header = ['Numer', 'First Name', 'Last Name', 'DOB', 'Relationship', 'Płeć'];
  // The employee's word alternates with no tie to the names; the spouse's is always the other one.
  const sexes = (n: number) => (spouse: boolean) => ((n % 3 === 0) !== spouse ? 'Kobieta' : 'Mężczyzna');

  it("'Kobieta' / 'Mężczyzna' that do not follow the names, but differ in every couple: read as the gender (please check)", async () => {
    const { report } = await run([header, ...Array.from({ length: 6 }, (_, n) => household(n, sexes(n))).flat()]);
    const col = report.columns.find((c) => c.header === 'Płeć');
    expect(col?.field).toBe('gender');
    expect(col?.reason).toMatch(/differs from the employee's in 6 of 6 couples/);
    expect(report.issues.some((i) => i.message.startsWith("Column 'Płeć' was mapped to gender with low confidence"))).toBe(true);
  });

  it('two words the same for both of a couple (a marital status, a department) stay unread', async () => {
    const same = (n: number) => () => (n % 2 ? 'Żonaty' : 'Wolny');
    const { report } = await run([header, ...Array.from({ length: 6 }, (_, n) => household(n, same(n))).flat()]);
    expect(report.columns.find((c) => c.header === 'Płeć')?.field).toBeNull();
  });
});

describe('value-first: last names beside first names the name table seldom knows', () => {
  it("made-up first names ('Javert', 'Church'): the one column of varying words right beside them is the last name", async () => {
    const FIRST = ['Javert', 'Church', 'Anastasia', 'Amy', 'Jonathan', 'Burt', 'Morty', 'Carie', 'Quill', 'Thorne'];
    const SUR = ['Burton', 'Brewer', 'Chap', 'Hale', 'Wiśniak', 'Love', 'Lord', 'Livingston', 'Okafor', 'Grant'];
    const { report } = await run([['FEIN', 'First Name', 'Nazwisko', 'DOB'], ...FIRST.map((f, i) => ['764141112', f, SUR[i], dob(i)])]);
    const col = report.columns.find((c) => c.header === 'Nazwisko');
    expect(col?.field).toBe('lastName');
    expect(col?.reason).toMatch(/the one such column next to them/);
  });
});

describe('value-first: ids with a few duplicated rows further down', () => {
  it("'Personalnummer' of E-numbers in no order, a few of them twice (duplicated rows), read as the id", async () => {
    const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'];
    const ids = Array.from({ length: 30 }, (_, i) => `E0${(i * 37) % 1000}`.padEnd(5, '7'));
    const rows = ids.map((id, i) => [id, FIRST[i % 6], `${LAST[i % 4]}${i}`, dob(i)]);
    rows.push(rows[3], rows[11]);
    const { report } = await run([['Personalnummer', 'First Name', 'Last Name', 'DOB'], ...rows]);
    expect(report.columns.find((c) => c.header === 'Personalnummer')?.field).toBe('employeeId');
  });

  it('a code of a few values repeated all over (a department) is no id', async () => {
    const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'];
    const rows = Array.from({ length: 30 }, (_, i) => [`D${10 + (i % 4)}`, FIRST[i % 6], `${LAST[i % 4]}${i}`, dob(i)]);
    const { report } = await run([['Dział', 'First Name', 'Last Name', 'DOB'], ...rows]);
    expect(report.columns.find((c) => c.header === 'Dział')?.field).not.toBe('employeeId');
  });
});

describe('value-first: two unknown words whose initials are the sex codes (M/F, M/W)', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Michael', 'Karen', 'John', 'Lisa', 'Mark', 'Anna'];
  // Generated data: the word is drawn with no tie to the first name.
  const word = (i: number, m: string, f: string) => ((i * 7) % 5 < 2 ? m : f);

  it("'Maschio' / 'Femmina' that the first names do not follow: read by their initials as male / female (please check)", async () => {
    const rows = FIRST.map((f, i) => [f, `${LAST[i % 4]}${i}`, dob(i), word(i, 'Maschio', 'Femmina')]);
    const { report } = await run([['First Name', 'Last Name', 'DOB', 'Sesso'], ...rows]);
    const col = report.columns.find((c) => c.header === 'Sesso');
    expect(col?.field).toBe('gender');
    expect(col?.reason).toMatch(/initials read as male and female/);
    expect(report.genderRatio.male.value).toBe(rows.filter((r) => r[3] === 'Maschio').length);
    expect(report.genderRatio.female.value).toBe(rows.filter((r) => r[3] === 'Femmina').length);
    expect(report.issues.some((i) => i.message.startsWith("Column 'Sesso' was mapped to gender with low confidence"))).toBe(true);
  });

  it("'Man' / 'Vrouw' (Dutch, no pack) that the first names do not follow: 'Man' reads as male, so 'Vrouw' as female (please check)", async () => {
    const rows = FIRST.map((f, i) => [f, `${LAST[i % 4]}${i}`, dob(i), word(i, 'Man', 'Vrouw')]);
    const { report } = await run([['First Name', 'Last Name', 'DOB', 'Geslacht'], ...rows]);
    const col = report.columns.find((c) => c.header === 'Geslacht');
    expect(col?.field).toBe('gender');
    expect(col?.reason).toMatch(/'Man' reads as male, so 'Vrouw' as female/);
    expect(report.genderRatio.male.value).toBe(rows.filter((r) => r[3] === 'Man').length);
    expect(report.genderRatio.female.value).toBe(rows.filter((r) => r[3] === 'Vrouw').length);
  });

  it("a marital status ('Sposato' / 'Celibe') the names do not follow stays unread: its initials are no sexes", async () => {
    const rows = FIRST.map((f, i) => [f, `${LAST[i % 4]}${i}`, dob(i), word(i, 'Sposato', 'Celibe')]);
    const { report } = await run([['First Name', 'Last Name', 'DOB', 'Stato civile'], ...rows]);
    expect(report.columns.find((c) => c.header === 'Stato civile')?.field).toBeNull();
  });
});

describe('value-first: ages taken at an older date than the as-of date', () => {
  it("'Wiek' of each row's years at the file's date, seven years before the as-of date, beside the birth dates: the age", async () => {
    const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Michael', 'Karen'];
    // AS_OF is 2026-01-01; the file was made on 2019-01-01.
    const rows = FIRST.map((f, i) => [f, `${LAST[i % 4]}${i}`, `19${60 + i * 3}-06-15`, String(2019 - (1960 + i * 3) - 1)]);
    const { report } = await run([['First Name', 'Last Name', 'DOB', 'Wiek'], ...rows]);
    const col = report.columns.find((c) => c.header === 'Wiek');
    expect(col?.field).toBe('age');
    expect(col?.reason).toMatch(/some 7 years before the as-of date/);
  });

  it('numbers that keep no one offset from the birth dates (a grade) stay unread as ages', async () => {
    const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Michael', 'Karen'];
    const rows = FIRST.map((f, i) => [f, `${LAST[i % 4]}${i}`, `19${60 + i * 3}-06-15`, String(20 + ((i * 13) % 17))]);
    const { report } = await run([['First Name', 'Last Name', 'DOB', 'Stufe'], ...rows]);
    expect(report.columns.find((c) => c.header === 'Stufe')?.field).not.toBe('age');
  });
});

describe('value-first: a few rows of two words whose initials are the sex codes', () => {
  it("three members, 'Männlich' / 'Weiblich' under a header no pack reads, the names not following them: the gender", async () => {
    const rows = [['James', 'Lee', '1970-01-02', 'Weiblich'], ['Mary', 'Kim', '1980-03-04', 'Männlich'], ['Anna', 'Ross', '1990-05-06', 'Weiblich']];
    const { report } = await run([['First Name', 'Last Name', 'DOB', 'Płeć'], ...rows]);
    expect(report.columns.find((c) => c.header === 'Płeć')?.field).toBe('gender');
    expect(report.genderRatio.female.value).toBe(2);
  });
});

describe('value-first: hire dates under a header no pack reads, with a slip or two', () => {
  it("'Data zatrudnienia' after a working age on 9 rows of 10 (one member 'hired' at nine): the hire date", async () => {
    const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Michael', 'Karen', 'John', 'Lisa'];
    const rows = FIRST.map((f, i) => [f, `${LAST[i % 4]}${i}`, `19${70 + i * 2}-02-1${i}`, i === 4 ? `19${70 + i * 2 + 9}-07-01` : `20${10 + i}-0${1 + (i % 9)}-15`]);
    const { report } = await run([['First Name', 'Last Name', 'DOB', 'Data zatrudnienia'], ...rows]);
    expect(report.columns.find((c) => c.header === 'Data zatrudnienia')?.field).toBe('hireDate');
  });
});

describe('value-first: first names by the name table when no column names them', () => {
  // Generated names, some the name table does not know: too few known for the values' profile alone.
  const FIRST = ['Amy', 'Thomas', 'Quill', 'Seth', 'Thorne', 'John', 'Javert', 'Michael'];
  const SUR = ['Okafor', 'Wiśniak', 'Castellano', 'Haddad', 'Yamamoto', 'Brennan', 'Kowalski', 'Nguyen'];

  it("'Imię' of 'Amy', 'Thomas', 'Quill' beside 'Nazwisko': the first name, then the last name beside it (please check)", async () => {
    const { report } = await run([['Numer', 'Imię', 'Nazwisko', 'DOB'], ...FIRST.map((f, i) => [`P${100 + i}`, f, SUR[i], dob(i)])]);
    const first = report.columns.find((c) => c.header === 'Imię');
    expect(first?.field).toBe('firstName');
    expect(first?.reason).toMatch(/first names the name table knows/);
    expect(report.columns.find((c) => c.header === 'Nazwisko')?.field).toBe('lastName');
    expect(report.totalLives).toBe(8);
  });

  it('two columns of first names alike (an employee and a spouse) name neither', async () => {
    const SPOUSE = ['Mark', 'Anna', 'Quorra', 'Susan', 'Zephyrine', 'Lisa', 'Thistle', 'Nancy'];
    const { report } = await run([['Numer', 'Imię', 'Imię małżonka', 'DOB'], ...FIRST.map((f, i) => [`P${100 + i}`, f, SPOUSE[i], dob(i)])]);
    expect(report.columns.find((c) => c.header === 'Imię')?.field).not.toBe('firstName');
    expect(report.columns.find((c) => c.header === 'Imię małżonka')?.field).not.toBe('firstName');
  });
});

describe('value-first: a gender code read by its header that reads few sexes, beside words that follow the names', () => {
  const MEN = ['James', 'Robert', 'Michael', 'David', 'William'];
  const WOMEN = ['Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth'];
  const people = [...MEN.map((f) => [f, 'm']), ...WOMEN.map((f) => [f, 'f'])];

  it("'GenderID' of 0 and 1 beside 'Płeć' of 'Mężczyzna' / 'Kobieta': the words are the gender, the code an extra column", async () => {
    const rows = [['First Name', 'Last Name', 'GenderID', 'DOB', 'Płeć'], ...people.map(([f, s], i) => [f, LAST[i % 4], s === 'm' ? 1 : 0, dob(i), s === 'm' ? 'Mężczyzna' : 'Kobieta'])];
    const { report } = await run(rows);
    const words = report.columns.find((c) => c.header === 'Płeć');
    expect(words?.field).toBe('gender');
    expect(words?.confidence).toBeLessThan(1);
    expect(report.columns.find((c) => c.header === 'GenderID')?.field).toBeNull();
    expect(report.genderRatio.male.value).toBe(5);
    expect(report.genderRatio.female.value).toBe(5);
  });

  it("the first names in a 'Last, First' full name, or in the column headed last name (the two swapped), judge too", async () => {
    const full = [['Name', 'GenderID', 'DOB', 'Płeć'], ...people.map(([f, s], i) => [`${LAST[i % 4]}, ${f} K`, s === 'm' ? 1 : 0, dob(i), s === 'm' ? 'Mężczyzna' : 'Kobieta'])];
    expect((await run(full)).report.columns.find((c) => c.header === 'Płeć')?.field).toBe('gender');
    const swapped = [['First Name', 'Last Name', 'GenderID', 'DOB', 'Płeć'], ...people.map(([f, s], i) => [`${LAST[i % 4]}son`, f, s === 'm' ? 1 : 0, dob(i), s === 'm' ? 'Mężczyzna' : 'Kobieta'])];
    expect((await run(swapped)).report.columns.find((c) => c.header === 'Płeć')?.field).toBe('gender');
  });

  it("a gender column whose codes read the sexes ('M' / 'F') keeps the gender beside two words that follow the names", async () => {
    const rows = [['First Name', 'Last Name', 'Sex', 'DOB', 'Płeć'], ...people.map(([f, s], i) => [f, LAST[i % 4], s === 'm' ? 'M' : 'F', dob(i), s === 'm' ? 'Mężczyzna' : 'Kobieta'])];
    const { report } = await run(rows);
    expect(report.columns.find((c) => c.header === 'Sex')?.field).toBe('gender');
    expect(report.columns.find((c) => c.header === 'Płeć')?.field).toBeNull();
  });
});

describe('value-first: ZIP codes by the states', () => {
  // Massachusetts ZIP codes stored as numbers lose their leading zero (02148 is 2148).
  const MA = [2148, 1810, 1886, 2451, 2026, 2169, 1960, 2330, 1701, 2215];
  const PAY = [62506, 104437, 64955, 58709, 47837, 50825, 57568, 95660, 74205, 61520];
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Michael', 'Karen', 'John', 'Lisa'];

  it("a five-digit pay read as ZIP codes beside 'Kod pocztowy' of MA codes that lost their zero: the ZIP and the salary swap", async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Wynagrodzenie', 'State', 'Kod pocztowy'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), PAY[i], 'MA', MA[i]])];
    const { report } = await run(rows);
    const zip = report.columns.find((c) => c.header === 'Kod pocztowy');
    expect(zip?.field).toBe('zip');
    expect(zip?.reason).toMatch(/ZIP codes of the rows' states in 'State'/);
    expect(report.columns.find((c) => c.header === 'Wynagrodzenie')?.field).toBe('annualSalary');
  });

  it('made-up ZIP codes that match no state, with no better column, stay the ZIP', async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Zip', 'State', 'Dział'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), String(10001 + i * 7), 'TX', String(100 + i)])];
    const { report } = await run(rows);
    expect(report.columns.find((c) => c.header === 'Zip')?.field).toBe('zip');
    expect(report.columns.find((c) => c.header === 'Dział')?.field).not.toBe('zip');
  });
});

describe('value-first: the job title by its words', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Michael', 'Karen', 'John', 'Lisa'];
  const TITLES = ['Production Technician I', 'Area Sales Manager', 'Sr. DBA', 'Production Technician II', 'Software Engineer', 'Accountant I', 'Network Engineer', 'Production Manager', 'Data Analyst', 'Administrative Assistant'];

  it("'Stanowisko' (Polish, no pack) of 'Production Technician I', 'Area Sales Manager': the job title (please check)", async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Stanowisko', 'Dział'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), TITLES[i], i % 3 ? 'Production' : 'IT/IS'])];
    const { report } = await run(rows);
    const col = report.columns.find((c) => c.header === 'Stanowisko');
    expect(col?.field).toBe('jobTitle');
    expect(col?.reason).toMatch(/job titles .*please check/);
    expect(report.columns.find((c) => c.header === 'Dział')?.field).toBeNull();
  });

  it("a column of numbers under a job-title header ('PositionID' of 19, 27) is no job title", async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Position ID'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), String(19 + i * 3)])];
    const { report } = await run(rows);
    expect(report.columns.find((c) => c.header === 'Position ID')?.field).not.toBe('jobTitle');
  });
});

describe('value-first: whole names under a header no pack reads', () => {
  const NAMES = ['Christina Oneal', 'Heather Diaz', 'James Smith', 'Mary Johnson', 'Robert Brown', 'Linda Davis', 'Michael Miller', 'Susan Wilson', 'David Moore', 'Karen Taylor'];

  it("'Imię i nazwisko' of 'Christina Oneal': the full name, not the first name", async () => {
    const { report } = await run([['Employee ID', 'Imię i nazwisko', 'Date of Birth', 'Hire Date'], ...NAMES.map((n, i) => [`E${100 + i}`, n, dob(i), `20${10 + i}-03-01`])]);
    expect(report.columns.find((c) => c.header === 'Imię i nazwisko')?.field).toBe('fullName');
    expect(report.totalLives).toBe(10);
  });

  it("a wide layout's 'Dependent 1 Name' of whole names is that dependent's, not the row's own full name", async () => {
    const rows = [['First Name', 'Last Name', 'DOB', 'Dependent 1 Name', 'Dependent 1 DOB'], ...NAMES.map((n, i) => [n.split(' ')[0], n.split(' ')[1], dob(i), i % 2 ? `${NAMES[(i + 3) % 10].split(' ')[0]} ${n.split(' ')[1]}` : '', i % 2 ? `20${10 + i}-01-01` : ''])];
    const { report } = await run(rows);
    expect(report.columns.find((c) => c.header === 'Dependent 1 Name')?.field).toBeNull();
  });
});

describe('value-first: hire dates of people hired in groups, under a header no pack reads', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Michael', 'Karen', 'John', 'Lisa'];
  const people = Array.from({ length: 40 }, (_, i) => [FIRST[i % 10], `${LAST[i % 4]}${i}`, `19${60 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`]);

  it("'Data zatrudnienia' with 14 days over ten years for 40 people (a third distinct): the hire date", async () => {
    const rows = people.map((p, i) => [...p, `20${10 + (i % 14 > 9 ? 9 : i % 14)}-0${1 + (i % 14 > 9 ? i % 5 : 0)}-15`]);
    const { report } = await run([['First Name', 'Last Name', 'DOB', 'Data zatrudnienia'], ...rows]);
    expect(report.columns.find((c) => c.header === 'Data zatrudnienia')?.field).toBe('hireDate');
  });

  it('a plan start on three days for everyone stays unread', async () => {
    const rows = people.map((p, i) => [...p, `2026-0${1 + (i % 3)}-01`]);
    const { report } = await run([['First Name', 'Last Name', 'DOB', 'Początek'], ...rows]);
    expect(report.columns.find((c) => c.header === 'Początek')?.field).toBeNull();
  });
});

describe('value-first: a dashed SSN speaks from one row', () => {
  it("a one-person template's 'Numer ubezpieczenia' of 123-45-6789: the SSN", async () => {
    const { report } = await run([['Numer ubezpieczenia', 'First Name', 'Last Name', 'Date of Birth'], ['123-45-6789', 'John', 'Doe', '01/15/1985']]);
    expect(report.columns.find((c) => c.header === 'Numer ubezpieczenia')?.field).toBe('ssn');
  });

  const ssns = ['467-20-7261', '473-94-8373', '477-28-8410', '219-77-7783', '217-21-5090', '595-99-1234'];
  const withIdHeader = (header: string) => [[header, 'First Name', 'Last Name', 'Date of Birth'], ...ssns.map((s, i) => [s, ['John', 'Mary', 'Ann', 'Bob', 'Eve', 'Dan'][i], LAST[i % 4], dob(i)])];
  it("Swedish 'Personnummer' (close to the English 'person number' id) over 123-45-6789 numbers: the SSN", async () => {
    const { report } = await run(withIdHeader('Personnummer'));
    expect(report.columns.find((c) => c.header === 'Personnummer')?.field).toBe('ssn');
  });
  it("a header that names the id outright ('Employee ID') keeps its numbers written as SSNs as the id", async () => {
    const { report } = await run(withIdHeader('Employee ID'));
    expect(report.columns.find((c) => c.header === 'Employee ID')?.field).toBe('employeeId');
  });
});

describe('value-first: the amount beside a pay mode, under a header no pack reads', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'];
  it("'Wynagrodzenie' of 90000, 45, 2500 beside 'Salary Mode' (A, H, Semi-Monthly): the pay, read per row by the mode", async () => {
    const pay = [['90000', 'A'], ['45', 'H'], ['2500', 'Semi-Monthly'], ['60000', 'A'], ['30', 'H'], ['3000', 'Semi-Monthly']];
    const { report } = await run([['First Name', 'Last Name', 'Date of Birth', 'Wynagrodzenie', 'Salary Mode'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), ...pay[i]])]);
    const col = report.columns.find((c) => c.header === 'Wynagrodzenie');
    expect(col?.field).toBe('annualSalary');
    expect(col?.reason).toMatch(/beside the pay mode 'Salary Mode'/);
  });
  it("a full-time equivalent (1.0, 0.5) beside a pay frequency is no pay", async () => {
    const { report } = await run([['First Name', 'Last Name', 'Date of Birth', 'Etat', 'Pay Mode'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), i % 2 ? '1.0' : '0.5', i % 2 ? 'A' : 'H'])]);
    expect(report.columns.find((c) => c.header === 'Etat')?.field).toBeNull();
  });
});

describe('value-first: the household key over a member id', () => {
  const family = (n: number) => [
    [`FAM${100 + n}`, `M-E${n}`, ['James', 'Robert', 'David'][n % 3], `${LAST[n % 4]}`, `19${70 + n}-02-03`, 'Salarié'],
    [`FAM${100 + n}`, `M-S${n}`, ['Mary', 'Linda', 'Susan'][n % 3], `${LAST[n % 4]}`, `19${72 + n}-04-05`, 'Conjoint'],
    [`FAM${100 + n}`, `M-D${n}`, ['Emma', 'Noah', 'Olivia'][n % 3], `${LAST[n % 4]}`, `20${10 + n}-06-07`, 'Enfant'],
  ];
  it("'member_id' of one id per row beside 'Numer rodziny' repeated on each family's rows: the family's key is the employee id", async () => {
    const { report } = await run([['Numer rodziny', 'member_id', 'First Name', 'Last Name', 'Date of Birth', 'Pokrewieństwo'], ...Array.from({ length: 6 }, (_, n) => family(n)).flat()]);
    expect(report.columns.find((c) => c.header === 'Numer rodziny')?.field).toBe('employeeId');
    expect(report.columns.find((c) => c.header === 'member_id')?.field).toBeNull();
  });
  it("an 'Employee ID' (not a member's id) keeps the id beside a repeated code", async () => {
    const { report } = await run([['Numer rodziny', 'Employee ID', 'First Name', 'Last Name', 'Date of Birth', 'Pokrewieństwo'], ...Array.from({ length: 6 }, (_, n) => family(n)).flat()]);
    expect(report.columns.find((c) => c.header === 'Employee ID')?.field).toBe('employeeId');
  });
});

describe('value-first: the status read in part', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Michael', 'Karen'];
  it("'Stan' of 'Attivo' on most rows beside words no pack reads: the status, and the review names those words", async () => {
    const words = ['Attivo', 'Attivo', 'Cessato', 'Attivo', 'Pensionato', 'Attivo', 'Attivo', 'Attivo'];
    const { report } = await run([['First Name', 'Last Name', 'Date of Birth', 'Stan'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), words[i]])]);
    expect(report.columns.find((c) => c.header === 'Stan')?.field).toBe('status');
    expect(rv(report).reasons.some((r) => r.includes("'Stan'") && r.includes('Cessato'))).toBe(true);
  });
  it("a commonest word only one letter from a status word ('Actve', a typo's reading, no cognate) is no evidence: the column stays unread", async () => {
    const words = ['Actve', 'Zwolniony', 'Urlop', 'Actve', 'Actve', 'Urlop', 'Actve', 'Actve'];
    const { report } = await run([['First Name', 'Last Name', 'Date of Birth', 'Stan'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), words[i]])]);
    expect(report.columns.find((c) => c.header === 'Stan')?.field).not.toBe('status');
  });
  it("letter categories ('A', 'B') stay unread, though A is a status letter", async () => {
    const { report } = await run([['First Name', 'Last Name', 'Date of Birth', 'Kategoria'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), i % 3 ? 'A' : 'B'])]);
    expect(report.columns.find((c) => c.header === 'Kategoria')?.field).not.toBe('status');
  });
});

describe('value-first: single first names with a middle initial under a full-name header', () => {
  it("'Name' of 'JANE L', 'ROBERT J' beside 'Nazwisko' of surnames: the first name and the last name", async () => {
    const FIRST = ['JANE L', 'ROBERT J', 'KAREN', 'DENISE M', 'HENRY', 'LAURA T', 'JOHN A', 'MARY'];
    const SUR = ['SMITH', 'APSEY', 'OKAFOR', 'BRENNAN', 'KOWALSKI', 'HADDAD', 'YAMAMOTO', 'CASTELLANO'];
    const { report } = await run([['Employee ID', 'Name', 'Nazwisko', 'Date of Birth'], ...FIRST.map((f, i) => [`E${100 + i}`, f, SUR[i], dob(i)])]);
    expect(report.columns.find((c) => c.header === 'Name')?.field).toBe('firstName');
    expect(report.columns.find((c) => c.header === 'Nazwisko')?.field).toBe('lastName');
  });
});

describe('value-first: a one-person template', () => {
  it("'First Name' of 'John' beside 'Nazwisko' of 'Doe' (its one sample row): the last name (please check)", async () => {
    const { report } = await run([['Employee ID', 'First Name', 'Nazwisko', 'Date of Birth'], ['E100', 'John', 'Doe', '01/12/1980']]);
    const col = report.columns.find((c) => c.header === 'Nazwisko');
    expect(col?.field).toBe('lastName');
    expect(col?.confidence).toBeLessThan(0.6);
  });
});

describe('value-first: the status by the exit dates (map/status-by-exit-dates.ts)', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Mark', 'Karen', 'Paul', 'Nancy', 'Brian', 'Lisa'];
  const gone = (i: number) => i % 4 === 1;
  const table = (header: string, word: (i: number) => string, extra = (i: number) => (gone(i) ? '03/15/2024' : '')) => [
    ['Employee ID', 'First Name', 'Last Name', 'Date of Birth', header, 'Term Date'],
    ...FIRST.map((f, i) => [`E${100 + i}`, f, LAST[i % 4], dob(i), word(i), extra(i)]),
  ];

  it("'Stan' of 'Zatrudniony' / 'Zwolniony' (Polish, no pack) split as the exit dates: the status, the leavers terminated (please check)", async () => {
    const { report } = await run(table('Stan', (i) => (gone(i) ? 'Zwolniony' : 'Zatrudniony')));
    const col = report.columns.find((c) => c.header === 'Stan');
    expect(col?.field).toBe('status');
    expect(col?.confidence).toBeLessThan(0.6);
    expect(col?.reason).toMatch(/exit dates in 'Term Date'.*'Zatrudniony' active, 'Zwolniony' terminated/);
    expect(report.totalLives).toBe(9);
  });

  it("'Stato' (close to 'state', not US states) of 'In servizio' / 'Cessato': its header's reading refuted, the values name it", async () => {
    const { report } = await run(table('Stato', (i) => (gone(i) ? 'Cessato' : 'In servizio')));
    expect(report.columns.find((c) => c.header === 'Stato')?.field).toBe('status');
  });

  it("'Posizione' (close to 'position') of true / false: yes/no is no job title; the flag follows the exits, so it is the status", async () => {
    const { report } = await run(table('Posizione', (i) => (gone(i) ? 'false' : 'true')));
    expect(report.columns.find((c) => c.header === 'Posizione')?.field).toBe('status');
  });

  it('a reason filled on the leavers\' rows only, or a department that does not follow the exits, stays unread', async () => {
    const reason = await run(table('Motivo', (i) => (gone(i) ? 'Dimissioni' : '')));
    expect(reason.report.columns.find((c) => c.header === 'Motivo')?.field).toBeNull();
    const dept = await run(table('Reparto', (i) => (i % 3 ? 'Vendite' : 'Magazzino')));
    expect(dept.report.columns.find((c) => c.header === 'Reparto')?.field).toBeNull();
  });
});

describe('value-first: an id word among words no pack reads', () => {
  const IDS = ['1103024456', '1106026572', '1302053333', '1211050782', '1307059817', '711007713', '1102024115', '1206043417'];
  const rows = (header: string) => [['First Name', 'Last Name', 'Date of Birth', header], ...IDS.map((id, i) => [['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Mark', 'Karen'][i], LAST[i % 4], dob(i), id])];

  it("'ID Pracownika' of ids in no order: the id (please check)", async () => {
    const { report } = await run(rows('ID Pracownika'));
    const col = report.columns.find((c) => c.header === 'ID Pracownika');
    expect(col?.field).toBe('employeeId');
    expect(col?.confidence).toBeLessThan(0.6);
  });

  it("the same numbers under a header with no id word ('Telefon') stay unread", async () => {
    const { report } = await run(rows('Telefon'));
    expect(report.columns.find((c) => c.header === 'Telefon')?.field).toBeNull();
  });
});

describe('value-first: nine-digit numbers', () => {
  const people = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'];
  const rows = (header: string, values: string[]) => [['Employee ID', 'First Name', 'Last Name', 'Date of Birth', header], ...people.map((f, i) => [`E${100 + i}`, f, LAST[i % 4], dob(i), values[i]])];

  it("made-up SSNs rising far apart ('Numer PESEL' of 123456789, 234567890 ...): the SSN (please check)", async () => {
    const { report } = await run(rows('Numer PESEL', ['123456789', '234567890', '345678901', '456789012', '567890123', '678901234']));
    expect(report.columns.find((c) => c.header === 'Numer PESEL')?.field).toBe('ssn');
  });

  it('nine-digit ids numbered in order (100200301, 100200302 ...) are no SSN', async () => {
    const { report } = await run(rows('Numer', ['100200301', '100200302', '100200303', '100200304', '100200305', '100200306']));
    expect(report.columns.find((c) => c.header === 'Numer')?.field).not.toBe('ssn');
  });
});

describe('value-first: dates are no ids', () => {
  it("'Zatrudnienie' of dates in order (2024-01-15, 2024-02-15 ...), no birth date beside them, is not read as the id", async () => {
    const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David'];
    const { report } = await run([['First Name', 'Last Name', 'Zatrudnienie'], ...FIRST.map((f, i) => [f, LAST[i % 4], `2024-0${i + 1}-15`])]);
    expect(report.columns.find((c) => c.header === 'Zatrudnienie')?.field).not.toBe('employeeId');
  });
});

describe('value-first: the hire date by the ages (map/hire-date-by-ages.ts)', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Mark', 'Karen'];
  const AGES = [45, 38, 52, 29, 61, 33, 47, 40];
  const HIRED = ['2004-09-15', '2017-11-04', '1994-03-01', '2019-01-02', '1990-06-30', '2015-08-17', '2008-02-11', '2012-10-05'];

  it("'Zatrudnienie' of dates at a working age by each row's 'Age' (no birth date): the hire date (please check)", async () => {
    const { report } = await run([['First Name', 'Last Name', 'Age', 'Zatrudnienie'], ...FIRST.map((f, i) => [f, LAST[i % 4], AGES[i], HIRED[i]])]);
    const col = report.columns.find((c) => c.header === 'Zatrudnienie');
    expect(col?.field).toBe('hireDate');
    expect(col?.confidence).toBeLessThan(0.6);
  });

  it("birth dates beside the ages (years since them are the ages) are no hire dates", async () => {
    const births = AGES.map((a, i) => `${2025 - a}-0${1 + (i % 9)}-10`);
    const { report } = await run([['First Name', 'Last Name', 'Age', 'Urodzony'], ...FIRST.map((f, i) => [f, LAST[i % 4], AGES[i], births[i]])]);
    expect(report.columns.find((c) => c.header === 'Urodzony')?.field).not.toBe('hireDate');
  });
});

describe('value-first: amounts under a header no pack reads', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Mark', 'Karen', 'Paul', 'Nancy'];
  const table = (header: string, values: string[]) => [['First Name', 'Last Name', 'Date of Birth', header], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), values[i]])];

  it("'Numer' of ids numbered close together (1175388 ... 1175428) is no pay", async () => {
    const ids = ['1175400', '1175402', '1175388', '1175398', '1175414', '1175420', '1175407', '1175405', '1175428', '1175415'];
    const { report } = await run(table('Numer', ids));
    expect(report.columns.find((c) => c.header === 'Numer')?.field).not.toBe('annualSalary');
  });

  it("'Wynagrodzenie' of '$39,520.00' repeated (hourly workers of one rate): the pay (please check)", async () => {
    const pay = ['$78,500.00', '$39,520.00', '$39,520.00', '$39,520.00', '$35,360.00', '$35,360.00', '$60,000.00', '$39,520.00', '$35,360.00', '$39,520.00'];
    const { report } = await run(table('Wynagrodzenie', pay));
    expect(report.columns.find((c) => c.header === 'Wynagrodzenie')?.field).toBe('annualSalary');
  });
});

describe("value-first: first names beside another person's", () => {
  it("'Imię' of first names beside 'Middle Name' and 'CH1_FIRST' of first names too (by their headers another's, or no first name): 'Imię' is the row's own", async () => {
    const OWN = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan'];
    const MIDDLE = ['Anna', 'John', 'Lisa', 'Mark', 'Karen', 'Paul'];
    const CHILD = ['Emma', 'Noah', 'Olivia', 'Liam', 'Ava', 'Mason'];
    const { report } = await run([['Imię', 'Middle Name', 'Nazwisko', 'Date of Birth', 'CH1_FIRST'], ...OWN.map((f, i) => [f, MIDDLE[i], LAST[i % 4], dob(i), CHILD[i]])]);
    expect(report.columns.find((c) => c.header === 'Imię')?.field).toBe('firstName');
    expect(report.columns.find((c) => c.header === 'Middle Name')?.field).toBeNull();
    expect(report.columns.find((c) => c.header === 'CH1_FIRST')?.field).toBeNull();
  });
});

describe('value-first: whole names some of which the name table does not know', () => {
  it("'Imię i nazwisko' of 'John Q Smith', 'Linh T Nguyen', 'Priya S Rao' ...: the full name", async () => {
    const NAMES = ['John Q Smith', 'Maria Garcia Jr.', 'Sam R Rivera', 'Linh T Nguyen', 'Priya S Rao', "Chris O'Neil II", 'Alex J Park', 'Dana Wu-Nakamura'];
    const { report } = await run([['Numer', 'Imię i nazwisko', 'Date of Birth'], ...NAMES.map((n, i) => [`E${100 + i}`, n, dob(i)])]);
    expect(report.columns.find((c) => c.header === 'Imię i nazwisko')?.field).toBe('fullName');
  });
});

describe('value-first: a round year\'s pay beside codes of its size', () => {
  it("'Wynagrodzenie roczne' of round sums (1200000, 1450000 ...) is the pay, not 'Kod' of six-digit postal codes beside it", async () => {
    const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Mark', 'Karen', 'Paul', 'Nancy'];
    const PIN = ['560001', '400051', '110017', '600028', '500034', '411014', '700091', '380015', '302017', '226010'];
    const PAY = ['1200000', '1450000', '1800000', '950000', '2200000', '1350000', '1100000', '1600000', '1050000', '1250000'];
    const { report } = await run([['First Name', 'Last Name', 'Date of Birth', 'Kod', 'Wynagrodzenie roczne'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), PIN[i], PAY[i]])]);
    expect(report.columns.find((c) => c.header === 'Wynagrodzenie roczne')?.field).toBe('annualSalary');
    expect(report.columns.find((c) => c.header === 'Kod')?.field).not.toBe('annualSalary');
  });
});

describe('value-first: a list of two', () => {
  it("'Numer' of E001, E002 (a template's two sample people) is the id (please check); 'Dział' of dept-123, dept-456 is not", async () => {
    const { report } = await run([['Numer', 'First Name', 'Last Name', 'Dział'], ['E001', 'Jane', 'Smith', 'dept-123'], ['E002', 'John', 'Doe', 'dept-456']]);
    expect(report.columns.find((c) => c.header === 'Numer')?.field).toBe('employeeId');
    expect(report.columns.find((c) => c.header === 'Dział')?.field).toBeNull();
  });
});

describe('value-first: values that name what they flag', () => {
  const FIRST = ['James', 'Mary', 'Robert', 'Linda', 'David', 'Susan', 'Mark', 'Karen'];
  const table = (values: string[]) => [['First Name', 'Last Name', 'Date of Birth', 'Palacz'], ...FIRST.map((f, i) => [f, LAST[i % 4], dob(i), values[i]])];

  it("'Palacz' of 'Non-Smoker' / 'Smoker' (and a word no pack reads): tobacco, weak, the unread word named in the issues", async () => {
    const { report } = await run(table(['Non-Smoker', 'Non-Smoker', 'Smoker', 'Non-Smoker', 'Former', 'Non-Smoker', 'Non-Smoker', 'Smoker']));
    const col = report.columns.find((c) => c.header === 'Palacz');
    expect(col?.field).toBe('tobacco');
    expect(col?.confidence).toBeLessThan(0.6);
    expect(report.issues.some((i) => i.message.includes("'Former'"))).toBe(true);
  });

  it("a bare yes/no under the same header says nothing of what it flags: unread", async () => {
    const { report } = await run(table(['N', 'N', 'Y', 'N', 'N', 'Y', 'N', 'N']));
    expect(report.columns.find((c) => c.header === 'Palacz')?.field).toBeNull();
  });
});
