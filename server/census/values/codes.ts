/**
 * Coded values: relationship, gender, employment status, coverage tier, tobacco.
 * Each has a table of spellings (folded: lower-case letters and digits only, so "EE + SP", "ee+sp"
 * and "EE/SP" are one key) built from carrier, broker and payroll templates, then word rules for
 * longer free text ("Employee & Spouse", "Son (step)"), then a typo rule (one edit away from a known
 * spelling of five letters or more). Out: the canonical code, or null with note.invalid.
 */
import { distance } from 'fastest-levenshtein';
import { foldCode } from '../text';
import { codeWords } from '../lang';
import type { CoverageTier, Gender, MemberStatus, Relationship } from '../types';
import type { Note } from './note';

type Table<T> = Map<string, T>;

function table<T extends string>(entries: Record<T, string[]>): Table<T> {
  const m = new Map<string, T>();
  for (const [code, spellings] of Object.entries(entries) as [T, string[]][]) {
    for (const s of spellings) m.set(foldCode(s), code);
  }
  return m;
}

export const RELATIONSHIPS = table<Relationship>({
  employee: [
    'EE', 'E', 'EMP', 'EMPL', 'Employee', 'Self', 'Subscriber', 'SUB', 'SUBS', 'Member', 'MBR', 'Insured',
    'Primary', 'Primary Insured', 'Principal', 'Policyholder', 'Policy Holder', 'Retiree', 'Enrollee',
    'Participant', 'Worker', 'Associate', 'Staff', 'Head', 'Emp Self', 'Employee Self', 'I', 'P', 'PRI',
    'SELF EE', 'Employee Only', '00', '0', 'Owner', 'Cardholder', 'Card Holder',
    // X12 834 individual relationship code for the subscriber
    '18',
  ],
  spouse: [
    'SP', 'S', 'SPS', 'SPO', 'SPOUSE', 'Wife', 'Husband', 'W', 'H', 'Married Partner', 'Legal Spouse',
    'Spouse of Employee', 'Spouse Partner', '01', '1', 'Sp Dep',
    // carrier coverage-status legends: covered spouse, waived spouse
    'CS', 'WS',
  ],
  domesticPartner: [
    'DP', 'D P', 'Domestic Partner', 'Partner', 'Life Partner', 'Civil Union', 'Civil Union Partner', 'CU',
    'Dom Partner', 'DomPartner', 'Same Sex Partner', 'Registered Partner', 'SSDP', 'OSDP', 'Companion',
    'Significant Other', '53',
  ],
  child: [
    'CH', 'C', 'CHD', 'CHL', 'CHLD', 'Child', 'Children', 'Kid', 'D', 'DEP', 'DEPD', 'Dependent',
    'Dependant', 'Dependent Child', 'Son', 'Daughter', 'Step Child', 'Stepchild', 'Step Son', 'Stepson',
    'Step Daughter', 'Stepdaughter', 'Foster Child', 'Adopted Child', 'Adopted', 'Natural Child',
    'Dep Child', 'Child Dependent', 'Disabled Child', 'Handicapped Child', 'Student', 'Ward',
    'Legal Ward', 'Grandchild', 'Grand Child', 'Grandson', 'Granddaughter', '02', '2', '03', '3', 'DPC',
    'Child of Domestic Partner', 'Domestic Partner Child', 'Sons', 'Daughters', 'Newborn', 'Baby',
    // X12 834: child, stepchild, foster child, ward, adopted child
    '19', '17', '10', '15', '09',
    // carrier coverage-status legends: covered dependent, waived dependent
    'CD', 'WD',
  ],
  // Carrier census coverage-status legends (Principal, Quotepad, AXA: "EE, ES, EC1, EC2, EF, WE" for
  // employees, "CS, CD, WS, WD" for a covered or waived spouse or dependent on their own row).
  other: ['O', 'OTH', 'Other', 'Other Dependent', 'Parent', 'Mother', 'Father', 'Sibling', 'Sister', 'Brother', 'Relative', 'G8'],
});

