/**
 * Plain data passed between the engine's stages. Every stage is a pure function from these to these;
 * nothing here holds behaviour.
 */
import type {
  CanonicalField,
  CensusColumn,
  CensusIssue,
  CoverageTier,
  Gender,
  MemberStatus,
  Relationship,
} from '../../shared/census/report';

export type { CanonicalField, CoverageTier, Gender, MemberStatus, Relationship };

/** A spreadsheet cell as the read stage hands it over (same shape as read/index.ts's Cell). */
export type Cell = string | number | boolean | Date | null;
export interface Sheet {
  name: string;
  rows: Cell[][];
}

/** A census table found on a sheet by the locate stage. Row indexes are 0-based into sheet.rows. */
export interface LocatedTable {
  sheet: string;
  headerRow: number;
  /** Header text per column index (trimmed; '' for a column without a header). */
  headers: string[];
  /** Data rows in order (the sheet's own row arrays): blank rows, repeated headers and footers left out. */
  rows: Cell[][];
  /** rowIndex[i]: the 0-based sheet row of rows[i]. */
  rowIndex: number[];
  /** Rows inside the table's bounds that are not data (footers, notes), with why. */
  skipped: { index: number; text: string; reason: string }[];
  /**
   * No header row: the table was found by its shape and values (rows of one width, a column of dates),
   * headerRow is the row above its first data row (-1 at the top), every header ''. Its columns are
   * named by their values alone.
   */
  headerless?: boolean;
  /**
   * The row under the header that describes the columns ('Employee ID', 'Date of Birth (MM/DD/YYYY)'), per
   * column index, when the table has one: a template's words for people under its machine header. The map
   * stage reads a column by it where the header's own words say nothing.
   */
  descriptions?: string[];
}

export interface LocateResult {
  tables: LocatedTable[];
  /** Why nothing was found, when tables is empty. */
  reason?: string;
}

/** One column's mapping (map stage). */
export interface ColumnMapping {
  /** Column index in the table's rows. */
  index: number;
  header: string;
  field: CanonicalField | null;
  confidence: number;
  /** Best other candidates, for issues and debugging. */
  candidates: { field: CanonicalField; score: number }[];
  /** Why a column with a candidate ended up null (lost to a better column, too weak). */
  note?: string;
  /** Plain words on why the column got its field, or none (report.columns[].reason). */
  reason?: string;
  /**
   * How a relationship column's codes read: 'oneBased' digits (1 self, 2 spouse, 3 child ...),
   * 'flag' (a Subscriber/Self column of Y/N); absent: the usual words, letters and X12/zero-based digits.
   */
  codes?: 'oneBased' | 'flag' | 'subscriberLetters' | 'activeFlag';
  /** Code readings given from outside (CensusReading.codes): the cell's trimmed lower-case text -> a canonical value, '' for blank. */
  codeOverrides?: Map<string, string>;
  /**
   * An unmapped column the engine still reads: a pay mode (per-row annualising), an exit date, a
   * rehire date (a later one cancels the exit date), a member sequence.
   */
  role?: 'payMode' | 'exitDate' | 'rehireDate' | 'memberSequence';
  /** The amount column whose meaning the row's pay mode decides: the pay-mode column's index. */
  payModeIndex?: number;
  /**
   * A 'Salary or Hourly Rate' column with no pay-mode column beside it: each amount's size says what
   * it is (under 200 an hourly rate, else a year's pay).
   */
  mixedByMagnitude?: boolean;
  /** A pay column whose header names no period, read by its amounts' size (a review asks to check). */
  periodByMagnitude?: 'monthly';
  /** A coverage-tier column whose dependent rows carry relationship codes (SP, CH) instead of a tier. */
  alsoRelationship?: boolean;
  /** The field (or its codes) came from a reading given from outside. */
  fromReading?: boolean;
  /**
   * A wide layout's dependent birth-date column: the column of the same member block that says who
   * that member is ('Dependent 1 Relationship' beside 'Dependent 1 Date of Birth'). Its spouse or
   * partner code makes the member a spouse; otherwise the column's field decides.
   */
  relationshipIndex?: number;
  /** Share of its sampled values that are a dependent's relationship codes (SP, CH, Spouse): the review checks it. */
  dependentShare?: number;
}

