/**
 * Header text -> how well it names each canonical field (0..1), from the vocabulary.
 *
 * Scores against one synonym, best first:
 *   1.00  same words, or the same letters once spaces are gone ("DateOfBirth" = "date of birth")
 *   0.97  same words in another order ("Date Hire" = "Hire Date")
 *   0.92  the header holds all the synonym's words plus others: minus 0.03 per neutral word ("Home",
 *         "Employee"), 0.08 per other word, and x0.45 when a word makes it something else ("Spouse",
 *         "Middle", "Termination"); a one-word synonym accepts only neutral extra words
 *   r*0.9 a typo: letters one edit apart (two from eight letters on; r = 1 - edits / length >= 0.75),
 *         for a header with a word the vocabulary does not hold (the misspelt one)
 *   0.7*J some words shared (J = shared / all words)
 * The synonym's weight multiplies the result. A field's score is its best synonym's.
 */
import { distance } from 'fastest-levenshtein';
import { stripAccents } from '../text';
import {
  ABBREVIATIONS,
  DEPENDENT_WORDS,
  NEGATIVE_MODIFIERS,
  NEUTRAL_MODIFIERS,
  NOISE,
  STOPWORDS,
  SYNONYMS,
  TYPE_AFFIXES,
  type VocabularyField,
} from './vocabulary';
import { headScores, movedAway } from './lexicon';
import { ruleWordSet } from '../lang/rule-words';
import { WIDE_DEPENDENT_FIELDS } from '../fields';
import type { CanonicalField } from '../types';
import { MAX_HEADER_CHARS } from '../rules';
import { cognateIndex, cognateKey } from '../values/codes';

/**
 * The part of a header text that is read: its first MAX_HEADER_CHARS characters. Every pattern over a
 * header runs on this, never on the whole cell (a run of capitals made the camelCase split below
 * backtrack quadratically: 32 s for a 200 KB cell).
 */
export function boundHeader(text: string): string {
  return text.length > MAX_HEADER_CHARS ? text.slice(0, MAX_HEADER_CHARS) : text;
}

export interface NormalHeader {
  /** Meaningful words, abbreviations expanded, stop words and noise dropped. */
  tokens: string[];
  set: Set<string>;
  /** tokens joined with spaces */
  key: string;
  /** tokens joined without spaces */
  compact: string;
  /** every letter and digit of the header, lower case (before expansion) */
  raw: string;
  /** the header had a number in it ("Child 1 DOB") */
  numbered: boolean;
}

/** Prefixes that header writers glue onto a word: "EmpID", "EEStatus", "DepDOB". */
const GLUED_PREFIXES = ['employee', 'empl', 'emp', 'ee', 'mbr', 'member', 'dep', 'sp', 'spouse', 'child', 'ch', 'home', 'work'];

function expand(token: string): string[] {
  const direct = ABBREVIATIONS[token];
  if (direct !== undefined) return direct.split(' ');
  for (const p of GLUED_PREFIXES) {
    if (token.length > p.length + 1 && token.startsWith(p)) {
      const rest = token.slice(p.length);
      if (ABBREVIATIONS[rest] !== undefined || KNOWN_WORDS.has(rest)) return [...expand(p), ...expand(rest)];
    }
  }
  return [token];
}

/**
 * A parenthesis that holds a legend or an instruction, not a word of the header: a list ("(EE, ES,
 * EC1 ...)", "(EE/ES/EC/EF/W)"), a long hint, or one left open ("(*Select a code from above").
 */
const LEGEND = /\(([^)]*,[^)]*|[^)]*\/[^)]*\/[^)]*|[^)]{24,})\)|\([^)]*$/g;

