/**
 * What the map stage's rules read of a column beyond its header and its value profiles: shares of digit
 * codes, yes/no values, tier words, pay modes, dates and numbers in its sample, and the code systems its
 * digits follow. Pure functions of the sampled cells (no rule lives here; vetoes.ts and roles.ts hold them).
 */
import { MAX_HOURS_PER_WEEK } from '../rules';
import type { Cell } from '../types';
import { cellText, foldCode } from '../text';
import { isPayModeKey, isSubscriberFlag, isYesNo, parseGender, parseRelationship, parseTier, readBySomeCode, RELATIONSHIPS, TIERS } from '../values/codes';
import { isAssignedZip, stateCode } from '../values/states';
import { looksLikeDate } from '../values/dates';
import { parseNumber } from '../values/numbers';
import { boundHeader, normaliseHeader, unglueStopWords } from './headers';
import { ruleWordSet } from '../lang/rule-words';

/** Facts about a column's sampled values that the rules above need (beyond the field profiles). */
export interface ColumnStats {
  n: number;
  /** Share of values that are bare digits ("1", "18", 4). */
  digits: number;
  /** Share of values that read Y/N, Yes/No, X, True/False, 1/0. */
  yesNo: number;
  /** Share of values a subscriber flag holds (yes/no, Self, Dependent). */
  subscriberFlag: number;
  /** Share of three- and four-digit values that are assigned ZIP codes once their lost leading zeros are back. */
  zipLostZeros: number;
  /** Share of distinct values. */
  distinct: number;
  /** Share of nine-digit values whose first five are an assigned ZIP (ZIP+4 without its dash). */
  zip9: number;
  /** Share of values that are relationship codes of a dependent and not a tier code (SP, CH, Spouse). */
  dependentCodes: number;
  /** Share of values that read as coverage tiers (codes and words: EE, Employee + Spouse, Family). */
  tierValues: number;
  /** Share of values that are pay modes (Hourly, Biweekly, S, H ...). */
  payModes: number;
  /** Share of values that are dates. */
  dates: number;
  /** Share of values that are numbers. */
  numbers: number;
  /** Share of values that are numbers above 168 (more hours than a week has). */
  overWeekHours: number;
  /**
   * Share of values the gender reader reads, one letter off included ('Masculin', 'Féminin' for
   * 'masculino', 'feminino'), when both sexes are among them; 0 otherwise. The profiles count exact codes only.
   */
  genderWords: number;
  /**
   * Share of values that are words no code reader reads and no US state ('Actif', 'Sorti', 'Congé'), in a column of at most
   * CODE_COLUMN_MAX_VALUES distinct values; 0 otherwise. Such words are no evidence for or against a coded field.
   */
  unknownWords: number;
  /** Digit codes: counts by value. */
  digitCounts: Map<string, number>;
}

