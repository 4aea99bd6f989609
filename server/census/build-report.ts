/**
 * The report object (CENSUS.md "The report object") built from the engine's result, and the messages
 * that summarise what the engine filled in.
 */
import type { CensusCodeValues, CensusReadingInfo, CensusReport, CensusSkippedSheet } from '../../shared/census/report';
import { memberReview, toReview, type ReviewItem } from './review';
import { checksReview, runChecks } from './checks';
import type { ColumnFact } from './plan-facts';
import { analyse, type Carried } from './analyse';
import { FIELDS, SALARY_FIELDS, type FieldSpec } from './fields';
import type { CanonicalField, Change, Issue } from './types';
import type { Member, ReportColumn } from './types';
import { censusSummary } from './summary-figures';
import { notCountedReport } from './not-counted';

/**
 * The report's sentences about how the files were read (report.issues and review reasons), worded in
 * one place: the stages give the facts, these give the words.
 */
export const MESSAGES = {
  sheetSkipped: (sheet: string, reason: string) => `Sheet '${sheet}' was skipped: ${reason}.`,
  sheetWithoutTable: (sheet: string, reason: string) => `Sheet '${sheet}' has no census table (${reason}); it was skipped.`,
  tableWithoutCensusColumns: (sheet: string, what: string) => `Sheet '${sheet}' has ${what}; it was skipped.`,
  rowLeftOut: (row: number, reason: string, text: string) => `Row ${row} was left out: ${reason} ('${text}').`,
  moreRowsLeftOut: (n: number, sheet: string) => `${n} more rows of sheet '${sheet}' were left out (titles, totals, notes); the change log lists each.`,
  sheetWithoutPeople: (sheet: string, fileName: string, rows: number) =>
    `Sheet '${sheet}' of ${fileName} has ${rows} row${rows === 1 ? '' : 's'} of data, but none was read as a person: check its header row and its name, id and birth date columns.`,
  headerlessTable: (sheet: string, fileName: string) =>
    `${sheet ? `Sheet '${sheet}' of ${fileName}` : fileName} has no header row: its columns were named by their values alone. Check which column holds what.`,
  fileWithoutMembers: (fileName: string) => `${fileName} has no members: its census table has a header but no rows of people under it.`,
  noCensusTableIn: (fileName: string) => `No census table was found in ${fileName}.`,
  /** The engine's 'no-census' error (the API shows it as the upload's error message). */
  noCensusTable: (files: number) => (files === 1 ? 'No census table was found in this file' : 'No census table was found in these files'),
} as const;

/** What the engine knows about each file, to build per-file reports without reading again. */
export interface FileSummary {
  fileName: string;
  smtpId: string;
  carried: Carried;
}

/** What the report is built from (the engine's CensusResult has these). */
export interface ReportInput {
  members: Member[];
  files: FileSummary[];
  asOf: string;
  columns: ReportColumn[];
  issues: Issue[];
  /** The change log: summary-figures.ts counts rows read and duplicates removed from it. */
  changes?: readonly Change[];
  /** Optional for callers that build a report from members alone (tests): no review items, an automatic reading. */
  reviewItems?: ReviewItem[];
  markers?: ColumnFact[];
  readingInfo?: CensusReadingInfo;
  codeValues?: CensusCodeValues[];
  rowsRead?: number;
  duplicatesRemoved?: number;
  /** Sheets not read, for the 'Not counted' list. */
  skippedSheets?: CensusSkippedSheet[];
  /** Where a document's row is printed (engine.ts CensusResult.placeOf): the 'Not counted' list names page and line. */
  placeOf?: (file: string, sheet: string, row: number) => { page: number; line: number } | undefined;
}


export function carriedOf(fields: ReadonlySet<CanonicalField>): Carried {
  return {
    age: fields.has('dateOfBirth') || fields.has('age') || fields.has('spouseDateOfBirth') || fields.has('childDateOfBirth'),
    salary: SALARY_FIELDS.some((f) => fields.has(f)),
    tenure: fields.has('hireDate'),
    state: fields.has('state') || fields.has('zip'),
  };
}

const SUMMARY_LABEL: Record<string, [string, string]> = {
  gender: ['gender', 'genders'], dateOfBirth: ['birth date', 'birth dates'], annualSalary: ['salary', 'salaries'],
  status: ['status', 'statuses'], zip: ['ZIP code', 'ZIP codes'], state: ['state', 'states'],
};

