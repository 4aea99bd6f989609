/**
 * The census engine: files -> clean member list, change log and report (CENSUS.md).
 *
 *   read (server/census/read) -> locate -> map -> normalise -> merge -> dedupe -> inherit -> impute
 *   -> analyse -> report; export (export.ts) turns the result into a file.
 *
 * Every stage is a pure function over plain data; this module only runs them in order and assembles
 * the report. Errors: a file that cannot be read throws the read stage's CensusReadError; input the
 * engine cannot use (no census table at all, a bad as-of date) throws CensusEngineError. Both carry a
 * plain-sentence message meant for the person who gave the files.
 */
import { createHash } from 'node:crypto';
import type { CensusCodeValues, CensusReading, CensusReadingInfo, CensusReport, CensusSkippedSheet } from '../../shared/census/report';
import { readCensusFile, type ReadLimits } from './read';
import { locateTables } from './locate';
import { mapColumns } from './map';
import { append, normaliseTable, readCodeAs } from './normalise';
import { BadReading, ReadingPlan } from './reading';
import { columnReview, type ReviewItem } from './review';
import { alternativesOf, codeValuesOf, countMembersUpTo, type ColumnFact, type SheetReading } from './plan-facts';
import { mergeTables, inheritFromEmployees, isMemberRow, type MergeTable } from './merge';
import { chooseTables, countPeople, type Candidate } from './select-tables';
import { buildReport, carriedOf, summariseChanges, type FileSummary } from './report';
import { PERSON_FIELDS, SALARY_FIELDS } from './fields';
export { buildReport } from './report';
import { dedupe } from './dedupe';
import { impute } from './impute';
import { isoDay } from './text';
import type { Carried } from './analyse';
import { MAX_ROW_ISSUES_PER_KIND, WEAK_MAPPING_CONFIDENCE } from './rules';
import type { NormaliseResult } from './normalise';
import type { MapResult } from './map';
import { isoFromParts } from './values/dates';
import type { CanonicalField, Change, Issue, LocatedTable, Member, NormalisedRow, ReportColumn } from './types';

export type { CensusReport } from '../../shared/census/report';
export type { Member, Change } from './types';

export interface CensusInputFile {
  fileName: string;
  bytes: Uint8Array;
  password?: string;
}

export interface AnalyzeOptions {
  /** The analysis date: a Date (its UTC day) or 'YYYY-MM-DD'. */
  asOf: Date | string;
  /** Report for one file of the case: analytics restricted to the members that file names. */
  fileName?: string;
  /** Read-stage limits (the public upload path passes maxBytes itself). */
  limits?: Partial<ReadLimits>;
  /** A reading given from outside: overrides the engine's choices of columns, sheets, header rows and codes. */
  reading?: CensusReading;
  /** Called after each stage finishes, with its timing name (read, tables, merge, dedupe, ...). */
  onStage?: (stage: string) => void;
}

export type { FileSummary } from './report';

export interface CensusResult {
  report: CensusReport;
  members: Member[];
  changes: Change[];
  /** The as-of date used, YYYY-MM-DD. */
  asOf: string;
  files: FileSummary[];
  /** The whole case's columns and issues (the report holds only the selected file's with fileName). */
  columns: ReportColumn[];
  issues: Issue[];
  /** Sheets that hold no census table, or only instructions, examples, lists or a form, and why. */
  skippedSheets?: CensusSkippedSheet[];
  /** Every sheet of every file: whether members were read from it, and its header row (1-based). */
  sheets: SheetReading[];
  codeValues: CensusCodeValues[];
  reviewItems: ReviewItem[];
  markers: ColumnFact[];
  readingInfo: CensusReadingInfo;
  /** Data rows of the census tables read, rows and wide columns that became members, and members dedupe removed. */
  rowsRead: number;
  membersFound: number;
  duplicatesRemoved: number;
  /** Milliseconds spent per stage (read; locate+map+normalise as 'tables'; merge ... report). */
  timings: Record<string, number>;
}

export type EngineErrorCode = 'no-files' | 'no-census' | 'bad-as-of' | 'unknown-file' | 'bad-reading';

export class CensusEngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'CensusEngineError';
    this.code = code;
  }
}