export const GENDERS = table<Gender>({
  // '1' and '2': ISO/IEC 5218 sex codes some payroll systems export (never counted by the value profile).
  male: ['M', 'Male', 'Man', 'Men', 'Boy', 'Masculine', 'Mr', 'Males', 'Mal', 'Ml', 'H', 'Hombre', 'Masculino', '1'],
  female: ['F', 'Female', 'Woman', 'Women', 'Girl', 'Feminine', 'Ms', 'Mrs', 'Miss', 'Females', 'Fem', 'Fe', 'Mujer', 'Femenino', 'W', '2'],
  unknown: [
    'U', 'UNK', 'Unknown', 'X', 'N', 'NB', '0', '9', 'Non Binary', 'Nonbinary', 'Non-binary', 'Other', 'O', 'Undisclosed',
    'Not Specified', 'Unspecified', 'Not Disclosed', 'Declined', 'Prefer not to say', 'Prefer not to answer',
    'Not Provided', 'Intersex', 'Undeclared', 'Not Stated', 'Gender Neutral', 'Neutral',
  ],
});

export const STATUSES = table<MemberStatus>({
  active: [
    'A', 'ACT', 'Active', 'Actv', 'AC', 'Active Employee', 'Actively at Work', 'Active at Work', 'Employed', 'Current',
    'Working', 'Full Time', 'Fulltime', 'FT', 'F', 'Part Time', 'Parttime', 'PT', 'Active FT', 'Active PT',
    'Active Full Time', 'Active Part Time', 'Regular', 'Reg', 'Seasonal', 'Temporary', 'Temp', 'Variable',
    'Enrolled', 'Covered', 'Y', 'Yes', 'Hired', 'New Hire', 'NH', 'Rehire', 'Rehired', 'Salaried', 'Hourly',
    'Exempt', 'Non Exempt', 'Nonexempt', 'Benefits Eligible', 'Eligible', 'E', 'Actively Working', 'AW', 'Open',
  ],
  cobra: [
    'C', 'COB', 'COBRA', 'Cobra Continuation', 'COBRA Participant', 'On COBRA', 'State Continuation', 'Continuation',
    'Cal COBRA', 'CalCOBRA', 'Mini COBRA', 'Continuant', 'COBRA Qualified Beneficiary', 'QB',
  ],
  leave: [
    'L', 'LOA', 'Leave', 'On Leave', 'Leave of Absence', 'FMLA', 'Disability', 'Disabled', 'STD', 'LTD',
    'Short Term Disability', 'Long Term Disability', 'Military Leave', 'Maternity Leave', 'Paternity Leave',
    'Medical Leave', 'Personal Leave', 'Paid Leave', 'Unpaid Leave', 'Furlough', 'Furloughed', 'Layoff',
    'Laid Off', 'Suspended', 'Sabbatical', 'Workers Comp', 'Workers Compensation', 'LV', 'PLA', 'ULA', 'Leave With Pay',
    'Leave Without Pay', 'LWOP', 'LWP',
  ],
  retired: ['R', 'RET', 'RT', 'Retired', 'Retiree', 'Retirement', 'Early Retiree', 'Early Retired', 'Pensioner', 'RTD'],
  terminated: [
    'T', 'TERM', 'TERMD', 'TRM', 'Terminated', 'Termed', 'Term', 'Termination', 'Inactive', 'I', 'IN', 'INA',
    'INACT', 'Separated', 'Resigned', 'Resignation', 'Quit', 'Fired', 'Dismissed', 'Discharged', 'Former',
    'Former Employee', 'Ex Employee', 'No Longer Employed', 'Not Active', 'N', 'No', 'Ended', 'Cancelled',
    'Canceled', 'Withdrawn', 'X',
    // X12 834 INS08 employment status code
    'TE',
  ],
  waived: [
    'W', 'WV', 'WAV', 'WAIVE', 'Waived', 'Waiver', 'Waives', 'Declined', 'Decline', 'Declined Coverage',
    'Waived Coverage', 'Opted Out', 'Opt Out', 'Not Enrolled', 'No Coverage', 'Ineligible', 'Not Eligible',
  ],
  deceased: ['D', 'DEC', 'DECD', 'Deceased', 'Dead', 'Died', 'Death', 'Expired', 'Passed Away', 'Passed'],
});

