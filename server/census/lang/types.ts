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
  /** Header words of the columns read for another purpose than a census field of their own (map/role-words.ts). */
  roles?: RoleWords;
  /** The words the table rules read: sheet names, headers that decide between columns, species (lang/rule-words.ts). */
  rules?: RuleWords;
  /** Head nouns with the qualifiers that keep their meaning, and qualifiers that move a header away (map/lexicon.ts). */
  lexicon?: Lexicon;
}

export interface Lexicon {
  heads: HeadRule[];
  movesAway: MoveAway[];
  /** Words that never change what a head noun names: whose it is, and that it is the current one. */
  neutral: string[];
}

export interface HeadRule {
  field: CanonicalField;
  /** Every group must have one of its words in the header. */
  need: string[][];
  /** Other words the header may have (beside neutral ones such as 'employee', 'current'). */
  allow: string[];
  score: number;
  evidence: string;
}

export interface MoveAway {
  fields: CanonicalField[];
  words: string[];
  evidence: string;
}


/**
 * Words the table rules read (select-tables.ts, file-tables.ts, locate.ts, map/, normalise/), by what
 * they tell. A phrase matches its words in a row (spaces optional); a word ending in '*' matches every
 * word it begins ('instruction*': 'Instructions'). Names and headers are split at camelCase and at any
 * sign before they are compared ('EE_Dependents' = 'ee dependents').
 */
export interface RuleWords {
  /** A sheet of help for the people who fill a template ('Instructions', 'Lists', 'Codes'). */
  helpSheet?: string[];
  /** A sheet that holds a form or a summary, not a table of people ('Company Info', 'Summary'). */
  formSheet?: string[];
  /** A sheet of dependents ('Dependents', 'Spouses', 'Familiares'). */
  dependentSheet?: string[];
  /** A sheet of pets, the whole name ('Pets', 'My Pets', 'Mascotas'). */
  petSheet?: string[];
  /** Species and breeds: a column holding them on most rows makes a list of animals. */
  pets?: string[];
  /** A header's word that says the column holds one number per household, not per member ('subscriber', 'family'). */
  householdPerson?: string[];
  /** A header naming the row's own person beside the employee ('Dependent Name' beside 'Employee Name') ... */
  ownPerson?: string[];
  /** ... and the employee's ('employee', 'subscriber'). */
  employeePerson?: string[];
  /** Relationship values that only tell the employee from a dependent ('EE', 'Dep', 'Y'), not which dependent. */
  coarseRelationship?: string[];
  /** A header of medical coverage ('Medical Tier') ... */
  medical?: string[];
  /** ... and of another product ('Dental Tier', 'Life'). */
  otherProduct?: string[];
  /** An active flag's header: it says active or eligible ... */
  activeFlag?: string[];
  /** ... and nothing else but these ('flag', 'indicator', 'current'). */
  flagWords?: string[];
  /** A yes/no column's header that says the person is still at work ('current', 'working'): no veto. */
  stillWorking?: string[];
  /** A header naming the employment status alone ('Status', 'Situación') ... */
  statusName?: string[];
  /** ... with only these beside ('employment', 'laboral'). */
  statusQualifier?: string[];
  /** A header of an extra column that holds a social security or tax number: masked like the SSN. */
  ssnHeader?: string[];
  /** A country column's header: a country other than the US makes the addresses foreign. */
  country?: string[];
  /** A column of provinces or regions: not US states. */
  province?: string[];
  /** A state's header ('State'): its values decide whether the addresses are in the US. */
  region?: string[];
  /** Words of a template's placeholder places ('StateA', 'City 1'): no place at all. */
  placePlaceholder?: string[];
  /** A numbered dependent's header lead ('Dep1', 'Child 2 DOB'). */
  numberedDependent?: string[];
  /** A row or a name that gives an example, not a person ('Example', 'Sample'). */
  example?: string[];
  /** The lead of a row under a table that totals or notes it ('Grand Total', 'Count of employees', 'Prepared by'). */
  footer?: string[];
  /** A template's word under its headers saying which columns must be filled ('Required', '(optional)'): never a name. */
  marker?: string[];
  /** Words that lead a cell telling people what to put in a column ('Enter', 'Select'). */
  instruction?: string[];
  /** Words of a cell that describes a column's format ('numeric', 'e.g.', 'YYYYMMDD'). */
  formatHint?: string[];
  /** The letters a date format is written with, per part ('dd', 'jj', 'tt'; 'mm'; 'yyyy', 'aaaa', 'jjjj'): 'MM/DD/YYYY' describes a column. */
  dayLetters?: string[];
  monthLetters?: string[];
  yearLetters?: string[];
  /**
   * Words of job titles ('Manager', 'Technician', 'Nurse'; 'manag*' takes longer words): a column of
   * varied words most of whose values hold one is the job title, whatever its header (map/value-rules/job-title-from-words.ts).
   */
  jobWords?: string[];
  /** A payroll register's line that closes an employee's block ('Employee Totals'): read/pdf-register.ts. */
  registerTotal?: string[];
  /** A register's label words: the person ('Emp', 'Employee'), its id ('#', 'No', 'ID') and its name ('Name'). */
  registerPerson?: string[];
  registerId?: string[];
  registerName?: string[];
  /** A header word that says the column is about something else than the member's own data ('manager', 'plan', 'spouse'): map/vetoes.ts. */
  vetoWords?: string[];
}

