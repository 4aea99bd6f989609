/**
 * Small text helpers every stage uses: a cell's text, folding for comparisons, and redaction of what
 * might be an SSN before any value is quoted in an issue or a change.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Cell } from './types';

/** The cell as trimmed text ('' for blank). Dates become ISO dates, as the change log shows them. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : isoDay(cell);
  return String(cell).trim();
}

export function isBlank(cell: Cell): boolean {
  if (cell === null || cell === undefined) return true;
  if (typeof cell === 'string') {
    // Fast path: most cells either are empty or start with a visible character.
    if (cell.length === 0) return true;
    const c = cell.charCodeAt(0);
    if (c > 32 && c !== 160) return false;
    return cell.trim().length === 0;
  }
  if (typeof cell === 'number') return !Number.isFinite(cell);
  return false;
}

/** YYYY-MM-DD of a Date, by its UTC calendar day (the read stage gives dates at UTC midnight). */
export function isoDay(d: Date): string {
  // Round to the nearest day: float date serials can land a few ms before midnight.
  const day = Math.round(d.getTime() / 86_400_000);
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

const DIACRITICS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^\u0000-\u007f]/;

/** Accents stripped (José = Jose), for comparing words. */
export function stripAccents(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFKD').replace(DIACRITICS, '') : text;
}

const FOLDED = new Map<string, string>();

/**
 * Case, accents and all whitespace folded away: the comparison key for names. Memoised: names repeat
 * (and the normalise stage hands out one string per distinct name, so the lookups are cheap).
 */
export function foldKey(text: string | null | undefined): string {
  if (!text) return '';
  const hit = FOLDED.get(text);
  if (hit !== undefined) return hit;
  const k = foldKeyUncached(text);
  if (FOLDED.size >= 50_000) FOLDED.clear();
  FOLDED.set(text, k);
  return k;
}

function foldKeyUncached(text: string): string {
  // Fast path (nearly every name and id): ASCII without whitespace only needs lower-casing.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c >= 127) return stripAccents(text).toLowerCase().replace(/\s+/g, '');
  }
  return text.toLowerCase();
}

/** Lower-case letters and digits only (codes such as "EE + SP", "Full-Time"). */
export function foldCode(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

const SSN_LIKE = /\b\d{3}[- ]?\d{2}[- ]?\d{4}\b/g;

/**
 * Text safe to quote in an issue or a change: anything shaped like an SSN loses all but its last four
 * digits, and long text is cut.
 */
export function redact(text: string, max = 60): string {
  const clean = text.replace(SSN_LIKE, (m) => `***-**-${m.slice(-4)}`).replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** True for text shaped exactly like an SSN: 123-45-6789 (cheap tests before the pattern). */
export function isSsnShaped(text: string): boolean {
  return text.length === 11 && text.charCodeAt(3) === 45 && text.charCodeAt(6) === 45 && /^\d{3}-\d{2}-\d{4}$/.test(text);
}

/**
 * Key of the pseudonyms. The server sets its stored key (usePseudonymKey, derived from the master
 * key in DATA_DIR) so that the same SSN gives the same pseudonym across restarts and workers; the
 * command line keeps this random per-process key, never stored.
 */
let pseudonymKey: Uint8Array = randomBytes(32);

/** Uses this key for every pseudonym made from now on in this thread (at least 32 bytes). */
export function usePseudonymKey(key: Uint8Array): void {
  if (key.byteLength < 32) throw new Error('the pseudonym key must have at least 32 bytes');
  pseudonymKey = key;
}

/**
 * An employee id that is an SSN (some old censuses use them) becomes a pseudonym: the last four
 * digits plus a keyed hash, the same for the same SSN under the same key (so dependents still
 * link and duplicates still match), meaningless without the key.
 */
export function pseudonymiseSsn(ssn: string): string {
  const digits = ssn.replace(/\D/g, '');
  const tag = createHmac('sha256', pseudonymKey).update(digits).digest('hex').slice(0, 8);
  return `***-**-${digits.slice(-4)}#${tag}`;
}
