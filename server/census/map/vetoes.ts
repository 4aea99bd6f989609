/**
 * The map stage's vetoes, as data: each entry says which fields it guards, when it sets a candidate
 * aside (returning the reason the report shows) and the evidence for it (the class of file that made it
 * a rule). A veto is a rule, not a weight: a vetoed candidate never reaches the fitted model (evidence.ts),
 * however strong its header or values. index.ts runs the table in order; the first veto that speaks wins.
 *
 * A false field is worse than no field (docs/census-engine.md "Map"): identity and amount fields need
 * their header to say so; values must agree with the field (US ZIP codes and states, codes the file
 * explains); values that contradict a header outright win over it.
 */
import { FIELDS, fieldsWhere, SALARY_FIELDS } from '../fields';
import { UNREAD_AMOUNTS_DISTINCT, UNREAD_AMOUNTS_SPREAD, UNREAD_MONEY_DISTINCT, UNREAD_MONEY_SIGNED, UNREAD_VALUES_MIN } from '../rules';
import { CANONICAL_FIELDS } from '../../../shared/census/report';
import type { CanonicalField, Cell } from '../types';
import { cellText } from '../text';
import { mentions, ruleWordSet } from '../lang/rule-words';
import { SSN_DASHED, type ProfileScore } from './profiles';
import { dependentWords, employeeShare, middleSpread, type ColumnStats, type TableFacts } from './column-stats';
import { digitRelationshipCodes } from '../values/relationship-codes';

/** Fields the values alone never claim: the header must name them (score >= HEADER_EVIDENCE; their specs' needsHeader). */
export const NEEDS_HEADER = fieldsWhere((s) => s.needsHeader === true);
export const HEADER_EVIDENCE = 0.5;

/**
 * Fields the values may name in a table with no header row at all: there, no header can say so, and a
 * column of first names, relationship codes or ids is read by what it holds (issue 19). A table with
 * headers keeps NEEDS_HEADER: its header had the chance to say and did not.
 */
export const NAMED_BY_VALUES_WITHOUT_HEADERS = fieldsWhere((s) => s.namedByValuesWithoutHeaders === true);

/**
 * A column whose header no pack reads (facts.unread) is named by its values when they carry the field at
 * least UNREAD_VALUES_MIN, and, for amounts, differ from row to row (each person's pay: a sum insured of
 * 500000 on most rows is a plan's level).
 */
function namedByUnreadValues(c: VetoContext): boolean {
  if (!c.facts.unread || !c.enough || !c.profile || FIELDS[c.field].notNamedUnderUnreadHeader) return false;
  if (c.profile.fit * c.profile.strength < UNREAD_VALUES_MIN) return false;
  // Amounts differ from person to person; numbers packed close about their median are ids (1175388 ... 1175428).
  // Amounts written as money ('$39,520.00') may repeat (hourly pay of one rate).
  if (!AMOUNT_FIELDS.has(c.field)) return true;
  const money = c.sample.filter((v) => typeof v === 'string' && CURRENCY_SIGN.test(v)).length >= UNREAD_MONEY_SIGNED * c.sample.length;
  return (c.stats.distinct >= UNREAD_AMOUNTS_DISTINCT || (money && c.stats.distinct >= UNREAD_MONEY_DISTINCT)) && (middleSpread(c.sample) ?? 1) >= UNREAD_AMOUNTS_SPREAD;
}
/** A currency sign before or after an amount. */
const CURRENCY_SIGN = /^\s*[$€£¥₹]|[$€£¥₹]\s*$/;

/** A sequence of ids: at least PACKED_MIN_VALUES numbers, all distinct, spanning at most PACKED_SPAN times their count. */
const PACKED_MIN_VALUES = 20;
const PACKED_SPAN = 2;

