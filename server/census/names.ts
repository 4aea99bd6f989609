/**
 * The first-name table for gender imputation: server/census/data/first-names.json, built by
 * scripts/build-name-table.mjs from the US Social Security Administration's baby-name data (public
 * domain). It lists names used at least 90% by one sex; every other name is unknown.
 */
import { readNameTable } from './names-table';
import { stripAccents } from './text';
import type { Gender } from './types';

let table: Map<string, 'male' | 'female'> | null = null;

function load(): Map<string, 'male' | 'female'> {
  if (table) return table;
  const raw = readNameTable();
  const m = new Map<string, 'male' | 'female'>();
  for (const n of raw.male.split(' ')) m.set(n, 'male');
  for (const n of raw.female.split(' ')) m.set(n, 'female');
  table = m;
  return m;
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
  const t = load();
  const whole = nameKey(firstName);
  if (!whole) return null;
  const hit = t.get(whole);
  if (hit) return hit;
  const firstPart = nameKey(firstName.trim().split(/[\s\-.]+/)[0] ?? '');
  return firstPart && firstPart !== whole ? (t.get(firstPart) ?? null) : null;
}

/** True when the name is in the table (a value profile for first-name columns). */
export function isKnownFirstName(text: string): boolean {
  return sexOfFirstName(text) !== null;
}
