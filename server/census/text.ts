/**
 * Small text helpers every stage uses: a cell's text, folding for comparisons, and redaction of what
 * might be an SSN before any value is quoted in an issue or a change.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Cell } from './types';
import { DAY_MS } from '../../shared/constants';

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
  const day = Math.round(d.getTime() / DAY_MS);
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
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

/** The masked form of an SSN everywhere the engine writes one: its last four digits only. */
export function maskedSsn(digits: string): string {
  return `***-**-${digits.replace(/\D/g, '').slice(-4)}`;
}

/**
 * SSN-shaped runs inside free text (issue 31): 3-2-4 digit groups parted by spaces, dots or dashes
 * (123 45 6789, 123.45.6789, 123-45-6789) and not touching another digit (a 10-digit phone number
 * 555-123-4567 is 3-3-4, a date 2024-01-02 or 01.02.2024 is never 3-2-4: neither is touched);
 * and 9 digits together (123456789) or grouped only after an SSN word nearby (ssn=123456789,
 * SSN: 123456789, Social Security No. 123 456 789 is not 3-2-4 and stays), since a bare 9-digit run
 * is as often an id or an account number.
 */
const SSN_GROUPED = /(?<!\d)\d{3}[ .\-]\d{2}[ .\-]\d{4}(?!\d)/g;
const SSN_WORD = String.raw`(?:ssn|ss#|ss\s*no|social\s*sec(?:urity)?|soc\.?\s*sec|tax\s*id|tin|taxpayer\s*id)`;
const SSN_AFTER_WORD = new RegExp(String.raw`(?<![a-z])(${SSN_WORD}[^0-9\n]{0,20}?)(?<!\d)(\d{3}[ .\-]?\d{2}[ .\-]?\d{4})(?!\d)`, 'gi');

/** At least 9 digits anywhere (the cheap test before the patterns: most text has none). */
function hasNineDigits(text: string): boolean {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57 && ++n >= 9) return true;
  }
  return false;
}

/**
 * Free text with every SSN-shaped run masked (maskedSsn, or `replace` for ids): the one masking of
 * SSNs inside text. Every text the engine keeps from a cell goes through it in normalise (names,
 * job titles, ids, unmapped columns such as notes and comments) and every text it quotes through
 * redact below (the Changes sheet, issues, skipped rows, 'Not counted'), so a full SSN reaches no
 * output: report, exports, targets, mails.
 */
export function maskSsns(text: string, replace: (run: string) => string = maskedSsn): string {
  if (text.length < 9 || !hasNineDigits(text)) return text;
  return text.replace(SSN_AFTER_WORD, (_m, word: string, run: string) => word + replace(run)).replace(SSN_GROUPED, (run) => replace(run));
}

/**
 * Text safe to quote in an issue or a change: anything shaped like an SSN loses all but its last four
 * digits (maskSsns, and any 9-digit run here, where nothing is kept), and long text is cut.
 */
export function redact(text: string, max = 60): string {
  const clean = maskSsns(text).replace(SSN_LIKE, (m) => maskedSsn(m)).replace(/[\u0000-\u001f\u007f]+/g, ' ');
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
 * A short keyed hash (the pseudonyms' key) of a text that must not be shown: the member table's key
 * of a row's identity (hand-edits.ts). Base64url, `length` characters; meaningless without the key.
 */
export function keyedTag(domain: string, text: string, length = 12): string {
  return createHmac('sha256', pseudonymKey).update(domain).update('\u0000').update(text).digest('base64url').slice(0, length);
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