export function normaliseHeader(text: string): NormalHeader {
  text = boundHeader(text);
  const legendFree = text.replace(LEGEND, ' ');
  if (/[a-z]/i.test(legendFree)) text = legendFree;
  const spaced = stripAccents(unglueStopWords(text).replace(/ß/g, 'ss'))
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    // A run of two or more capitals before a word is an acronym ('SSNNumber', 'IDNo'); one capital
    // is the word's own initial ('LName', 'FName': lname, fname), kept whole, as a lone letter would
    // be dropped as a stop word of some language ("l'", "d'").
    .replace(/([A-Z]{2,})([A-Z][a-z])/g, '$1 $2')
    .replace(/#/g, ' number ')
    .replace(/&/g, ' and ')
    .toLowerCase();
  const words = spaced.split(/[^a-z0-9]+/).filter(Boolean);
  // Type prefixes and suffixes of database exports ('Txt_Relationship', 'gender_cd', 'strFirstName').
  if (words.length >= 2 && TYPE_AFFIXES.has(words[0])) words.shift();
  if (words.length >= 2 && TYPE_AFFIXES.has(words[words.length - 1])) words.pop();
  const raw = words.join('');
  const numbered = words.some((w) => /\d/.test(w));
  const tokens: string[] = [];
  for (const w of words) {
    // "zip5", "w2", "ssn4" keep their digits; "child1" loses them; bare numbers go.
    const word = /^\d+$/.test(w) ? '' : /^(zip|w|ssn)\d$/.test(w) ? w : w.replace(/\d+/g, '');
    if (!word) continue;
    for (const t of expand(word)) if (!STOPWORDS.has(t) && !NOISE.has(t)) tokens.push(t);
  }
  const key = tokens.join(' ');
  return { tokens, set: new Set(tokens), key, compact: tokens.join(''), raw, numbered };
}

interface Synonym {
  field: VocabularyField;
  h: NormalHeader;
  weight: number;
  rawCompact: string;
}

const KNOWN_WORDS = new Set<string>();
for (const list of Object.values(SYNONYMS)) for (const s of list) for (const w of s.split(/[\s@]/)) if (/^[a-z]+$/.test(w)) KNOWN_WORDS.add(w);

/** The packs' stop words of two letters or more, longest first (a lone letter glued on is a word's own). */
const GLUABLE_STOPWORDS = [...STOPWORDS].filter((w) => w.length >= 2).sort((a, b) => b.length - a.length);

/**
 * A pack's stop word glued in lower case between two camelCase words ('DateofTermination',
 * 'FechadeIngreso'): a space put before it. Only before a capital, where camelCase shows a new word
 * begins ('Optional' is no 'option' and 'al'), and only when the word before it is one the vocabulary
 * holds, of four letters or more ('PayorID' is no 'pay' and 'or'), and the whole is not one itself.
 */
export function unglueStopWords(text: string): string {
  return text.replace(CAMEL_WORD, (word) => {
    const lower = word.toLowerCase();
    if (lower.length < 6 || KNOWN_WORDS.has(lower)) return word;
    for (const stop of GLUABLE_STOPWORDS) {
      if (lower.length - stop.length >= 4 && lower.endsWith(stop) && KNOWN_WORDS.has(lower.slice(0, -stop.length))) {
        return `${word.slice(0, -stop.length)} ${word.slice(-stop.length)}`;
      }
    }
    return word;
  });
}
/** A camelCase word followed by the next one's capital. */
const CAMEL_WORD = /\p{Lu}?\p{Ll}+(?=\p{Lu})/gu;

const SYNONYM_LIST: Synonym[] = [];
for (const [field, list] of Object.entries(SYNONYMS) as [VocabularyField, string[]][]) {
  for (const entry of list) {
    const [text, w] = entry.split('@');
    const h = normaliseHeader(text);
    SYNONYM_LIST.push({ field, h, weight: w ? Number(w) : 1, rawCompact: text.toLowerCase().replace(/[^a-z0-9]/g, '') });
  }
}

/**
 * Indexes of the synonyms, so that a header is scored only against the synonyms that can score above
 * 0 for it (those sharing a word, equal as letters, or a typo away: compact length within 2), not the
 * whole vocabulary: the locate stage scores every text cell of a sheet's first 40 rows.
 */
const BY_TOKEN = new Map<string, number[]>();
const BY_EXACT = new Map<string, number[]>();
const BY_LENGTH: number[][] = [];
const EMPTY_SYNONYMS: number[] = [];
function indexSynonym(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}
for (let i = 0; i < SYNONYM_LIST.length; i++) {
  const sh = SYNONYM_LIST[i].h;
  for (const t of sh.set) indexSynonym(BY_TOKEN, t, i);
  indexSynonym(BY_EXACT, `k:${sh.key}`, i);
  indexSynonym(BY_EXACT, `c:${sh.compact}`, i);
  indexSynonym(BY_EXACT, `r:${SYNONYM_LIST[i].rawCompact}`, i);
  if (sh.compact.length >= 4) (BY_LENGTH[sh.compact.length] ??= []).push(i);
  if (sh.set.size === 0) EMPTY_SYNONYMS.push(i);
}
/**
 * The vocabulary's words by their cognate fold (values/codes.ts cognateIndex: 'vorname' and Dutch
 * 'voornaam' both fold to 'vornam'), for the words of a header no pack holds. Built on the first such
 * word, not at start-up.
 */
let byCognate: Map<string, string> | null = null;
const cognateOfWord = (fold: string) => (byCognate ??= cognateIndex([...BY_TOKEN.keys()].map((t) => [t, t] as const))).get(fold);
/** A header read through its words' cognates weighs this much of one read by the words themselves. */
const COGNATE_HEADER_WEIGHT = 0.9;

/** The header with each word no pack holds replaced by the vocabulary's cognate of it, or null when none is. */
function withCognates(h: NormalHeader): NormalHeader | null {
  let changed = false;
  const tokens = h.tokens.map((t) => {
    const f = BY_TOKEN.has(t) ? null : cognateKey(t);
    const known = f === null ? undefined : cognateOfWord(f);
    if (known === undefined) return t;
    changed = true;
    return known;
  });
  if (!changed) return null;
  return { ...h, tokens, set: new Set(tokens), key: tokens.join(' '), compact: tokens.join('') };
}

/**
 * Words of a language no pack holds, read through a pack's cognate ('Voornaam' as 'Vorname'), a little
 * weaker; never as 'not a census field' ('Provincia' is no 'province' to leave out: its values decide).
 */
function addCognateScores(h: NormalHeader, scores: HeaderScores, everySynonym = false): void {
  const cognate = withCognates(h);
  if (!cognate) return;
  for (const [f, v] of scoresOf(cognate, everySynonym)) {
    if (f !== 'ignore' && v * COGNATE_HEADER_WEIGHT > (scores.get(f) ?? 0)) scores.set(f, v * COGNATE_HEADER_WEIGHT);
  }
}

const seenStamp = new Int32Array(SYNONYM_LIST.length);
let stamp = 0;

/** The indexes of the synonyms that may score above 0 for a header. */
function candidates(h: NormalHeader): number[] {
  stamp++;
  const out: number[] = [];
  const add = (list: number[] | undefined) => {
    if (!list) return;
    for (const i of list) {
      if (seenStamp[i] === stamp) continue;
      seenStamp[i] = stamp;
      out.push(i);
    }
  };
  for (const t of h.set) add(BY_TOKEN.get(t));
  add(BY_EXACT.get(`k:${h.key}`));
  add(BY_EXACT.get(`c:${h.compact}`));
  add(BY_EXACT.get(`r:${h.raw}`));
  const n = h.compact.length;
  if (n >= 4) for (let len = n - 2; len <= n + 2; len++) add(BY_LENGTH[len]);
  // A synonym whose words were all dropped (noise) matches a header without words.
  if (h.set.size === 0) add(EMPTY_SYNONYMS);
  return out;
}

function scoreSynonym(h: NormalHeader, s: Synonym): number {
  const sh = s.h;
  if (h.key === sh.key || h.compact === sh.compact || h.raw === s.rawCompact) return 1;
  const hn = h.tokens.length;
  const sn = sh.tokens.length;
  let common = 0;
  for (const t of sh.set) if (h.set.has(t)) common++;
  if (common === sh.set.size && common === h.set.size) return 0.97;
  let best = 0;
  if (common === sh.set.size && sn > 0) {
    let score = 0.92;
    let onlyNeutral = true;
    let negative = false;
    for (const t of h.set) {
      if (sh.set.has(t)) continue;
      if (NEUTRAL_MODIFIERS.has(t) || t.length === 1) score -= 0.03;
      else {
        score -= 0.08;
        onlyNeutral = false;
      }
      if (NEGATIVE_MODIFIERS.has(t) || DEPENDENT_WORDS.has(t)) negative = true;
    }
    if (negative) score *= 0.45;
    if (sn > 1 || onlyNeutral) best = Math.max(best, score);
  }
  // Typos: compare the letters, of a header with a word the vocabulary does not hold (the misspelt one):
  // 'Class Name' is a class's name, not a typo of 'Last Name'.
  const a = h.compact;
  const b = sh.compact;
  const longest = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) >= 4 && h.tokens.some((t) => !BY_TOKEN.has(t)) && Math.abs(a.length - b.length) <= 2) {
    // One edit in short words, two (a swapped pair of letters) from eight letters on.
    const d = distance(a, b);
    const r = 1 - d / longest;
    if (d <= (longest >= 8 ? 2 : 1) && r >= 0.75) best = Math.max(best, r * 0.9);
  }
  if (common > 0) {
    const union = hn + sn - common;
    best = Math.max(best, (0.7 * common) / Math.max(union, 1));
  }
  return best;
}

