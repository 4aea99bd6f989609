/**
 * Person-shaped values: what tells a census row from a title, a note, a legend or a totals row when a
 * table has no header row (issue 19). Each kind is a test on one cell, language-independent: a date,
 * an age, a first name of the engine's name table, a sex code, a US state, a ZIP code, an SSN, an
 * e-mail address, an id. A column's kind is the kind most of its cells share (in the spirit of a
 * type inference over the column, as frictionless does), and a row's kinds are those its cells hold.
 *
 * Only the rows the locate stage probes are looked at (a dozen at most), so the cost does not grow
 * with the file; every test is a table look-up or an anchored pattern on a bounded text.
 */
import { isKnownFirstName } from './names';
import { cellText, foldCode, isBlank, isSsnShaped } from './text';
import type { Cell } from './types';
import { GENDERS, RELATIONSHIPS, STATUSES, TIERS, isKnownCode } from './values/codes';
import { isAssignedZip, stateCode } from './values/states';
import { looksLikeZip } from './values/zip';
import { looksLikeDate } from './values/dates';
import { MAX_VALUE_CHARS } from './rules';

export type PersonKind = 'date' | 'age' | 'firstName' | 'gender' | 'state' | 'zip' | 'ssn' | 'email' | 'id';

/** Longest text a value test reads (a name, a code, an address is shorter): no pattern runs on more. */
const MAX_VALUE_TEXT = 64;

/** A cell that reads as a date: a date cell, or text such as 12/04/1983, 1983-12-04, 04.12.1983, 19831204. */
const DATE_TEXT = /^(\d{1,2}[\/.\-]\d{1,2}[\/.\-](\d{2}|\d{4})|\d{4}[\/.\-]\d{1,2}[\/.\-]\d{1,2}|(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01]))(\s.{0,12})?$/;
/** A digit beside a letter: a date written with its month's name ('04-Dec-1963', '3 mars 1985'), or an address. */
const MONTH_NAME_DATE = /\d.*[A-Za-z\u00C0-\u024F]{3}|[A-Za-z\u00C0-\u024F]{3}.*\d/;
export function isDateCell(c: Cell): boolean {
  if (c instanceof Date) return !Number.isNaN(c.getTime());
  if (typeof c !== 'string' || c.length > 24) return false;
  const t = c.trim();
  // Any as-of day serves: it only places a two-digit year in its century, and either is a date.
  return DATE_TEXT.test(t) || (MONTH_NAME_DATE.test(t) && looksLikeDate(t, '2000-01-01'));
}

/** A whole number that may be an age (15-100), as a number cell or its text. */
export function isAgeCell(c: Cell): boolean {
  const v = typeof c === 'number' ? c : typeof c === 'string' && /^\d{2,3}$/.test(c.trim()) ? Number(c) : NaN;
  return Number.isInteger(v) && v >= 15 && v <= 100;
}

/** A word or a few (a name, a city): letters, apostrophes, dots, hyphens and spaces. */
export const WORD_CELL = /^[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F'’.\- ]{1,40}$/;

function textOf(c: Cell): string | null {
  if (isBlank(c) || c instanceof Date) return null;
  const t = cellText(c).trim();
  return t.length <= MAX_VALUE_TEXT ? t : null;
}

/** A code word of a census column ('Male', 'Son', 'Active', 'EE'): never taken for a first name. */
function isCodeWord(t: string): boolean {
  return isKnownCode(GENDERS, t) || isKnownCode(RELATIONSHIPS, t) || isKnownCode(STATUSES, t) || isKnownCode(TIERS, t) || stateCode(t) !== null;
}

function isFirstNameCell(c: Cell): boolean {
  const t = typeof c === 'string' ? textOf(c) : null;
  if (!t || !WORD_CELL.test(t) || isCodeWord(t)) return false;
  return isKnownFirstName(t.split(' ')[0]);
}

/** Male or female written in letters ('M', 'Female'): the digit codes some systems use could be anything. */
function isGenderCell(c: Cell): boolean {
  const t = typeof c === 'string' ? textOf(c) : null;
  if (!t || !/^[A-Za-z]+$/.test(t)) return false;
  const g = GENDERS.get(foldCode(t));
  return g === 'male' || g === 'female';
}

/** A US state by its code or name ('TX', 'Texas'): the code in capitals only ('in', 'or', 'me' are words). */
function isStateCell(c: Cell): boolean {
  const t = typeof c === 'string' ? textOf(c) : null;
  if (!t || !/^[A-Za-z .]+$/.test(t)) return false;
  if (t.length === 2) return t === t.toUpperCase() && stateCode(t) !== null;
  return stateCode(t) !== null;
}

/** A five-digit ZIP (or ZIP+4) whose prefix is assigned to a state. */
function isZipCell(c: Cell): boolean {
  if (!looksLikeZip(c)) return false;
  const t = cellText(c).trim();
  return isAssignedZip(t.length === 4 ? `0${t}` : t.slice(0, 5));
}

/** An SSN: 123-45-6789, or nine digits written as text. */
function isSsnCell(c: Cell): boolean {
  const t = typeof c === 'string' ? textOf(c) : null;
  return !!t && (isSsnShaped(t) || /^\d{9}$/.test(t));
}

const EMAIL = /^[^\s@,;]{1,64}@[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63}){1,4}$/;
function isEmailCell(c: Cell): boolean {
  const t = typeof c === 'string' ? textOf(c) : null;
  return !!t && EMAIL.test(t);
}

