/**
 * The relationship by the households a table shows (issue 26: "a column whose values repeat per
 * household ... Structure counts too: a row that shares its id or household with the row above and has
 * a younger birth date is a dependent"). Language-independent: no word of the column is read.
 *
 * A member list writes each employee's row and then their dependents' rows. Under a header no pack
 * reads, a column of a few repeated words is the relationship when:
 *
 *  - its word on the first row (the head's word: 'Mitarbeiter', 'Dipendente') is on HEAD_SHARE of the rows;
 *  - every row of another word sits under a head's row, at most HOUSEHOLD_MAX_ROWS below it;
 *  - those rows repeat their head's values (an id, a family or last name, an address: a column with many
 *    distinct values) on HOUSEHOLD_KIN of them or more, while a head's row seldom repeats the head above
 *    it (HEAD_KIN at most): heads are households, the others their members;
 *  - with two words only, the other word's members are also mostly children by their birth dates (a
 *    two-word column might be a gender in a family list, where wives repeat their husband's values).
 *
 * Then the head's word is read as employee; a word whose members are nearly all under the child age by
 * their birth dates as child; one other word of adults as spouse; any other as an other dependent. Weak
 * (the review asks and names the reading). A word a pack reads as a relationship keeps that reading
 * ('Coniuge' is a spouse in Portuguese too): a status or a tier does not pass, for a leaver's or a family
 * tier's rows do not repeat a head above them who holds another word.
 */
import { CHECK_LIMITS } from '../../rules';
import { cellText } from '../../text';
import type { Cell, ColumnMapping } from '../../types';
import { detectDayOrder, parseDate, wholeYears } from '../../values/dates';
import { columnWords, type ColumnWord, type OpenColumn } from './context';

