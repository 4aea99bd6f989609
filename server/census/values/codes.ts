/**
 * Coded values: relationship, gender, employment status, coverage tier, tobacco.
 * Each has a table of spellings (folded: lower-case letters and digits only, so "EE + SP", "ee+sp"
 * and "EE/SP" are one key) built from carrier, broker and payroll templates, then word rules for
 * longer free text ("Employee & Spouse", "Son (step)"), then a typo rule (one edit away from a known
 * spelling of five letters or more). Out: the canonical code, or null with note.invalid.
 */
import { foldCode, stripAccents } from '../text';
import { codeHints, codeWords } from '../lang';
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
    'EE', 'E', 'EMP', 'EMPL', 'SUB', 'SUBS', 'MBR', 'I', 'P', 'PRI', 'SELF EE', '00', '0',
    // X12 834 individual relationship code for the subscriber
    '18'
  ],
  spouse: [
    'SP', 'S', 'SPS', 'SPO', 'W', 'H', '01', '1',
    // carrier coverage-status legends: covered spouse, waived spouse
    'CS', 'WS'
  ],
  domesticPartner: ['DP', 'D P', 'CU', 'SSDP', 'OSDP', '53'],
  child: [
    'CH', 'C', 'CHD', 'CHL', 'CHLD', 'D', 'DEP', 'DEPD', '02', '2', '03', '3', 'DPC',
    // X12 834: child, stepchild, foster child, ward, adopted child
    '19', '17', '10', '15', '09',
    // carrier coverage-status legends: covered dependent, waived dependent
    'CD', 'WD'
  ],
  // Carrier census coverage-status legends (Principal, Quotepad, AXA: "EE, ES, EC1, EC2, EF, WE" for
  // employees, "CS, CD, WS, WD" for a covered or waived spouse or dependent on their own row).
  other: ['O', 'OTH', 'G8'],
});

export const GENDERS = table<Gender>({
  // '1' and '2': ISO/IEC 5218 sex codes some payroll systems export (never counted by the value profile).
  male: ['M', 'H', '1'],
  female: ['F', 'W', '2'],
  unknown: ['U', 'UNK', 'X', 'N', 'NB', '0', '9', 'O'],
});

export const STATUSES = table<MemberStatus>({
  active: ['A', 'ACT', 'AC', 'FT', 'F', 'PT', 'Y', 'NH', 'E', 'AW'],
  cobra: ['C', 'COB', 'COBRA', 'QB'],
  leave: ['L', 'LOA', 'FMLA', 'STD', 'LTD', 'LV', 'PLA', 'ULA', 'LWOP', 'LWP'],
  retired: ['R', 'RET', 'RT', 'RTD'],
  terminated: [
    'T', 'TERM', 'TERMD', 'TRM', 'I', 'IN', 'INA', 'INACT', 'N', 'X',
    // X12 834 INS08 employment status code
    'TE'
  ],
  waived: ['W', 'WV', 'WAV'],
  deceased: ['D', 'DEC', 'DECD'],
});

export const TIERS = table<CoverageTier>({
  EE: [
    'EE', 'E', 'EO', 'EEO', 'S', 'SGL', 'IND', 'EE1', 'T1', 'RO',
    // X12 834 HD05 coverage level code for employee only
    'EMP'
  ],
  ES: [
    'ES', 'ESP', 'EE SP', 'EESP', 'EE+SP', 'E+S', 'E S', 'ES1', 'EE DP', 'EE+DP', 'EE+1', 'EE + 1', 'EP', 'ESPS', 'EE+SPS'
  ],
  EC: [
    'EC', 'ECH', 'ECHD', 'EE CH', 'EECH', 'EE+CH', 'E+C', 'E C', 'ECS',
    // carrier coverage-status legends: employee + one child, employee + children
    'EC1', 'EC2',
    // one-letter tier legends (E, S, C, F) and PEO drop-downs ("PC": parent and child)
    'C', 'PC'
  ],
  EF: [
    'EF', 'FAM', 'F', 'FML', 'FMLY', 'EE+FAM', 'E+F', 'E F', 'EE+SP+CH', 'EE SP CH', 'EE+2', 'EE + 2', 'EE2', 'EFAM', 'ESC', 'ESCH'
  ],
  waived: [
    'W', 'WV', 'WAV', 'NC', 'N A', 'NA',
    // carrier coverage-status legends: waived employee
    'WE'
  ],
});