export const TIERS = table<CoverageTier>({
  EE: [
    'EE', 'E', 'EO', 'EEO', 'EE Only', 'Employee', 'Employee Only', 'Emp Only', 'Employee Alone', 'Single', 'S',
    'SGL', 'Individual', 'IND', 'Indiv', 'Self', 'Self Only', 'Subscriber Only', 'Member Only', 'One Person',
    'EE1', 'Tier 1', 'T1', 'Solo', 'Just Me', 'Retiree Only', 'RO',
    // X12 834 HD05 coverage level code for employee only
    'EMP',
  ],
  ES: [
    'ES', 'ESP', 'EE SP', 'EESP', 'EE+SP', 'EE Spouse', 'EE + Spouse', 'Employee Spouse', 'Employee + Spouse',
    'Employee and Spouse', 'Emp Spouse', 'Emp + Spouse', 'E+S', 'E S', 'ES1', 'Two Person', '2 Person',
    'Couple', 'Employee Partner', 'Employee + Partner', 'EE DP', 'EE+DP', 'Employee Domestic Partner',
    'Employee + Domestic Partner', 'Member Spouse', 'Member + Spouse', 'Subscriber Spouse', 'EE+1', 'EE + 1',
    'EE1 Plus', 'Employee + 1', 'Employee Plus One', 'Employee+One', 'Plus One', 'EP', 'ESPS', 'EE+SPS',
    'Two Party', 'Two-Party', 'Emp + Sps',
  ],
  EC: [
    'EC', 'ECH', 'ECHD', 'EE CH', 'EECH', 'EE+CH', 'EE Child', 'EE + Child', 'EE Children', 'EE + Children',
    'EE Child(ren)', 'EE+Child(ren)', 'Employee Child', 'Employee + Child', 'Employee + Children',
    'Employee Child(ren)', 'Employee + Child(ren)', 'Employee and Child', 'Employee and Children',
    'Employee and Child(ren)', 'Emp Child', 'Emp + Child', 'E+C', 'E C', 'ECS', 'Parent Child',
    'Parent + Child', 'Parent Children', 'Single Parent', 'Member Child', 'Member + Child', 'EE+Kids',
    'Employee + Kids', 'EE + Dependents', 'EE Dep', 'EE+Dep',
    // carrier coverage-status legends: employee + one child, employee + children
    'EC1', 'EC2',
    // one-letter tier legends (E, S, C, F) and PEO drop-downs ("PC": parent and child)
    'C', 'PC',
  ],
  EF: [
    'EF', 'FAM', 'FAMILY', 'F', 'FML', 'FMLY', 'EE Family', 'EE + Family', 'EE+FAM', 'EE + Fam', 'Employee Family',
    'Employee + Family', 'Employee and Family', 'Emp + Family', 'E+F', 'E F', 'EE+SP+CH', 'EE SP CH',
    'Employee Spouse Children', 'Employee + Spouse + Children', 'Employee + Spouse + Child(ren)',
    'Employee, Spouse and Children', 'EE+2', 'EE + 2', 'EE2', 'EE + 2 or more', 'Employee + 2 or more', 'Full Family',
    'Family Coverage', 'EFAM', 'ESC', 'ESCH', 'Spouse and Children', 'Spouse + Children',
  ],
  waived: [
    'W', 'WV', 'WAV', 'WAIVE', 'Waived', 'Waiver', 'Declined', 'Decline', 'Declined Coverage', 'Waived Coverage',
    'None', 'No Coverage', 'Opt Out', 'Opted Out', 'Not Enrolled', 'Not Covered', 'NC', 'N A', 'NA',
    // carrier coverage-status legends: waived employee
    'WE',
  ],
});