const ERROR_FILES = new WeakMap<Error, string>();

/** The file a read error thrown by analyzeCensus concerns (the read stage's errors do not say). */
export function errorFileName(err: unknown): string | undefined {
  return err instanceof Error ? ERROR_FILES.get(err) : undefined;
}

/** The as-of date as YYYY-MM-DD, or a CensusEngineError. */
export function asOfDay(asOf: Date | string): string {
  if (asOf instanceof Date) {
    if (Number.isNaN(asOf.getTime())) throw new CensusEngineError('bad-as-of', 'The as-of date is not a valid date.');
    return isoDay(asOf);
  }
  const m = typeof asOf === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(asOf.trim()) : null;
  const iso = m ? isoFromParts(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  if (!iso) throw new CensusEngineError('bad-as-of', `The as-of date must be a date written YYYY-MM-DD (got '${String(asOf).slice(0, 40)}').`);
  return iso;
}

/** A short stable id for a file of a case: its name and content hashed. */
export function fileId(fileName: string, bytes: Uint8Array): string {
  return createHash('sha256').update(fileName).update('\u0000').update(bytes).digest('hex').slice(0, 12);
}

/** Runs a step of the outside reading: a reading that cannot be used is the engine's 'bad-reading' error. */
function readingStep(fn: () => void): void {
  try {
    fn();
  } catch (err) {
    throw err instanceof BadReading ? new CensusEngineError('bad-reading', err.message) : err;
  }
}

export async function analyzeCensus(files: CensusInputFile[], opts: AnalyzeOptions): Promise<CensusResult> {
  const asOf = asOfDay(opts.asOf);
  if (!Array.isArray(files) || files.length === 0) throw new CensusEngineError('no-files', 'No census file was given.');

  const summaries: FileSummary[] = [];
  const columns: ReportColumn[] = [];
  const issues: Issue[] = [];
  const changes: Change[] = [];
  const tables: MergeTable[] = [];
  const usedIds = new Set<string>();
  const filesWithSalary = new Set<string>();
  const timings: Record<string, number> = { read: 0, tables: 0 };
  let clock = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    timings[stage] = (timings[stage] ?? 0) + Math.round((now - clock) * 10) / 10;
    clock = now;
    opts.onStage?.(stage);
  };

  const skippedSheets: CensusSkippedSheet[] = [];
  const sheetsRead: SheetReading[] = [];
  const codeValues: CensusCodeValues[] = [];
  const reviewItems: ReviewItem[] = [];
  const markers: ColumnFact[] = [];
  let rowsRead = 0;
  let plan!: ReadingPlan;
  readingStep(() => (plan = new ReadingPlan(opts.reading, files.map((f) => f.fileName))));
  for (const input of files) {
    let fileMembers = 0;
    let read;
    try {
      read = await readCensusFile({ fileName: input.fileName, bytes: input.bytes, password: input.password, limits: opts.limits });
    } catch (err) {
      if (err instanceof Error) ERROR_FILES.set(err, input.fileName);
      throw err;
    }
    lap('read');
    const fileName = input.fileName;
    let smtpId = fileId(fileName, input.bytes);
    for (let k = 2; usedIds.has(smtpId); k++) smtpId = `${fileId(fileName, input.bytes)}-${k}`;
    usedIds.add(smtpId);
    for (const note of read.notes) {
      if (!/^Read as text in /.test(note)) issues.push({ file: fileName, sheet: null, row: null, message: note });
    }

    const fields = new Set<CanonicalField>();
    let found = 0;
    // First every candidate table of the file, then which of them hold the census (instruction,
    // example, list and form sheets beside a census sheet contribute no member).
    const candidates: Candidate[] = [];
    const forced = new Map<Candidate, boolean>();
    const skipSheet = (sheet: string, reason: string, message: string, row: number | null = null) => {
      issues.push({ file: fileName, sheet, row, message });
      skippedSheets.push({ file: fileName, sheet, reason });
    };
    for (const sheet of read.sheets) {
      const yours = plan.sheet(fileName, sheet.name);
      if (yours?.read === false) {
        skipSheet(sheet.name, 'your reading skips it', `Sheet '${sheet.name}' was skipped: your reading skips it.`);
        sheetsRead.push({ file: fileName, sheet: sheet.name, read: false });
        plan.noteSheet(fileName, sheet.name, 'sheet', 'skip');
        continue;
      }
      const located = locateTables(sheet, { headerRow: yours?.headerRow !== undefined ? yours.headerRow - 1 : undefined });
      if (yours?.headerRow !== undefined) {
        const auto = locateTables(sheet).tables[0]?.headerRow;
        if (auto !== yours.headerRow - 1) plan.noteSheet(fileName, sheet.name, 'headerRow', String(yours.headerRow));
      }
      if (located.tables.length === 0) {
        skipSheet(sheet.name, located.reason ?? 'no census table', `Sheet '${sheet.name}' has no census table (${located.reason}); it was skipped.`);
        sheetsRead.push({ file: fileName, sheet: sheet.name, read: false });
        continue;
      }
      for (const table of located.tables) {
        const mapped = mapColumns(table, fileName, asOf);
        readingStep(() => {
          plan.applyColumns(fileName, sheet.name, mapped.columns);
          plan.applyCodes(fileName, sheet.name, mapped.columns, readCodeAs);
        });
        // A census table names people: one person column mapped with some confidence at least.
        const personColumns = mapped.columns.filter((c) => c.field && PERSON_FIELDS.has(c.field));
        if (yours?.read !== true && !personColumns.some((c) => c.confidence >= WEAK_MAPPING_CONFIDENCE) && personColumns.length < 2) {
          const reason = 'a table with no census columns (no names, birth dates, ages or ids)';
          skipSheet(sheet.name, reason, `Sheet '${sheet.name}' has a table with no census columns (no names, birth dates, ages or ids); it was skipped.`, table.headerRow + 1);
          if (!sheetsRead.some((x) => x.file === fileName && x.sheet === sheet.name)) sheetsRead.push({ file: fileName, sheet: sheet.name, read: false, headerRow: table.headerRow + 1 });
          continue;
        }
        const norm = normaliseTable(table, mapped.columns, { file: fileName, asOf });
        const cand: Candidate = { sheet: sheet.name, table, mapped, norm, memberRows: -1, people: -1 };
        candidates.push(cand);
        if (yours?.read === true) forced.set(cand, true);
      }
    }
    // Members per table matter only to choose among several tables (a one-table file skips the count).
    if (candidates.length > 1) for (const c of candidates) countPeople(c);
    const choice = chooseTables(candidates);
    for (const c of candidates) {
      let skip = choice.get(c) ?? null;
      if (skip && forced.has(c)) {
        plan.noteSheet(fileName, c.sheet, 'sheet', 'read');
        skip = null;
      }
      if (skip) {
        skipSheet(c.sheet, skip, `Sheet '${c.sheet}' was skipped: ${skip}.`);
        if (!sheetsRead.some((x) => x.file === fileName && x.sheet === c.sheet)) sheetsRead.push({ file: fileName, sheet: c.sheet, read: false, headerRow: c.table.headerRow + 1 });
        continue;
      }
      const { sheet, table, mapped, norm } = c;
      const existing = sheetsRead.find((x) => x.file === fileName && x.sheet === sheet);
      if (existing) existing.read = true;
      else sheetsRead.push({ file: fileName, sheet, read: true, headerRow: table.headerRow + 1 });
      const tableFields = new Set(mapped.columns.flatMap((col) => (col.field ? [col.field] : [])));
      found++;
      rowsRead += table.rows.length;
      for (const f of tableFields) fields.add(f);
      for (const col of mapped.columns) {
        columns.push({
          file: fileName, sheet, header: col.header, field: col.field, confidence: col.confidence, reason: col.reason,
          alternatives: alternativesOf(col), ...(col.fromReading ? { fromReading: true } : {}),
        });
        markers.push({ file: fileName, sheet, header: col.header, field: col.field, dependentShare: col.alsoRelationship ? 0 : col.dependentShare });
      }
      append(codeValues, codeValuesOf(fileName, sheet, table, mapped.columns));
      append(reviewItems, columnReview(fileName, sheet, mapped.columns));
      append(issues, mapped.issues);
      let leftOut = 0;
      for (const sk of table.skipped) {
        changes.push({ file: fileName, sheet, row: sk.index + 1, field: '(row)', from: sk.text, to: '', why: `not a member: ${sk.reason}` });
        if (++leftOut <= MAX_ROW_ISSUES_PER_KIND) issues.push({ file: fileName, sheet, row: sk.index + 1, message: `Row ${sk.index + 1} was left out: ${sk.reason} ('${sk.text}').` });
      }
      if (leftOut > MAX_ROW_ISSUES_PER_KIND) {
        issues.push({ file: fileName, sheet, row: null, message: `${leftOut - MAX_ROW_ISSUES_PER_KIND} more rows of sheet '${sheet}' were left out (titles, totals, notes); the change log lists each.` });
      }
      append(changes, norm.changes);
      append(issues, norm.issues);
      tables.push({ file: fileName, sheet, hasRelationshipColumn: tableFields.has('relationship'), rows: norm.rows });
      const members = c.memberRows >= 0 ? c.memberRows : countMembersUpTo(norm.rows, 1);
      if (members === 0 && table.rows.length > 0) {
        reviewItems.push({ file: fileName, reason: `Sheet '${sheet}' of ${fileName} has ${table.rows.length} row${table.rows.length === 1 ? '' : 's'} of data, but none was read as a person: check its header row and its name, id and birth date columns.`, columns: [] });
      }
      if (fileMembers === 0) fileMembers = members;
    }
    if (found > 0 && fileMembers === 0) {
      issues.push({ file: fileName, sheet: null, row: null, message: `${fileName} has no members: its census table has a header but no rows of people under it.` });
    }
    if (found === 0 && read.sheets.length > 0) {
      issues.push({ file: fileName, sheet: null, row: null, message: `No census table was found in ${fileName}.` });
    }
    if (SALARY_FIELDS.some((f) => fields.has(f))) filesWithSalary.add(fileName);
    summaries.push({ fileName, smtpId, carried: carriedOf(fields) });
    lap('tables');
  }
  readingStep(() => plan.checkAllUsed());
  if (tables.length === 0) {
    const err = new CensusEngineError('no-census', files.length === 1 ? 'No census table was found in this file' : 'No census table was found in these files');
    if (files.length === 1) ERROR_FILES.set(err, files[0].fileName);
    throw err;
  }

  const merged = mergeTables(tables);
  append(changes, merged.changes);
  append(issues, merged.issues);
  lap('merge');
  const deduped = dedupe(merged.members, merged.namedWithoutId);
  append(changes, deduped.changes);
  append(issues, deduped.issues);
  lap('dedupe');
  const inherited = inheritFromEmployees(deduped.members);
  append(changes, inherited.changes);
  append(issues, summariseChanges(inherited.changes, 'inherited'));
  lap('inherit');
  const imputed = impute(inherited.members, { asOf, filesWithSalary });
  append(changes, imputed.changes);
  append(issues, summariseChanges(imputed.changes, 'imputed'));
  lap('impute');

  const whole: CensusResult = {
    report: undefined as unknown as CensusReport,
    members: imputed.members,
    changes,
    asOf,
    files: summaries,
    columns,
    issues,
    skippedSheets,
    sheets: sheetsRead,
    codeValues,
    reviewItems,
    markers,
    readingInfo: plan.info(),
    rowsRead,
    membersFound: merged.members.length,
    duplicatesRemoved: merged.members.length - deduped.members.length,
    timings,
  };
  whole.report = buildReport(whole, undefined);
  lap('report');
  if (opts.fileName === undefined) return whole;
  return resultForFile(whole, opts.fileName);
}

/** A case result narrowed to one of its files: its report, the members it names, their changes. */
export function resultForFile(result: CensusResult, fileName: string): CensusResult {
  if (!result.files.some((f) => f.fileName === fileName)) {
    throw new CensusEngineError('unknown-file', `The case has no file named '${fileName}'.`);
  }
  return {
    ...result,
    report: buildReport(result, fileName),
    members: result.members.filter((m) => m.files.includes(fileName)),
    changes: result.changes.filter((c) => c.file === fileName),
  };
}

export { exportCensus } from './export';