export const TOBACCO = table<'yes' | 'no'>({
  yes: ['Y', 'T', '1', 'S', 'SM', 'TU'],
  no: ['N', 'F', '0', 'NS', 'NT', 'NTU'],
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

/**
 * Free text the tables do not hold ('Son (step)', 'Employee & Spouse', 'Hijo mayor'): the packs' hint
 * words (lang/ codeHints), tried code by code in the order below, which is the rule: the most specific
 * reading first (a 'domestic partner' is not a spouse, a 'terminated COBRA' member is on COBRA).
 */
type HintRule<T> = (words: ReadonlySet<string>, text: string) => T | null;

interface Hints {
  words: Set<string>;
  phrases: string[];
  prefixes: string[];
}

function hintsOf(list: readonly string[] = []): Hints {
  const h: Hints = { words: new Set(), phrases: [], prefixes: [] };
  for (const w of list) {
    if (w.endsWith('*')) h.prefixes.push(w.slice(0, -1));
    else if (w.includes(' ')) h.phrases.push(` ${w} `);
    else h.words.add(w);
  }
  return h;
}

function hits(h: Hints, words: ReadonlySet<string>, text: string): boolean {
  // The text's few words looked up among the hint words (the packs give dozens per code).
  for (const w of words) if (h.words.has(w)) return true;
  for (let i = 0; i < h.phrases.length; i++) if (text.includes(h.phrases[i])) return true;
  for (let i = 0; i < h.prefixes.length; i++) for (const w of words) if (w.startsWith(h.prefixes[i])) return true;
  return false;
}

/** Tries the codes in `order`, each with every pack's hint words for it. */
function hintRule<T extends string>(kind: 'relationship' | 'status' | 'tier', order: readonly T[]): HintRule<T> {
  const all = codeHints(kind);
  const rules = order.map((code) => [code, hintsOf(all.get(code))] as const);
  return (words, text) => {
    for (const [code, h] of rules) if (hits(h, words, text)) return code;
    return null;
  };
}

const RELATIONSHIP_HINTS = hintRule<Relationship>('relationship', ['domesticPartner', 'spouse', 'child', 'employee']);
const STATUS_HINTS = hintRule<MemberStatus>('status', ['deceased', 'cobra', 'retired', 'terminated', 'waived', 'leave', 'active']);
const TIER_ORDERED = hintRule<CoverageTier>('tier', ['waived', 'EF']);
const TIER_SPOUSE = hintRule<CoverageTier>('tier', ['ES']);
const TIER_CHILD = hintRule<CoverageTier>('tier', ['EC']);
const TIER_ALONE = hintRule<CoverageTier>('tier', ['EE']);
/** A tier: waived, then family; a spouse word with a child word is family too; then spouse, children, alone. */
const TIER_HINTS: HintRule<CoverageTier> = (words, text) => {
  const first = TIER_ORDERED(words, text);
  if (first) return first;
  const spouse = TIER_SPOUSE(words, text);
  const child = TIER_CHILD(words, text);
  if (spouse && child) return 'EF';
  return spouse ?? child ?? TIER_ALONE(words, text);
};

/**
 * Hint rules none of whose words, phrases or prefixes is letterless: they cannot read a text without
 * letters (dates, amounts, ZIP codes, which the map stage's samples hold many of), so such a text
 * skips them and the words they would split it into.
 */
const NEED_LETTERS = new Set<HintRule<string>>();
function needsLetters(rule: HintRule<string>, kind: 'relationship' | 'status' | 'tier'): void {
  for (const words of codeHints(kind).values()) for (const w of words) if (!/[a-z]/.test(w)) return;
  NEED_LETTERS.add(rule);
}
needsLetters(RELATIONSHIP_HINTS, 'relationship');
needsLetters(STATUS_HINTS, 'status');
needsLetters(TIER_HINTS, 'tier');

/** Whether a folded key (a-z and 0-9) holds a letter. */
function hasLetter(key: string): boolean {
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) >= 97) return true;
  return false;
}

/** The words of free text, folded ('subscriberAndFamily', 'employee_only', 'Cónyuge'): linear, no backtracking. */
function wordsOf(text: string): { words: Set<string>; spaced: string } {
  const list = stripAccents(text.replace(/([a-z])([A-Z])/g, '$1 $2')).toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return { words: new Set(list), spaced: ` ${list.join(' ')} ` };
}

/**
 * Known spellings of five letters or more, for the one-typo rule, by length: a key one letter off
 * is at most one letter longer or shorter, so only three lengths are compared (in table order).
 */
