/**
 * The member model every stage shares (issue 19, "a declared pipeline"): what a row must hold to be a
 * person, how a member is built and copied (one object shape, one hidden class), its age at a day,
 * whether it counts as a life, the employee-id comparison key, and appending without spreading. Kept
 * apart from the stages so that no stage imports a later one (select-tables and plan-facts used to
 * import merge, impute merge, analyse impute, and review analyse, which imported them back).
 */
import { stripAccents } from './text';
import { ruleWordSet } from './lang/rule-words';
import type { Member, MemberStatus, MemberValues, NormalisedRow } from './types';
import { wholeYears } from './values/dates';

/** Appends without spreading (a spread of 100,000+ items overflows the call stack). */
export function append<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i]);
}

export function emptyValues(): MemberValues {
  return {
    employeeId: null, firstName: null, lastName: null, relationship: null, dateOfBirth: null, age: null,
    gender: null, zip: null, state: null, hireDate: null, annualSalary: null, monthlySalary: null,
    hourlyRate: null, hoursPerWeek: null, status: null, coverageTier: null, jobTitle: null, tobacco: null,
    ssnLast4: null, ssnFull: null,
  };
}

export function isLife(status: MemberStatus | null): boolean {
  return status === null || status === 'active' || status === 'cobra' || status === 'leave';
}

/** Whole years at the as-of date: from the birth date, else the age the file gives. */
export function ageAt(m: Pick<Member, 'dateOfBirth' | 'age'>, asOf: string): number | null {
  if (m.dateOfBirth) return wholeYears(m.dateOfBirth, asOf);
  return m.age;
}

/** The employee-id comparison key: case and spaces folded, leading zeros of numeric ids dropped. */
export function idKey(id: string | null): string {
  if (!id) return '';
  // Fast path, no allocation (ids are compared for every member): upper-case ASCII letters and
  // digits with no leading zero are their own key. Case is folded to upper case for that reason.
  let digitsOnly = true;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    digitsOnly = false;
    if ((c >= 65 && c <= 90) || c === 45 || c === 95 || c === 46) continue;
    return slowIdKey(id);
  }
  return digitsOnly && id.length > 1 && id.charCodeAt(0) === 48 ? id.replace(/^0+(?=\d)/, '') : id;
}

function slowIdKey(id: string): string {
  const k = stripAccents(id).toUpperCase().replace(/\s+/g, '');
  return /^\d+$/.test(k) ? k.replace(/^0+(?=\d)/, '') : k;
}

const TOTAL_NAME = /^(grand\s*)?(sub-?\s*)?totals?\b|^count\b|^average\b/i;
/** Could the name start a total's label ("Total", "Grand total", "Subtotal", "Count", "Average")? */
function maybeTotal(name: string | null): boolean {
  if (!name) return false;
  const c = name.charCodeAt(0) | 32;
  // t, g, s, c, a: a cheap test first, the pattern only for the few names that pass it.
  return (c === 116 || c === 103 || c === 115 || c === 99 || c === 97) && TOTAL_NAME.test(name);
}

const FORM_LABEL = /^(\d{1,3}|[a-z])[.)](\s|$)|:\s*$/i;
export function isFormLabel(name: string | null): boolean {
  if (name === null || name.length < 2) return false;
  // Cheap tests first (every member's names pass here): a digit first, '.' or ')' second, ':' last.
  const c0 = name.charCodeAt(0);
  const c1 = name.charCodeAt(1);
  const cl = name.charCodeAt(name.length - 1);
  if (!((c0 >= 48 && c0 <= 57) || c1 === 46 || c1 === 41 || cl === 58 || cl === 32)) return false;
  return FORM_LABEL.test(name);
}