/** An id written with a letter prefix and digits ('E0001', 'EMP-1002'): a code per person, not a number. */
const ID_TEXT = /^[A-Za-z]{1,4}[-_]?\d{2,10}$/;
function isIdCell(c: Cell): boolean {
  const t = typeof c === 'string' ? textOf(c) : null;
  return !!t && ID_TEXT.test(t);
}

/**
 * The kinds of person value, in the order they are tried. `share` is how much of a column must hold
 * the kind for the column to be of it: first names less (the name table lists only names used at
 * least 90% by one sex, so a column of first names misses some).
 */
export const PERSON_VALUE_KINDS: readonly { kind: PersonKind; test: (c: Cell) => boolean; share: number }[] = [
  { kind: 'date', test: isDateCell, share: 0.8 },
  { kind: 'age', test: isAgeCell, share: 0.8 },
  { kind: 'firstName', test: isFirstNameCell, share: 0.6 },
  { kind: 'gender', test: isGenderCell, share: 0.8 },
  { kind: 'state', test: isStateCell, share: 0.8 },
  { kind: 'zip', test: isZipCell, share: 0.8 },
  { kind: 'ssn', test: isSsnCell, share: 0.8 },
  { kind: 'email', test: isEmailCell, share: 0.8 },
  { kind: 'id', test: isIdCell, share: 0.8 },
];

/** The kind of one cell, or null (the first kind whose test it passes). */
export function kindOfCell(c: Cell): PersonKind | null {
  // No person value is longer (a megabyte of text is looked at no further: no copy, no pattern).
  if (isBlank(c) || (typeof c === 'string' && c.length > MAX_VALUE_CHARS)) return null;
  for (const k of PERSON_VALUE_KINDS) if (k.test(c)) return k.kind;
  return null;
}

/**
 * A first name just left of a state is a city ('Austin, TX', 'Dallas, TX'): an address block writes
 * city, state and ZIP side by side, and many cities are first names of the table.
 */
function isCityBeforeState(kind: PersonKind | null, next: PersonKind | null | undefined): boolean {
  return kind === 'firstName' && next === 'state';
}

/** The kinds of person value a row holds (each once), among its first `maxCells` cells. */
export function kindsOfRow(cells: readonly Cell[], maxCells: number): Set<PersonKind> {
  const kinds = new Set<PersonKind>();
  const n = Math.min(cells.length, maxCells);
  let next = n > 0 ? kindOfCell(cells[0]) : null;
  for (let i = 0; i < n; i++) {
    const k = next;
    next = i + 1 < n ? kindOfCell(cells[i + 1]) : null;
    if (k && !isCityBeforeState(k, next)) kinds.add(k);
  }
  return kinds;
}

/** Kinds that say a person by themselves beside a date or an age (an id does not: any list has ids). */
const PERSONAL: readonly PersonKind[] = ['firstName', 'gender', 'state', 'zip', 'ssn', 'email'];
/** Personal kinds a row needs beside its date or age: fewer when one is a first name of the table. */
const PERSON_ROW_KINDS = 3;
const PERSON_ROW_KINDS_WITH_NAME = 2;

/**
 * A row that is a person on its own (a census of one): a date or an age, and three more personal
 * kinds (sex, state, ZIP, SSN, e-mail, first name), or two when one is a first name of the table.
 * A title, a note, a legend or a totals row holds no such mix.
 */
export function isPersonRow(cells: readonly Cell[], maxCells: number): boolean {
  const kinds = kindsOfRow(cells, maxCells);
  if (!kinds.has('date') && !kinds.has('age')) return false;
  const personal = PERSONAL.filter((k) => kinds.has(k)).length;
  return personal >= (kinds.has('firstName') ? PERSON_ROW_KINDS_WITH_NAME : PERSON_ROW_KINDS);
}

/**
 * The kinds of the run's columns: a column is of a kind when `share` of the run's rows hold it there.
 * Only the first `maxCols` columns are looked at.
 */
export function columnKinds(run: readonly (readonly Cell[])[], maxCols: number): Map<number, PersonKind> {
  const out = new Map<number, PersonKind>();
  const cols = Math.min(maxCols, Math.max(0, ...run.map((r) => r.length)));
  for (let c = 0; c < cols; c++) {
    const counts = new Map<PersonKind, number>();
    for (const r of run) {
      const k = kindOfCell(r[c] ?? null);
      if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    for (const k of PERSON_VALUE_KINDS) {
      if ((counts.get(k.kind) ?? 0) >= k.share * run.length) {
        out.set(c, k.kind);
        break;
      }
    }
  }
  for (const [c, kind] of out) if (isCityBeforeState(kind, out.get(c + 1))) out.delete(c);
  return out;
}
