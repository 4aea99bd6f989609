/**
 * A language pack: the words a census written in one language uses, as data. The rules that read
 * them (map/, locate.ts, values/codes.ts) are language-independent; adding a language is one pack
 * file and its test (docs/census-engine.md "Language packs").
 *
 * Every word is compared folded: lower case, accents stripped ('Cónyuge' = 'conyuge'), punctuation,
 * camelCase and snake_case split ('fechaNacimiento' = 'fecha nacimiento').
 */
import type { CanonicalField, CoverageTier, Gender, MemberStatus, Relationship } from '../types';

/** A canonical field, or 'ignore': headers known NOT to be a census field (so no fuzzy match pulls them in). */
export type HeaderField = CanonicalField | 'ignore';

export interface CodeWords {
  relationship?: Partial<Record<Relationship, string[]>>;
  gender?: Partial<Record<Gender, string[]>>;
  status?: Partial<Record<MemberStatus, string[]>>;
  tier?: Partial<Record<CoverageTier, string[]>>;
  tobacco?: { yes?: string[]; no?: string[] };
  yes?: string[];
  no?: string[];
}

/**
 * Words that give a code when found inside longer free text the code tables do not hold ('Son
 * (step)', 'Employee & Spouse', 'Hijo mayor'). The order in which codes are tried is the rule's
 * (values/codes.ts), not the pack's. A phrase of several words matches those words in a row; a word
 * ending in '*' matches every word it begins ('retire*': retired, retirement).
 */
export interface CodeHints {
  relationship?: Partial<Record<Relationship, string[]>>;
  status?: Partial<Record<MemberStatus, string[]>>;
  /** 'EF' also follows from a spouse word and a child word together: give ES and EC their words. */
  tier?: Partial<Record<CoverageTier, string[]>>;
}

export interface LanguagePack {
  /** ISO 639-1 code. */
  code: string;
  name: string;
  /** Where the words come from (kinds of real forms and templates), for whoever extends the pack. */
  sources: string[];
  /**
   * Header phrases per field as real templates in the language write them; 'phrase@0.8' gives a
   * weight under 1 (a phrase that usually, not always, names the field).
   */
  headers: Partial<Record<HeaderField, string[]>>;
  /** Header tokens written short, with what they stand for ('fec' -> 'fecha', 'nro' -> 'number'). */
  abbreviations?: Record<string, string>;
  /** Words that never carry meaning in a header ('de', 'la', 'der'). */
  stopwords?: string[];
  /** Format hints and filler dropped from headers ('aaaa' of 'DD/MM/AAAA', 'obligatorio'). */
  noise?: string[];
  /** Header words that do not change what a column holds ('empleado', 'titular'). */
  neutral?: string[];
  /** Header words that make a column something else when the phrase does not have them ('conyuge', 'baja'). */
  negative?: string[];
  /** Header words that say the column describes a dependent, not the row's person. */
  dependentWords?: string[];
  /** Code values: relationship, gender, status, tier, tobacco, yes/no. */
  codes: CodeWords;
  /** Code words found inside longer free text. */
  codeHints?: CodeHints;
  /** Month names and their abbreviations, January first (twelve lists). */
  months: string[][];
  /** Cell values that mean "no value" ('N/D', 'sin dato', 'k.A.'). */
  placeholders: string[];
  /** Words of a row that describes the columns under a header ('Obligatorio', 'Pflichtfeld'). */
  descriptive: string[];
}
