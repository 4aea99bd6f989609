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
import type { CensusReport } from '../../shared/census/report';
import { readCensusFile, type ReadLimits } from './read';
import { locateTables } from './locate';
import { mapColumns } from './map';
import { append, normaliseTable } from './normalise';
import { mergeTables, inheritFromEmployees, type MergeTable } from './merge';
import { dedupe } from './dedupe';
import { impute } from './impute';
import { analyse, type Carried } from './analyse';
import { isoDay } from './text';
import { WEAK_MAPPING_CONFIDENCE } from './rules';
import { isoFromParts } from './normalise/dates';
import type { CanonicalField, Change, Issue, Member, ReportColumn } from './types';

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
  /** Called after each stage finishes, with its timing name (read, tables, merge, dedupe, ...). */
  onStage?: (stage: string) => void;
}

/** What the engine knows about each file, to build per-file reports without reading again. */
export interface FileSummary {
  fileName: string;
  smtpId: string;
  carried: Carried;
}

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
  /** Milliseconds spent per stage (read; locate+map+normalise as 'tables'; merge ... report). */
  timings: Record<string, number>;
}

export type EngineErrorCode = 'no-files' | 'no-census' | 'bad-as-of' | 'unknown-file';

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

const PERSON_FIELDS = new Set<CanonicalField>([
  'firstName', 'lastName', 'fullName', 'dateOfBirth', 'age', 'employeeId', 'spouseDateOfBirth', 'childDateOfBirth',
]);
const SALARY_FIELDS = new Set<CanonicalField>(['annualSalary', 'monthlySalary', 'hourlyRate']);

function carriedOf(fields: ReadonlySet<CanonicalField>): Carried {
  return {
    age: fields.has('dateOfBirth') || fields.has('age') || fields.has('spouseDateOfBirth') || fields.has('childDateOfBirth'),
    salary: [...SALARY_FIELDS].some((f) => fields.has(f)),
    tenure: fields.has('hireDate'),
    state: fields.has('state') || fields.has('zip'),
  };
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

  for (const input of files) {
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
    for (const sheet of read.sheets) {
      const located = locateTables(sheet);
      if (located.tables.length === 0) {
        issues.push({ file: fileName, sheet: sheet.name, row: null, message: `Sheet '${sheet.name}' has no census table (${located.reason}); it was skipped.` });
        continue;
      }
      for (const table of located.tables) {
        const mapped = mapColumns(table, fileName, asOf);
        const tableFields = new Set(mapped.columns.flatMap((c) => (c.field ? [c.field] : [])));
        // A census table names people: one person column mapped with some confidence at least.
        const personColumns = mapped.columns.filter((c) => c.field && PERSON_FIELDS.has(c.field));
        if (!personColumns.some((c) => c.confidence >= WEAK_MAPPING_CONFIDENCE) && personColumns.length < 2) {
          issues.push({
            file: fileName, sheet: sheet.name, row: table.headerRow + 1,
            message: `Sheet '${sheet.name}' has a table with no census columns (no names, birth dates, ages or ids); it was skipped.`,
          });
          continue;
        }
        found++;
        for (const f of tableFields) fields.add(f);
        for (const c of mapped.columns) columns.push({ file: fileName, sheet: sheet.name, header: c.header, field: c.field, confidence: c.confidence });
        append(issues, mapped.issues);
        for (const s of table.skipped) {
          changes.push({ file: fileName, sheet: sheet.name, row: s.index + 1, field: '(row)', from: s.text, to: '', why: `not a member: ${s.reason}` });
          issues.push({ file: fileName, sheet: sheet.name, row: s.index + 1, message: `Row ${s.index + 1} was left out: ${s.reason} ('${s.text}').` });
        }
        const norm = normaliseTable(table, mapped.columns, { file: fileName, asOf });
        append(changes, norm.changes);
        append(issues, norm.issues);
        tables.push({ file: fileName, sheet: sheet.name, hasRelationshipColumn: tableFields.has('relationship'), rows: norm.rows });
      }
    }
    if (found === 0 && read.sheets.length > 0) {
      issues.push({ file: fileName, sheet: null, row: null, message: `No census table was found in ${fileName}.` });
    }
    if ([...SALARY_FIELDS].some((f) => fields.has(f))) filesWithSalary.add(fileName);
    summaries.push({ fileName, smtpId, carried: carriedOf(fields) });
    lap('tables');
  }
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
  lap('dedupe');
  const inherited = inheritFromEmployees(deduped.members);
  append(changes, inherited.changes);
  lap('inherit');
  const imputed = impute(inherited.members, { asOf, filesWithSalary });
  append(changes, imputed.changes);
  lap('impute');

  const whole: CensusResult = {
    report: undefined as unknown as CensusReport,
    members: imputed.members,
    changes,
    asOf,
    files: summaries,
    columns,
    issues,
    timings,
  };
  whole.report = buildReport(whole, undefined);
  lap('report');
  if (opts.fileName === undefined) return whole;
  return resultForFile(whole, opts.fileName);
}

/** The report of a whole case, or of one of its files (members that file names). */
export function buildReport(result: Omit<CensusResult, 'report'>, fileName: string | undefined): CensusReport {
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
  return {
    files: files.map((f) => ({ fileName: f.fileName, smtpId: f.smtpId })),
    livesPerFile: files.map((f) => ({ fileName: f.fileName, smtpId: f.smtpId, lives: lives.get(f.fileName) ?? 0 })),
    ...figures,
    columns: inFile(result.columns),
    imputed,
    issues: inFile(result.issues),
  };
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
