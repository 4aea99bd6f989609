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
import type { CensusReport, CensusSkippedSheet } from '../../shared/census/report';
import { readCensusFile, type ReadLimits } from './read';
import { locateTables } from './locate';
import { mapColumns } from './map';
import { append, normaliseTable } from './normalise';
import { mergeTables, inheritFromEmployees, isMemberRow, type MergeTable } from './merge';
import { dedupe } from './dedupe';
import { impute } from './impute';
import { analyse, type Carried } from './analyse';
import { isoDay } from './text';
import { censusSummary } from './summary';
import { MAX_ROW_ISSUES_PER_KIND, WEAK_MAPPING_CONFIDENCE } from './rules';
import type { NormaliseResult } from './normalise';
import type { MapResult } from './map';
import { isoFromParts } from './normalise/dates';
import type { CanonicalField, Change, Issue, LocatedTable, Member, NormalisedRow, ReportColumn } from './types';

/** A table found in a file, mapped and normalised, before the engine decides whether it is the census. */
interface Candidate {
  sheet: string;
  table: LocatedTable;
  mapped: MapResult;
  norm: NormaliseResult;
  /** Rows that are members (-1: not counted, the file has one table). */
  memberRows: number;
}

function countMembers(rows: readonly NormalisedRow[]): number {
  let n = 0;
  for (const r of rows) if (isMemberRow(r)) n++;
  return n;
}

/** Sheet names that say instructions, examples, code lists or legends: never the census beside another. */
const HELP_SHEET = /instruction|example|sample|legend|\blists?\b|drop.?down|lookup|look.?up|\bcodes?\b|definition|\bhelp\b|read.?me|guide/i;
/** Sheet names that say a form or a summary: not the census when a plainly named sheet holds one. */
const FORM_SHEET =
  /question|(company|employer|group|client)\s*(info|information|details|profile|questionnaire)|\bform\b|signature|\bvalid|\bvalues\b|\boptions\b|\bsetup\b|\bcover\b|survey|summary|pivot/i;

/**
 * Why a candidate table is not the file's census (null: it is). Only when another table of the same
 * file remains: a file whose only table sits on an "Example" sheet still gets read. A help sheet
 * gives way to any other sheet ("Census Form" beside "Instructions" is the census); a form or summary
 * sheet to a plainly named one.
 */