export const TOBACCO = table<'yes' | 'no'>({
  yes: ['Y', 'Yes', 'T', 'True', '1', 'Smoker', 'Tobacco', 'Tobacco User', 'User', 'Uses Tobacco', 'S', 'SM', 'TU'],
  no: [
    'N', 'No', 'F', 'False', '0', 'Non Smoker', 'Nonsmoker', 'Non-Smoker', 'NS', 'Non Tobacco', 'Non-Tobacco',
    'Nontobacco', 'Non Tobacco User', 'Non User', 'Nonuser', 'None', 'Never', 'NT', 'NTU',
  ],
});

/**
 * The other languages' code words (server/census/lang/ packs: 'Cónyuge', 'Hijo', 'Activo', 'Famille',
 * 'Ehepartner' ...), added where these tables have no reading for a spelling: English readings win a
 * clash (Spanish 'C' for cónyuge stays the English child code, and says so in codeValues).
 */
function withPackWords<T>(t: Table<T>, kind: 'relationship' | 'gender' | 'status' | 'tier' | 'tobacco'): void {
  for (const [w, code] of codeWords(kind)) {
    const k = foldCode(w);
    if (k && !t.has(k)) t.set(k, code as T);
  }
}
withPackWords(RELATIONSHIPS, 'relationship');
withPackWords(GENDERS, 'gender');
withPackWords(STATUSES, 'status');
withPackWords(TIERS, 'tier');
withPackWords(TOBACCO, 'tobacco');

/** Word rules for free text the tables do not hold: [code, words that must all appear]. */
const RELATIONSHIP_WORDS: [Relationship, RegExp][] = [
  ['domesticPartner', /\b(domestic|partner|civil)\b/],
  ['spouse', /\b(spouse|wife|husband)\b/],
  ['child', /\b(child|children|son|daughter|kid|dependent|dependant|stepchild|ward)\b/],
  ['employee', /\b(employee|self|subscriber|insured|member)\b/],
];
const TIER_WORDS: [CoverageTier, RegExp][] = [
  ['waived', /\b(waive|waived|waiver|decline|declined|no coverage)\b/],
  ['EF', /\bfam(ily)?\b|\b(spouse|sp|partner).*\b(child|children|ch|kids?)\b/],
  ['ES', /\b(spouse|sp|sps|partner|dp)\b/],
  ['EC', /\b(child|children|ch|kids?|dependents?)\b|child\(ren\)/],
  ['EE', /\b(only|single|individual|alone)\b/],
];
const STATUS_WORDS: [MemberStatus, RegExp][] = [
  ['deceased', /\b(deceased|died|death)\b/],
  ['cobra', /\bcobra\b|continuation/],
  ['retired', /\bretire/],
  ['terminated', /\b(term|terminated|termed|inactive|separated|resigned)\b/],
  ['waived', /\b(waive|waived|declined)\b/],
  ['leave', /\b(leave|loa|fmla|disability)\b/],
  ['active', /\bactive\b|full.?time|part.?time/],
];

/** Known spellings of five letters or more, for the one-typo rule. */
function longKeys<T>(t: Table<T>): [string, T][] {
  return [...t].filter(([k]) => k.length >= 5);
}
const TYPO_KEYS = new Map<Table<unknown>, [string, unknown][]>();