export type HeaderScores = Map<VocabularyField, number>;

/** Every synonym scored, without the indexes (tests check that the indexes miss nothing). */
export function scoreHeaderBruteForce(text: string): HeaderScores {
  const h = normaliseHeader(text);
  const scores = scoresOf(h, true);
  if (h.tokens.length >= 2 && h.tokens[0] === 'number') mergeWithoutNumber(h, scores, scoresOf(withoutFirstToken(h), true));
  addCognateScores(h, scores, true);
  return scores;
}

/** The lexicon's head nouns lift a field; its qualifiers cap the fields they move a header away from. */
function applyLexicon(h: NormalHeader, scores: HeaderScores): void {
  for (const [f, v] of headScores(h.tokens)) if (v > (scores.get(f) ?? 0)) scores.set(f, v);
  // A numbered dependent's column in a wide layout ('Dep1 Relationship', 'Child 3 Gender') describes that
  // dependent, not the row's own person: only the dependent birth-date fields may take it (they create it).
  if (numberedDependent(h)) {
    for (const [f, v] of scores) if (f !== 'ignore' && !WIDE_DEPENDENT_FIELDS.has(f as CanonicalField) && v > MOVED_AWAY_CAP) scores.set(f, MOVED_AWAY_CAP);
  }
  for (const f of movedAway(h.tokens)) {
    const v = scores.get(f);
    if (v !== undefined && v > MOVED_AWAY_CAP) scores.set(f, MOVED_AWAY_CAP);
  }
}
/** A numbered dependent's header in a wide layout ('Dep1 Relationship', 'Dependent 1 Name'): it describes that dependent. */
function numberedDependent(h: NormalHeader): boolean {
  return h.numbered === true && h.tokens.some((t) => ruleWordSet('numberedDependent').has(t));
}
export function isNumberedDependentHeader(text: string): boolean {
  return numberedDependent(normaliseHeader(boundHeader(text)));
}