interface TypoKeys<T> {
  byLength: Map<number, [string, T][]>;
  /** The same for a key without letters: only keys with one letter at most can be one edit from it. */
  letterlessByLength: Map<number, [string, T][]>;
}
function longKeys<T>(t: Table<T>): TypoKeys<T> {
  const byLength = new Map<number, [string, T][]>();
  const letterlessByLength = new Map<number, [string, T][]>();
  const add = (index: Map<number, [string, T][]>, len: number, entry: [string, T]) => {
    let list = index.get(len);
    if (!list) index.set(len, (list = []));
    list.push(entry);
  };
  for (const [k, code] of t) {
    if (k.length < 5) continue;
    let letters = 0;
    for (let i = 0; i < k.length; i++) if (k.charCodeAt(i) >= 97) letters++;
    for (let len = k.length - 1; len <= k.length + 1; len++) {
      add(byLength, len, [k, code]);
      if (letters <= 1) add(letterlessByLength, len, [k, code]);
    }
  }
  return { byLength, letterlessByLength };
}
const TYPO_KEYS = new Map<Table<unknown>, TypoKeys<unknown>>();

/**
 * Levenshtein distance at most 1 (one letter changed, added or dropped), decided in one scan with an
 * early exit: the same answer as distance(a, b) <= 1, without computing the distance (a column's
 * sampled names and titles are each compared with dozens of keys).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a.length < b.length) [a, b] = [b, a];
  const la = a.length, lb = b.length;
  if (la - lb > 1) return false;
  let i = 0;
  while (i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === lb) return true; // equal, or a is b with one letter added at the end
  // First difference at i: skip one letter of a (a letter added), or one of each (a letter changed).
  const skipB = la === lb ? 1 : 0;
  for (let j = i + 1; j < la; j++) if (a.charCodeAt(j) !== b.charCodeAt(j - 1 + skipB)) return false;
  return true;
}

/**
 * No code, nor a free-text phrase that says one ('Cónyuge del titular'), is longer: a longer cell is
 * not read as a code, and its text is never folded or split (a 1 MB cell cost a second in the linear
 * cost test, most of it in accent stripping and garbage).
 */
const MAX_CODE_TEXT = 200;

function lookup<T>(t: Table<T>, rule: HintRule<T> | null, text: string, note?: Note): T | null {
  if (text.length > MAX_CODE_TEXT) {
    if (note) note.invalid = true;
    return null;
  }
  const key = foldCode(text);
  if (!key) return null;
  const hit = t.get(key);
  if (hit !== undefined) return hit;
  const letters = hasLetter(key);
  if (rule && (letters || !NEED_LETTERS.has(rule as HintRule<string>))) {
    const { words, spaced } = wordsOf(text);
    const code = rule(words, spaced);
    if (code !== null) return code;
  }
  if (key.length >= 5) {
    let keys = TYPO_KEYS.get(t as Table<unknown>);
    if (!keys) TYPO_KEYS.set(t as Table<unknown>, (keys = longKeys(t as Table<unknown>)));
    const near = (letters ? keys.byLength : keys.letterlessByLength).get(key.length) ?? [];
    for (let i = 0; i < near.length; i++) {
      const k = near[i][0];
      const code = near[i][1];
      if (withinOneEdit(k, key)) {
        if (note) note.why = `read '${text}' as '${code}' (one letter off)`;
        return code as T;
      }
    }
  }
  const cognate = letters ? cognateOf(t, key) : null;
  if (cognate !== null) {
    if (note) note.why = `read '${text}' as '${cognate}' (a word like it)`;
    return cognate;
  }
  if (note) note.invalid = true;
  return null;
}

/**
 * A word's spelling folded past what European languages write differently for one word: k as c, 'ct'
 * as 't', 'ph' as 'f', y as i, double letters single, a final f as v ('-ief' as '-iv'), final vowels
 * dropped. 'Active', 'Activo', 'Ativo', 'Actif', 'Aktiv', 'Attivo' and 'Actief' all fold to 'ativ';
 * 'Family', 'Familia', 'Famille' and 'Familie' to 'famil'. Only for words of COGNATE_MIN letters or
 * more, folding to COGNATE_FOLDED.
 */
export function cognateFold(key: string): string {
  let s = key.replace(/k/g, 'c').replace(/ph/g, 'f').replace(/y/g, 'i').replace(/ct/g, 't').replace(/(.)\1+/g, '$1');
  s = s.replace(/[aeiou]+$/, '');
  return s.replace(/ief$/, 'iv').replace(/f$/, 'v');
}
const COGNATE_MIN = 5;
const COGNATE_FOLDED = 4;
const COGNATES = new Map<Table<unknown>, Map<string, unknown>>();

/** A word's cognate fold, when the word has one: COGNATE_MIN letters a-z or more, folding to COGNATE_FOLDED or more; else null. */
export function cognateKey(word: string): string | null {
  if (word.length < COGNATE_MIN || !/^[a-z]+$/.test(word)) return null;
  const f = cognateFold(word);
  return f.length < COGNATE_FOLDED ? null : f;
}

