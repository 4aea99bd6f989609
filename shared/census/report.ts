/**
 * The census report object (../shared/spec/CENSUS.md "The report object"): what the engine, the CLI
 * and the API's case detail (response data.data) return, and what <census-report> draws.
 * Framework-free; imports nothing. The bucket labels and edges live here once so that the engine and
 * the charts agree on them.
 */

/** Canonical fields a census column can map to (CENSUS.md "Canonical fields"). */
export const CANONICAL_FIELDS = [
  'employeeId',
  'firstName',
  'lastName',
  'fullName',
  'relationship',
  'dateOfBirth',
  'age',
  'gender',
  'zip',
  'state',
  'hireDate',
  'annualSalary',
  'monthlySalary',
  'hourlyRate',
  'hoursPerWeek',
  'status',
  'coverageTier',
  'jobTitle',
  'tobacco',
  'ssn',
  'spouseDateOfBirth',
  'childDateOfBirth',
] as const;
export type CanonicalField = (typeof CANONICAL_FIELDS)[number];

/**
 * The code values a relationship, status or coverage tier is read as: written once here for the
 * engine's reading, the server's reading check, the OpenAPI document and the report's correction panel.
 */
export const RELATIONSHIPS = ['employee', 'spouse', 'domesticPartner', 'child', 'other'] as const;
export const MEMBER_STATUSES = ['active', 'cobra', 'leave', 'retired', 'terminated', 'waived', 'deceased'] as const;
export const COVERAGE_TIERS = ['EE', 'ES', 'EC', 'EF', 'waived'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
export type Gender = 'male' | 'female' | 'unknown';
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export type CoverageTier = (typeof COVERAGE_TIERS)[number];
/** The fields whose values are codes, and the values each can be read as. */
export const CODE_VALUES: { readonly [F in CensusCodeValues['field']]: readonly string[] } = {
  relationship: RELATIONSHIPS,
  status: MEMBER_STATUSES,
  coverageTier: COVERAGE_TIERS,
};

/** Statuses counted as lives; a blank status counts as active. */
export const LIFE_STATUSES: readonly MemberStatus[] = ['active', 'cobra', 'leave'];
export const RETIRED_STATUSES: readonly MemberStatus[] = ['retired'];
export const EXCLUDED_STATUSES: readonly MemberStatus[] = ['terminated', 'waived', 'deceased'];

/**
 * Bucket labels with their lower edges (inclusive); each bucket runs up to the next one's edge.
 * Ages and tenure in whole years, salary in whole dollars.
 */
export const AGE_BANDS = [
  ['0-17', 0],
  ['18-24', 18],
  ['25-29', 25],
  ['30-34', 30],
  ['35-39', 35],
  ['40-44', 40],
  ['45-49', 45],
  ['50-54', 50],
  ['55-59', 55],
  ['60-64', 60],
  ['65+', 65],
] as const;
export const SALARY_BANDS = [
  ['<25', 0],
  ['25-49', 25_000],
  ['50-74', 50_000],
  ['75-99', 75_000],
  ['100-149', 100_000],
  ['150-199', 150_000],
  ['200+', 200_000],
] as const;
export const TENURE_BANDS = [
  ['<1', 0],
  ['1-2', 1],
  ['3-4', 3],
  ['5-9', 5],
  ['10-14', 10],
  ['15-19', 15],
  ['20+', 20],
] as const;

export type AgeBandLabel = (typeof AGE_BANDS)[number][0];
export type SalaryBandLabel = (typeof SALARY_BANDS)[number][0];
export type TenureBandLabel = (typeof TENURE_BANDS)[number][0];

/**
 * A distribution: every label with its count, or {} when the files do not carry the field (the chart
 * then says 'No data available').
 */
export type Distribution<L extends string> = Partial<Record<L, number>>;

export interface CountWithShare {
  value: number;
  /** Percentage of lives, one decimal. */
  percentage: number;
}

export interface CensusReportFile {
  fileName: string;
  /** Stable id of the file within the case (a short hash of its name and bytes). */
  smtpId: string;
}

/** A runner-up field for a column, best first, at most two. */
export interface CensusColumnAlternative { field: CanonicalField | null; confidence: number }

export interface CensusColumn {
  file: string;
  sheet: string;
  header: string;
  /** null: not a canonical field (ignored, kept in the export's extra columns). */
  field: CanonicalField | null;
  /** 0..1; below the engine's threshold the mapping is also listed in issues. */
  confidence: number;
  /**
   * Plain words on why: which header words and which value profile decided the field, or why the
   * column was left unmapped on purpose. Shown in <census-report>'s 'How we read your file' panel.
   */
  reason?: string;
  /** Runner-up fields, at most two, best first (may be []). */
  alternatives: CensusColumnAlternative[];
  /** true when the field came from an outside reading. */
  fromReading?: boolean;
}

/** Whether a person should check the reading before relying on the figures, and why. */
export interface CensusReview {
  needed: boolean;
  /** One plain sentence per reason, e.g. "We were not sure which column holds the employment status: we used 'HCE Status'." */
  reasons: string[];
  /** The columns the reasons are about (the report opens its reading panel at these). */
  columns: { file: string; sheet: string; header: string }[];
}

/** A reading given from outside: overrides the engine's own choices. Every part optional. */
export interface CensusReading {
  columns?: { file: string; sheet: string; header: string; field: CanonicalField | null }[];
  /** read: false skips the sheet, true reads it even when the engine would skip it; headerRow: 1-based row number in the sheet (as the spreadsheet shows it). */
  sheets?: { file: string; sheet: string; read?: boolean; headerRow?: number }[];
  /** How a distinct value of a relationship / status / coverageTier column is read. `as` is a canonical value
   *  of that field (Relationship | MemberStatus | CoverageTier), or '' for blank (no value). */
  codes?: { file: string; sheet: string; header: string; value: string; as: string }[];
  /** Cells edited by hand in the member table (issue 28; shared/census/members.ts). */
  edits?: CensusReadingEdit[];
  /** Rows marked by hand: not a person (counted: false) or count this person (counted: true). */
  rows?: CensusReadingRowMark[];
}

/** The fields the member table shows and a hand edit may set, in the table's column order. */
export const MEMBER_TABLE_FIELDS = [
  'relationship', 'firstName', 'lastName', 'dateOfBirth', 'gender', 'status', 'hireDate',
  'annualSalary', 'zip', 'state', 'coverageTier',
] as const satisfies readonly CanonicalField[];
export type MemberTableField = (typeof MEMBER_TABLE_FIELDS)[number];

/**
 * A hand edit of one cell. A row is named by where it was read: file name, sheet ('' for a CSV) and
 * the 1-based source row as the spreadsheet shows it (as the 'Not counted' list names it); a wide
 * layout's dependent adds `column`, the header it was read from. `value` is what was typed ('' clears).
 * `key` is the member table's opaque key of the row (CensusMemberRow.key: a keyed hash of the row's
 * own id or name, never the value): a remembered reading applies an edit to a new upload only where
 * the row at that place still has that key, and says so where it has not.
 */
export interface CensusReadingEdit {
  file: string;
  sheet: string;
  row: number;
  column?: string;
  key?: string;
  field: MemberTableField;
  value: string;
}

/** A row marked by hand: counted: false = 'not a person'; counted: true = 'count this person'. */
export interface CensusReadingRowMark {
  file: string;
  sheet: string;
  row: number;
  column?: string;
  /** As CensusReadingEdit.key. */
  key?: string;
  counted: boolean;
}

/** Which parts of the reading came from outside. */
export interface CensusReadingInfo {
  source: 'automatic' | 'yours' | 'saved';   // the engine says 'automatic' or 'yours'; the server turns 'yours' into 'saved' for an upload sent with saved choices
  savedOn?: string;                           // YYYY-MM-DD, only with 'saved' (set by the server)
  /**
   * What differs from the engine's own choice. kind 'edit': a hand edit (header: a wide dependent's
   * column or null; row, field, and value as typed); kind 'row': a row mark (value 'counted' or 'not counted').
   */
  changed: {
    file: string; sheet: string; header: string | null;
    kind: 'column' | 'sheet' | 'headerRow' | 'code' | 'edit' | 'row';
    value?: string;
    /** 'edit' and 'row': the 1-based source row. */
    row?: number;
    /** 'edit': the field edited. */
    field?: MemberTableField;
    /** 'edit' and 'row': the row's key (CensusMemberRow.key), so that the reading can be sent again from `changed` alone. */
    key?: string;
  }[];
}

/** The distinct values of a relationship, status or coverageTier column and what each was read as. */
export interface CensusCodeValues {
  file: string; sheet: string; header: string;
  field: 'relationship' | 'status' | 'coverageTier';
  /** At most 30 values, most frequent first; value truncated to 40 characters. */
  values: { value: string; as: string; count: number }[];
}

/** A sheet the engine did not read members from, and why (instructions, lists, a form, no table). */
export interface CensusSkippedSheet {
  file: string;
  sheet: string;
  reason: string;
}

/**
 * Why a row or member is not counted in the lives (issue 21, the 'Not counted' view and the clean
 * export's 'Not counted' sheet). Codes are fixed; the words beside each are its group heading, written
 * once here so that the report and the export say the same. Order: the order the view lists them in.
 */
export const NOT_COUNTED_REASONS = {
  retired: 'Retired',
  terminated: 'Excluded: terminated',
  'exit-date': 'Excluded: exit date before the as-of date',
  waived: 'Excluded: waived',
  deceased: 'Excluded: deceased',
  duplicate: 'Duplicate of another row',
  'not-a-person': 'Not a person (title, total, note, example or header row)',
  'skipped-sheet': 'Sheet not read',
} as const;
export type NotCountedReason = keyof typeof NOT_COUNTED_REASONS;
/** Entries the report carries per reason (the counts stay complete; the clean export lists every one). */
export const NOT_COUNTED_SHOWN_PER_REASON = 250;

/** A member left out of the lives, a row removed, or a sheet not read. */
export interface CensusNotCountedEntry {
  file: string;
  sheet: string;
  /** 1-based row number as the spreadsheet shows it; null for a whole sheet. */
  row: number | null;
  /** A wide layout's dependent: the column it was read from ('Spouse DOB'). */
  column?: string;
  /**
   * Who: the member's name, else 'ID ' and their employee id (an SSN-shaped id is a pseudonym, never
   * the SSN), else their relationship; for a row that is not a person, its first cell as the issues
   * quote it (redacted); '' for a sheet.
   */
  who: string;
  reason: NotCountedReason;
  /** The reason in words for this entry: 'same person as staff.xlsx Census row 12', 'a total or note under the table'. */
  detail: string;
  /** A document's row (a PDF or a scan): the page it is printed on and its line there (1-based), shown instead of sheet and row. */
  page?: number;
  line?: number;
}

export interface CensusNotCounted {
  /** Every entry, all reasons. */
  total: number;
  /** Entries per reason (complete, even where `entries` is cut). */
  byReason: Partial<Record<NotCountedReason, number>>;
  /** The entries, grouped by reason in NOT_COUNTED_REASONS order; at most NOT_COUNTED_SHOWN_PER_REASON per reason. */
  entries: CensusNotCountedEntry[];
  /** Dependents linked to no employee: counted in the lives (CENSUS.md), said beside the list so nobody looks for them in it. */
  orphansCounted: number;
}

export interface CensusIssue {
  file: string;
  /** null when the issue concerns the whole file. */
  sheet: string | null;
  /** 1-based row number in the sheet as the spreadsheet shows it; null for the whole sheet or file. */
  row: number | null;
  message: string;
}

export interface CensusReport {
  files: CensusReportFile[];
  livesPerFile: (CensusReportFile & { lives: number })[];
  totalLives: number;
  livesAdditionalInfo: { retired: number; excluded: number };
  genderRatio: { male: CountWithShare; female: CountWithShare; unknown: CountWithShare };
  ageBand: Distribution<AgeBandLabel>;
  salaryBand: Distribution<SalaryBandLabel>;
  tenure: Distribution<TenureBandLabel>;
  /** Lives with a known state, by USPS two-letter code. */
  demographics: Record<string, number>;
  columns: CensusColumn[];
  imputed: { gender: number; dateOfBirth: number; annualSalary: number };
  issues: CensusIssue[];
  /** Lives by relationship (issue 14: the summary line). */
  relationships: Record<Relationship, number>;
  /** Employee members that are lives or waived, by coverage tier; {} when the files carry no tier column. */
  coverageTiers: Partial<Record<CoverageTier, number>>;
  /** The date ages and tenure are counted at, YYYY-MM-DD. */
  asOf: string;
  /** Sheets whose census table was read. */
  sheetsRead: number;
  /** Rows read under the census tables' headers (members and rows left out with a reason). */
  rowsRead: number;
  /** Rows and wide columns that became members, before duplicates were removed. */
  membersFound: number;
  duplicatesRemoved: number;
  /** Whether a person should check the reading (engine, issue 12). Optional on the type until every producer sets it. */
  review?: CensusReview;
  /** Which parts of the reading came from outside (engine, issue 12). */
  reading?: CensusReadingInfo;
  /** What each code of a relationship / status / tier column was read as (engine, issue 12). */
  codeValues?: CensusCodeValues[];
  /** Who is not counted in the lives and why (issue 21). Optional on the type: reports stored before it have none. */
  notCounted?: CensusNotCounted;
  /**
   * Set by the API on the public sample case (server/cases/sample.ts), which is read-only: the report
   * shows its reading but offers no correction.
   */
  isSample?: boolean;
  /**
   * Set by the API when the case keeps full SSNs for carrier files (issue 28): the choice only. The
   * numbers are read again from the encrypted upload for the export targets that require them and are
   * never part of a report.
   */
  keepSsn?: boolean;
}
