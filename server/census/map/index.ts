/**
 * Map stage: each column of a located table -> a canonical field (or none), with a confidence 0..1
 * and a plain-words reason, from its header text (vocabulary, fuzzy) and its values (profiles).
 *
 * A false field is worse than no field (docs/census-engine.md "Map"):
 * - Identity and amount fields (ids, names, relationship, tobacco, age, hours, pay, title) need their
 *   header to say so (score 0.5 or more); values alone never claim them. A header that names
 *   something else (manager, volume, satisfaction, date loaded ...) vetoes any lift from the values.
 * - Values must agree: ZIP codes and states must mostly be US ones (and none at all when the table's
 *   country or state/province column says the addresses are abroad); status and tier columns of bare
 *   digits are codes the file does not explain; a relationship column's employee rows must be there.
 * - A column takes its best-scoring field when that score reaches MIN_MAPPING_CONFIDENCE and beats the
 *   header's 'ignore' score. When two columns claim one field, the better one wins (an id whose values
 *   repeat, a household key, beats a per-person id); child birth dates may be several.
 * Some unmapped columns are still read: a pay mode ("Pay Type" S/H, "Salary Mode") makes the amount
 * column's value per row; an exit date ("Termination Date") ends employment (normalise stage).
 */
import { HOURLY_RATE_LIMIT, MAX_HOURS_PER_WEEK, MAX_MAPPED_COLUMNS, MAX_VALUE_CHARS, MIN_MAPPING_CONFIDENCE, PROFILE_SAMPLE_SIZE, WEAK_MAPPING_CONFIDENCE } from '../rules';
import { FIELDS, SALARY_FIELDS } from '../fields';
import { CANONICAL_FIELDS } from '../../../shared/census/report';
import type { CanonicalField, Cell, ColumnMapping, Issue, LocatedTable } from '../types';
import { bestSynonym, boundHeader, movedAwayFields, normaliseHeader, scoreHeader } from './headers';
import { combine, profileColumn, type Profiles } from './profiles';
import { markRepeatedBlocks, pairBlockRelationships } from './blocks';
import { keepOnePerField } from './one-per-field';
import { columnLetter, sampleColumn } from '../values/columns';
export { columnLetter };
import { cellText, foldCode, redact } from '../text';
import { isPayModeKey, isSubscriberFlag, isYesNo, parseRelationship, parseTier, RELATIONSHIPS, TIERS } from '../values/codes';
import { isAssignedZip, stateCode } from '../values/states';
import { looksLikeDate } from '../values/dates';
import { parseNumber } from '../values/numbers';

export { scoreHeader, normaliseHeader, bestHeaderField } from './headers';
export { profileColumn, combine } from './profiles';

