/**
 * Impute stage (CENSUS.md "Imputation"); every imputed value is flagged on the member and logged.
 *
 * - gender: a blank gender is guessed from the first name with the SSA name table (names used at least
 *   90% by one sex). No first name, or a name not in the table: no guess (unknown). A gender the file
 *   gives as unknown ("U", "X", "Undisclosed") is the file's answer and is not guessed over.
 * - dateOfBirth: from the age when the file gives one (the birth date is set half a year before the
 *   as-of date minus the age, so the age as of the as-of date is exactly that age); otherwise the median
 *   age (rounded down) of members of the same relationship whose age is known. None known: no guess.
 * - salary: per file, only when the file has a salary column (annual, monthly or hourly) and at least
 *   half of its employees have a value: an employee of that file without one gets the median salary of
 *   that file's employees with the same job title (case folded), else of all that file's employees.
 *   Employees of every status count, since the rule is about the file's data.
 */
import { SALARY_IMPUTATION_MIN_SHARE } from './rules';
import { foldKey } from './text';
import type { Change, Member, Relationship } from './types';
import { shiftIso } from './values/dates';


import { sexOfFirstName } from './names';
import { ageAt, copyMember } from './members';

export interface ImputeOptions {
  asOf: string;
  /** Files that have a salary column (annual, monthly or hourly pay). */
  filesWithSalary: ReadonlySet<string>;
}

export interface ImputeResult {
  members: Member[];
  changes: Change[];
  counts: { gender: number; dateOfBirth: number; annualSalary: number };
}

/** Whole-year ages counted (not sorted): the median of tens of thousands of ages in one pass. */
class AgeCounts {
  private static readonly LOW = -200;
  private readonly counts = new Int32Array(501);
  private readonly outliers: number[] = [];
  private n = 0;

  add(age: number): void {
    const k = age - AgeCounts.LOW;
    if (k >= 0 && k < this.counts.length) this.counts[k]++;
    else this.outliers.push(age);
    this.n++;
  }

  /** The median, rounded down. */
  median(): number {
    if (this.outliers.length > 0) {
      const all: number[] = [...this.outliers];
      this.counts.forEach((c, k) => {
        for (let j = 0; j < c; j++) all.push(k + AgeCounts.LOW);
      });
      return Math.floor(medianOf(all)!);
    }
    const lowRank = (this.n - 1) >> 1;
    const highRank = this.n >> 1;
    let seen = 0;
    let low = NaN;
    for (let k = 0; k < this.counts.length; k++) {
      seen += this.counts[k];
      if (Number.isNaN(low) && seen > lowRank) low = k + AgeCounts.LOW;
      if (seen > highRank) return Math.floor((low + k + AgeCounts.LOW) / 2);
    }
    return low;
  }
}

function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = Float64Array.from(values).sort();
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function impute(input: Member[], opts: ImputeOptions): ImputeResult {
  // Pure: a member that gets an imputed value is copied; the others are passed on as they are.
  const members = input.slice();
  const own = (i: number): Member => {
    if (members[i] === input[i]) {
      const c = copyMember(input[i]);
      c.imputed = { ...c.imputed };
      members[i] = c;
    }
    return members[i];
  };
  const changes: Change[] = [];
  const counts = { gender: 0, dateOfBirth: 0, annualSalary: 0 };
  const log = (m: Member, field: string, to: string, why: string) =>
    changes.push({ file: m.file, sheet: m.sheet, row: m.row, field, from: '', to, why });

  // One pass over everyone: gender from the first name, the known ages by relationship (counted),
  // and who needs a birth date or may need a salary.
  const ages = new Map<Relationship, AgeCounts>();
  const withoutBirthDate: number[] = [];
  const employeesByFile = new Map<string, number[]>();
  for (let i = 0; i < members.length; i++) {
    const original = members[i];
    if (original.gender === null && original.firstName) {
      const sex = sexOfFirstName(original.firstName);
      if (sex) {
        const m = own(i);
        m.gender = sex;
        m.imputed.gender = true;
        counts.gender++;
        log(m, 'gender', sex, `imputed from the first name '${m.firstName}' (SSA name data)`);
      }
    }
    const rel = original.relationship ?? 'employee';
    const age = ageAt(original, opts.asOf);
    if (age !== null) {
      let c = ages.get(rel);
      if (!c) ages.set(rel, (c = new AgeCounts()));
      c.add(age);
    }
    if (!original.dateOfBirth) withoutBirthDate.push(i);
    if (rel === 'employee') {
      for (let k = 0; k < original.files.length; k++) {
        const f = original.files[k];
        const list = employeesByFile.get(f);
        if (list) list.push(i);
        else employeesByFile.set(f, [i]);
      }
    }
  }
  const medianAge = new Map<Relationship, number>();
  for (const [rel, c] of ages) medianAge.set(rel, c.median());

  // Birth dates: from the age, else the median age of the relationship.
  for (const i of withoutBirthDate) {
    const original = members[i];
    let age = original.age;
    let why = `from the age ${original.age} given in the file`;
    if (age === null) {
      const median = medianAge.get(original.relationship ?? 'employee');
      if (median === undefined) continue;
      age = median;
      why = `median age (${median}) of members with relationship ${original.relationship ?? 'employee'}`;
    }
    const m = own(i);
    m.dateOfBirth = shiftIso(opts.asOf, age, 6);
    m.imputed.dateOfBirth = true;
    counts.dateOfBirth++;
    log(m, 'dateOfBirth', m.dateOfBirth, `imputed ${why}`);
  }

  // Salaries, file by file.
  for (const [file, indexes] of employeesByFile) {
    if (!opts.filesWithSalary.has(file)) continue;
    if (!indexes.some((i) => members[i].annualSalary === null)) continue; // nothing to impute
    const employees = indexes.map((i) => members[i]);
    const withSalary = employees.filter((e) => e.annualSalary !== null && !e.imputed.annualSalary);
    if (withSalary.length === 0 || withSalary.length < employees.length * SALARY_IMPUTATION_MIN_SHARE) continue;
    const byTitle = new Map<string, number[]>();
    const all: number[] = [];
    for (const e of withSalary) {
      all.push(e.annualSalary!);
      if (!e.jobTitle) continue;
      const k = foldKey(e.jobTitle);
      const list = byTitle.get(k) ?? [];
      list.push(e.annualSalary!);
      byTitle.set(k, list);
    }
    const overall = Math.round(medianOf(all)!);
    for (const i of indexes) {
      if (members[i].annualSalary !== null) continue;
      const e = own(i);
      const titled = e.jobTitle ? byTitle.get(foldKey(e.jobTitle)) : undefined;
      const value = titled ? Math.round(medianOf(titled)!) : overall;
      e.annualSalary = value;
      e.imputed.annualSalary = true;
      counts.annualSalary++;
      log(e, 'annualSalary', String(value), titled ? `imputed: median salary of employees titled '${e.jobTitle}'` : 'imputed: median salary of all employees of the file');
    }
  }
  return { members, changes, counts };
}