/** A row after normalisation: typed canonical values (null = blank or unreadable). */
export interface MemberValues {
  employeeId: string | null;
  firstName: string | null;
  lastName: string | null;
  relationship: Relationship | null;
  dateOfBirth: string | null;
  age: number | null;
  gender: Gender | null;
  zip: string | null;
  state: string | null;
  hireDate: string | null;
  /** USD per year, whatever the source (annual, 12 x monthly, rate x hours x 52), whole dollars. */
  annualSalary: number | null;
  monthlySalary: number | null;
  hourlyRate: number | null;
  hoursPerWeek: number | null;
  status: MemberStatus | null;
  coverageTier: CoverageTier | null;
  jobTitle: string | null;
  tobacco: boolean | null;
  /** Only the last four digits of an SSN are ever kept. */
  ssnLast4: string | null;
  /**
   * The full SSN (nine digits), only in an export run of a case that opted in (AnalyzeOptions.keepSsn)
   * and only for the targets that require it; null in every analysis run. The report never carries it.
   */
  ssnFull: string | null;
}

/** A row after normalisation: its canonical values (MemberValues) and where it came from. */
export interface NormalisedRow extends MemberValues {
  file: string;
  sheet: string;
  /** 1-based row number as the spreadsheet shows it. */
  row: number;
  /** Wide layout: dependents' birth dates in columns (header kept for the change log). */
  spouseDates: { header: string; date: string }[] | null;
  childDates: { header: string; date: string }[] | null;
  /** Unmapped columns: header -> cell text (blank cells left out). */
  extras: Record<string, string>;
  /** How many cells of the row are filled. */
  filled: number;
  /** First filled cell's text (redacted), for issue messages about rows that may not be members ('' for named rows). */
  firstText: string;
  /** The table had no relationship column / the row's relationship cell was blank. */
  relationshipGiven: boolean;
  /**
   * The row is in a table with no header row, found by its shape: rows of one width with a column of
   * dates (locate.ts). Every such row describes someone, so a birth date or an age makes it a person
   * even when no column could be read as a name or an id (isMemberRow).
   */
  inHeaderlessTable: boolean;
  /**
   * The row's table has no column read as a name, an id or an SSN (FieldSpec.identifiesPerson): a
   * quoting census kept anonymous, or one whose name columns no pack reads. A birth date makes the row
   * a person (isMemberRow); merge.ts asks for a review when a column it did not read may hold the names.
   */
  inUnnamedTable: boolean;
  /** The row's own id, else name, as read (Member.ident; members.ts identOf; always set by newRowObject). */
  ident?: string;
}

/** A person in the clean member list. */
export interface Member extends MemberValues {
  /** Unique within one analysis; links dependents to employees. */
  uid: number;
  /** Where the kept row was read. */
  file: string;
  sheet: string;
  row: number;
  /** Wide layout: the header of the column the dependent came from (null for a row's own person). */
  column: string | null;
  /** Every file that names this person, in input order; the first counts for livesPerFile. */
  files: string[];
  /** uid of the employee a dependent belongs to (null for employees and orphans). */
  employeeUid: number | null;
  extras: Record<string, string>;
  imputed: { gender: boolean; dateOfBirth: boolean; annualSalary: boolean };
  /**
   * The row's own identity as read, before any hand edit or merge: its employee id, else its name
   * ('first\u0000last'), else '' (hand-edits.ts keys it; a wide dependent has its row's). Set by every
   * constructor in members.ts; optional only for members written out in tests.
   */
  ident?: string;
}

/** One entry of the change log: what the engine did to the data and why. */
export interface Change {
  file: string;
  sheet: string;
  /** 1-based source row. */
  row: number;
  field: string;
  from: string;
  to: string;
  why: string;
}

export type Issue = CensusIssue;
export type ReportColumn = CensusColumn;

/** A file as the engine sees it after the read stage. */
export interface ReadFile {
  fileName: string;
  smtpId: string;
  sheets: Sheet[];
  notes: string[];
}

/** A table with its mapping, ready for normalisation. */
export interface MappedTable {
  file: string;
  table: LocatedTable;
  columns: ColumnMapping[];
}