/**
 * Header words of role columns (map/roles.ts) and of the table-wide pay rules (map/index.ts), by what
 * they say. A phrase matches its words in a row (spaces optional: 'payType'); a '/' may have spaces
 * around it. Words match whole, except `paySchedule`'s, which match inside a word too ('payfreq').
 */
export interface RoleWords {
  /** A pay word: with values that are pay modes, the column is a pay mode ('pay', 'sueldo', 'Gehalt'). */
  pay?: string[];
  /** After a pay word, a pay mode's header ('type', 'mode', 'basis', 'frequency'). */
  payMode?: string[];
  /** A pay mode's header of its own ('salary mode', 'salary or hourly'). */
  payModePhrase?: string[];
  /** The pay modes themselves, two of which make a header ('S/H', 'Salary/Hourly'). */
  payModePair?: string[];
  /** A pay mode about how often people are paid, not what the amount is (matched inside words). */
  paySchedule?: string[];
  /** The period of a pay amount ('annual', 'monthly', 'per hour', 'mensual', 'jährlich'). */
  period?: string[];
  /** A header naming a pay amount ('rate', 'salary', 'amount'). */
  payAmount?: string[];
  /** A header naming two kinds of amount, joined by `either`: a year's pay ('salary', 'annual') ... */
  yearPay?: string[];
  /** ... and an hour's ('hourly', 'rate'). */
  hourPay?: string[];
  /** Words that join two choices in a header ('or', 'and', 'o', 'ou', 'oder'). */
  either?: string[];
  /** A rehire ('rehire', 'reinstated', 'Wiedereinstellung'). */
  rehire?: string[];
  /** An exit from the employment ('termination', 'leaving', 'baja', 'sortie', 'Austritt'). */
  exit?: string[];
  /** A date word glued to an exit word ('TermDt', 'Austrittsdatum'). */
  exitDate?: string[];
  /** A date word ('date', 'dt', 'fecha', 'datum'). */
  date?: string[];
  /** Coverage and plan words: a 'Coverage Termination Date' ends a coverage, not the employment. */
  notEmployment?: string[];
  /** A member sequence or suffix within a household ('seq', 'person number'). */
  sequence?: string[];
  /** Before the person of a subscriber flag ('is', 'the'). */
  flagLead?: string[];
  /** The person a subscriber flag names ('subscriber', 'employee', 'policy holder'). */
  flagPerson?: string[];
  /** After it ('flag', 'indicator', 'y/n', '?'). */
  flagSuffix?: string[];
}