/** The packs' marker words, and the letters they start with ('(' and '*' too: '(required)', '*required'). */
let markers: { words: ReadonlySet<string>; first: ReadonlySet<number> } | undefined;
/** A word a template writes under its headers to say which columns must be filled (the packs' marker words): never a name. */
export function isMarkerWord(name: string | null): boolean {
  if (name === null || name.length < 3 || name.length > 16) return false;
  markers ??= { words: ruleWordSet('marker'), first: new Set([...ruleWordSet('marker')].map((w) => w.charCodeAt(0)).concat([40, 42])) };
  // Called for every row's names: no string is made unless the first character could start one.
  const c = name.charCodeAt(0);
  if (!markers.first.has(c | 32) && !markers.first.has(c) && c > 32) return false;
  // 'Required', '(optional)', '*required', 'required*', 'req.': the word inside its marks.
  return markers.words.has(name.trim().toLowerCase().replace(/^[(*]+|[)*.]+$/g, ''));
}

/** A template's example person's name ('Sample', 'Example': the packs' example words). */
export function isExampleName(name: string | null): boolean {
  if (name === null || (name.length !== 6 && name.length !== 7)) return false;
  const c = name.charCodeAt(0) | 32;
  return (c === 115 || c === 101) && ruleWordSet('example').has(name.toLowerCase());
}

/**
 * The member rule, on a normalised row. `examples`: a template's example person ("John Sample") is not
 * a member; merge turns it off once a table has real members above (a demo company's staff may well be
 * called Sample: an example row comes first, before the people).
 */
export function isMemberRow(r: NormalisedRow, examples = true): boolean {
  if (r.filled < 2) return false;
  const v = r;
  if (maybeTotal(v.firstName) || maybeTotal(v.lastName)) return false;
  // A form's numbered labels ("3. Address", "a) Signature") and labels ending in a colon are not names.
  if (isFormLabel(v.firstName) || isFormLabel(v.lastName)) return false;
  // A marker row under a two-level header ("Required", "Optional" over each column) is not a person.
  if (isMarkerWord(v.firstName) || isMarkerWord(v.lastName)) return false;
  // A template's example person ("John Sample", "Jane Example") is not a member.
  if (examples && (isExampleName(v.lastName) || isExampleName(v.firstName))) return false;
  // A person is an identity (a name, an SSN, an employee or member id, a relationship) with something
  // personal (a birth date, an age, a hire date, a salary): a retirement census keyed only by SSN is
  // members; a row with an id and nothing about anyone is not. In a table with no name, id or SSN read,
  // a birth date is enough (isUnnamedPerson).
  const hasName = Boolean(v.firstName || v.lastName);
  const hasPersonal = v.dateOfBirth !== null || v.age !== null || v.hireDate !== null || v.annualSalary !== null;
  const hasLink = Boolean(v.employeeId) || Boolean(v.ssnLast4) || r.relationshipGiven;
  // A row of a table found by its shape (no header row) is someone's: its age says so without an id.
  const shaped = r.inHeaderlessTable && (v.dateOfBirth !== null || v.age !== null);
  return hasName || (hasPersonal && (hasLink || shaped)) || isUnnamedPerson(r);
}

/**
 * A row of a table with no name, id or SSN column read that is a person all the same: it holds a birth
 * date (an age is not enough: a rate table lists ages and genders).
 */
export function isUnnamedPerson(r: NormalisedRow): boolean {
  return r.inUnnamedTable && r.dateOfBirth !== null;
}

/**
 * The row's own identity as read (Member.ident): its employee id (with its first name: a household's
 * rows often share the id), else its name, else ''. Set once normalisation has read the row, before
 * any hand edit, so that an edited name keeps its row's key.
 */
export function identOf(v: Pick<MemberValues, 'employeeId' | 'firstName' | 'lastName'>): string {
  if (v.employeeId) return v.firstName ? `${v.employeeId}\u0001${v.firstName}` : v.employeeId;
  if (v.firstName || v.lastName) return `${v.firstName ?? ''}\u0000${v.lastName ?? ''}`;
  return '';
}

/** Shared, frozen defaults: most members are never imputed or merged; a stage that changes one copies it. */
const NOT_IMPUTED: Member['imputed'] = Object.freeze({ gender: false, dateOfBirth: false, annualSalary: false }) as Member['imputed'];
const FILE_LISTS = new Map<string, string[]>();
export function filesOf(file: string): string[] {
  let list = FILE_LISTS.get(file);
  if (!list) FILE_LISTS.set(file, (list = Object.freeze([file]) as unknown as string[]));
  return list;
}