/** The fields a header's qualifiers (the lexicon's MOVES_AWAY) and a numbered dependent's words rule out. */
export function movedAwayFields(text: string): Set<CanonicalField> {
  const h = normaliseHeader(text);
  const out = movedAway(h.tokens);
  return out;
}

/** A field's header score once a qualifier moved the header away from it: below any mapping. */
const MOVED_AWAY_CAP = 0.2;

const cache = new Map<string, HeaderScores>();

/** Every vocabulary field's score for a header text (cached: templates repeat headers). */
export function scoreHeader(text: string): HeaderScores {
  text = boundHeader(text);
  const hit = cache.get(text);
  if (hit) return hit;
  const h = normaliseHeader(text);
  const scores = scoresOf(h);
  // 'Num_Age_of_Insured', 'Nbr Hours': a leading 'number' may be a type prefix, or the header's own
  // word ('Número de empleado'): the words without it are scored too, each field keeping its best.
  if (h.tokens.length >= 2 && h.tokens[0] === 'number') mergeWithoutNumber(h, scores, scoresOf(withoutFirstToken(h)));
  addCognateScores(h, scores);
  if (cache.size > 5000) cache.clear();
  cache.set(text, scores);
  return scores;
}

function scoresOf(h: NormalHeader, everySynonym = false): HeaderScores {
  const scores: HeaderScores = new Map();
  if (h.tokens.length > 0 || h.raw) {
    for (const i of everySynonym ? SYNONYM_LIST.keys() : candidates(h)) {
      const s = SYNONYM_LIST[i];
      const v = scoreSynonym(h, s) * s.weight;
      if (v > (scores.get(s.field) ?? 0)) scores.set(s.field, v);
    }
  }
  // "Dependent 2 DOB" is a wide layout's column; "Dependent DOB" is a dependents sheet's own one.
  if (h.set.has('dependent')) {
    const weaker = h.numbered ? 'dateOfBirth' : 'childDateOfBirth';
    if (scores.has(weaker)) scores.set(weaker, scores.get(weaker)! * 0.5);
  }
  applyLexicon(h, scores);
  return scores;
}