/**
 * One issue per file and field for what the engine filled in (inherited or imputed values), so that
 * everything changed is visible in the report and not only in the export's change log.
 */
export function summariseChanges(list: readonly Change[], kind: 'inherited' | 'imputed'): Issue[] {
  const how = (c: Change): string => {
    if (kind === 'inherited') return "taken from their employee (the dependents' rows had none)";
    // Only gender, birth dates and salaries are estimated (impute.ts): each spec says how.
    return (FIELDS as Partial<Record<string, FieldSpec>>)[c.field]?.estimatedHow?.(c.why) ?? 'estimated';
  };
  // Grouped by file, then field, then how, in nested maps: a string key per change cost ~10 ms on
  // 37,000 inherited statuses.
  type Group = { file: string; field: string; n: number; how: string };
  const groups: Group[] = [];
  const byFile = new Map<string, Map<string, Map<string, Group>>>();
  for (let ri = 0; ri < list.length; ri++) {
    const c = list[ri];
    const h = how(c);
    let byField = byFile.get(c.file);
    if (!byField) byFile.set(c.file, (byField = new Map()));
    let byHow = byField.get(c.field);
    if (!byHow) byField.set(c.field, (byHow = new Map()));
    const g = byHow.get(h);
    if (g) g.n++;
    else {
      const added = { file: c.file, field: c.field, n: 1, how: h };
      byHow.set(h, added);
      groups.push(added);
    }
  }
  const out: Issue[] = [];
  for (const g of groups) {
    const [one, many] = SUMMARY_LABEL[g.field] ?? [g.field, g.field];
    const what = g.n === 1 ? `${one} was` : `${many} were`;
    out.push({
      file: g.file, sheet: null, row: null,
      message: kind === 'inherited' ? `${g.n} dependent ${what} ${g.how}.` : `${g.n} ${what} ${g.how}; each is flagged in the export.`,
    });
  }
  return out;
}

/** The report of a whole case, or of one of its files (members that file names). */
export function buildReport(result: ReportInput, fileName: string | undefined): CensusReport {
  const { members, files, asOf } = result;
  const selected = fileName === undefined ? members : members.filter((m) => m.files.includes(fileName));
  const summaries = fileName === undefined ? files : files.filter((f) => f.fileName === fileName);
  const carried: Carried = {
    age: summaries.some((f) => f.carried.age),
    salary: summaries.some((f) => f.carried.salary),
    tenure: summaries.some((f) => f.carried.tenure),
    state: summaries.some((f) => f.carried.state),
  };
  const { imputed, livesByFile, ...figures } = analyse(selected, asOf, carried);
  // livesPerFile is about the whole case, also in a one-file report (the file switcher shows it).
  const lives = fileName === undefined ? livesByFile : analyse(members, asOf, carried).livesByFile;
  const inFile = <T extends { file: string }>(list: T[]) => (fileName === undefined ? list : list.filter((x) => x.file === fileName));
  const items = [
    ...(result.reviewItems ?? []).filter((it) => fileName === undefined || it.file === null || it.file === fileName),
    ...memberReview({
      members: selected,
      lives: figures.totalLives,
      rowsRead: result.rowsRead ?? 0,
      duplicatesRemoved: fileName === undefined ? (result.duplicatesRemoved ?? 0) : 0,
      columns: inFile(result.markers ?? []),
    }),
    ...checksReview(runChecks(selected, asOf), asOf),
  ];
  const reading = result.readingInfo ?? { source: 'automatic', changed: [] };
  return {
    files: files.map((f) => ({ fileName: f.fileName, smtpId: f.smtpId })),
    livesPerFile: files.map((f) => ({ fileName: f.fileName, smtpId: f.smtpId, lives: lives.get(f.fileName) ?? 0 })),
    ...figures,
    columns: inFile(result.columns),
    imputed,
    issues: inFile(result.issues),
    review: toReview(items),
    reading: { ...reading, changed: inFile(reading.changed) },
    codeValues: inFile(result.codeValues ?? []),
    ...censusSummary({ members: selected, changes: result.changes ?? [], columns: result.columns, asOf, fileName }),
    notCounted: notCountedReport({ members: selected, changes: result.changes ?? [], skippedSheets: result.skippedSheets, fileName, ...(result.placeOf ? { placeOf: result.placeOf } : {}) }),
  };
}