function lookup<T>(t: Table<T>, words: [T, RegExp][] | null, text: string, note?: Note): T | null {
  const key = foldCode(text);
  if (!key) return null;
  const hit = t.get(key);
  if (hit !== undefined) return hit;
  if (words) {
    // camelCase and snake_case split into words ('subscriberAndFamily', 'employee_only'): linear, no backtracking.
    const lower = text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_+/g, ' ').toLowerCase();
    for (const [code, re] of words) if (re.test(lower)) return code;
  }
  if (key.length >= 5) {
    let keys = TYPO_KEYS.get(t as Table<unknown>);
    if (!keys) TYPO_KEYS.set(t as Table<unknown>, (keys = longKeys(t as Table<unknown>)));
    for (const [k, code] of keys) {
      if (Math.abs(k.length - key.length) <= 1 && distance(k, key) <= 1) {
        if (note) note.why = `read '${text}' as '${code}' (one letter off)`;
        return code as T;
      }
    }
  }
  if (note) note.invalid = true;
  return null;
}

export function parseRelationship(text: string, note?: Note): Relationship | null {
  return lookup(RELATIONSHIPS, RELATIONSHIP_WORDS, text, note);
}
export function parseGender(text: string, note?: Note): Gender | null {
  return lookup(GENDERS, null, text, note);
}
export function parseStatus(text: string, note?: Note): MemberStatus | null {
  return lookup(STATUSES, STATUS_WORDS, text, note);
}
export function parseTier(text: string, note?: Note): CoverageTier | null {
  return lookup(TIERS, TIER_WORDS, text, note);
}
export function parseTobacco(text: string, note?: Note): boolean | null {
  const v = lookup(TOBACCO, null, text, note);
  return v === null ? null : v === 'yes';
}

/** Exact table hits only (value profiles: no word or typo rules, so they stay strict). */
export function isKnownCode(t: Table<unknown>, text: string): boolean {
  return t.has(foldCode(text));
}

/**
 * Relationship digits whose code 1 is the subscriber (1 self, 2 spouse, 3 child, 4 partner, 5 other),
 * as in CMS-1500-style and FHIR beneficiary codes; used when a relationship column's digits have no 0
 * and 1 is the commonest (see map/index.ts). Zero-based digits (0 employee, 1 spouse, 2+ child) and
 * X12 834 codes are in RELATIONSHIPS.
 */
const ONE_BASED: Record<string, Relationship> = { '1': 'employee', '01': 'employee', '2': 'spouse', '02': 'spouse', '3': 'child', '03': 'child', '4': 'domesticPartner', '04': 'domesticPartner', '5': 'other', '05': 'other' };
export function parseOneBasedRelationship(text: string, note?: Note): Relationship | null {
  const r = ONE_BASED[text.trim()];
  if (r === undefined && note) note.invalid = true;
  return r ?? null;
}

/** S/D (or E/D) under a "Subscriber/Dependent" header: the subscriber and a dependent. */
export function parseSubscriberLetter(text: string, note?: Note): Relationship | null {
  const t = text.trim().toUpperCase();
  if (t === 'S' || t === 'E') return 'employee';
  // D is a dependent: counted as a child, as CENSUS.md reads D (it was 'other', which no figure asked for).
  if (t === 'D') return 'child';
  if (note) note.invalid = true;
  return null;
}

/** A subscriber flag (a "Subscriber"/"Self" column of Y/N or X marks): yes = employee, no = a dependent. */
const FLAG_YES = new Set(['y', 'yes', 'x', 'true', 't', '1', 'self', 'subscriber', 'employee', 'ee', 'primary']);
const FLAG_NO = new Set(['n', 'no', 'false', 'f', '0', 'dependent', 'dep']);
export function parseSubscriberFlag(text: string, note?: Note): Relationship | null {
  const t = text.trim().toLowerCase();
  if (FLAG_YES.has(t)) return 'employee';
  if (FLAG_NO.has(t)) return 'other';
  if (note) note.invalid = true;
  return null;
}
/** A subscriber-flag value: yes/no, or the words a Self/Subscriber column writes (Self, Dependent). */
export function isSubscriberFlag(text: string): boolean {
  const t = text.trim().toLowerCase();
  return FLAG_YES.has(t) || FLAG_NO.has(t);
}