/** A coded column (status, relationship, tier, gender) holds this many distinct values at most. */
const CODE_COLUMN_MAX_VALUES = 12;
/** A code word: letters, spaces, '/', '-', '.', no digits, 3 to 30 characters (two letters are any region's or plan's code). */
const CODE_WORD = /^\p{L}[\p{L} ./'-]{2,29}$/u;

export function columnStats(sample: readonly Cell[], asOf: string): ColumnStats {
  const n = sample.length;
  let digits = 0, tierValues = 0, yesNo = 0, flag = 0, zipLost = 0, zip9 = 0, dependentCodes = 0, payModes = 0, dates = 0, numbers = 0, overWeek = 0;
  // A coded column's few values with their counts; the code readers run once a value, on such columns only.
  const codes = new Map<string, number>();
  const distinct = new Set<string>();
  const digitCounts = new Map<string, number>();
  for (const cell of sample) {
    const t = cellText(cell).trim();
    distinct.add(t.toLowerCase());
    if (/^\d{1,3}$/.test(t)) {
      digits++;
      digitCounts.set(t, (digitCounts.get(t) ?? 0) + 1);
    }
    if (typeof cell === 'boolean' || isYesNo(t)) yesNo++;
    if (t && parseTier(t) !== null) tierValues++;
    if (typeof cell === 'boolean' || isSubscriberFlag(t)) flag++;
    if (/^\d{3,4}$/.test(t) && isAssignedZip(t.padStart(5, '0'))) zipLost++;
    if (/^\d{9}$/.test(t) && isAssignedZip(t.slice(0, 5))) zip9++;
    const key = foldCode(t);
    if (isPayModeKey(key)) payModes++;
    if (distinct.size <= CODE_COLUMN_MAX_VALUES && t) codes.set(t, (codes.get(t) ?? 0) + 1);
    if (looksLikeDate(cell, asOf)) dates++;
    else {
      const v = parseNumber(cell);
      if (v !== null) {
        numbers++;
        if (v > MAX_HOURS_PER_WEEK) overWeek++;
      }
    }
    const r = RELATIONSHIPS.get(key);
    // Letters only, two or more: "SP", "CH", "Spouse" (one letter, S or D, is too many other codes).
    if (r !== undefined && r !== 'employee' && !TIERS.has(key) && key.length >= 2 && !/\d/.test(key)) dependentCodes++;
  }
  const share = (x: number) => (n ? x / n : 0);
  let male = 0, female = 0, unknownWords = 0;
  if (distinct.size <= CODE_COLUMN_MAX_VALUES) {
    for (const [t, count] of codes) {
      const sex = /\p{L}/u.test(t) ? parseGender(t) : null;
      if (sex === 'male') male += count;
      else if (sex === 'female') female += count;
      else if (CODE_WORD.test(t) && !readBySomeCode(t) && stateCode(t) === null) unknownWords += count;
    }
  }
  return {
    n, digits: share(digits), tierValues: share(tierValues), yesNo: share(yesNo), subscriberFlag: share(flag), zipLostZeros: share(zipLost), distinct: share(distinct.size), zip9: share(zip9),
    dependentCodes: share(dependentCodes), payModes: share(payModes), dates: share(dates), numbers: share(numbers), overWeekHours: share(overWeek),
    genderWords: male > 0 && female > 0 ? share(male + female) : 0,
    unknownWords: share(unknownWords), digitCounts,
  };
}

/** The share of employee codes among a relationship column's sampled values. */
export function employeeShare(sample: readonly Cell[], codes: 'usual' | 'oneBased'): number {
  let e = 0;
  for (const c of sample) {
    const t = cellText(c).trim();
    const r = codes === 'oneBased' ? (t === '1' || t === '01' ? 'employee' : null) : parseRelationship(t);
    if (r === 'employee') e++;
  }
  return sample.length ? e / sample.length : 0;
}

/**
 * Most values are relationship words of four letters or more that name a dependent ('Spouse', 'Child',
 * 'Hijo', 'Conjoint'), each one word: a list of dependents, which says so without any header.
 * Letter codes (S, D, SP) are not enough: a tier or a status writes them too.
 */
export function dependentWords(sample: readonly Cell[]): boolean {
  let words = 0;
  for (const c of sample) {
    const t = cellText(c).trim();
    // One word: 'Employee + Spouse' or 'Spouse Only' is a tier.
    if (t.length < 4 || !/^[A-Za-z\u00C0-\u024F]+$/.test(t)) continue;
    const r = parseRelationship(t);
    if (r !== null && r !== 'employee') words++;
  }
  return sample.length >= 3 && words >= 0.9 * sample.length;
}

/**
 * A header that names the employment status and nothing else ('Status', 'Employment Status',
 * 'Situación Laboral', 'Statut', 'Beschäftigungsstatus'; the packs' statusName and statusQualifier
 * words): with yes/no values it is most likely an active flag, but it does not say so (an activeFlag
 * word would), so the reading asks for a check.
 */
export function isStatusOnlyHeader(header: string): boolean {
  return onlyWords(header, ruleWordSet('statusName'), ruleWordSet('statusQualifier'));
}

/** A status flag's header: it says active or eligible, and nothing else but flag words. */
export function isActiveFlagHeader(header: string): boolean {
  return onlyWords(header, ruleWordSet('activeFlag'), ruleWordSet('flagWords'));
}

/** The header has one of the head words, and no word but heads and qualifiers. */
function onlyWords(header: string, heads: ReadonlySet<string>, qualifiers: ReadonlySet<string>): boolean {
  const tokens = normaliseHeader(header).tokens;
  return tokens.some((t) => heads.has(t)) && tokens.every((t) => heads.has(t) || qualifiers.has(t));
}

/** A header's words, camelCase split, accents stripped ('DateDépart' -> date, depart), a glued stop word apart ('Dateof' -> date, of), lower case. */
export function headerWords(header: string): string[] {
  const plain = boundHeader(header).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss');
  return unglueStopWords(plain).replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export interface TableFacts {
  /** The addresses are abroad (a country column that is mostly not the US, or states that are not US states). */
  foreign: string | null;
  /** The table has no header row (locate found it by its shape): values alone name its columns. */
  headerless?: boolean;
  /** This column's header holds no word any pack knows (map/index.ts isUnreadHeader): set per column. */
  unread?: boolean;
}

/**
 * How widely a column's positive numbers spread about their median: the middle half's width over the
 * median (0.3 to 0.6 for a list's salaries; under 0.001 for ids numbered from 1175388 to 1175428).
 * Null when there are no such numbers.
 */
export function middleSpread(sample: readonly Cell[]): number | null {
  const nums = positiveNumbers(sample);
  if (nums.length === 0) return null;
  const at = (q: number) => nums[Math.min(nums.length - 1, Math.floor(q * nums.length))];
  return (at(0.75) - at(0.25)) / at(0.5);
}

/** A column's positive numbers, in ascending order. */
function positiveNumbers(sample: readonly Cell[]): number[] {
  const nums: number[] = [];
  for (const c of sample) {
    const v = parseNumber(c);
    if (v !== null && v > 0) nums.push(v);
  }
  return nums.sort((a, b) => a - b);
}

export function medianAmount(sample: readonly Cell[]): number | null {
  const nums = positiveNumbers(sample);
  if (nums.length === 0) return null;
  const m = nums.length >> 1;
  return nums.length % 2 ? nums[m] : (nums[m - 1] + nums[m]) / 2;
}

