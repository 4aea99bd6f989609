/**
 * Value profiles: what a column's values say about its field, whatever its header says ("a column of
 * M/F values is gender"). Each profile gives
 *   fit       the share of the sampled non-empty values that look like the field (0..1)
 *   strength  how far the values alone can carry a mapping (a column of M/F is surely gender: 0.92;
 *             a column of plausible ages could be many things: 0.45)
 *   strict    whether values that do not fit speak against a header that says the field (a "Gender"
 *             column of "Active"/"Termed" is not gender; a "First Name" column of rare names still is)
 * Profiles look at a sample (PROFILE_SAMPLE_SIZE values spread over the table), never every row.
 */
import { PROFILE_MIN_VALUES } from '../rules';
import { isBlank, cellText } from '../text';
import { sampleColumn } from '../values/columns';
export { sampleColumn };
import type { CanonicalField, Cell } from '../types';
import { GENDERS, RELATIONSHIPS, STATUSES, TIERS, TOBACCO, isKnownCode, isLooseCode, isYesNo, looseCodeOf } from '../values/codes';
import { looksLikeDate, parseDate, wholeYears } from '../values/dates';
import { parseNumber } from '../values/numbers';
import { stateCode, isAssignedZip } from '../values/states';
import { looksLikeZip, parseZip } from '../values/zip';
import { isKnownFirstName } from '../names';

