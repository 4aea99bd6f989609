/**
 * The census engine: files -> clean member list, change log and report (CENSUS.md). The stages, in
 * the order they run, are PIPELINE below (docs/census-engine.md describes each); export (export.ts,
 * targets/) turns a result into a file.
 *
 * Every stage is a pure function over plain data; this module only runs them in order (the stages
 * that run per sheet and per table: file-tables.ts; the report and its words: build-report.ts). Shared
 * member helpers are members.ts's, so that no stage imports a later one. Errors: a file that cannot
 * be read throws the read stage's CensusReadError; input the engine cannot use (no census table at
 * all, a bad as-of date, a reading that names what the files do not have) throws CensusEngineError.
 * Both carry a plain-sentence message meant for the person who gave the files.
 */
import { createHash } from 'node:crypto';
import type { EngineStage } from '../../shared/census/status';
import type { CensusCodeValues, CensusReading, CensusReadingInfo, CensusReport, CensusSkippedSheet, MemberTableField } from '../../shared/census/report';
import { readCensusFile, type ReadLimits } from './read';
import { tablesOfFile } from './file-tables';
import { append } from './members';
import { BadReading, ReadingPlan } from './apply-reading';
import { BadHandEdit, notAppliedSentence } from './hand-edits';
import { REVIEW_WEIGHT } from './review';
import type { ReviewItem } from './review';
import type { ColumnFact, SheetReading } from './plan-facts';
import { buildReport, carriedOf, MESSAGES, type FileSummary } from './build-report';
import { dedupeStage, imputeStage, inheritStage, mergeStage, type CaseContext, type CaseStage } from './case-stages';
import { RunLog } from './run-log';
import { SALARY_FIELDS } from './fields';
export { buildReport } from './build-report';
import { isoDay } from './text';
import { isoFromParts } from './values/dates';
import type { Change, Issue, Member, ReportColumn } from './types';

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
  /**
   * Keep the full SSN of each member (Member.ssnFull) for the export targets that require it: only an
   * export run of a case that opted in ('Keep full SSNs for carrier files'). The report never carries
   * it; without the option the engine keeps the last four digits only.
   */
  keepSsn?: boolean;
  /**
   * Called as each of the engine's stages begins (ENGINE_STAGES, shared/census/status.ts): the case
   * statuses are these names, a contract apart from the timing names of `timings`.
   */
  onStage?: (stage: EngineStage) => void;
}

export type { FileSummary } from './build-report';

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
  /** Columns read for a role (exit date, pay mode, member sequence): `census reading` leaves them out. */
  roleColumns?: { file: string; sheet: string; header: string }[];
  membersFound: number;
  duplicatesRemoved: number;
  /** Rows read that are not members (not a person) and members removed as duplicates: the member table lists them. */
  leftOut?: { member: Member; reason: 'not-a-person' | 'duplicate' }[];
  /** Where a document's row is printed (a PDF's or a scan's table): its page and line, for the lists that name rows. */
  placeOf?: (file: string, sheet: string, row: number) => { page: number; line: number } | undefined;
  /** The fields edited by hand at a member's place (hand-edits.ts). */
  editedOf?: (m: Pick<Member, 'file' | 'sheet' | 'row' | 'column'>) => MemberTableField[];
  /** Milliseconds spent per stage (read; locate+map+normalise as 'tables'; merge ... report). */
  timings: Record<string, number>;
  /** The run kept full SSNs (AnalyzeOptions.keepSsn): readiness counts an employee without one as missing. */
  keepSsn?: boolean;
}

/**
 * The pipeline, run by analyzeCensus in this order: every stage, where it runs and what it gives the
 * next. `timing` is the key of CensusResult.timings the stage's time is counted under; `status` the
 * case status (shared/census/status.ts) announced as the stage begins. Per file, the read stage gives
 * a workbook and file-tables.ts runs locate, map and normalise on each of its sheets and tables, then
 * select; per case, each stage's `run` takes the members and the run's context and returns a
 * StageResult that the run's one log takes (run-log.ts); the report stage builds the report from it.
 */
export const PIPELINE = [
  { stage: 'read', module: 'read/', per: 'file', timing: 'read', status: 'preprocessing', gives: 'sheets of cells (CSV and text, XLSX, XLS, ODS; passwords; a stray quote repaired or flagged)' },
  { stage: 'locate', module: 'locate.ts', per: 'sheet', timing: 'tables', gives: 'tables: a header row (or none), title, notes and descriptive rows left out' },
  { stage: 'map', module: 'map/', per: 'table', timing: 'tables', gives: 'each column its canonical field or none, with values vetoing headers, and role columns' },
  { stage: 'normalise', module: 'normalise/', per: 'table', timing: 'tables', gives: 'one normalised row per data row (the cell loop), then the row rules (row-rules.ts)' },
  { stage: 'select', module: 'select-tables.ts', per: 'file', timing: 'tables', gives: 'the tables that hold the census (not examples, lists, forms or pets)' },
  { stage: 'merge', module: 'merge.ts', per: 'case', timing: 'merge', run: mergeStage, gives: 'members: long, wide and split layouts linked to their employees' },
  { stage: 'dedupe', module: 'dedupe.ts', per: 'case', timing: 'dedupe', status: 'deduplicating', run: dedupeStage, gives: 'one member per person across files and sheets' },
  { stage: 'inherit', module: 'merge.ts', per: 'case', timing: 'inherit', status: 'postprocessing', run: inheritStage, gives: "a dependent's blank status, ZIP and state from its employee" },
  { stage: 'impute', module: 'impute.ts', per: 'case', timing: 'impute', run: imputeStage, gives: 'gender from first names, salaries and birth dates where the file has none (flagged)' },
  { stage: 'report', module: 'build-report.ts', per: 'case', timing: 'report', gives: 'figures (analyse.ts), review (review.ts), not counted (not-counted.ts), words' },
] as const satisfies readonly PipelineEntry[];

