/**
 * The first-name table for gender imputation: server/census/data/first-names.json, built by
 * scripts/build-name-table.mjs from the US Social Security Administration's baby-name data (public
 * domain). It lists names used at least 90% by one sex; every other name is unknown.
 */
import { readNameTable } from './names-table';
import { stripAccents } from './text';
import type { Gender } from './types';

/**
 * The names of each sex, as the table lists them (sorted): a lookup is a binary search, until a file
 * has looked up LOOKUPS_BEFORE_SETS names, when Sets are built (10-16 ms cold: most files never need
 * them; gender imputation over a large census does).
 */
interface Names {
  male: readonly string[];
  female: readonly string[];
  sets: { male: ReadonlySet<string>; female: ReadonlySet<string> } | null;
  lookups: number;
}
const LOOKUPS_BEFORE_SETS = 5000;
let table: Names | null = null;

function load(): Names {
  if (table) return table;
  const raw = readNameTable();
  table = { male: raw.male.split(' '), female: raw.female.split(' '), sets: null, lookups: 0 };
  return table;
}

function sortedHas(list: readonly string[], key: string): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = list[mid];
    if (v === key) return true;
    if (v < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** The sex of a name key (the lists do not overlap: each name is used at least 90% by its sex). */
function sexOfKey(key: string): Exclude<Gender, 'unknown'> | null {
  const t = load();
  if (t.sets === null && ++t.lookups > LOOKUPS_BEFORE_SETS) t.sets = { male: new Set(t.male), female: new Set(t.female) };
  if (t.sets !== null) return t.sets.female.has(key) ? 'female' : t.sets.male.has(key) ? 'male' : null;
  return sortedHas(t.female, key) ? 'female' : sortedHas(t.male, key) ? 'male' : null;
}

/** The key the SSA data uses: lower-case ASCII letters only. */
/** The longest first name looked up ('Maria de los Angeles Guadalupe' is 30). */
const MAX_FIRST_NAME = 64;

function nameKey(text: string): string {
  return stripAccents(text).toLowerCase().replace(/[^a-z]/g, '');
}

/**
 * The sex a first name is used for at least 90% of the time, or null. "Mary Ann" and "Jean-Luc" are
 * tried whole first ("maryann"), then by their first part.
 */
export function sexOfFirstName(firstName: string | null | undefined): Exclude<Gender, 'unknown'> | null {
  // No first name is longer (a long cell is not folded: it would cost time for nothing).
  if (!firstName || firstName.length > MAX_FIRST_NAME) return null;
  const whole = nameKey(firstName);
  if (!whole) return null;
  const hit = sexOfKey(whole);
  if (hit) return hit;
  const firstPart = nameKey(firstName.trim().split(/[\s\-.]+/)[0] ?? '');
  return firstPart && firstPart !== whole ? sexOfKey(firstPart) : null;
}

/** True when the name is in the table (a value profile for first-name columns). */
export function isKnownFirstName(text: string): boolean {
  return sexOfFirstName(text) !== null;
}
