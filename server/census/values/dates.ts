/**
 * Dates (CENSUS.md "Inputs"): real date cells, Excel serial numbers (also written as text),
 * MM/DD/YYYY, M/D/YY, MM-DD-YYYY, YYYY-MM-DD, YYYYMMDD, DD-Mon-YYYY, and a few more spellings seen
 * in HR exports (Mon D, YYYY; D Month YYYY; ISO with a time). Out: an ISO date 'YYYY-MM-DD' or null.
 *
 * Decisions where CENSUS.md is silent (docs/census-engine.md):
 * - Numeric day/month order is US (month first). A column whose values show a first part above 12
 *   (and never a second part above 12) is read day first as a whole; a single value whose month is
 *   above 12 and day is not is read day first too.
 * - A two-digit year goes to the century that puts the date on or before the as-of date.
 * - Years before 1900 or after 2100, and impossible days (Feb 30), are unreadable.
 * Written without regular expressions on the hot path: a census has tens of thousands of dates.
 */
import { monthNames } from '../lang';
import { MIN_YEAR } from '../rules';
import { stripAccents } from '../text';
import type { Cell } from '../types';
import type { Note } from './note';
import { DAY_MS } from '../../../shared/constants';

export type DayOrder = 'mdy' | 'dmy';

export interface DateContext {
  /** The as-of date as an ISO day (two-digit years never land after it). */
  asOf: string;
  order?: DayOrder;
}

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11,
  november: 11, dec: 12, december: 12,
};
// Other languages' month names (lang/ packs), those written in plain letters ('enero', 'janvier', 'maerz').
for (const [name, m] of monthNames()) if (/^[a-z]+$/.test(name) && !(name in MONTHS)) MONTHS[name] = m;
const IGNORED_WORDS = new Set([
  // '12 de enero de 1980', '12 de janeiro de 1980'
  'de', 'del',
  'mon', 'monday', 'tue', 'tues', 'tuesday', 'wed', 'wednesday', 'thu', 'thur', 'thurs', 'thursday', 'fri',
  'friday', 'sat', 'saturday', 'sun', 'sunday', 'st', 'nd', 'rd', 'th', 'of',
]);
const MAX_YEAR = 2100;
/** Excel's serial for 9999-12-31; anything above is not a date. */
const MAX_SERIAL = 2_958_465;
/** Excel 1900 system: serial 1 = 1900-01-01, with the fictitious 1900-02-29 at 60. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** ISO day for a valid Y-M-D, or null. */
/** '-MM-DD' for every month and day, built once: an ISO date is then one concatenation. */
const MONTH_DAY: string[][] = Array.from({ length: 13 }, (_, m) =>
  Array.from({ length: 32 }, (_, d) => `-${pad2(m)}-${pad2(d)}`),
);

/** ISO texts by yyyymmdd number: a census repeats dates, and one string per date saves memory too. */
const ISO_CACHE = new Map<number, string>();

export function isoFromParts(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  const key = year * 10_000 + month * 100 + day;
  let iso = ISO_CACHE.get(key);
  if (iso === undefined) {
    iso = year + MONTH_DAY[month][day];
    // 73,000 days cover 1900-2100: the cache stays bounded.
    ISO_CACHE.set(key, iso);
  }
  return iso;
}

/** An Excel serial day number (1900 date system) as an ISO day. */
export function isoFromSerial(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > MAX_SERIAL) return null;
  const whole = Math.floor(serial);
  // Serials up to 60 sit before Excel's fictitious leap day and are one day off the epoch.
  const ms = EXCEL_EPOCH_MS + (whole < 61 ? whole + 1 : whole) * DAY_MS;
  const d = new Date(ms);
  return isoFromParts(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function isoFromDate(d: Date): string | null {
  const t = d.getTime();
  if (Number.isNaN(t)) return null;
  // Nearest UTC day (float serials can land a few ms off midnight), to a civil date by arithmetic
  // (H. Hinnant's days-from-civil inverse): no Date object per cell.
  const z = Math.round(t / DAY_MS) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return isoFromParts(year, month, day);
}

/** YYYYMMDD (or MMDDYYYY when that is the only valid reading) from eight digits. */
function fromEightDigits(n: number): string | null {
  const ymd = isoFromParts(Math.floor(n / 10_000), Math.floor(n / 100) % 100, n % 100);
  if (ymd) return ymd;
  return isoFromParts(n % 10_000, Math.floor(n / 1_000_000), Math.floor(n / 10_000) % 100);
}

/** A two-digit year in the century that keeps the date on or before the as-of date. */
function fullYear(yy: number, month: number, day: number, asOf: string, note?: Note): number {
  const recent = 2000 + yy;
  const candidate = `${recent}-${pad2(month)}-${pad2(day)}`;
  const year = candidate <= asOf ? recent : 1900 + yy;
  if (note) note.why = `two-digit year read as ${year} (never after the as-of date)`;
  return year;
}

interface Token {
  num: number;
  digits: number; // 0 for a word
  word: string;
}

/** Splits "12/04/1983", "04-Dec-1983", "Dec 4, 1983 0:00" into number and word tokens. */
function tokenize(s: string): Token[] | null {
  const out: Token[] = [];
  let i = 0;
  const n = s.length;
  while (i < n && out.length < 4) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      let v = 0;
      const start = i;
      while (i < n) {
        const d = s.charCodeAt(i);
        if (d < 48 || d > 57) break;
        v = v * 10 + (d - 48);
        i++;
      }
      out.push({ num: v, digits: i - start, word: '' });
    } else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      const start = i;
      while (i < n) {
        const d = s.charCodeAt(i) | 32;
        if (d < 97 || d > 122) break;
        i++;
      }
      const word = s.slice(start, i).toLowerCase();
      // 'T' between an ISO date and its time, and anything after three date parts, ends the date.
      if (word === 't' && out.length >= 3) break;
      if (!IGNORED_WORDS.has(word)) out.push({ num: 0, digits: 0, word });
    } else {
      i++;
    }
  }
  return out;
}