function nonCensusReason(c: Candidate, all: Candidate[]): string | null {
  const notHelp = all.filter((o) => o !== c && !HELP_SHEET.test(o.sheet));
  const plain = notHelp.filter((o) => !FORM_SHEET.test(o.sheet));
  const rows = c.table.rows.length;
  const examples = c.memberRows > 0 ? ` (its ${c.memberRows} example row${c.memberRows === 1 ? ' is not a member' : 's are not members'})` : '';
  if (HELP_SHEET.test(c.sheet) && notHelp.length > 0) {
    return `its name says it holds instructions, an example, lists or codes, and sheet '${notHelp[0].sheet}' holds the census${examples}`;
  }
  if (FORM_SHEET.test(c.sheet) && plain.length > 0) {
    return `its name says it holds a form or a summary, and sheet '${plain[0].sheet}' holds the census`;
  }
  if (notHelp.length === 0) return null;
  const best = Math.max(...notHelp.map((o) => o.memberRows));
  if (rows > 0 && c.memberRows < 0.5 * rows && best > c.memberRows) {
    return `it looks like a form, not a census table (${rows - c.memberRows} of its ${rows} rows describe no person)`;
  }
  if (rows === 0 && best > 0) return 'its table has no rows';
  return null;
}

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
  /** Sheets that hold no census table, or only instructions, examples, lists or a form, and why. */
  skippedSheets?: CensusSkippedSheet[];
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

  const skippedSheets: CensusSkippedSheet[] = [];
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
    for (const sheet of read.sheets) {
      const located = locateTables(sheet);
      if (located.tables.length === 0) {
        issues.push({ file: fileName, sheet: sheet.name, row: null, message: `Sheet '${sheet.name}' has no census table (${located.reason}); it was skipped.` });
        skippedSheets.push({ file: fileName, sheet: sheet.name, reason: located.reason ?? 'no census table' });
        continue;
      }
      for (const table of located.tables) {
        const mapped = mapColumns(table, fileName, asOf);
        // A census table names people: one person column mapped with some confidence at least.
        const personColumns = mapped.columns.filter((c) => c.field && PERSON_FIELDS.has(c.field));
        if (!personColumns.some((c) => c.confidence >= WEAK_MAPPING_CONFIDENCE) && personColumns.length < 2) {
          issues.push({
            file: fileName, sheet: sheet.name, row: table.headerRow + 1,
            message: `Sheet '${sheet.name}' has a table with no census columns (no names, birth dates, ages or ids); it was skipped.`,
          });
          skippedSheets.push({ file: fileName, sheet: sheet.name, reason: 'a table with no census columns (no names, birth dates, ages or ids)' });
          continue;
        }
        const norm = normaliseTable(table, mapped.columns, { file: fileName, asOf });
        candidates.push({ sheet: sheet.name, table, mapped, norm, memberRows: -1 });
      }
    }
    // Members per table matter only to choose among several tables (a one-table file skips the count).
    if (candidates.length > 1) for (const c of candidates) c.memberRows = countMembers(c.norm.rows);
    for (const c of candidates) {
      const skip = nonCensusReason(c, candidates);
      if (skip) {
        issues.push({ file: fileName, sheet: c.sheet, row: null, message: `Sheet '${c.sheet}' was skipped: ${skip}.` });
        skippedSheets.push({ file: fileName, sheet: c.sheet, reason: skip });
        continue;
      }
      const { sheet, table, mapped, norm } = c;
      const tableFields = new Set(mapped.columns.flatMap((col) => (col.field ? [col.field] : [])));
      found++;
      for (const f of tableFields) fields.add(f);
      for (const col of mapped.columns) columns.push({ file: fileName, sheet, header: col.header, field: col.field, confidence: col.confidence, reason: col.reason });
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
      if (fileMembers === 0) fileMembers = c.memberRows >= 0 ? c.memberRows : norm.rows.some(isMemberRow) ? 1 : 0;
    }
    if (found > 0 && fileMembers === 0) {
      issues.push({ file: fileName, sheet: null, row: null, message: `${fileName} has no members: its census table has a header but no rows of people under it.` });
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
    timings,
  };
  whole.report = buildReport(whole, undefined);
  lap('report');
  if (opts.fileName === undefined) return whole;
  return resultForFile(whole, opts.fileName);
}

const SUMMARY_LABEL: Record<string, [string, string]> = {
  gender: ['gender', 'genders'], dateOfBirth: ['birth date', 'birth dates'], annualSalary: ['salary', 'salaries'],
  status: ['status', 'statuses'], zip: ['ZIP code', 'ZIP codes'], state: ['state', 'states'],
};

/**
 * One issue per file and field for what the engine filled in (inherited or imputed values), so that
 * everything changed is visible in the report and not only in the export's change log.
 */
function summariseChanges(list: readonly Change[], kind: 'inherited' | 'imputed'): Issue[] {
  const how = (c: Change): string => {
    if (kind === 'inherited') return "taken from their employee (the dependents' rows had none)";
    if (c.field === 'gender') return 'guessed from the first name (SSA name data)';
    if (c.field === 'dateOfBirth') return /from the age/.test(c.why) ? 'set from the age the file gives' : 'estimated: the median age of members of the same relationship';
    return 'estimated: the median salary of employees with the same job title, or of all employees of the file';
  };
  const groups = new Map<string, { file: string; field: string; n: number; how: string }>();
  for (const c of list) {
    const h = how(c);
    const k = `${c.file}\u0000${c.field}\u0000${h}`;
    const g = groups.get(k);
    if (g) g.n++;
    else groups.set(k, { file: c.file, field: c.field, n: 1, how: h });
  }
  const out: Issue[] = [];
  for (const g of groups.values()) {
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
    ...censusSummary({ members: selected, changes: result.changes, columns: result.columns, asOf, fileName }),
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
