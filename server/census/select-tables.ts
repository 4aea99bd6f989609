/**
 * Which tables of a file are its census. Every table the locate stage found is mapped and normalised
 * first; then a table is the census by what it holds (rows that are people), and a sheet's name only
 * breaks a tie: instruction, example, list and form sheets beside a census table contribute no member.
 */
import type { LocatedTable } from './types';
import type { MapResult } from './map';
import type { NormaliseResult } from './normalise';
import { isMemberRow } from './members';
import { mentions } from './lang/rule-words';

/** A table found in a file, mapped and normalised, before the engine decides whether it is the census. */
export interface Candidate {
  sheet: string;
  table: LocatedTable;
  mapped: MapResult;
  norm: NormaliseResult;
  /** Rows that are members (-1: not counted, the file has one table). */
  memberRows: number;
  /** Members that are plainly people: a name or id with a birth date, age, hire date, pay, SSN or gender (-1: not counted). */
  people: number;
}

/** Counts a candidate's members and people (only needed to choose among several tables). */
export function countPeople(c: Candidate): void {
  let members = 0;
  let people = 0;
  for (const r of c.norm.rows) {
    if (!isMemberRow(r)) continue;
    members++;
    if (r.dateOfBirth !== null || r.age !== null || r.hireDate !== null || r.annualSalary !== null || r.ssnLast4 !== null || r.gender !== null || (r.employeeId !== null && (r.firstName !== null || r.lastName !== null))) people++;
  }
  c.memberRows = members;
  c.people = people;
}

/** A sheet name that says dependents (merge.ts reads its rows as dependents). */
export function isDependentSheet(name: string): boolean {
  return mentions('dependentSheet', name);
}

/** The same header texts, nearly all (a copy of a template keeps its headers word for word). */
function sameHeaders(a: Candidate, b: Candidate): boolean {
  const ha = new Set(a.table.headers.filter(Boolean).map((h) => h.trim().toLowerCase()));
  const hb = b.table.headers.filter(Boolean).map((h) => h.trim().toLowerCase());
  if (hb.length === 0) return false;
  return hb.filter((h) => ha.has(h)).length >= 0.9 * Math.max(ha.size, hb.length);
}

const fieldsOf = (c: Candidate) => new Set(c.mapped.columns.flatMap((col) => (col.field ? [col.field] : [])));

/** Two tables with (nearly) the same mapped columns: a copy of the census (with notes, an example). */
function sameColumns(a: Candidate, b: Candidate): boolean {
  const fa = fieldsOf(a);
  const fb = fieldsOf(b);
  if (fa.size < 3 || fb.size < 3) return false;
  let common = 0;
  for (const f of fa) if (fb.has(f)) common++;
  return common >= 0.8 * Math.max(fa.size, fb.size);
}

/**
 * Why each candidate table is not the file's census (null: it is), by what the tables hold first:
 * - a sheet named for instructions, examples, lists or codes gives way to another sheet, unless that
 *   sheet is a form whose rows describe no person while this one's do (a census named "Employee List"
 *   beside a questionnaire);
 * - then, among the rest: a copy of another table's columns with fewer people (a notes sheet), a table
 *   with no person beside one with people (a questionnaire, a form), a form-named sheet beside a plainly
 *   named census, and a table that is mostly not people beside a better one.
 * A file whose only table is on an "Example" sheet still gets read.
 */
export function chooseTables(all: Candidate[]): Map<Candidate, string | null> {
  const out = new Map<Candidate, string | null>();
  if (all.length < 2) {
    for (const c of all) out.set(c, null);
    return out;
  }
  const rest: Candidate[] = [];
  for (const c of all) {
    const giveWay = mentions('helpSheet', c.sheet)
      ? all.find((o) => o !== c && !mentions('helpSheet', o.sheet) && !(o.people === 0 && c.people > 0 && o.table.rows.length > 0))
      : undefined;
    if (giveWay) {
      const examples = c.memberRows > 0 ? ` (its ${c.memberRows} example row${c.memberRows === 1 ? ' is not a member' : 's are not members'})` : '';
      out.set(c, `its name says it holds instructions, an example, lists or codes, and sheet '${giveWay.sheet}' holds the census${examples}`);
    } else rest.push(c);
  }
  for (const c of rest) {
    const others = rest.filter((o) => o !== c);
    if (others.length === 0) { out.set(c, null); continue; }
    const withPeople = others.filter((o) => o.people > 0).sort((a, b) => b.people - a.people);
    // A copy holds a few people at most (a notes or example copy); a dependents sheet of the same
    // template is a census of its own.
    const twin = isDependentSheet(c.sheet)
      ? undefined
      : withPeople.find((o) => o.people > c.people && c.people <= Math.max(1, 0.25 * o.people) && sameColumns(o, c) && sameHeaders(o, c));
    if (twin) { out.set(c, `it repeats the columns of sheet '${twin.sheet}', which holds more people (${twin.people} against ${c.people})`); continue; }
    const rows = c.table.rows.length;
    if (c.people === 0 && withPeople.length > 0) {
      out.set(c, rows === 0 ? 'its table has no rows' : `it looks like a form, not a census table (none of its ${rows} rows describes a person: a name or id with a birth date, age, hire date or pay), and sheet '${withPeople[0].sheet}' holds the census`);
      continue;
    }
    const plain = withPeople.find((o) => !mentions('formSheet', o.sheet));
    if (mentions('formSheet', c.sheet) && plain) { out.set(c, `its name says it holds a form or a summary, and sheet '${plain.sheet}' holds the census`); continue; }
    if (rows > 0 && c.people < 0.5 * rows && withPeople.length > 0 && withPeople[0].people > c.people && withPeople[0].people >= 0.5 * withPeople[0].table.rows.length) {
      out.set(c, `it looks like a form, not a census table (${rows - c.people} of its ${rows} rows describe no person)`);
      continue;
    }
    out.set(c, null);
  }
  return out;
}