/**
 * The common all-numeric forms (12/04/1983, 1983-12-04, 4.12.83, with or without a time after them)
 * read without building tokens. undefined: not such a form, use the general reader.
 */
function fastNumeric(s: string, ctx: DateContext, note?: Note): string | null | undefined {
  // Plain locals, no arrays: this runs for every distinct date of a census.
  const n = s.length;
  let a = 0;
  let b = 0;
  let c = 0;
  let da = 0;
  let db = 0;
  let dc = 0;
  let part = 0;
  let sep = -1;
  for (let i = 0; i < n; i++) {
    const ch = s.charCodeAt(i);
    if (ch >= 48 && ch <= 57) {
      const d = ch - 48;
      if (part === 0) {
        a = a * 10 + d;
        if (++da > 4) return undefined;
      } else if (part === 1) {
        b = b * 10 + d;
        if (++db > 4) return undefined;
      } else {
        c = c * 10 + d;
        if (++dc > 4) return undefined;
      }
    } else if ((ch === 47 || ch === 45 || ch === 46) && part < 2 && (part === 0 ? da : db) > 0 && (sep < 0 || sep === ch)) {
      sep = ch;
      part++;
    } else if ((ch === 32 || ch === 84) && part === 2 && dc > 0) {
      break; // a time follows
    } else return undefined;
  }
  if (part !== 2 || dc === 0) return undefined;
  let year: number;
  let month: number;
  let day: number;
  if (da === 4 && db <= 2 && dc <= 2) {
    year = a;
    month = b;
    day = c;
  } else if (da <= 2 && db <= 2 && (dc === 4 || dc === 2)) {
    month = a;
    day = b;
    if (ctx.order === 'dmy' || (month > 12 && day <= 12)) {
      month = b;
      day = a;
      if (note && ctx.order !== 'dmy') note.why = 'read as day/month/year (the month cannot be above 12)';
    }
    year = dc === 2 ? fullYear(c, month, day, ctx.asOf, note) : c;
  } else return undefined;
  return isoFromParts(year, month, day);
}

function monthOf(t: Token): number {
  return t.digits === 0 ? (MONTHS[t.word] ?? 0) : 0;
}

function fromText(s: string, ctx: DateContext, note?: Note): string | null {
  const first = s.charCodeAt(0);
  // Digits only: YYYYMMDD, or an Excel serial written as text.
  let allDigits = true;
  let dot = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46 && dot < 0) dot = i;
    else if (c < 48 || c > 57) {
      allDigits = false;
      break;
    }
  }
  if (allDigits) {
    const whole = dot >= 0 ? s.slice(0, dot) : s;
    if (whole.length === 8 && dot < 0) return fromEightDigits(Number(whole));
    if (whole.length >= 1 && whole.length <= 7) {
      const iso = isoFromSerial(Number(s));
      if (iso && note) note.why = 'Excel serial number read as a date';
      return iso;
    }
    return null;
  }
  if (!(first >= 48 && first <= 57) && !((first | 32) >= 97 && (first | 32) <= 122)) {
    const trimmed = s.replace(/^[^0-9A-Za-z]+/, '');
    if (trimmed === s || !trimmed) return null;
    return fromText(trimmed, ctx, note);
  }
  const fast = fastNumeric(s, ctx, note);
  if (fast !== undefined) return fast;
  // Accents folded for the month names ('12 février 1980', '3. März 1975'): the packs hold them folded.
  const t = tokenize(stripAccents(s));
  if (!t || t.length < 3) return null;
  const [a, b, c] = t;
  let year: number;
  let month: number;
  let day: number;
  let yearToken: Token;
  if (a.digits === 4 && b.digits > 0 && c.digits > 0) {
    // YYYY-MM-DD, YYYY/MM/DD
    [year, month, day, yearToken] = [a.num, b.num, c.num, a];
  } else if (a.digits === 4 && monthOf(b) && c.digits > 0) {
    [year, month, day, yearToken] = [a.num, monthOf(b), c.num, a];
  } else if (a.digits > 0 && a.digits <= 2 && monthOf(b) && c.digits > 0) {
    // 04-Dec-1983, 4 December 1983
    [year, month, day, yearToken] = [c.num, monthOf(b), a.num, c];
  } else if (monthOf(a) && b.digits > 0 && b.digits <= 2 && c.digits > 0) {
    // Dec 4, 1983
    [year, month, day, yearToken] = [c.num, monthOf(a), b.num, c];
  } else if (a.digits > 0 && a.digits <= 2 && b.digits > 0 && b.digits <= 2 && c.digits > 0) {
    // MM/DD/YYYY, M/D/YY (or day first when the column says so, or the month cannot be one)
    let m = a.num;
    let d = b.num;
    if (ctx.order === 'dmy' || (m > 12 && d <= 12)) {
      [m, d] = [d, m];
      if (note && ctx.order !== 'dmy') note.why = 'read as day/month/year (the month cannot be above 12)';
    }
    [year, month, day, yearToken] = [c.num, m, d, c];
  } else {
    return null;
  }
  if (yearToken.digits === 2) year = fullYear(year, month, day, ctx.asOf, note);
  else if (yearToken.digits !== 4) return null;
  return isoFromParts(year, month, day);
}