/**
 * A blank normalised row whose object can later be its own member (memberOfRow): the member's
 * properties come first, in newMember's order, then the row's own. Merge used to copy every row into
 * a new member (75,000 objects of 28 properties on the bench's CSV) while the rows died: garbage the
 * collector copied at every young-generation collection. Slots set here, before any value, keep one
 * hidden class from normalise to the report.
 */
export function newRowObject(file: string, sheet: string, row: number, extras: Record<string, string>): NormalisedRow {
  const r = {
    employeeId: null, firstName: null, lastName: null, relationship: null, dateOfBirth: null, age: null,
    gender: null, zip: null, state: null, hireDate: null, annualSalary: null, monthlySalary: null,
    hourlyRate: null, hoursPerWeek: null, status: null, coverageTier: null, jobTitle: null, tobacco: null,
    ssnLast4: null, ssnFull: null,
    // Member slots, unset until merge (memberOfRow).
    uid: 0, file, sheet, row, column: null, files: NO_FILES, employeeUid: null, extras, imputed: NOT_IMPUTED, ident: '',
    // The row's own.
    spouseDates: null, childDates: null, filled: 0, firstText: '', relationshipGiven: false, inHeaderlessTable: false, inUnnamedTable: false,
  };
  return r;
}
const NO_FILES: string[] = Object.freeze([]) as unknown as string[];

/**
 * The member a row describes, as the row object itself (see newRowObject): merge's rows are its own
 * and die with it, so nothing else sees the change. The row's own properties stay on the object, out
 * of the Member type; no stage reads a member's keys.
 */
export function memberOfRow(uid: number, r: NormalisedRow, files: string[]): Member {
  const m = r as unknown as Member;
  m.uid = uid;
  m.column = null;
  m.files = files;
  m.employeeUid = null;
  m.imputed = NOT_IMPUTED;
  return m;
}

/** A copy of a member (same shape as newMember makes: faster than a spread, one hidden class). */
export function copyMember(m: Member): Member {
  return {
    employeeId: m.employeeId, firstName: m.firstName, lastName: m.lastName, relationship: m.relationship,
    dateOfBirth: m.dateOfBirth, age: m.age, gender: m.gender, zip: m.zip, state: m.state, hireDate: m.hireDate,
    annualSalary: m.annualSalary, monthlySalary: m.monthlySalary, hourlyRate: m.hourlyRate, hoursPerWeek: m.hoursPerWeek,
    status: m.status, coverageTier: m.coverageTier, jobTitle: m.jobTitle, tobacco: m.tobacco, ssnLast4: m.ssnLast4, ssnFull: m.ssnFull,
    uid: m.uid, file: m.file, sheet: m.sheet, row: m.row, column: m.column, files: m.files, employeeUid: m.employeeUid,
    extras: m.extras, imputed: m.imputed, ident: m.ident ?? '',
  };
}

/** A member object, always built with the same properties in the same order (one hidden class). */
export function newMember(uid: number, r: { file: string; sheet: string; row: number; ident?: string }, v: MemberValues, extras: Record<string, string>, column: string | null = null, files: string[] = filesOf(r.file)): Member {
  return {
    employeeId: v.employeeId,
    firstName: v.firstName,
    lastName: v.lastName,
    relationship: v.relationship,
    dateOfBirth: v.dateOfBirth,
    age: v.age,
    gender: v.gender,
    zip: v.zip,
    state: v.state,
    hireDate: v.hireDate,
    annualSalary: v.annualSalary,
    monthlySalary: v.monthlySalary,
    hourlyRate: v.hourlyRate,
    hoursPerWeek: v.hoursPerWeek,
    status: v.status,
    coverageTier: v.coverageTier,
    jobTitle: v.jobTitle,
    tobacco: v.tobacco,
    ssnLast4: v.ssnLast4,
    ssnFull: v.ssnFull,
    uid,
    file: r.file,
    sheet: r.sheet,
    row: r.row,
    column,
    files,
    employeeUid: null,
    extras,
    imputed: NOT_IMPUTED,
    ident: r.ident ?? '',
  };
}