/** Words' readings by their cognate fold (cognateKey); a fold two readings share says nothing and is left out. */
export function cognateIndex<T>(words: Iterable<readonly [string, T]>): Map<string, T> {
  const m = new Map<string, T>();
  const clash = new Set<string>();
  for (const [word, code] of words) {
    const f = cognateKey(word);
    if (f === null) continue;
    const had = m.get(f);
    if (had !== undefined && had !== code) clash.add(f);
    m.set(f, code);
  }
  for (const f of clash) m.delete(f);
  return m;
}

function cognates<T>(t: Table<T>): Map<string, T> {
  let m = COGNATES.get(t as Table<unknown>) as Map<string, T> | undefined;
  if (m) return m;
  m = cognateIndex(t);
  COGNATES.set(t as Table<unknown>, m as Map<string, unknown>);
  return m;
}

/** A single word read as a code of the table by its cognate fold ('Ativo' as 'active'), or null. */
function cognateOf<T>(t: Table<T>, key: string): T | null {
  const f = cognateKey(key);
  return f === null ? null : (cognates(t).get(f) ?? null);
}

/** The code of an exact table hit, or of a cognate: a word of a language the packs do not hold ('Ativo', 'Famille'); else null. */
export function looseCodeOf<T>(t: Table<T>, text: string): T | null {
  if (text.length > MAX_CODE_TEXT) return null;
  const key = foldCode(text);
  if (!key) return null;
  return t.get(key) ?? cognateOf(t, key);
}

/** Exact table hits, or a cognate (looseCodeOf). */
export function isLooseCode(t: Table<unknown>, text: string): boolean {
  return looseCodeOf(t, text) !== null;
}

export function parseRelationship(text: string, note?: Note): Relationship | null {
  return lookup(RELATIONSHIPS, RELATIONSHIP_HINTS, text, note);
}
export function parseGender(text: string, note?: Note): Gender | null {
  return lookup(GENDERS, null, text, note);
}
export function parseStatus(text: string, note?: Note): MemberStatus | null {
  return lookup(STATUSES, STATUS_HINTS, text, note);
}
export function parseTier(text: string, note?: Note): CoverageTier | null {
  return lookup(TIERS, TIER_HINTS, text, note);
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
const BOOL_YES = new Set(['y', 't', '1', 'x', '1.0']);
const BOOL_NO = new Set(['n', 'f', '0', '0.0']);
// Yes and no in words (lang/ packs: 'Yes', 'Sí', 'Sim', 'Oui', 'Ja' ...), as written and unaccented.
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
    'Salaried', 'Hourly', 'Exempt', 'Non Exempt', 'Nonexempt', 'Benefits Eligible', 'Eligible', 'E', 'Permanent', 'Perm'].map(foldCode),
);
export function isEmploymentClass(text: string): boolean {
  return EMPLOYMENT_CLASSES.has(foldCode(text));
}

/** Pay modes: how many of the amount make a year (hourly: rate x weekly hours x 52, so 'hourly'). */
export type PayMode = 'hourly' | 'weekly' | 'biweekly' | 'semimonthly' | 'monthly' | 'annual';
export const PAY_MODE_FACTOR: Record<Exclude<PayMode, 'hourly'>, number> = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12, annual: 1 };
const PAY_MODES = table<PayMode>({
  hourly: [
    'H', 'HR', 'HRLY', 'Hourly', 'Hour', 'Per Hour', 'Hourly Rate', 'Hourly Wage', 'Non Exempt Hourly', 'Wage', 'Hourly Employee'
  ],
  weekly: ['W', 'WK', 'WKLY', 'Weekly', 'Week', 'Per Week', '52'],
  biweekly: [
    'B', 'BW', 'BI', 'Biweekly', 'Bi-Weekly', 'Bi Weekly', 'Every Two Weeks', 'Every Other Week', 'Fortnightly', '26'
  ],
  semimonthly: [
    'SM', 'S M', 'Semi-Monthly', 'Semimonthly', 'Semi Monthly', 'Twice a Month', 'Twice Monthly', '24'
  ],
  monthly: ['M', 'MO', 'MTH', 'Monthly', 'Month', 'Per Month', '12'],
  annual: [
    'A', 'AN', 'ANN', 'Annual', 'Annually', 'Yearly', 'Year', 'Per Year', 'Y', 'YR', 'S', 'SAL', 'Salary', 'Salaried', 'Annual Salary', 'Exempt Salaried', 'Salaried Exempt'
  ],
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

/** Whether any of the engine's code readers reads the text: a status, relationship, gender, tier, yes/no, pay mode or employment class. */
export function readBySomeCode(text: string): boolean {
  return parseStatus(text) !== null || parseRelationship(text) !== null || parseGender(text) !== null || parseTier(text) !== null
    || isYesNo(text) || isPayMode(text) || isEmploymentClass(text);
}