/** Rows of the table, at least. */
const HOUSEHOLD_MIN_ROWS = 6;
/** Distinct words in the column, at most (employee, spouse, partner, child, stepchild, other ...). */
const HOUSEHOLD_MAX_WORDS = 6;
/** The column is filled on this share of the rows at least. */
const HOUSEHOLD_FILLED = 0.9;
/** The head's word is on this share of the filled rows at least. */
const HEAD_SHARE = 0.25;
/** A member's row is at most this many rows below its head's. */
const HOUSEHOLD_MAX_ROWS = 15;
/** Members' rows that repeat a value of their head's row: this share at least ... */
const HOUSEHOLD_KIN = 0.8;
/** ... and heads' rows that repeat the head above: this share at most. */
const HEAD_KIN = 0.15;
/** A column whose values say whose row it is: distinct on this share of its filled rows at least. */
const KIN_DISTINCT = 0.2;
/** A word's members with a birth date: this share under the child age makes it the child's word. */
const CHILD_SHARE = 0.8;
/** ... of this many members at least. */
const CHILD_MIN = 3;
const HOUSEHOLD_CONFIDENCE = 0.5;
const WORD = /^[\p{L}][\p{L}'’. /-]{0,30}$/u;

/** What some reader reads a word as: a relationship code, 'other' (a status, gender, tier, yes/no ...), or null. */
export type KnownWord = (text: string) => string | 'other' | null;

/** The words of a column, or null when it is no column of a few repeated words. */
function wordsOf(rows: readonly (readonly Cell[])[], index: number): Map<string, ColumnWord> | null {
  const c = columnWords(rows, index, HOUSEHOLD_MAX_WORDS, (text) => WORD.test(text));
  return c && c.filled >= HOUSEHOLD_FILLED * rows.length && c.words.size >= 2 ? c.words : null;
}

/** The columns whose values tell whose row it is (ids, names, addresses): many distinct values. */
function kinColumns(columns: readonly ColumnMapping[], rows: readonly (readonly Cell[])[], skip: number): number[] {
  const out: number[] = [];
  for (const c of columns) {
    if (c.index === skip) continue;
    const seen = new Set<string>();
    let filled = 0;
    for (const r of rows) {
      const t = cellText(r[c.index] ?? null).trim().toLowerCase();
      if (!t) continue;
      filled++;
      seen.add(t);
    }
    if (filled >= HOUSEHOLD_FILLED * rows.length && seen.size >= 3 && seen.size >= KIN_DISTINCT * filled) out.push(c.index);
  }
  return out;
}

function repeats(a: readonly Cell[], b: readonly Cell[], kin: readonly number[]): boolean {
  return kin.some((i) => {
    const t = cellText(a[i] ?? null).trim().toLowerCase();
    return t !== '' && t === cellText(b[i] ?? null).trim().toLowerCase();
  });
}

/**
 * A word of the column and its reading: `key` folded as the code readers compare, `text` as first
 * written, `read` when a reader knew it (the households did not decide it).
 */
export interface HouseholdWord {
  key: string;
  text: string;
  code: string;
  read: boolean;
}

/**
 * The household reading of a column's words, or null. `years`: each row's age by its birth date (null
 * where none is read). `known`: what some reader reads a word as (a relationship keeps its reading).
 */
export function householdWords(
  col: ColumnMapping,
  columns: readonly ColumnMapping[],
  rows: readonly (readonly Cell[])[],
  years: readonly (number | null)[],
  known: KnownWord,
): HouseholdWord[] | null {
  const words = wordsOf(rows, col.index);
  if (!words) return null;
  // A word some reader knows as a relationship keeps its reading; one read as anything else (a status, a
  // gender, yes/no) says the column is not the relationship.
  const read = new Map<string, string>();
  for (const [key, w] of words) {
    const k = known(w.text);
    if (k === 'other') return null;
    if (k) read.set(key, k);
  }
  const firstRow = rows.findIndex((r) => cellText(r[col.index] ?? null).trim() !== '');
  const headKey = cellText(rows[firstRow][col.index] ?? null).trim().toLowerCase();
  const head = words.get(headKey)!;
  const filled = [...words.values()].reduce((a, w) => a + w.n, 0);
  if (head.n < HEAD_SHARE * filled || (read.has(headKey) && read.get(headKey) !== 'employee')) return null;
  const kin = kinColumns(columns, rows, col.index);
  if (kin.length === 0) return null;

  let lastHead = -1;
  let members = 0;
  let membersKin = 0;
  let heads = 0;
  let headsKin = 0;
  const ages = new Map<string, { under: number; dated: number }>();
  for (let i = firstRow; i < rows.length; i++) {
    const key = cellText(rows[i][col.index] ?? null).trim().toLowerCase();
    if (!key) continue;
    if (key === headKey) {
      if (lastHead >= 0) {
        heads++;
        if (repeats(rows[i], rows[lastHead], kin)) headsKin++;
      }
      lastHead = i;
      continue;
    }
    if (lastHead < 0 || i - lastHead > HOUSEHOLD_MAX_ROWS) return null;
    members++;
    if (repeats(rows[i], rows[lastHead], kin)) membersKin++;
    const y = years[i];
    if (y !== null && y !== undefined) {
      const a = ages.get(key) ?? { under: 0, dated: 0 };
      a.dated++;
      if (y < CHECK_LIMITS.childAge) a.under++;
      ages.set(key, a);
    }
  }
  if (members === 0 || membersKin < HOUSEHOLD_KIN * members || headsKin > HEAD_KIN * heads) return null;

  const isChild = (key: string) => {
    const a = ages.get(key);
    return !!a && a.dated >= CHILD_MIN && a.under >= CHILD_SHARE * a.dated;
  };
  const others = [...words.keys()].filter((k) => k !== headKey);
  if (others.length === 1 && !isChild(others[0]) && !read.has(others[0])) return null;
  const unread = others.filter((k) => !read.has(k));
  const adults = unread.filter((k) => !isChild(k) && (ages.get(k)?.dated ?? 0) > 0);
  const spouseRead = [...read.values()].includes('spouse');
  return [...words].map(([key, w]) => ({
    key,
    text: w.text,
    read: read.has(key),
    code: key === headKey ? 'employee' : read.get(key) ?? (isChild(key) ? 'child' : adults.length === 1 && adults[0] === key && !spouseRead ? 'spouse' : 'other'),
  }));
}

/**
 * Kept per table's rows: two value rules (the households and the age beside the birth dates) ask for
 * the same column's years, and each asking parses every birth date (~30 ms on a 75,000-row CSV).
 * Shared lists: callers read them only.
 */
const yearsByRows = new WeakMap<readonly (readonly Cell[])[], Map<string, readonly (number | null)[]>>();

/** Each row's whole years at the as-of date by the birth-date column (null where there is none). */
export function yearsByBirthDate(rows: readonly (readonly Cell[])[], birthIndex: number | undefined, asOf: string): readonly (number | null)[] {
  if (birthIndex === undefined) return rows.map(() => null);
  let byColumn = yearsByRows.get(rows);
  if (!byColumn) yearsByRows.set(rows, (byColumn = new Map()));
  const key = `${birthIndex} ${asOf}`;
  let years = byColumn.get(key);
  if (!years) byColumn.set(key, (years = parseYears(rows, birthIndex, asOf)));
  return years;
}

function parseYears(rows: readonly (readonly Cell[])[], birthIndex: number, asOf: string): (number | null)[] {
  const ctx = { asOf, order: detectDayOrder(rows.slice(0, 200).map((r) => r[birthIndex] ?? null)) };
  return rows.map((r) => {
    const iso = parseDate(r[birthIndex] ?? null, ctx);
    return iso ? wholeYears(iso, asOf) : null;
  });
}

/** Each word's reading, as a column's reason says it ("'Mitarbeiter' employee, 'Kind' child"). */
export function saidReadings(words: readonly HouseholdWord[]): string {
  return words.map((w) => `'${w.text}' ${w.code === 'other' ? 'other dependent' : w.code}`).join(', ');
}

/** The words' readings as a column's code overrides (normalise reads the column through them). */
export function overridesOf(words: readonly HouseholdWord[]): Map<string, string> {
  return new Map(words.map((w) => [w.key, w.code]));
}

export { HOUSEHOLD_MIN_ROWS, HOUSEHOLD_CONFIDENCE };
