/**
 * What the engine knows about one canonical field (CENSUS.md "Canonical fields"), in one object: its
 * words, group and kind, and how the normalise stage reads a cell of it and stores the value. Each
 * field has one file in this folder exporting its FieldSpec; index.ts assembles the registry. A
 * field's words in the languages of a file (headers, codes) stay in the language packs (lang/).
 */
import { VALUE_PLACEHOLDERS } from '../normalise/placeholders';
import type { ColumnStats } from '../map/column-stats';
import type { CanonicalField, Cell, ColumnMapping, NormalisedRow } from '../types';
import type { DateContext } from '../values/dates';
import type { Note } from '../values/note';
import type { DigitField } from '../read/ocr/digits';

export type FieldGroup = 'identity' | 'person' | 'household' | 'address' | 'work' | 'pay' | 'coverage' | 'dependents';
export type ValueKind = 'id' | 'name' | 'code' | 'date' | 'number' | 'money' | 'text' | 'zip' | 'state' | 'flag';

/**
 * What reading one cell needs and tells: `note` is the side channel the caller resets per cell (its
 * `why` becomes a Change in the change log, `invalid` an Issue and a blank); `dates` the as-of day and
 * the day order the column's sample showed.
 */
export interface ReadContext {
  note: Note;
  dates: DateContext;
}

/** Reads one filled, non-placeholder cell: the canonical value, or null (with note.invalid set when unreadable). */
export type ReadCell = (cell: Cell, ctx: ReadContext) => unknown;

/** Stores a read value in its member slot (one small function per field keeps each store monomorphic). */
export type StoreValue = (row: NormalisedRow, v: unknown) => void;

/**
 * Where a read value goes: its member slot, or a value the row loop gathers before it becomes member
 * values ('nameToSplit': a full name, split into first and last once the row's name columns are read;
 * 'dependentBirthDate': a wide layout's dependent, made a member of its own by merge).
 */
export type Slot = StoreValue | 'nameToSplit' | 'dependentBirthDate';

export interface FieldSpec {
  id: CanonicalField;
  /** Plain words for messages and reasons ("birth date"). */
  label: string;
  group: FieldGroup;
  kind: ValueKind;
  /** A wrong column of this field changes the head count (review: CensusReview). */
  decidesHeadCount: boolean;
  /** Names or dates a person: a census table has at least one such column. */
  namesPerson: boolean;
  /**
   * Tells who the row is (a name, an id, an SSN). A table with no such column read counts a row by its
   * birth date (members.ts isMemberRow).
   */
  identifiesPerson?: true;
  /** An amount of pay turned into an annual salary, and the period it is paid for. */
  payPeriod?: 'yearly' | 'monthly' | 'hourly';
  /** Gives the member's age (a birth date or an age): a table with no header row names people by it alone. */
  agesPerson?: true;
  /** What a wrong or unread column of it changes first (review.ts REVIEW_WEIGHT): the lives, or who is a dependent. */
  stakes?: 'lives' | 'relationships';
  /** How the engine filled in a missing value of it (impute.ts), in the report's words; `why` is the change's. */
  estimatedHow?: (why: string) => string;
  /**
   * What a column's value counts add to its values' fit for the field when the header names it (the
   * map stage): shapes the profile does not count as the field's, but a column so named holds.
   */
  fitWithHeader?: (stats: ColumnStats) => number;
  /** A header that names it strongly may hold its codes as digits the file does not explain (1..4 for tiers). */
  codesMayBeDigits?: true;
  /** What a person should check about a column of it read the way the map stage chose (review.ts), if anything. */
  checkReading?: (col: ColumnMapping) => string | null;
  /** The codes a reading from outside may give a value of its column (CensusReading.codes), and how one is stored. */
  readingCodes?: ReadingCodes;
  /** A file may hold several columns of it (one per child): the map stage keeps them all. */
  manyColumns?: true;
  /** Values alone do not make a column of it in a table with headers: the header must say (map/vetoes.ts). */
  needsHeader?: true;
  /** In a table with no header row at all, its values may name it all the same (issue 19). */
  namedByValuesWithoutHeaders?: true;
  /**
   * Under a header no pack reads ('Tipo di Copertura'), its values do not name it even when they carry
   * far (map/vetoes.ts, UNREAD_VALUES_MIN): one value that is also a code elsewhere ('None' on most rows
   * of a leave-type column) is no sign of the field.
   */
  notNamedUnderUnreadHeader?: true;
  /**
   * The digits a cell of it holds, as a scan's OCR'd cell is checked (read/ocr/digits.ts): a letter read
   * in a digit's place is corrected and said, a cell that still does not fit is a review reason (issue 30).
   */
  scanDigits?: DigitField;
  /** The day the employment began: the date-order rules (map/headerless.ts) put it years after the birth date, before an exit. */
  startsEmployment?: true;
  /** Its value links a household's rows (dependents carry their employee's): it repeats only on one household's rows. */
  linksHousehold?: true;
  /** Its column may also mark dependents' rows with their relationship codes ('SP', 'CH' in a coverage column). */
  mayMarkDependents?: true;
  /** Whose birth date the field is: the member's own, or a wide layout's spouse or child. */
  birthDateOf?: 'member' | 'spouse' | 'child';
  /** Values that count as blank in a cell of this field (normalise/placeholders.ts). */
  placeholders: ReadonlySet<string>;
  /** Values never repeat (ids, SSNs): the normalise stage does not memoise them. */
  unique: boolean;
  /** The normalise stage's reading of a cell. */
  read: ReadCell;
  /**
   * The code system its column's values show (map stage): read by them (`readColumn`) instead of the
   * usual codes, with the words the column's reason gives.
   */
  columnCodes?: (c: { header: string; sample: readonly Cell[]; stats: ColumnStats }) => { codes: NonNullable<ColumnMapping['codes']>; why: string } | null;
  /** A column's own reading the map stage or a reading chose (its `codes`), when it has one. */
  readColumn?: (col: ColumnMapping) => ReadCell | null;
  /** Where the value goes. */
  slot: Slot;
  /** How an unreadable cell is quoted in the change log and issues (default: redacted text). */
  quote?: (text: string) => string;
  /** Keeps the full value beside the slot's, only when a case asks for it (the SSN of an export run). */
  keepFull?: (row: NormalisedRow, cell: Cell) => void;
}

/** The code values a reading may give a column's value, and what its code override stores (apply-reading.ts). */
export interface ReadingCodes {
  allowed: (col: ColumnMapping) => readonly string[];
  stored: (col: ColumnMapping, as: string) => string;
}

/** A field whose column reads one list of codes, stored as given. */
export function plainCodes(values: readonly string[]): ReadingCodes {
  return { allowed: () => values, stored: (_col, as) => as };
}

/** What a field file gives; the rest takes the common value (decides no head count, names no person, VALUE_PLACEHOLDERS, memoised). */
export type FieldSpecInput = Pick<FieldSpec, 'id' | 'label' | 'group' | 'kind' | 'read' | 'slot'> & Partial<FieldSpec>;

/** A field's spec from what its file gives. */
export function defineField(input: FieldSpecInput): FieldSpec {
  return { decidesHeadCount: false, namesPerson: false, placeholders: VALUE_PLACEHOLDERS, unique: false, ...input };
}