interface PipelineEntry {
  stage: string;
  module: string;
  per: 'file' | 'sheet' | 'table' | 'case';
  timing: string;
  status?: EngineStage;
  run?: CaseStage;
  gives: string;
}
export type PipelineStage = (typeof PIPELINE)[number]['stage'];

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

/** Runs a step that uses the outside reading: a reading that cannot be used is the engine's 'bad-reading' error. */
function readingStep<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw err instanceof BadReading || err instanceof BadHandEdit ? new CensusEngineError('bad-reading', err.message) : err;
  }
}

export async function analyzeCensus(files: CensusInputFile[], opts: AnalyzeOptions): Promise<CensusResult> {
  const asOf = asOfDay(opts.asOf);
  if (!Array.isArray(files) || files.length === 0) throw new CensusEngineError('no-files', 'No census file was given.');
  const log = new RunLog(PIPELINE.map((p) => p.timing));
  const announce = (stage: PipelineStage) => {
    const entry: PipelineEntry = PIPELINE.find((p) => p.stage === stage)!;
    if (entry.status) opts.onStage?.(entry.status);
  };
  announce('read');
  const plan = readingStep(() => new ReadingPlan(opts.reading, files.map((f) => f.fileName), asOf));
  const ctx: CaseContext = { asOf, plan, tables: [], filesWithSalary: new Set() };

  // Per file: read, then its tables. A function of its own, so that the file's cells and sheets
  // (locals of its frame) can be collected once it returns, not kept until the report.
  const usedIds = new Set<string>();
  const readFile = async (input: CensusInputFile) => {
    let read;
    try {
      read = await readCensusFile({ fileName: input.fileName, bytes: input.bytes, password: input.password, limits: opts.limits });
    } catch (err) {
      if (err instanceof Error) ERROR_FILES.set(err, input.fileName);
      throw err;
    }
    log.lap('read');
    const fileName = input.fileName;
    let smtpId = fileId(fileName, input.bytes);
    for (let k = 2; usedIds.has(smtpId); k++) smtpId = `${fileId(fileName, input.bytes)}-${k}`;
    usedIds.add(smtpId);
    const file = readingStep(() => tablesOfFile(read, fileName, asOf, plan, opts.keepSsn === true));
    append(ctx.tables, file.tables);
    if (SALARY_FIELDS.some((f) => file.fields.has(f))) ctx.filesWithSalary.add(fileName);
    log.addFile({ fileName, smtpId, carried: carriedOf(file.fields) }, file);
    log.lap('tables');
  };
  for (const input of files) await readFile(input);
  readingStep(() => plan.checkAllUsed());
  // Hand edits and marks whose rows are not there, or hold another person now: said, never silent.
  const notApplied = notAppliedSentence(plan.hand.notApplied());
  if (notApplied) log.reviewItems.push({ file: null, reason: notApplied, columns: [], weight: REVIEW_WEIGHT.lives });
  if (ctx.tables.length === 0) {
    const err = new CensusEngineError('no-census', MESSAGES.noCensusTable(files.length));
    if (files.length === 1) ERROR_FILES.set(err, files[0].fileName);
    throw err;
  }

  // Per case: each stage takes the members the one before gave (the log lets the old list go).
  let members: Member[] = [];
  for (const entry of PIPELINE) {
    if (!('run' in entry)) continue;
    announce(entry.stage);
    const run: CaseStage = entry.run;
    members = log.take(readingStep(() => run(members, ctx)));
    log.lap(entry.timing);
  }

  const membersFound = ctx.membersFound ?? members.length;
  const placeOf = log.placeOf();
  const whole: CensusResult = {
    report: undefined as unknown as CensusReport,
    members,
    changes: log.changes,
    asOf,
    files: log.files,
    columns: log.columns,
    issues: log.issues,
    skippedSheets: log.skippedSheets,
    sheets: log.sheets,
    codeValues: log.codeValues,
    reviewItems: log.reviewItems,
    markers: log.markers,
    readingInfo: plan.info(),
    rowsRead: log.rowsRead,
    roleColumns: log.roleColumns,
    membersFound,
    duplicatesRemoved: log.leftOut.filter((l) => l.reason === 'duplicate').length,
    leftOut: log.leftOut,
    editedOf: (m) => plan.hand.editedOf(m),
    ...(placeOf ? { placeOf } : {}),
    timings: log.timings,
    ...(opts.keepSsn ? { keepSsn: true } : {}),
  };
  announce('report');
  whole.report = buildReport(whole, undefined);
  log.lap('report');
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
    skippedSheets: result.skippedSheets?.filter((s) => s.file === fileName),
  };
}

// exportCensus is export.ts's (not re-exported here: loading the engine does not load the export code).