/**
 * The scores of a header with a leading 'number' merged with those of its other words: each field keeps
 * its best, unless the other words name a field outright ('Num_Salary' is the salary: 'num' was the
 * type prefix, not an id number).
 */
function mergeWithoutNumber(h: NormalHeader, scores: HeaderScores, rest: HeaderScores): void {
  let outright = false;
  for (const [f, v] of rest) if (v >= 0.95 && f !== 'ignore') outright = true;
  if (outright) scores.clear();
  for (const [f, v] of rest) if (v > (scores.get(f) ?? 0)) scores.set(f, v);
}

function withoutFirstToken(h: NormalHeader): NormalHeader {
  const tokens = h.tokens.slice(1);
  const compact = tokens.join('');
  return { tokens, set: new Set(tokens), key: tokens.join(' '), compact, raw: compact, numbered: h.numbered };
}

/** The synonym of `field` that scores best for a header (for the plain-words reason of a mapping). */
export function bestSynonym(text: string, field: VocabularyField): string | null {
  const h = normaliseHeader(text);
  let best: string | null = null;
  let score = 0;
  for (const i of candidates(h)) {
    const s = SYNONYM_LIST[i];
    if (s.field !== field) continue;
    const v = scoreSynonym(h, s) * s.weight;
    if (v > score) {
      score = v;
      best = s.h.key || s.rawCompact;
    }
  }
  return best;
}

/** The best field for a header, with its score (for the locate stage's header-row search). */
export function bestHeaderField(text: string): { field: VocabularyField | null; score: number } {
  let field: VocabularyField | null = null;
  let score = 0;
  for (const [f, v] of scoreHeader(text)) {
    if (v > score) {
      field = f;
      score = v;
    }
  }
  return { field, score };
}

const KNOWN_HEADER_TEXT = new Set<string>();
for (const s of SYNONYM_LIST) {
  if (s.rawCompact.length >= 2) KNOWN_HEADER_TEXT.add(s.rawCompact);
  if (s.h.compact.length >= 2) KNOWN_HEADER_TEXT.add(s.h.compact);
}

/**
 * True when a cell's text is, letter for letter, a header the vocabulary knows ("Date of Birth",
 * "EE ID"). A cheap test, used to spot a header row repeated or starting a second table mid-sheet.
 */
export function isKnownHeaderText(text: string): boolean {
  if (text.length < 2 || text.length > 40) return false;
  return KNOWN_HEADER_TEXT.has(text.toLowerCase().replace(/[^a-z0-9]/g, ''));
}