/** Yes/no written as words, letters, true/false or 1/0 (not words such as 'Employee' or 'Self'). */
const BOOL_YES = new Set(['y', 'yes', 'true', 't', '1', 'x', '1.0']);
const BOOL_NO = new Set(['n', 'no', 'false', 'f', '0', '0.0']);
// Yes and no in the other languages (lang/ packs: 'Sí', 'Sim', 'Oui', 'Ja' ...), as written and unaccented.
for (const [w] of codeWords('yes')) for (const v of [w.toLowerCase(), foldCode(w)]) BOOL_YES.add(v);
for (const [w] of codeWords('no')) for (const v of [w.toLowerCase(), foldCode(w)]) BOOL_NO.add(v);
export function isYesNo(text: string): boolean {
  const t = text.trim().toLowerCase();
  return BOOL_YES.has(t) || BOOL_NO.has(t);
}

/**
 * A status flag ("ACTIVE", "active_flag", "eligible_ind" of true/false, Y/N, 1/0): yes is active, no is
 * not active (counted as terminated: excluded from lives). Other values read as statuses.
 */
export function parseActiveFlag(text: string, note?: Note): MemberStatus | null {
  const t = text.trim().toLowerCase();
  if (BOOL_YES.has(t)) return 'active';
  if (BOOL_NO.has(t)) return 'terminated';
  return parseStatus(text, note);
}

/**
 * Status words that say what kind of employment, not whether it goes on ("Full-Time", "Salaried"):
 * read as active, but an exit date before the as-of date still ends it (CENSUS.md termination rule).
 */
const EMPLOYMENT_CLASSES = new Set(
  ['Full Time', 'Fulltime', 'FT', 'F', 'Part Time', 'Parttime', 'PT', 'Regular', 'Reg', 'Seasonal', 'Temporary', 'Temp', 'Variable',
    'Salaried', 'Hourly', 'Exempt', 'Non Exempt', 'Nonexempt', 'Benefits Eligible', 'Eligible', 'E'].map(foldCode),
);
export function isEmploymentClass(text: string): boolean {
  return EMPLOYMENT_CLASSES.has(foldCode(text));
}

/** Pay modes: how many of the amount make a year (hourly: rate x weekly hours x 52, so 'hourly'). */
export type PayMode = 'hourly' | 'weekly' | 'biweekly' | 'semimonthly' | 'monthly' | 'annual';
export const PAY_MODE_FACTOR: Record<Exclude<PayMode, 'hourly'>, number> = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12, annual: 1 };
const PAY_MODES = table<PayMode>({
  hourly: ['H', 'HR', 'HRLY', 'Hourly', 'Hour', 'Per Hour', 'Hourly Rate', 'Hourly Wage', 'Non Exempt Hourly', 'Wage', 'Hourly Employee'],
  weekly: ['W', 'WK', 'WKLY', 'Weekly', 'Week', 'Per Week', '52'],
  biweekly: ['B', 'BW', 'BI', 'Biweekly', 'Bi-Weekly', 'Bi Weekly', 'Every Two Weeks', 'Every Other Week', 'Fortnightly', '26'],
  semimonthly: ['SM', 'S M', 'Semi-Monthly', 'Semimonthly', 'Semi Monthly', 'Twice a Month', 'Twice Monthly', '24'],
  monthly: ['M', 'MO', 'MTH', 'Monthly', 'Month', 'Per Month', '12'],
  annual: ['A', 'AN', 'ANN', 'Annual', 'Annually', 'Yearly', 'Year', 'Per Year', 'Y', 'YR', 'S', 'SAL', 'Salary', 'Salaried', 'Annual Salary', 'Exempt Salaried', 'Salaried Exempt'],
});
export function parsePayMode(text: string, note?: Note): PayMode | null {
  return lookup(PAY_MODES, null, text, note);
}
export function isPayMode(text: string): boolean {
  return PAY_MODES.has(foldCode(text));
}
/** The same, for a value already folded with foldCode (value profiles fold each value once). */
export function isPayModeKey(key: string): boolean {
  return PAY_MODES.has(key);
}