/** Fields the values alone never claim: the header must name them (score >= HEADER_EVIDENCE). */
const NEEDS_HEADER = new Set<CanonicalField>([
  'employeeId', 'firstName', 'lastName', 'fullName', 'relationship', 'tobacco', 'age', 'hoursPerWeek',
  'annualSalary', 'monthlySalary', 'hourlyRate', 'jobTitle',
  // A recent date could be a hire, effective, enrollment or termination date: the header must say.
  'hireDate',
  // "Employee", "Single", "Family" are tier words, and other things too ("Worker Type": Employee).
  'coverageTier',
]);
const HEADER_EVIDENCE = 0.5;
/** Header words that say the column is about something else than the member's own census data. */
const VETO_WORDS = new Set([
  'manager', 'supervisor', 'sponsor', 'volume', 'amount', 'satisfaction', 'loaded', 'created', 'updated',
  'modified', 'rating', 'score', 'distance', 'balance', 'stock', 'option', 'education', 'performance',
  'companies', 'count', 'emergency', 'contact', 'beneficiary', 'spouse', 'reports', 'plan', 'premium',
  'deduction', 'contribution', 'attrition', 'overtime', 'wellness', 'survey', 'bonus', 'commission',
]);
/** A header made of the pay modes themselves: 'S/H', 'H or S', 'Salary/Hourly', 'Sal/Hr' (PEO census templates). */
const PAY_MODE_PAIR_HEADER = /^\s*(s|h|sal|salary|salaried|hr|hrly|hourly)\s*(\/|or|-)\s*(s|h|sal|salary|salaried|hr|hrly|hourly)\s*\??\s*$/i;
/** A pay header that names two kinds of amount: 'Annual Salary or Hourly Rate', 'Hourly/Salary Rate'. */
const MIXED_PAY_HEADER = /\b(salary|salaried|annual|wage|wages)\b.*\b(or|and)\b.*\b(hourly|hour|rate)\b|\b(hourly|hour)\b.*\b(or|and)\b.*\b(salary|salaried|annual)\b/i;
const PAY_MODE_HEADER = /\b(pay|payment|salary|rate|wage|comp|compensation|earnings?)\s*(mode|type|basis|frequency|freq|unit|class|description|desc|code|period|per|schedule)\b|\bsalary\s*mode\b|\bsalar(y|ied)\s*(or|\/)\s*hourly\b|\bhourly\s*(or|\/)\s*salar(y|ied)\b/i;
/** Any pay word: with values that are pay modes, the column is a pay mode. */
const PAY_WORD = /\b(pay|payment|salary|wage|wages|comp|compensation|earnings|remuneration)\b/i;
/** Pay-mode headers about how often people are paid, not what the amount is: used only when no other. */
const PAY_SCHEDULE_HEADER = /frequency|freq|schedule|period|cycle/i;
const PERIOD_WORDS = /\b(annual|annually|annualized|annualised|yearly|monthly|hourly|weekly|per\s+(hour|month|year|week))\b/i;
const PAY_AMOUNT_HEADER = /\b(rate|salary|pay|wage|wages|compensation|comp|earnings|amount)\b/i;
/** A rehire date: the member came back after the exit date beside it (401(k) and payroll censuses). */
const REHIRE_HEADER = /\b(rehire|rehired|re\s*hire|re\s*hired|reinstatement|reinstated|return\s+to\s+work)\b/i;
const EXIT_HEADER = /\b(termination|term|termed|terminated|exit|separation|separated|leaving|leaver|last\s+day)\b/i;
const NOT_EMPLOYMENT = /\b(coverage|benefit|plan|cobra|policy|contract|eligibility|elig|insurance|medical|dental|vision|enrollment)\b/i;
const FLAG_HEADER = /^\s*(is\s+)?(the\s+)?(subscriber|self|primary(\s+insured)?|employee|policy\s*holder|insured)\s*(indicator|ind|flag|\?|\(?\s*y\s*\/?\s*n\s*\)?|yes\s*\/\s*no)?\s*$/i;
/** A member sequence or suffix within a household (00/0/1 the subscriber, then the dependents). */
const SEQUENCE_HEADER = /\b(seq|sequence|suffix|sfx|person\s*(no|number|nbr|#)|member\s*(seq|sequence|suffix|sfx)|dependent\s*(no|number|nbr|#|seq|sequence))\b/i;
const US_COUNTRY = /^(us|usa|u\.s\.(a\.)?|840)$|^(us|usa)\b|united\s+states|\bamerica\b/i;

const LABEL: Record<CanonicalField, string> = Object.fromEntries(Object.entries(FIELDS).map(([f, info]) => [f, info.label])) as Record<CanonicalField, string>;

function round2(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;
}
const pct = (x: number) => `${Math.round(x * 100)}%`;

export interface MapResult {
  columns: ColumnMapping[];
  issues: Issue[];
}

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
  /** Digit codes: counts by value. */
  digitCounts: Map<string, number>;
}

export function columnStats(sample: readonly Cell[], asOf: string): ColumnStats {
  const n = sample.length;
  let digits = 0, tierValues = 0, yesNo = 0, flag = 0, zipLost = 0, zip9 = 0, dependentCodes = 0, payModes = 0, dates = 0, numbers = 0, overWeek = 0;
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
  return {
    n, digits: share(digits), tierValues: share(tierValues), yesNo: share(yesNo), subscriberFlag: share(flag), zipLostZeros: share(zipLost), distinct: share(distinct.size), zip9: share(zip9),
    dependentCodes: share(dependentCodes), payModes: share(payModes), dates: share(dates), numbers: share(numbers), overWeekHours: share(overWeek), digitCounts,
  };
}

/** How digit relationship codes read: X12 834 / zero-based (the usual table), one-based, or not at all. */
function digitRelationshipCodes(stats: ColumnStats): 'usual' | 'oneBased' | null {
  const keys = [...stats.digitCounts.keys()];
  if (keys.some((k) => k.length === 2 && ['18', '19', '17', '10', '15', '09', '53'].includes(k))) return 'usual';
  if (keys.includes('0') || keys.includes('00')) return 'usual';
  let top = '';
  let most = 0;
  for (const [k, c] of stats.digitCounts) if (c > most) (top = k), (most = c);
  if ((top === '1' || top === '01') && keys.every((k) => Number(k) >= 1 && Number(k) <= 5)) return 'oneBased';
  return null;
}

/** The share of employee codes among a relationship column's sampled values. */
function employeeShare(sample: readonly Cell[], codes: 'usual' | 'oneBased'): number {
  let e = 0;
  for (const c of sample) {
    const t = cellText(c).trim();
    const r = codes === 'oneBased' ? (t === '1' || t === '01' ? 'employee' : null) : parseRelationship(t);
    if (r === 'employee') e++;
  }
  return sample.length ? e / sample.length : 0;
}

/** Words of a status flag's header: it says active or eligible, and nothing else but flag words. */
const ACTIVE_WORDS = new Set(['active', 'eligible', 'eligibility', 'employed', 'actively']);
const FLAG_WORDS = new Set(['flag', 'indicator', 'status', 'currently', 'current', 'code', 'yes', 'no', 'employee', 'member', 'is']);
function isActiveFlagHeader(header: string): boolean {
  const tokens = normaliseHeader(header).tokens;
  return tokens.some((t) => ACTIVE_WORDS.has(t)) && tokens.every((t) => ACTIVE_WORDS.has(t) || FLAG_WORDS.has(t));
}

function headerWords(header: string): string[] {
  return boundHeader(header).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

interface TableFacts {
  /** The addresses are abroad (a country column that is mostly not the US, or states that are not US states). */
  foreign: string | null;
  /** The table has no header row (locate found it by its shape): values alone name its columns. */
  headerless?: boolean;
}

/**
 * Fields the values may name in a table with no header row at all: there, no header can say so, and a
 * column of first names, relationship codes or ids is read by what it holds (issue 19). A table with
 * headers keeps NEEDS_HEADER: its header had the chance to say and did not.
 */
const NAMED_BY_VALUES_WITHOUT_HEADERS = new Set<CanonicalField>(['employeeId', 'firstName', 'lastName', 'fullName', 'relationship', 'annualSalary', 'hireDate', 'coverageTier', 'age']);

/**
 * Amounts under a pay header that names no period, read as a month's pay when their median is here:
 * below a year's pay anyone is hired at, above an hourly rate or a week's part-time pay (a review says so).
 */
const MONTHLY_BY_MAGNITUDE = { min: 1_000, max: 15_000 };

function medianAmount(sample: readonly Cell[]): number | null {
  const nums: number[] = [];
  for (const c of sample) {
    const v = parseNumber(c);
    if (v !== null && v > 0) nums.push(v);
  }
  if (nums.length === 0) return null;
  nums.sort((a, b) => a - b);
  const m = nums.length >> 1;
  return nums.length % 2 ? nums[m] : (nums[m - 1] + nums[m]) / 2;
}

/**
 * S/D (or E/D) letters where S is the subscriber. With E and S side by side, E is the employee and S
 * the spouse (E, S, D / E, S, C code systems): the usual codes then.
 */
function subscriberLetters(sample: readonly Cell[]): boolean {
  const letters = new Set(sample.map((c) => cellText(c).trim().toUpperCase()));
  if (letters.has('E') && letters.has('S')) return false;
  return [...letters].every((v) => v === 'S' || v === 'D' || v === 'E');
}

/** Fields whose values are amounts or counts: a column of dates is none of them ('Pay Date' is no hourly rate). */
const AMOUNT_FIELDS = new Set<CanonicalField>(['annualSalary', 'monthlySalary', 'hourlyRate', 'hoursPerWeek', 'age']);
/** Nine digits that are a template's placeholder SSN, not a real number (kept as the SSN, with a review). */
const PLACEHOLDER_SSN = /^(\d)\1{8}$|^123456789$|^987654321$/;
/** An SSN the whole household shares (one family's rows all carry the subscriber's). */
const HOUSEHOLD_SSN_HEADER = /\b(subscriber|employee|emp|ee|primary|insured|policyholder|holder|member|family|household)\b/i;
const YES_NO_WORD = /^\s*(y|yes|n|no|true|false)\s*$/i;
const ACTIVE_FLAG_WORDS = /\b(active|actively|employed|eligible|eligibility|current|currently|working)\b/i;

/**
 * Value evidence against a field, whatever the header says: the reason, or null. Each rule is a class
 * of file seen in the wild (docs/census-engine.md "Values contradict the header"):
 * - an amount or count field whose values are dates (a 'Pay Date' read as an hourly rate);
 * - an SSN column whose header is about someone else (a 'Sponsor Tax ID'), whose values are words
 *   (a 'Nationality' column), or that holds one real-looking number on every row (the employer's tax id);
 * - a status column of yes/no values under a header that does not say active or employed (a 'form signed' flag);
 * - a state column that is a list, each value once and in alphabetical order (a drop-down list beside the table).
 */
function valueVeto(field: CanonicalField, header: string, sample: readonly Cell[], stats: ColumnStats, hf: number, vetoWord: string | null): string | null {
  const n = stats.n;
  if (AMOUNT_FIELDS.has(field) && n >= 1 && stats.dates >= 0.5 && stats.dates > stats.numbers) {
    return `its values are dates (${pct(stats.dates)}), not amounts`;
  }
  if (field === 'ssn') {
    if (vetoWord && vetoWord !== 'amount' && hf < 0.95) return `its header is about ${vetoWord}, not the member's own number`;
    if (n >= 3) {
      let digits = 0;
      for (const c of sample) if (/\d/.test(cellText(c))) digits++;
      if (digits < 0.2 * n) return `its values are words, not numbers (${pct(digits / n)} hold a digit)`;
      const first = cellText(sample[0]).replace(/\D/g, '');
      if (n >= 4 && stats.distinct * n <= 1.01 && !PLACEHOLDER_SSN.test(first) && !HOUSEHOLD_SSN_HEADER.test(headerWords(header).join(' '))) return 'it holds one number on every row: an employer or plan number, not each member\'s SSN';
    }
  }
  // Plain yes/no words only: T/F and 1/0 are also status letters and codes (T terminated, F full-time).
  if (field === 'status' && n >= 3 && stats.yesNo >= 0.8 && sample.filter((c) => typeof c === 'boolean' || YES_NO_WORD.test(cellText(c))).length >= 0.8 * n && !ACTIVE_FLAG_WORDS.test(headerWords(header).join(' '))) {
    return "its values are yes/no and its header does not say active or employed: a flag of something else";
  }
  if (field === 'state' && n >= 8 && stats.distinct >= 0.999) {
    const texts = sample.map((c) => cellText(c).trim().toLowerCase());
    let sorted = true;
    for (let i = 1; i < texts.length && sorted; i++) if (texts[i] < texts[i - 1]) sorted = false;
    if (sorted) return 'its values are a list (each state once, in alphabetical order): a drop-down list beside the table, not the members\' states';
  }
  return null;
}

/** Scores of every field for one column, with why candidates were set aside. */
export function scoreColumn(header: string, sample: readonly Cell[], asOf: string, stats = columnStats(sample, asOf), facts: TableFacts = { foreign: null }) {
  const h = scoreHeader(header);
  const away = movedAwayFields(header);
  const profiles: Profiles = profileColumn(sample, asOf);
  const words = headerWords(header);
  const vetoWord = words.find((w) => VETO_WORDS.has(w)) ?? null;
  const salaryHeader = Math.max(...SALARY_FIELDS.map((f) => h.get(f) ?? 0));
  const scores: { field: CanonicalField; score: number }[] = [];
  const blocked = new Map<CanonicalField, string>();
  const enough = stats.n >= 3;
  for (const field of CANONICAL_FIELDS) {
    const hf = h.get(field) ?? 0;
    let profile = profiles[field];
    const evidence = SALARY_FIELDS.includes(field) ? salaryHeader : hf;
    const block = (why: string) => {
      if (hf >= 0.3 || (profile && profile.fit * profile.strength >= 0.3)) blocked.set(field, why);
    };
    // A qualifier moved the header away from the field ("STD Enrollment Status", "HCE Status"): its values may not bring it back.
    if (away.has(field)) {
      block(`its header is about something else than the ${LABEL[field]} ('${header.split('\n')[0].slice(0, 40)}')`);
      continue;
    }
    if (NEEDS_HEADER.has(field) && evidence < HEADER_EVIDENCE && !(facts.headerless && NAMED_BY_VALUES_WITHOUT_HEADERS.has(field))) {
      block(`values alone do not make a ${LABEL[field]} column: its header does not say so`);
      continue;
    }
    if (field === 'zip') {
      if (facts.foreign) { block(`the addresses are not in the US (${facts.foreign})`); continue; }
      // Four-digit numbers read as ZIP codes that lost a zero only when the header does not name
      // something else: 'Annual Hours' of 2080 is a year's hours, not ZIP 02080.
      const other = hf < HEADER_EVIDENCE ? CANONICAL_FIELDS.find((f) => f !== 'zip' && (h.get(f) ?? 0) >= 0.3) : undefined;
      if (other) { block(`its header names ${LABEL[other]}, not a ZIP code`); continue; }
      // A ZIP+4 without its dash, or a ZIP stored as a number that lost its leading zero (1450 is 01450).
      if (profile && hf >= HEADER_EVIDENCE) profile = { ...profile, fit: Math.min(1, profile.fit + stats.zip9 + stats.zipLostZeros) };
      if (enough && (!profile || profile.fit < 0.5)) { block(`most values are not US ZIP codes (${pct(profile?.fit ?? 0)} are)`); continue; }
    }
    if (field === 'state') {
      if (facts.foreign) { block(`the addresses are not in the US (${facts.foreign})`); continue; }
      if (enough && (!profile || profile.fit < 0.5)) { block(`most values are not US states (${pct(profile?.fit ?? 0)} are)`); continue; }
    }
    // Weekly hours are at most a few dozen: a column of 2,080 or 1,100 is a year's or a period's total.
    if (field === 'hoursPerWeek' && enough && stats.numbers > 0 && stats.overWeekHours >= 0.5 * stats.numbers) {
      block(`most of its numbers are more hours than a week has (${pct(stats.overWeekHours / stats.numbers)}): a year's or a period's total`);
      continue;
    }
    // Number codes: a status column's are the file's own legend; a column whose header plainly names
    // the coverage tier ("Health Coverage Level") stays the tier, its codes left for a reading to explain.
    const digitTier = field === 'coverageTier' && hf >= 0.8;
    if ((field === 'status' || field === 'coverageTier') && enough && stats.digits >= 0.8 && !digitTier) {
      block('its values are number codes the file does not explain');
      continue;
    }
    // Words that are no tier ("basic", "premium"): a plan level, not who is covered. A column whose
    // other rows carry relationship codes (a carrier template: the employee's row holds the tier, each
    // dependent's row 'CS' or 'CD') is a tier column however few employees it has.
    const tiersAndDependents = stats.tierValues > 0 && stats.tierValues + stats.dependentCodes >= 0.8;
    if (field === 'coverageTier' && stats.n >= 1 && stats.digits < 0.5 && !tiersAndDependents && (stats.tierValues === 0 || (enough && stats.tierValues < 0.3))) {
      block(`its values are not coverage tiers (${pct(stats.tierValues)} are): a plan level or another code`);
      continue;
    }
    if (field === 'relationship' && enough) {
      if (stats.yesNo >= 0.8) { block('Y/N values are not relationship codes'); continue; }
      if (stats.digits >= 0.8 && digitRelationshipCodes(stats) === null) {
        block('its number codes have no code for the employee (0, 1 or 18)');
        continue;
      }
      const codes = stats.digits >= 0.8 ? digitRelationshipCodes(stats)! : 'usual';
      // 1-based digits are also how family-status legends count (1 EE only, 2 EE + spouse ...): only
      // a header that names the relationship outright makes them relationship codes.
      if (codes === 'oneBased' && hf < 0.95) {
        block('its number codes could be a family status; the header does not name a relationship');
        continue;
      }
      if (hf < 0.95 && employeeShare(sample, codes) < 0.2) {
        block('too few of its values are employees for a relationship column');
        continue;
      }
    }
    // Values that contradict the header outright (value evidence beats header words; rules in VALUE_VETOES).
    const contradicted = valueVeto(field, header, sample, stats, hf, vetoWord);
    if (contradicted) { block(contradicted); continue; }
    // "Amount" is how pay is written ("Base Pay - Amount"); for any other field it names something else.
    const veto = vetoWord === 'amount' && SALARY_FIELDS.includes(field) ? null : vetoWord;
    if (field === 'tobacco' && veto) { block(`its header is about ${veto}`); continue; }
    // An id column holds (mostly) one value per person: a family repeats it a few times, no more.
    if (field === 'employeeId' && enough && stats.yesNo >= 0.8) {
      block('yes/no values are not ids');
      continue;
    }
    if (field === 'employeeId' && enough && hf < 0.95 && stats.distinct < 0.3) {
      block(`its values repeat too much for ids (${pct(stats.distinct)} distinct)`);
      continue;
    }
    if (field === 'age' && enough && profile && profile.fit < 0.5) { block(`most values are not ages (${pct(profile.fit)} are)`); continue; }
    if (field === 'fullName' && enough && hf < 0.95 && profile && profile.fit < 0.3) { block('its values are not names'); continue; }
    let s: number;
    if (veto && hf < 0.95) {
      // The values may not lift a header that names something else; contradicting values still lower it.
      s = profile && profile.strict && profile.fit < 0.5 ? hf * (0.4 + profile.fit) : hf;
    } else {
      s = combine(hf, profile);
      // A header that names the field outright keeps it unless its values contradict it: another
      // field's weak profile ("Smith" is also an SSA first name) must not pull a "Last Name" column away.
      if (hf >= 0.95 && (!profile || !profile.strict || profile.fit >= 0.5)) s = Math.max(s, hf * 0.95);
      if (field === 'coverageTier' && digitTier && stats.digits >= 0.8) s = Math.max(s, hf * 0.9);
      // No header row: a column of id-like values, one per person or household, is the id that links a
      // family (its profile alone is weak: ids look like many codes, but here nothing else can say).
      // Not dates or plain numbers (both look id-like), which other fields read better.
      if (field === 'employeeId' && facts.headerless && profile && profile.fit >= 0.8 && stats.distinct >= 0.3 && stats.dates < 0.2 && stats.numbers < 0.5) s = Math.max(s, 0.5 * profile.fit);
    }
    if (s > 0.05) scores.push({ field, score: s });
  }
  scores.sort((a, b) => b.score - a.score);
  return { scores, ignore: h.get('ignore') ?? 0, blocked, header: h, profiles, veto: vetoWord };
}

/** Plain words on why a column got its field. */
function mappedReason(header: string, field: CanonicalField, hf: number, profiles: Profiles): string {
  const label = LABEL[field];
  const syn = hf > 0 ? bestSynonym(header, field) : null;
  let why: string;
  if (hf >= 0.95) why = `header '${header}' names the ${label}`;
  else if (hf >= 0.6) why = `header '${header}' is close to '${syn}'`;
  else if (hf > 0.2) why = `header '${header}' is a little like '${syn}'`;
  else why = `no header words for it (header '${header}')`;
  const p = profiles[field];
  if (p && p.fit >= 0.8 && p.strength > 0) why += `; ${pct(p.fit)} of its values look like ${label} values`;
  else if (p && p.strict && p.fit < 0.5) why += `; only ${pct(p.fit)} of its values look like ${label} values`;
  return why;
}

/**
 * A sample with each text cut to MAX_VALUE_CHARS before any value pattern profiles it: no code, name,
 * date or id is longer, and a pattern such as the joined-code one ('EE + SP') backtracks
 * quadratically on a long run of spaces (a 256 KB cell cost 8 minutes).
 */
function boundValues(sample: Cell[]): Cell[] {
  for (let i = 0; i < sample.length; i++) {
    const c = sample[i];
    if (typeof c === 'string' && c.length > MAX_VALUE_CHARS) sample[i] = c.slice(0, MAX_VALUE_CHARS);
  }
  return sample;
}

export function mapColumns(table: LocatedTable, file: string, asOf: string): MapResult {
  const issues: Issue[] = [];
  const columns: ColumnMapping[] = [];
  const width = Math.min(table.headers.length, MAX_MAPPED_COLUMNS);
  const samples: Cell[][] = [];
  const stats: ColumnStats[] = [];
  for (let index = 0; index < width; index++) {
    samples.push(boundValues(sampleColumn(table.rows, index, PROFILE_SAMPLE_SIZE)));
    stats.push(columnStats(samples[index], asOf));
  }
  const facts = tableFacts(table, samples, stats);

  for (let index = 0; index < table.headers.length; index++) {
    const header = table.headers[index];
    if (index >= MAX_MAPPED_COLUMNS) {
      // Past the limit: kept as an extra column, not scored.
      if (header) columns.push({ index, header, field: null, confidence: 0, candidates: [], reason: `past the first ${MAX_MAPPED_COLUMNS} columns: not mapped` });
      continue;
    }
    const sample = samples[index];
    if (!header && sample.length === 0) continue; // an empty spacer column
    const st = stats[index];

    // Columns read for another purpose: a pay mode, an exit date, a subscriber flag.
    // The header's words with camelCase and snake_case split ("PayType", "term_date").
    const spaced = headerWords(header).join(' ');
    // Values first: a pay column whose values are nearly all pay modes (HOURLY, SALARY) is one,
    // whatever word its header uses for it ('Pay Method').
    const payModeValues = st.n >= 3 && st.payModes >= 0.9 && PAY_WORD.test(spaced);
    if (header && (((PAY_MODE_HEADER.test(spaced) || PAY_MODE_PAIR_HEADER.test(header)) && st.n >= 1 && st.payModes >= 0.6) || payModeValues)) {
      columns.push({ index, header, field: null, confidence: round2(0.6 + 0.3 * st.payModes), candidates: [], role: 'payMode', reason: `pay mode (${sample.slice(0, 3).map(cellText).join(', ')} ...): no amount column to apply it to` });
      continue;
    }
    if (header && REHIRE_HEADER.test(spaced) && !NOT_EMPLOYMENT.test(spaced) && (st.n === 0 || st.dates >= 0.5)) {
      columns.push({ index, header, field: null, confidence: 0.9, candidates: [], role: 'rehireDate', reason: 'rehire date: not a census field, but a rehire on or after the exit date means the member came back (the exit date does not make them terminated)' });
      continue;
    }
    if (header && EXIT_HEADER.test(spaced) && !NOT_EMPLOYMENT.test(spaced) && /\b(date|dt|day|on)\b/i.test(spaced) && (st.n === 0 || st.dates >= 0.5)) {
      columns.push({ index, header, field: null, confidence: 0.9, candidates: [], role: 'exitDate', reason: 'exit date: not a census field, but a date before the as-of date makes the member terminated unless a status says otherwise' });
      continue;
    }
    if (header && SEQUENCE_HEADER.test(spaced) && st.n >= 3 && st.digits >= 0.8 && (st.digitCounts.has('0') || st.digitCounts.has('00') || st.digitCounts.has('1') || st.digitCounts.has('01'))) {
      columns.push({ index, header, field: null, confidence: 0.8, candidates: [], role: 'memberSequence', reason: 'member sequence within a household: not a census field, but with no relationship column its lowest number (0 or 1) marks the employee and the others dependents' });
      continue;
    }
    if (header && isActiveFlagHeader(header) && st.n >= 1 && st.yesNo >= 0.8) {
      columns.push({ index, header, field: 'status', confidence: 0.9, candidates: [], codes: 'activeFlag', reason: `header '${header}' with yes/no values: a status flag (true, yes or 1: active; false, no or 0: not active, left out of the lives)` });
      continue;
    }
    if (header && FLAG_HEADER.test(spaced) && st.n >= 3 && st.subscriberFlag >= 0.8 && st.digits < 0.8) {
      columns.push({ index, header, field: 'relationship', confidence: 0.8, candidates: [], codes: 'flag', reason: `header '${header}' with yes/no values: a subscriber flag (yes: the employee, no: a dependent)` });
      continue;
    }

    const scored = scoreColumn(header, sample, asOf, st, facts);
    const { scores, ignore, blocked } = scored;
    const best = scores[0];
    const col: ColumnMapping = { index, header, field: null, confidence: 0, candidates: scores.slice(0, 3) };
    if (best && best.score >= MIN_MAPPING_CONFIDENCE && best.score > ignore) {
      col.field = best.field;
      col.confidence = round2(best.score);
      col.reason = mappedReason(header, best.field, scored.header.get(best.field) ?? 0, scored.profiles);
      if (best.field === 'relationship' && st.n >= 3 && /\b(subscriber|employee|ee|insured)\b/i.test(header) && subscriberLetters(sample)) {
        // "Subscriber/Dependent" with S/D: S is the subscriber here, not a spouse.
        col.codes = 'subscriberLetters';
        col.reason += '; S/D read as subscriber/dependent, as its header says';
      }
      // From one value on: a short file's '1' and '3' read zero-based would make no one the employee.
      if (best.field === 'relationship' && st.n >= 1 && st.digits >= 0.8 && digitRelationshipCodes(st) === 'oneBased') {
        col.codes = 'oneBased';
        col.reason += '; number codes read 1 employee, 2 spouse, 3 child, 4 partner, 5 other (1 is the commonest, there is no 0)';
      }
    } else {
      col.confidence = round2(Math.max(ignore, 1 - (best?.score ?? 0)));
      // Worth a word only when the header is not one we know to leave aside ("Dept Code").
      if (best && best.score >= MIN_MAPPING_CONFIDENCE && ignore < 0.9) col.note = `its header and values fit no field well enough`;
      // The set-aside candidate the header was closest to says best why.
      const weight = (f: CanonicalField) => 10 * (scored.header.get(f) ?? 0) + (scored.profiles[f]?.fit ?? 0) * (scored.profiles[f]?.strength ?? 0);
      const top = [...blocked.entries()].sort((a, b) => weight(b[0]) - weight(a[0]))[0];
      if (ignore >= 0.6 && ignore >= (best?.score ?? 0)) col.reason = `header '${header}' names something that is not a census field`;
      else if (scored.veto) col.reason = `header '${header}' is about ${scored.veto}, not the member's own census data`;
      else if (top && (scored.header.get(top[0]) ?? 0) >= 0.3) col.reason = `not ${LABEL[top[0]]}: ${top[1]}`;
      else if (top) {
        const examples = [...new Set(sample.slice(0, 50).map((c) => redact(cellText(c), 20)))].slice(0, 3).map((v) => `'${v}'`).join(', ');
        col.reason = `its header names no census field, and values alone (${examples} ...) do not make one`;
      }
      else if (best && best.score >= MIN_MAPPING_CONFIDENCE) col.reason = `header '${header}' is known not to be a census field`;
      else col.reason = best ? `neither its header nor its values fit a census field well enough (best: ${LABEL[best.field]}, ${round2(best.score)})` : 'neither its header nor its values fit a census field';
    }
    columns.push(col);
  }

  markRepeatedBlocks(columns);
  pairBlockRelationships(columns);

  // One column per field: the best keeps it, the others become extra columns (one-per-field.ts).
  keepOnePerField(columns, samples, stats);

  // A pay mode column: the amount column beside it is read per row (hourly x hours x 52, weekly x 52 ...).
  // "Pay Type" (Salary/Hourly) says what the amount is; "Pay Frequency" only how often it is paid.
  const salaryColumns = columns.filter((c) => c.field && SALARY_FIELDS.includes(c.field));
  const modes = columns.filter((c) => c.role === 'payMode');
  const mode = modes.find((c) => !PAY_SCHEDULE_HEADER.test(c.header)) ?? modes[0];
  for (const other of modes) {
    if (other === mode) continue;
    other.role = undefined;
    other.reason = `pay schedule: not a census field ('${mode.header}' says what the amount is)`;
  }
  if (mode) {
    let amount: ColumnMapping | undefined;
    // "Annual Salary" says its own period; "Salary or Hourly Rate" is the mixed column a pay mode explains.
    const ownPeriod = (h: string) => PERIOD_WORDS.test(h) && !/\b(or|and)\b|\//i.test(h);
    if (salaryColumns.length === 1 && !ownPeriod(salaryColumns[0].header)) amount = salaryColumns[0];
    if (salaryColumns.length === 0) {
      amount = columns.find((c) => !c.field && !c.role && PAY_AMOUNT_HEADER.test(c.header) && !VETO_WORDS.has(headerWords(c.header).find((w) => VETO_WORDS.has(w)) ?? '') && (stats[c.index]?.numbers ?? 0) >= 0.8);
    }
    if (amount) {
      amount.field = 'annualSalary';
      amount.confidence = Math.max(amount.confidence, 0.8);
      amount.payModeIndex = mode.index;
      amount.reason = `header '${amount.header}' is a pay amount; read per row by '${mode.header}' (hourly x weekly hours x 52, weekly x 52, biweekly x 26, semi-monthly x 24, monthly x 12)`;
      mode.reason = `pay mode: not a census field, but it says per row what '${amount.header}' is (hourly, weekly, biweekly, semi-monthly, monthly or annual)`;
    } else if (salaryColumns.length > 0) {
      mode.reason = `pay mode: the file's amount column${salaryColumns.length > 1 ? 's say' : ' says'} its own period ('${salaryColumns.map((c) => c.header).join("', '")}'), so it is not applied`;
      mode.role = undefined;
    } else mode.role = undefined;
  }

  // 'Salary or Hourly Rate' and no column says which each amount is: its size does.
  if (!columns.some((c) => c.payModeIndex !== undefined)) {
    const mixed = salaryColumns.length === 1 && MIXED_PAY_HEADER.test(headerWords(salaryColumns[0].header).join(' ')) ? salaryColumns[0] : undefined;
    if (mixed) {
      mixed.field = 'annualSalary';
      mixed.mixedByMagnitude = true;
      mixed.reason = `header '${mixed.header}' holds salaries or hourly rates and no column says which: an amount under ${HOURLY_RATE_LIMIT} is read as an hourly rate (x weekly hours x 52), a larger one as a year's pay`;
    }
  }

  // 'Salary' or 'Gross Pay' that says no period, and amounts of a month's pay: their size says the period.
  if (!columns.some((c) => c.payModeIndex !== undefined || c.mixedByMagnitude)) {
    const pay = columns.filter((c) => c.field && SALARY_FIELDS.includes(c.field) && !c.fromReading);
    const only = pay.length === 1 && pay[0].field === 'annualSalary' ? pay[0] : undefined;
    if (only && !PERIOD_WORDS.test(headerWords(only.header).join(' '))) {
      const med = medianAmount(samples[only.index]);
      if (med !== null && med >= MONTHLY_BY_MAGNITUDE.min && med < MONTHLY_BY_MAGNITUDE.max) {
        only.field = 'monthlySalary';
        only.periodByMagnitude = 'monthly';
        only.reason = `header '${only.header}' does not say the period, and its amounts (median ${Math.round(med)}) are a month's pay, not a year's: read as monthly (x 12)`;
      }
    }
  }

  // No relationship column, but a coverage column whose dependent rows read SP/CH: those rows are dependents.
  if (!columns.some((c) => c.field === 'relationship')) {
    const tier = columns.find((c) => c.field === 'coverageTier' && (scoreHeader(c.header).get('coverageTier') ?? 0) >= HEADER_EVIDENCE && stats[c.index] && stats[c.index].dependentCodes >= 0.05 && stats[c.index].digits < 0.5);
    if (tier) {
      tier.alsoRelationship = true;
      tier.reason += `; its relationship codes (SP, CH ...) on ${pct(stats[tier.index].dependentCodes)} of rows mark dependents`;
    }
  }

  // A table with no header row: its issues point at its first data row.
  const issueRow = table.headerless ? (table.rowIndex[0] ?? 0) + 1 : table.headerRow + 1;
  for (const c of columns) {
    const label = c.header ? `'${c.header}'` : `${columnLetter(c.index)} (no header)`;
    if (c.field && c.confidence < WEAK_MAPPING_CONFIDENCE) {
      issues.push({ file, sheet: table.sheet, row: issueRow, message: `Column ${label} was mapped to ${c.field} with low confidence (${c.confidence}); please check it.` });
    } else if (!c.field && c.note) {
      const top = c.candidates[0];
      issues.push({
        file,
        sheet: table.sheet,
        row: issueRow,
        message: `Column ${label} was kept as an extra column although it looks like ${top?.field} (${round2(top?.score ?? 0)}): ${c.note}.`,
      });
    }
  }
  for (const c of columns) if (stats[c.index] && stats[c.index].dependentCodes > 0) c.dependentShare = round2(stats[c.index].dependentCodes);
  // Number codes 1, 2, 3 with no legend under a header a little like a relationship's: left unread, but
  // its codes other than 1 may be dependents, so the review checks it as it checks letter codes.
  for (const c of columns) {
    const st = stats[c.index];
    if (c.field || c.role || !st || st.n < 3 || st.digits < 0.8 || digitRelationshipCodes(st) !== 'oneBased') continue;
    if ((scoreHeader(c.header).get('relationship') ?? 0) < HEADER_EVIDENCE) continue;
    let others = 0;
    for (const [k, count] of st.digitCounts) if (k !== '1' && k !== '01') others += count;
    c.dependentShare = round2(others / st.n);
  }
  if (table.headers.length > MAX_MAPPED_COLUMNS) {
    issues.push({
      file, sheet: table.sheet, row: issueRow,
      message: `The table has ${table.headers.length} columns; only the first ${MAX_MAPPED_COLUMNS} were mapped, the others are kept as extra columns.`,
    });
  }
  return { columns, issues };
}

const PLACEHOLDER_PLACE = /^(state|city|county|country|province|zip|town)\s*[a-z0-9]{0,2}$/i;

/** Facts about the whole table: are its addresses abroad? */
function tableFacts(table: LocatedTable, samples: Cell[][], stats: ColumnStats[]): TableFacts {
  if (table.headerless) return { foreign: null, headerless: true };
  for (let i = 0; i < samples.length; i++) {
    const header = table.headers[i] ?? '';
    const words = normaliseHeader(header).tokens;
    const sample = samples[i];
    if (sample.length < 3) continue;
    if (words.includes('country') && stats[i].numbers < 0.5) {
      const us = sample.filter((c) => US_COUNTRY.test(cellText(c).trim())).length / sample.length;
      if (us < 0.5) return { foreign: `'${header}' is mostly not the US` };
    }
    if ((words.includes('province') || (words.length <= 2 && words.includes('state'))) && stats[i].numbers < 0.5) {
      // A template's placeholders ("StateA", "State 1") say nothing about the country.
      const real = sample.filter((c) => !PLACEHOLDER_PLACE.test(cellText(c).trim()));
      if (real.length < 3) continue;
      const us = real.filter((c) => stateCode(cellText(c)) !== null).length / real.length;
      if (us < 0.5) return { foreign: `'${header}' holds ${words.includes('province') ? 'provinces' : 'regions that are not US states'}` };
    }
  }
  return { foreign: null };
}