/** A cell as an ISO date, or null when blank or unreadable (note.invalid is set for the latter). */
export function parseDate(cell: Cell, ctx: DateContext, note?: Note): string | null {
  if (cell === null || cell === undefined) return null;
  let out: string | null = null;
  if (cell instanceof Date) out = isoFromDate(cell);
  else if (typeof cell === 'number') {
    if (Number.isInteger(cell) && cell >= 19_000_101 && cell <= 21_001_231) out = fromEightDigits(cell);
    else {
      out = isoFromSerial(cell);
      if (out && note) note.why = 'Excel serial number read as a date';
    }
  } else if (typeof cell === 'string') {
    const s = cell.trim();
    if (!s) return null;
    out = fromText(s, ctx, note);
  } else return invalid(note);
  return out ?? invalid(note);
}

function invalid(note?: Note): null {
  if (note) note.invalid = true;
  return null;
}

/**
 * The day order of a column of text dates: 'dmy' when some value's first part is above 12 and no
 * value's second part is, otherwise 'mdy'.
 */
export function detectDayOrder(samples: readonly Cell[]): DayOrder {
  let firstAbove12 = false;
  for (const cell of samples) {
    if (typeof cell !== 'string') continue;
    const t = tokenize(cell.trim());
    if (!t || t.length < 3 || t[0].digits === 0 || t[0].digits > 2 || t[1].digits === 0 || t[1].digits > 2) continue;
    if (t[1].num > 12) return 'mdy';
    if (t[0].num > 12) firstAbove12 = true;
  }
  return firstAbove12 ? 'dmy' : 'mdy';
}

/** True when the text looks like a date (a value profile: no serial numbers, they are ambiguous). */
export function looksLikeDate(cell: Cell, asOf: string): boolean {
  if (cell instanceof Date) return !Number.isNaN(cell.getTime());
  if (typeof cell === 'number') return Number.isInteger(cell) && cell >= 19_000_101 && cell <= 21_001_231 && fromEightDigits(cell) !== null;
  if (typeof cell !== 'string') return false;
  const s = cell.trim();
  if (s.length < 6 || s.length > 40) return false;
  let digitsOnly = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) {
      digitsOnly = false;
      break;
    }
  }
  if (digitsOnly) return s.length === 8 && fromEightDigits(Number(s)) !== null;
  // "6016.67" or "$40,000" would read as an Excel serial: amounts are not dates.
  if (/^[\d$.,\s]+$/.test(s)) return false;
  return fromText(s, { asOf }) !== null;
}

/** Whole years from an ISO day to another (age, tenure): birthdays count on the day. */
function digitAt(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

export function wholeYears(fromIso: string, toIso: string): number {
  // Character arithmetic on 'YYYY-MM-DD': called for every member, so no slicing (and no closure).
  const d = digitAt;
  const fy = d(fromIso, 0) * 1000 + d(fromIso, 1) * 100 + d(fromIso, 2) * 10 + d(fromIso, 3);
  const ty = d(toIso, 0) * 1000 + d(toIso, 1) * 100 + d(toIso, 2) * 10 + d(toIso, 3);
  const fmd = d(fromIso, 5) * 1000 + d(fromIso, 6) * 100 + d(fromIso, 8) * 10 + d(fromIso, 9);
  const tmd = d(toIso, 5) * 1000 + d(toIso, 6) * 100 + d(toIso, 8) * 10 + d(toIso, 9);
  return ty - fy - (tmd < fmd ? 1 : 0);
}

/** The ISO day `years` years and `months` months before an ISO day (clamped to the month's end). */
export function shiftIso(iso: string, years: number, months = 0): string {
  let y = Number(iso.slice(0, 4)) - years;
  let m = Number(iso.slice(5, 7)) - months;
  while (m < 1) {
    m += 12;
    y--;
  }
  const d = Math.min(Number(iso.slice(8, 10)), daysInMonth(y, m));
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** Today's date (UTC) as an ISO day. */
export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}