export interface ProfileScore {
  fit: number;
  strength: number;
  strict: boolean;
}
export type Profiles = Partial<Record<CanonicalField, ProfileScore>>;

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const ALPHA = /^[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F'’.\- ]*$/;
/** An SSN as it is written, 123-45-6789 (the employee id's veto reads it too: vetoes.ts). */
export const SSN_DASHED = /^\d{3}-\d{2}-\d{4}$/;
const SSN_MASKED = /^(x{3}|\*{3})-?(x{2}|\*{2})-?\d{4}$/i;
const NAME_COMMA = /^[A-Za-z\u00C0-\u024F'’.\- ]+,\s*[A-Za-z\u00C0-\u024F'’.\- ]+$/;
/** An id: a prefix of up to three letter groups ('EMP', 'DUMMY_EX_', 'HR-US-'), then digits and more. */
const ID_LIKE = /^[A-Za-z]{0,12}(?:[-_][A-Za-z]{1,12}){0,2}[-_]?\d[\dA-Za-z\-_]{2,24}$/;
/**
 * A code joined with '+', '&' or '/' ("EE+SP", "EE + Child(ren)", "EE/CH", "EE+1", "Emp & Spouse"):
 * carrier and PEO tier legends write them so. They are no names, so they are checked as codes apart
 * from ALPHA's words (which would not take them, and left such a tier column without value evidence).
 */
const JOINED_CODE = /^[A-Za-z][A-Za-z.]*(\s*[+&/]\s*[A-Za-z0-9][A-Za-z0-9(). ]*)+$/;

/** Two words or more, the last of two letters at least: a whole name, not a first name with an initial. */
const FULL_NAME_WORDS = /\S\s+\p{L}[\p{L}'’-]+\.?$/u;
/** A whole name that begins with a known first name counts this much towards the first-name fit. */
const FULL_NAME_AS_FIRST = 0.3;
/** Whole names beginning with a known first name on this share of the values: as telling as a first-name column. */
const FULL_NAMES_KNOWN = 0.6;
/** Tobacco words of this many letters or more ('Smoker', 'Never'; not 'Y', 'No') on this share of the values name the column. */
const TOBACCO_WORD_MIN = 5;
const TOBACCO_WORDS_SHARE = 0.5;
/** Round sums (whole hundreds) on this share of the values add this to a year's pay's strength. */
const ROUND_PAY_SHARE = 0.5;
const ROUND_PAY_BONUS = 0.1;

/** Profiles of one column's sampled values (none from fewer than minValues: too few to say anything). */
export function profileColumn(sample: readonly Cell[], asOf: string, minValues = PROFILE_MIN_VALUES): Profiles {
  const n = sample.length;
  if (n < minValues) return {};
  let gender = 0, male = 0, female = 0, rel = 0, status = 0, yesNo = 0, tier = 0, state = 0, tobacco = 0, tobaccoWords = 0;
  let zip = 0, zipText = 0, round = 0, realDate = 0, serialish = 0, numeric = 0, currency = 0;
  let ssn = 0, ssn9 = 0, idLike = 0, alpha = 0, firstKnown = 0, firstKnownFull = 0, commaName = 0, multiWord = 0;
  let integers = 0, ageLike = 0, hoursLike = 0, joined = 0;
  const nums: number[] = [];
  const dateYears: number[] = [];
  const distinct = new Set<string>();
  for (const cell of sample) {
    const text = cellText(cell);
    distinct.add(text.toLowerCase());
    const isAlpha = typeof cell === 'string' && ALPHA.test(text);
    if (!isAlpha && typeof cell === 'string' && JOINED_CODE.test(text)) {
      joined++;
      if (isKnownCode(RELATIONSHIPS, text)) rel++;
      if (isKnownCode(STATUSES, text)) status++;
      if (isKnownCode(TIERS, text)) tier++;
    }
    if (isAlpha) {
      alpha++;
      let code = false;
      // Words spelt like a pack's word count ('Ativo', 'Famille', 'Masculino': a language no pack holds); typos do not.
      const g = looseCodeOf(GENDERS, text);
      if (g !== null) {
        code = true;
        gender++;
        if (g === 'male') male++;
        else if (g === 'female') female++;
      }
      if (isLooseCode(RELATIONSHIPS, text)) (rel++, (code = true));
      const lower = text.toLowerCase();
      if (lower === 'y' || lower === 'n' || lower === 'yes' || lower === 'no') yesNo++;
      else if (isLooseCode(STATUSES, text)) (status++, (code = true));
      if (isLooseCode(TIERS, text)) (tier++, (code = true));
      if (isKnownCode(TOBACCO, text)) {
        tobacco++;
        // 'Smoker', 'Non-Tobacco': words that say what the column flags, unlike a bare yes/no.
        if (lower.length >= TOBACCO_WORD_MIN && !isYesNo(text)) tobaccoWords++;
      }
      if (stateCode(text)) state++;
      // "Male", "Son", "Active" are in no one's first-name column, whatever the SSA lists.
      if (!code && isKnownFirstName(text.split(/[\s]+/)[0])) {
        firstKnown++;
        // 'Christina Oneal' begins with a first name, but is a whole name ('John A', with an initial, is not).
        if (FULL_NAME_WORDS.test(text)) firstKnownFull++;
      }
      if (text.includes(' ')) multiWord++;
    }
    if (typeof cell === 'string' && NAME_COMMA.test(text)) commaName++;
    if (looksLikeZip(cell)) {
      const z = parseZip(cell);
      if (z && isAssignedZip(z)) {
        zip++;
        if (typeof cell === 'string' && text[0] === '0') zipText++;
      }
    }
    if (SSN_DASHED.test(text) || SSN_MASKED.test(text)) ssn++;
    else if (/^\d{9}$/.test(text)) ssn9++;
    if (looksLikeDate(cell, asOf)) {
      realDate++;
      const iso = parseDate(cell, { asOf });
      if (iso) dateYears.push(wholeYears(iso, asOf));
    } else {
      const v = parseNumber(cell);
      if (v !== null) {
        numeric++;
        nums.push(v);
        if (typeof cell === 'string' && /[$,]/.test(text)) currency++;
        if (Number.isInteger(v)) {
          integers++;
          if (v >= 0 && v <= 120) ageLike++;
          if (v % 100 === 0 && v !== 0) round++;
          if (v >= 1 && v <= 60_000) serialish++;
        }
        if (v > 0 && v <= 80) hoursLike++;
      }
    }
    if (!isAlpha && ID_LIKE.test(text)) idLike++;
  }

  const p: Profiles = {};
  const set = (f: CanonicalField, fit: number, strength: number, strict = true) => {
    p[f] = { fit: Math.min(1, fit), strength, strict };
  };

  // Codes. One single letter repeated ("x", "Y") could be any code: values alone say little then.
  // Codes written as digits only (834 relationship codes, ISO sex digits): the header decides.
  // Codes of one letter only (S/H, A/B), or one value all along ("Employee" in every row), could be
  // many codes: the values alone say less then.
  const oneLetter = [...distinct].every((d) => d.length <= 1) || (distinct.size === 1 && n >= 3) ? 0.5 : 1;
  const bothSexes = male > 0 && female > 0;
  if (alpha > 0 || joined > 0) {
    set('gender', gender / n, (bothSexes ? 0.92 : 0.6) * oneLetter);
    set('relationship', rel / n, 0.85 * oneLetter);
    // Y/N fits an "Active (Y/N)" status column, but says nothing alone (tobacco, COBRA, exempt ...).
    set('status', (status + yesNo) / n, (yesNo > status ? 0.3 : 0.8) * oneLetter);
    set('coverageTier', tier / n, 0.8 * oneLetter);
    set('state', state / n, 0.85);
    set('tobacco', tobacco / n, (tobaccoWords / n >= TOBACCO_WORDS_SHARE ? 0.8 : 0.45) * oneLetter);
  }

  // ZIP: five digits with an assigned prefix; round amounts (salaries) are not ZIP codes.
  let zipFit = zip / n;
  if (round / n > 0.5) zipFit *= 0.3;
  set('zip', zipFit, zipText > 0 ? 0.85 : 0.7);

  // SSN
  set('ssn', (ssn + 0.5 * ssn9) / n, ssn > 0 ? 0.9 : 0.5);

  // Dates: a birth-date column sits decades back, a hire-date column years back.
  const dateFit = (realDate + 0.8 * serialish) / n;
  const realShare = realDate / n;
  const medianYears = median(dateYears);
  const birthLike = dateYears.length > 0 && medianYears >= 18;
  const dateStrength = realShare >= 0.5 ? 1 : 0.5;
  set('dateOfBirth', dateFit, (birthLike ? 0.6 : 0.3) * dateStrength);
  set('hireDate', dateFit, (birthLike ? 0.25 : 0.5) * dateStrength);
  set('spouseDateOfBirth', dateFit, 0);
  set('childDateOfBirth', dateFit, 0);

  // Amounts: the median tells a year's pay from a month's or an hour's.
  const med = median(nums.filter((v) => v > 0));
  const numFit = numeric / n;
  const money = currency / n >= 0.3 ? 0.15 : 0;
  // A year's pay is often a round sum (52000, 1450000); codes of that size (postal codes, ids) seldom are.
  const roundPay = round / n >= ROUND_PAY_SHARE ? ROUND_PAY_BONUS : 0;
  set('annualSalary', numFit * (med >= 8000 && med <= 5_000_000 ? 1 : 0.3), (med >= 8000 ? 0.55 + roundPay : 0.2) + money);
  set('monthlySalary', numFit * (med >= 500 && med < 20_000 ? 1 : 0.3), (med >= 500 && med < 15_000 ? 0.4 : 0.15) + money);
  set('hourlyRate', numFit * (med >= 5 && med < 300 ? 1 : 0.3), (med >= 5 && med < 300 && integers < numeric ? 0.45 : 0.25) + money);

  // Small whole numbers: ages spread out, weekly hours cluster (40, 37.5, 20).
  const spread = distinct.size / n;
  const clustered = spread < 0.2 && n >= 10;
  set('age', ageLike / n, med >= 1 && med <= 90 ? (clustered ? 0.25 : 0.45) : 0.15, false);
  set('hoursPerWeek', hoursLike / n, med >= 10 && med <= 60 ? (clustered ? 0.45 : 0.2) : 0.1, false);

  // Names and ids
  set('firstName', alpha > 0 ? (firstKnown - (1 - FULL_NAME_AS_FIRST) * firstKnownFull) / n : 0, 0.7, false);
  set('lastName', (alpha - firstKnown - multiWord) / n, 0.3, false);
  // Whole names most of which begin with a known first name ('Christina Oneal') say it as well as first names do.
  // Whole names that mostly begin with a known first name: every name of words counts ('Linh T Nguyen'
  // beside 'John Q Smith'), as the first names' column counts its unknown names by the known ones.
  const wholeNames = firstKnownFull / n >= FULL_NAMES_KNOWN;
  set('fullName', (commaName + (wholeNames ? multiWord : Math.min(multiWord, firstKnown))) / n, commaName / n > 0.5 ? 0.75 : wholeNames ? 0.7 : 0.55, false);
  set('employeeId', idLike / n, 0.35, false);
  return p;
}