/** Distinct whole numbers packed in a range about as wide as their count (10002 ... 10311 for 311 people): numbered, not found. */
export function isPackedSequence(sample: readonly Cell[]): boolean {
  if (sample.length < PACKED_MIN_VALUES) return false;
  const seen = new Set<number>();
  let min = Infinity;
  let max = -Infinity;
  for (const c of sample) {
    const t = cellText(c).trim();
    if (!/^\d{1,9}$/.test(t)) return false;
    const v = Number(t);
    if (seen.has(v)) return false;
    seen.add(v);
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return max - min + 1 <= PACKED_SPAN * seen.size;
}

/** Header words that say the column is about something else than the member's own census data. */
export const VETO_WORDS: ReadonlySet<string> = ruleWordSet('vetoWords');

/** Fields whose values are amounts or counts: a column of dates is none of them ('Pay Date' is no hourly rate). */
const AMOUNT_FIELDS = fieldsWhere((s) => s.kind === 'money' || s.kind === 'number');
/** Fields of words written out (a job title): a column of numbers is a code of them, not them. */
const TEXT_FIELDS = fieldsWhere((s) => s.kind === 'text');
/** Nine digits that are a template's placeholder SSN, not a real number (kept as the SSN, with a review). */
const PLACEHOLDER_SSN = /^(\d)\1{8}$|^123456789$|^987654321$/;
/** A column with this share of its values or more written as SSNs (profiles.ts SSN_DASHED) holds SSNs. */
const SSN_WRITTEN_SHARE = 0.9;
/** Letters only, words of three letters or more, no mask of X's. */
const WORDS_ONLY = /^(?!x+$)\p{L}{3,}(?: \p{L}+)*$/iu;
/** An SSN the whole household shares (one family's rows all carry the subscriber's). */
const YES_NO_WORD = /^\s*(y|yes|n|no|true|false)\s*$/i;

const LABEL = (f: CanonicalField) => FIELDS[f].label;
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** What a veto may read of one candidate (field, column). */
export interface VetoContext {
  field: CanonicalField;
  header: string;
  /** the header's score for the field */
  hf: number;
  /** every field's header score */
  scores: Map<string, number>;
  /** the header's score for the field, or for any pay field when the field is one (pay words say little of the period) */
  evidence: number;
  /** fields a qualifier moved the header away from ('HCE Status' is not the employment status) */
  away: Set<CanonicalField>;
  profile: ProfileScore | undefined;
  sample: readonly Cell[];
  stats: ColumnStats;
  facts: TableFacts;
  /** a header word of VETO_WORDS, if any */
  vetoWord: string | null;
  /** enough values (3) for the values to speak */
  enough: boolean;
  /** a coverage-tier header so plain that its number codes stay the tier (left for a reading to explain) */
  digitTier: boolean;
}

export interface Veto {
  /** the fields it guards ('all': every field) */
  fields: readonly CanonicalField[] | 'all';
  /** the reason the candidate is set aside, or null when the veto does not apply */
  when: (c: VetoContext) => string | null;
  evidence: string;
}

export const VETOES: readonly Veto[] = [
  {
    fields: 'all',
    when: (c) => (c.away.has(c.field) ? `its header is about something else than the ${LABEL(c.field)} ('${c.header.split('\n')[0].slice(0, 40)}')` : null),
    evidence: "a qualifier moves the header away from its head noun: 'STD Enrollment Status', 'HCE Status', 'Capped Compensation' (lexicon.ts MOVES_AWAY)",
  },
  {
    fields: [...NEEDS_HEADER],
    when: (c) => (c.evidence < HEADER_EVIDENCE && !(c.facts.headerless && NAMED_BY_VALUES_WITHOUT_HEADERS.has(c.field)) && !namedByUnreadValues(c) ? `values alone do not make a ${LABEL(c.field)} column: its header does not say so` : null),
    evidence: "ids, names, pay, hours, ages, tiers and hire dates look like many other columns ('Smith' is a first name in the SSA list, 2080 could be hours or pay); only a table with no header row lets values name them, or a header no pack has a word of ('Cognome', 'RAL') when its values carry the field far (first names, a year's pay, relationship codes: issue 26)",
  },
  {
    fields: ['monthlySalary', 'hourlyRate'],
    when: (c) => (c.hf < HEADER_EVIDENCE && !c.facts.headerless ? `its header does not say the pay is ${FIELDS[c.field].payPeriod}: the amounts' size decides the period, and the review asks` : null),
    evidence: "issue 19: monthly gross pay under 'Gross Pay' was read silently; a period read from the amounts' size goes through the magnitude rule (map/index.ts), which says so in the review",
  },
  {
    fields: ['dateOfBirth', 'hireDate'],
    when: (c) => (c.facts.headerless && c.stats.n >= 5 && c.stats.distinct * c.stats.n <= 1 ? 'one date on every row is the file\'s date (a report or load date), not a member\'s' : null),
    evidence: "an eligibility extract's load timestamp ('2025-12-01T12:00:00' on every row), its header row removed, was read as every member's hire date",
  },
  {
    fields: ['zip', 'state'],
    when: (c) => (c.facts.foreign ? `the addresses are not in the US (${c.facts.foreign})` : null),
    evidence: "an Israeli eligibility extract's 7-digit postal codes, and a 'province' column beside them (elig-medical files), are no US ZIP codes or states",
  },
  {
    fields: ['zip'],
    when: (c) => {
      // Four-digit numbers read as ZIP codes that lost a zero only when the header does not name something else.
      const other = c.hf < HEADER_EVIDENCE ? CANONICAL_FIELDS.find((f) => f !== c.field && (c.scores.get(f) ?? 0) >= 0.3) : undefined;
      return other ? `its header names ${LABEL(other)}, not a ZIP code` : null;
    },
    evidence: "'Annual Hours' of 2080 is a year's hours, not ZIP 02080",
  },
  {
    fields: ['zip'],
    when: (c) => (c.enough && (!c.profile || c.profile.fit < 0.5) ? `most values are not US ZIP codes (${pct(c.profile?.fit ?? 0)} are)` : null),
    evidence: "6-digit zips in OrangeHRM's import test data; numbers that are not assigned ZIP prefixes",
  },
  {
    fields: ['zip', ...SALARY_FIELDS],
    when: (c) => (c.hf < HEADER_EVIDENCE && isPackedSequence(c.sample) ? `its values are distinct numbers packed in a range about as wide as their count: a sequence of ids, not ${LABEL(c.field)}s` : null),
    evidence: "an HR dataset's employee numbers 10002-10311 (311 people) under 'Personalnummer', read as New York ZIP codes with the German pack withheld",
  },
  {
    fields: ['state'],
    when: (c) => (c.enough && (!c.profile || c.profile.fit < 0.5) ? `most values are not US states (${pct(c.profile?.fit ?? 0)} are)` : null),
    evidence: "placeholder states 'State 1' and numeric 'state_id' keys (a Mockaroo HR table)",
  },
  {
    fields: ['hoursPerWeek'],
    when: (c) => (c.enough && c.stats.numbers > 0 && c.stats.overWeekHours >= 0.5 * c.stats.numbers ? `most of its numbers are more hours than a week has (${pct(c.stats.overWeekHours / c.stats.numbers)}): a year's or a period's total` : null),
    evidence: "weekly hours are a few dozen; 'Standard Hours' of 80 per fortnight or 2080 a year (IBM attrition data) are totals",
  },
  {
    fields: [...TEXT_FIELDS],
    when: (c) => (c.enough && c.stats.digits >= 0.8 ? `its values are numbers, not ${LABEL(c.field)}s written out` : null),
    evidence: "'PositionID' of 19, 27, 20 beside the job titles under a header no pack reads ('Puesto', 'Qualifica'): a code of the position, not its title",
  },
  {
    fields: [...TEXT_FIELDS],
    when: (c) => (c.enough && c.sample.every((v) => typeof v === 'boolean' || YES_NO_WORD.test(cellText(v))) ? `its values are yes/no, not ${LABEL(c.field)}s written out` : null),
    evidence: "Italian 'Posizione' (a position held: the employment status) of 'true' / 'false', close to 'position', was read as the job title",
  },
  {
    fields: ['status', 'coverageTier'],
    when: (c) => (c.enough && c.stats.digits >= 0.8 && !c.digitTier ? 'its values are number codes the file does not explain' : null),
    evidence: "a status column of 1/2/3 is the file's own legend (TriNet RFP workbooks); a column whose header plainly names the coverage tier keeps it, its codes left for a reading",
  },
  {
    fields: ['coverageTier'],
    when: (c) => {
      // A column whose other rows carry relationship codes (the employee's row holds the tier, each
      // dependent's row 'CS' or 'CD') is a tier column however few employees it has.
      const st = c.stats;
      const tiersAndDependents = st.tierValues > 0 && st.tierValues + st.dependentCodes >= 0.8;
      return st.n >= 1 && st.digits < 0.5 && !tiersAndDependents && (st.tierValues === 0 || (c.enough && st.tierValues < 0.3)) ? `its values are not coverage tiers (${pct(st.tierValues)} are): a plan level or another code` : null;
    },
    evidence: "plan_tier 'basic'/'premium' (an eligibility extract) is a plan level, not who is covered; carrier templates write 'CS'/'CD' on dependents' rows of the tier column",
  },
  {
    fields: ['relationship'],
    when: (c) => {
      if (!c.enough) return null;
      const st = c.stats;
      // '1' alone (every row an employee, as one-based codes write them) also reads as yes; without a
      // '0' beside it, under a header that names the relationship, it is a code, not a flag.
      const oneBasedCodes = st.digits >= 0.8 && !st.digitCounts.has('0') && digitRelationshipCodes(st) === 'oneBased' && c.hf >= 0.95;
      if (st.yesNo >= 0.8 && !oneBasedCodes) return 'Y/N values are not relationship codes';
      if (st.digits >= 0.8 && digitRelationshipCodes(st) === null) return 'its number codes have no code for the employee (0, 1 or 18)';
      const codes = st.digits >= 0.8 ? digitRelationshipCodes(st)! : 'usual';
      // 1-based digits are also how family-status legends count (1 EE only, 2 EE + spouse ...).
      if (codes === 'oneBased' && c.hf < 0.95) return 'its number codes could be a family status; the header does not name a relationship';
      // A table with no header row of dependents only ('Spouse', 'Child' on every row) needs no employee.
      if (c.hf < 0.95 && employeeShare(c.sample, codes) < 0.2 && !(c.facts.headerless && dependentWords(c.sample))) return 'too few of its values are employees for a relationship column';
      return null;
    },
    evidence: "X12 834 codes (18 self, 01 spouse, 19 child) and zero-based codes name the employee; 1/2/3 with no legend may be a family status; a 'Member Type' of yes/no is a flag",
  },
  {
    fields: ['annualSalary', 'monthlySalary', 'hourlyRate', 'hoursPerWeek', 'age'],
    when: (c) => (AMOUNT_FIELDS.has(c.field) && c.stats.n >= 1 && c.stats.dates >= 0.5 && c.stats.dates > c.stats.numbers ? `its values are dates (${pct(c.stats.dates)}), not amounts` : null),
    evidence: "a payroll upload's 'Pay Date' read as an hourly rate (issue 19)",
  },
  {
    fields: ['ssn'],
    when: (c) => {
      if (c.vetoWord && c.vetoWord !== 'amount' && c.hf < 0.95) return `its header is about ${c.vetoWord}, not the member's own number`;
      const n = c.stats.n;
      // A template's one or two sample rows: words ('Algerian', 'American') are no SSN, a mask (XXX-XX-XXXX) may be.
      if (n < 3) return n > 0 && c.sample.every((x) => WORDS_ONLY.test(cellText(x).trim())) ? 'its values are words, not numbers' : null;
      let digits = 0;
      for (const cell of c.sample) if (/\d/.test(cellText(cell))) digits++;
      if (digits < 0.2 * n) return `its values are words, not numbers (${pct(digits / n)} hold a digit)`;
      const first = cellText(c.sample[0]).replace(/\D/g, '');
      if (n >= 4 && c.stats.distinct * n <= 1.01 && !PLACEHOLDER_SSN.test(first) && !mentions('householdPerson', c.header)) return "it holds one number on every row: an employer or plan number, not each member's SSN";
      return null;
    },
    evidence: "a 'Sponsor Tax ID', a 'Nationality' column and an employer tax id on every row were read as the member's SSN (issue 19; a two-member import template's 'Nationality', issue 26); a subscriber's SSN on every family row and template placeholders (111111111) stay",
  },
  {
    fields: ['status'],
    when: (c) => {
      // Plain yes/no words only: T/F and 1/0 are also status letters and codes (T terminated, F full-time).
      const n = c.stats.n;
      return n >= 3 && c.stats.yesNo >= 0.8 && c.sample.filter((x) => typeof x === 'boolean' || YES_NO_WORD.test(cellText(x))).length >= 0.8 * n && !mentions('activeFlag', c.header) && !mentions('stillWorking', c.header)
        ? 'its values are yes/no and its header does not say active or employed: a flag of something else'
        : null;
    },
    evidence: "a yes/no 'form signed' flag read as the employment status (issue 19)",
  },
  {
    fields: ['state'],
    when: (c) => {
      if (c.stats.n < 8 || c.stats.distinct < 0.999) return null;
      const texts = c.sample.map((x) => cellText(x).trim().toLowerCase());
      for (let i = 1; i < texts.length; i++) if (texts[i] < texts[i - 1]) return null;
      return "its values are a list (each state once, in alphabetical order): a drop-down list beside the table, not the members' states";
    },
    evidence: 'a drop-down list column beside a PEO census read as the state (issue 19)',
  },
  {
    fields: ['tobacco'],
    when: (c) => (c.vetoWord && !(c.vetoWord === 'amount' && SALARY_FIELDS.includes(c.field)) ? `its header is about ${c.vetoWord}` : null),
    evidence: 'a VETO_WORDS word (spouse, survey, plan, premium ...) in a tobacco header says whose or what it is about: not the member\'s own use',
  },
  {
    fields: ['employeeId'],
    when: (c) => {
      if (!c.enough) return null;
      if (c.stats.yesNo >= 0.8) return 'yes/no values are not ids';
      // An id column holds (mostly) one value per person: a family repeats it a few times, no more.
      if (c.hf < 0.95 && c.stats.distinct < 0.3) return `its values repeat too much for ids (${pct(c.stats.distinct)} distinct)`;
      // Numbers written as SSNs are written so because they are SSNs: only a header that names the id outright keeps them.
      if (c.hf < 0.95 && c.sample.filter((x) => SSN_DASHED.test(cellText(x).trim())).length >= SSN_WRITTEN_SHARE * c.stats.n) return 'its values are written as SSNs (123-45-6789): the SSN, not an id';
      return null;
    },
    evidence: "a code shared by the whole group (a company code) repeats on every row; a yes/no flag under an id-like header is a flag; Swedish 'Personnummer' (the national id number, close to the English 'person number' id) over 123-45-6789 numbers is the SSN, as every formatted-SSN column of the 85 real files is",
  },
  {
    fields: ['age'],
    when: (c) => (c.enough && c.profile && c.profile.fit < 0.5 ? `most values are not ages (${pct(c.profile.fit)} are)` : null),
    evidence: 'a column under an age-like header whose values are mostly not whole numbers 0-120 (bands, dates) holds no ages',
  },
  {
    fields: ['fullName'],
    when: (c) => (c.enough && c.hf < 0.95 && c.profile && c.profile.fit < 0.3 ? 'its values are not names' : null),
    evidence: 'a header only close to a name whose values are not names (codes, numbers) holds no person\'s name',
  },
];

/** The first veto that sets this candidate aside: its reason, or null. */
export function vetoOf(c: VetoContext): string | null {
  for (const v of VETOES) {
    if (v.fields !== 'all' && !v.fields.includes(c.field)) continue;
    const why = v.when(c);
    if (why) return why;
  }
  return null;
}

/**
 * Caps on the fitted confidence: rules about what evidence can carry, not weights. Each returns the
 * highest confidence the candidate may have, or null.
 */
export interface CapContext {
  hf: number;
  profile: ProfileScore | undefined;
  /** the header names another field outright (score 0.95 or more) */
  namesOther: boolean;
}

export interface Cap {
  when: (c: CapContext) => number | null;
  evidence: string;
}

export const CAPS: readonly Cap[] = [
  {
    // The profile's strength is by definition how far its values alone can carry a mapping (profiles.ts):
    // values that fit only in part, under a header that does not say the field, carry no further.
    when: ({ hf, profile }) => (profile && hf < HEADER_EVIDENCE && profile.fit < 0.8 ? Math.max(hf, profile.fit * profile.strength) : null),
    evidence: "M/F on 60% of rows beside other codes under a header 'Code' is gender, perhaps: the review must ask (a column all M/F is gender)",
  },
  {
    // Values that contradict a strict profile outright lower a header that does not name the field outright.
    when: ({ hf, profile }) => (profile && profile.strict && profile.fit < 0.5 && hf < 0.95 ? hf * (0.4 + profile.fit) : null),
    evidence: "amounts of 40,000-59,000 under 'Pay Rate' are no hourly rates; 'Active'/'Termed' under a header close to 'Gender' are no genders",
  },
  {
    // Another field's profile must not rival a header that names its field outright.
    when: ({ hf, profile, namesOther }) => (namesOther && hf < 0.95 ? Math.max(hf, profile ? profile.fit * profile.strength : 0) : null),
    evidence: "'Name' holding 'Ann Lee' names the full name: that its first words are first names makes it no rival first-name column (a review asked for nothing)",
  },
];

/** The lowest cap that applies, or 1. */
export function capOf(ctx: CapContext): number {
  let cap = 1;
  for (const c of CAPS) {
    const v = c.when(ctx);
    if (v !== null && v < cap) cap = v;
  }
  return cap;
}

/**
 * Floors under the fitted confidence: rules that keep a mapping the header or the layout settles,
 * whatever the model says. Each returns the lowest confidence the candidate may have, or null.
 */
export interface Floor {
  /** the fields it lifts (default: every field) */
  fields?: readonly CanonicalField[];
  when: (c: VetoContext) => number | null;
  evidence: string;
}

export const FLOORS: readonly Floor[] = [
  {
    // A header that names the field outright keeps it unless its values contradict it.
    when: ({ hf, profile }) => (hf >= 0.95 && (!profile || !profile.strict || profile.fit >= 0.5) ? hf * 0.95 : null),
    evidence: "another field's weak profile must not pull a 'Last Name' column away ('Smith' is also an SSA first name)",
  },
  {
    when: ({ hf, digitTier, stats }) => (digitTier && stats.digits >= 0.8 ? hf * 0.9 : null),
    evidence: "a 'Health Coverage Level' of number codes stays the tier (TriNet RFP workbooks), its codes left for a reading to explain",
  },
  {
    // The profile's strength is by definition how far values alone carry a mapping (profiles.ts); with no
    // header row there is nothing else, and a column of fitting values keeps what they carry.
    when: ({ facts, profile }) => (facts.headerless && profile && profile.fit >= 0.5 ? profile.fit * profile.strength : null),
    evidence: "no header row: a column of 9-digit keys (a 401(k) census keyed by SSN, its header row removed) is read as the id at the values' own strength, as before the weights were fitted; nothing else can say",
  },
  {
    // Not dates or plain numbers (both look id-like), which other fields read better.
    fields: ['employeeId'],
    when: ({ facts, profile, stats }) => (facts.headerless && profile && profile.fit >= 0.8 && stats.distinct >= 0.3 && stats.dates < 0.2 && stats.numbers < 0.5 ? 0.5 * profile.fit : null),
    evidence: 'no header row: a column of id-like values, one per person or household, is the id that links a family (its profile alone is weak: ids look like many codes, but here nothing else can say)',
  },
];

/** The highest floor that applies, or 0. */
export function floorOf(c: VetoContext): number {
  let floor = 0;
  for (const f of FLOORS) {
    if (f.fields && !f.fields.includes(c.field)) continue;
    const v = f.when(c);
    if (v !== null && v > floor) floor = v;
  }
  return floor;
}
