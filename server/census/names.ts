/**
 * The first-name table for gender imputation: server/census/data/first-names.json, built by
 * scripts/build-name-table.mjs from the US Social Security Administration's baby-name data (public
 * domain). It lists names used at least 90% by one sex; every other name is unknown.
 */
import { readNameTable } from './names-table';
import { stripAccents } from './text';
import type { Gender } from './types';

/** The names of each sex: two Sets built from the table's lists by the engine's own constructor (a loop of Map.set took 20 ms cold). */
let table: { male: ReadonlySet<string>; female: ReadonlySet<string> } | null = null;

function load(): { male: ReadonlySet<string>; female: ReadonlySet<string> } {
  if (table) return table;
  const raw = readNameTable();
  table = { male: new Set(raw.male.split(' ')), female: new Set(raw.female.split(' ')) };
  return table;
}

/** The sex of a name key (the lists do not overlap: each name is used at least 90% by its sex). */
function sexOfKey(key: string): Exclude<Gender, 'unknown'> | null {
  const t = load();
  return t.female.has(key) ? 'female' : t.male.has(key) ? 'male' : null;
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
