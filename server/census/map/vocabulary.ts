/**
 * Header vocabulary, merged from the language packs (server/census/lang/: en.ts holds the English
 * phrases below, es/pt/fr/de.ts theirs). English: how carriers', brokers' and payroll systems' census templates name each canonical
 * field (UnitedHealthcare, Aetna, Cigna, BCBS and Kaiser small-group censuses; broker quoting
 * templates; ADP, Paychex, Paycom, Gusto, Workday, UKG exports), plus headers that are known NOT to be
 * a canonical field ('ignore': middle name, department, termination date ...), so that a fuzzy match
 * does not pull them into one.
 *
 * Headers are compared after normalisation (normaliseHeader): case, accents and punctuation folded,
 * camelCase and snake_case split, '#' read as 'number', abbreviations expanded (EE -> employee,
 * DOB -> date birth, DOH -> hire date, Rel -> relationship ...), format hints dropped ("(MM/DD/YYYY)"),
 * stop words ("of", "the", "to") ignored. A synonym may carry a weight ("work state@0.8": a work state
 * is a state, but a worse one than a home state when both exist).
 */
import { foldWord, mergedAbbreviations, mergedHeaders, mergedWords, type HeaderField } from '../lang';

export type VocabularyField = HeaderField;

/** Header phrases per field, every language's. */
export const SYNONYMS: Record<VocabularyField, string[]> = mergedHeaders();

/** Token abbreviations, applied after splitting a header into lower-case words. */
export const ABBREVIATIONS: Record<string, string> = mergedAbbreviations();

/** Words that never carry meaning in a header ('of', 'the'; 'de', 'la', 'der' ...). */
export const STOPWORDS = mergedWords('stopwords');

/** Format hints and filler dropped from headers: "(MM/DD/YYYY)", "required", "optional", "(DD/MM/AAAA)". */
export const NOISE = mergedWords('noise');

/** Header words that do not change what a column holds ("Home State", "Employee DOB", "Current Age"). */
export const NEUTRAL_MODIFIERS = mergedWords('neutral');

/**
 * Header words that make a column something else ("Last Updated", "Termination Date", "Spouse Name",
 * "Middle Name") when the synonym does not have them.
 */
export const NEGATIVE_MODIFIERS = mergedWords('negative');

/**
 * Words a header may carry that say the column describes a dependent, not the row's person. Not
 * "dependent" itself: a dependents sheet names its own columns "Dependent Last Name", "Dependent DOB";
 * only numbered ones ("Dependent 1 DOB") are a wide layout's (see headers.ts).
 */
export const DEPENDENT_WORDS = mergedWords('dependentWords');

/**
 * Type prefixes and suffixes that database exports glue onto a field's name ('Txt_Relationship',
 * 'fld_dob', 'gender_cd', 'strFirstName'): dropped from a header of two words or more.
 */
export const TYPE_AFFIXES = new Set(['txt', 'str', 'fld', 'int', 'dbl', 'dec', 'bool', 'chr', 'lng', 'var', 'col', 'tbl', 'sel', 'cd', 'val', 'fk'].map(foldWord));
