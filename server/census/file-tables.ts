/**
 * The census tables of one file that has been read: every table of every sheet is located, its
 * columns mapped, the reading given from outside applied (apply-reading.ts), its rows normalised, and then
 * the tables that hold the census are kept (select-tables.ts). What each sheet gives the report (its
 * columns and their alternatives, code values, review items, skipped sheets, rows left out) is
 * collected here, worded by build-report.ts; engine.ts merges the tables of all files.
 *
 * A reading that cannot be used throws apply-reading.ts's BadReading (the engine turns it into its
 * 'bad-reading' error).
 */
import type { CensusCodeValues, CensusSkippedSheet } from '../../shared/census/report';
import type { ReadResult } from './read';
import { locateTables } from './locate';
import { mapColumns } from './map';
import { normaliseTable, readCodeAs } from './normalise';
import { append } from './members';
import { BadReading, type ReadingPlan } from './apply-reading';
import { columnReview, REVIEW_WEIGHT, unreadCodesReview, unreadPersonValuesReview, unreadWordsReview, type ReviewItem } from './review';
import { alternativesOf, codeValuesOf, countMembersUpTo, unreadCodesOf, unreadPersonColumnsOf, unreadWordColumnsOf, type ColumnFact, type SheetReading } from './plan-facts';
import type { MergeTable } from './merge';
import { chooseTables, countPeople, type Candidate } from './select-tables';
import { isExportLog } from './export-logs';
import { MESSAGES } from './build-report';
import { FIELDS, PERSON_FIELDS, tellsRelationship } from './fields';
import { MAX_ROW_ISSUES_PER_KIND, MAX_VALUE_CHARS, PROFILE_SAMPLE_SIZE, WEAK_MAPPING_CONFIDENCE } from './rules';
import { sampleColumn } from './values/columns';
import type { CanonicalField, Change, Issue, LocatedTable, ReportColumn } from './types';
import { cellText } from './text';
import { foldWord } from './lang';
import { isNamed, ruleWordSet } from './lang/rule-words';
import { correctScannedTable, scanDigitReview, type ScanFindings } from './scan-cells';

/** What one file gives the case: its census tables and what the report says about its sheets. */
export interface FileTables {
  tables: MergeTable[];
  /** Canonical fields mapped in the tables read (which cards the file can fill). */
  fields: Set<CanonicalField>;
  columns: ReportColumn[];
  markers: ColumnFact[];
  codeValues: CensusCodeValues[];
  reviewItems: ReviewItem[];
  issues: Issue[];
  changes: Change[];
  skippedSheets: CensusSkippedSheet[];
  sheets: SheetReading[];
  /** Data rows of the tables read. */
  rowsRead: number;
  /** Columns of the tables read that the engine reads for a role (exit date, pay mode ...), not a field. */
  roleColumns: { file: string; sheet: string; header: string }[];
  /** A document's sheets (a PDF's or a scan's tables): where each row is printed (RawSheet.places), by sheet name. */
  rowPlaces?: Map<string, { page: number; line: number }[]>;
}

const NO_CENSUS_COLUMNS = 'a table with no census columns (no names, birth dates, ages or ids)';

const PET_LIST = 'a list of pets (names, birth dates and sex of animals), not people';

/**
 * A table of animals beside a family list (a pets sheet: names, birth dates, sex) is no census: its
 * sheet is named for pets, or one of its columns holds species or breeds on most rows.
 */
function isPetList(sheet: string, table: LocatedTable): boolean {
  if (isNamed('petSheet', sheet)) return true;
  if (table.rows.length === 0) return false;
  const species = ruleWordSet('pets');
  // A sample per column (as the map stage profiles columns): the cost does not grow with the rows.
  for (let col = 0; col < table.headers.length; col++) {
    const sample = sampleColumn(table.rows, col, PROFILE_SAMPLE_SIZE);
    let pets = 0;
    // A species is a word or two: a longer cell (a note) is not folded for nothing.
    for (const c of sample) {
      const t = cellText(c);
      if (t.length <= MAX_VALUE_CHARS && species.has(foldWord(t))) pets++;
    }
    // A filled column (half the rows, or a full sample): a stray 'Dog' in a sparse notes column is no species list.
    if (sample.length >= 2 && sample.length >= Math.min(0.5 * table.rows.length, PROFILE_SAMPLE_SIZE / 2) && pets >= 0.6 * sample.length) return true;
  }
  return false;
}

/**
 * A table the reading does not force to be read is a census table only when it names people: one
 * person column (name, id, birth date, age) mapped with some confidence, or two weaker ones. A table
 * found by its shape with no header row (rows of one width with a column of dates or ages: locate.ts)
 * names people by its birth dates or ages alone (an HR dataset of ages, genders and pay, no id).
 */
function namesPeople(candidate: Pick<Candidate, 'mapped' | 'table'>): boolean {
  const personColumns = candidate.mapped.columns.filter((c) => c.field && PERSON_FIELDS.has(c.field));
  if (candidate.table.headerless && personColumns.some((c) => c.field && FIELDS[c.field].agesPerson)) return true;
  return personColumns.some((c) => c.confidence >= WEAK_MAPPING_CONFIDENCE) || personColumns.length >= 2;
}

const EXPORT_LOG_REASON = "it is the log of a clean census export ('Changes' or 'Not counted'), not members";

/** The first row of a sheet with a value, as text ([] for an empty sheet). */
function firstRow(rows: readonly (readonly unknown[])[]): string[] {
  const row = rows.find((r) => r.some((c) => c !== null && c !== ''));
  return row ? row.map((c) => (c === null ? '' : String(c).trim())) : [];
}

export function tablesOfFile(read: ReadResult, fileName: string, asOf: string, plan: ReadingPlan, keepSsn = false): FileTables {
  const out: FileTables = {
    tables: [], fields: new Set(), columns: [], markers: [], codeValues: [], reviewItems: [], issues: [], changes: [],
    skippedSheets: [], sheets: [], rowsRead: 0, roleColumns: [],
  };
  for (const sheet of read.sheets) if (sheet.places) (out.rowPlaces ??= new Map()).set(sheet.name, sheet.places);
  for (const note of read.notes) {
    if (!/^Read as text in /.test(note)) out.issues.push({ file: fileName, sheet: null, row: null, message: note });
  }
  // Rows may have been lost or changed while the text was split (a stray quote): always a review.
  for (const reason of read.review ?? []) out.reviewItems.push({ file: fileName, reason, columns: [], weight: REVIEW_WEIGHT.rowsLost });
  const sheetOf = (sheet: string) => out.sheets.find((x) => x.sheet === sheet);
  // row: the issue's row (the header row of a table with no census columns); headerRow: the sheet's.
  const skipSheet = (sheet: string, reason: string, message: string, row: number | null = null, headerRow: number | undefined = row ?? undefined) => {
    out.issues.push({ file: fileName, sheet, row, message });
    out.skippedSheets.push({ file: fileName, sheet, reason });
    if (!sheetOf(sheet)) out.sheets.push({ file: fileName, sheet, read: false, ...(headerRow !== undefined ? { headerRow } : {}) });
  };

  // First every candidate table of the file, then which of them hold the census (instruction,
  // example, list and form sheets beside a census sheet contribute no member).
  const candidates: Candidate[] = [];
  const forced = new Set<Candidate>();
  // A scanned table's digits corrected before normalising, its unclear cells (scan-cells.ts).
  const scanned = new Map<Candidate, ScanFindings>();
  for (const sheet of read.sheets) {
    const yours = plan.sheet(fileName, sheet.name);
    if (yours?.read === false) {
      skipSheet(sheet.name, 'your reading skips it', MESSAGES.sheetSkipped(sheet.name, 'your reading skips it'));
      plan.noteSheet(fileName, sheet.name, 'sheet', 'skip');
      continue;
    }
    // A header row past the sheet's last row cannot be used: said, not noted as applied while the
    // engine quietly chose its own (issue 20).
    if (yours?.headerRow !== undefined && yours.headerRow > sheet.rows.length) {
      throw new BadReading(`The reading's header row ${yours.headerRow} for ${sheet.name ? `sheet '${sheet.name}' of ` : ''}'${fileName}' is past its last row (${sheet.rows.length}).`);
    }
    // A clean export uploaded again: its 'Changes' and 'Not counted' logs are no members (export-logs.ts).
    if (yours?.read !== true && yours?.headerRow === undefined && isExportLog(firstRow(sheet.rows))) {
      skipSheet(sheet.name, EXPORT_LOG_REASON, MESSAGES.sheetSkipped(sheet.name, EXPORT_LOG_REASON));
      continue;
    }
    const located = locateTables(sheet, { headerRow: yours?.headerRow !== undefined ? yours.headerRow - 1 : undefined });
    if (yours?.headerRow !== undefined) {
      const auto = locateTables(sheet).tables[0]?.headerRow;
      if (auto !== yours.headerRow - 1) plan.noteSheet(fileName, sheet.name, 'headerRow', String(yours.headerRow));
    }
    if (located.tables.length === 0) {
      const reason = located.reason ?? 'no census table';
      skipSheet(sheet.name, reason, MESSAGES.sheetWithoutTable(sheet.name, reason));
      continue;
    }
    for (const table of located.tables) {
      const mapped = mapColumns(table, fileName, asOf);
      plan.applyColumns(fileName, sheet.name, mapped.columns);
      plan.applyCodes(fileName, sheet.name, mapped.columns, readCodeAs);
      if (yours?.read !== true && !namesPeople({ mapped, table })) {
        skipSheet(sheet.name, NO_CENSUS_COLUMNS, MESSAGES.tableWithoutCensusColumns(sheet.name, NO_CENSUS_COLUMNS), table.headerless ? null : table.headerRow + 1);
        continue;
      }
      if (yours?.read !== true && isPetList(sheet.name, table)) {
        skipSheet(sheet.name, PET_LIST, MESSAGES.tableWithoutCensusColumns(sheet.name, PET_LIST), table.headerRow + 1);
        continue;
      }
      const scan = correctScannedTable(fileName, sheet, table, mapped.columns);
      const norm = normaliseTable(table, mapped.columns, { file: fileName, asOf, ...(keepSsn ? { keepSsn } : {}) });
      const cand: Candidate = { sheet: sheet.name, table, mapped, norm, memberRows: -1, people: -1 };
      candidates.push(cand);
      if (scan) scanned.set(cand, scan);
      if (yours?.read === true) forced.add(cand);
    }
  }

  // Members per table matter only to choose among several tables (a one-table file skips the count).
  if (candidates.length > 1) for (const c of candidates) countPeople(c);
  const choice = chooseTables(candidates);
  let fileMembers = 0;
  for (const c of candidates) {
    let skip = choice.get(c) ?? null;
    if (skip && forced.has(c)) {
      plan.noteSheet(fileName, c.sheet, 'sheet', 'read');
      skip = null;
    }
    if (skip) {
      skipSheet(c.sheet, skip, MESSAGES.sheetSkipped(c.sheet, skip), null, c.table.headerless ? undefined : c.table.headerRow + 1);
      continue;
    }
    const members = readTable(out, fileName, c, plan, scanned.get(c));
    if (fileMembers === 0) fileMembers = members;
  }
  if (out.tables.length > 0 && fileMembers === 0) out.issues.push({ file: fileName, sheet: null, row: null, message: MESSAGES.fileWithoutMembers(fileName) });
  if (out.tables.length === 0 && read.sheets.length > 0) out.issues.push({ file: fileName, sheet: null, row: null, message: MESSAGES.noCensusTableIn(fileName) });
  return out;
}

/** Adds a census table of the file to what the file gives the case; returns its member rows. */
function readTable(out: FileTables, fileName: string, c: Candidate, plan: ReadingPlan, scan?: ScanFindings): number {
  const { sheet, table, mapped, norm } = c;
  const existing = out.sheets.find((x) => x.sheet === sheet);
  if (existing) existing.read = true;
  // A table found with no header row has no header row to give back in a reading.
  else out.sheets.push({ file: fileName, sheet, read: true, ...(table.headerless ? {} : { headerRow: table.headerRow + 1 }) });
  out.rowsRead += table.rows.length;
  let hasRelationshipColumn = false;
  for (const col of mapped.columns) {
    if (col.field) out.fields.add(col.field);
    if (col.role && !col.field) out.roleColumns.push({ file: fileName, sheet, header: col.header });
    if (tellsRelationship(col.field)) hasRelationshipColumn = true;
    out.columns.push({
      file: fileName, sheet, header: col.header, field: col.field, confidence: col.confidence, reason: col.reason,
      alternatives: alternativesOf(col), ...(col.fromReading ? { fromReading: true } : {}),
    });
    out.markers.push({ file: fileName, sheet, header: col.header, field: col.field, dependentShare: col.alsoRelationship ? 0 : col.dependentShare });
  }
  append(out.codeValues, codeValuesOf(fileName, sheet, table, mapped.columns));
  append(out.reviewItems, columnReview(fileName, sheet, mapped.columns));
  append(out.reviewItems, unreadCodesReview(fileName, sheet, unreadCodesOf(table, mapped.columns)));
  append(out.reviewItems, unreadWordsReview(fileName, sheet, unreadWordColumnsOf(table, mapped.columns)));
  append(out.reviewItems, unreadPersonValuesReview(fileName, sheet, unreadPersonColumnsOf(table, mapped.columns)));
  // A table with no header row (found by its values) always asks: its columns were named by values alone,
  // and a census of one or two people gives them too few to be sure. A reading that names them settles it.
  if (table.headerless && mapped.columns.some((col) => col.field && !col.fromReading)) {
    out.reviewItems.push({ file: fileName, reason: MESSAGES.headerlessTable(sheet, fileName), columns: [], weight: REVIEW_WEIGHT.lives });
  }
  append(out.issues, mapped.issues);
  let leftOut = 0;
  for (const sk of table.skipped) {
    out.changes.push({ file: fileName, sheet, row: sk.index + 1, field: '(row)', from: sk.text, to: '', why: `not a member: ${sk.reason}` });
    if (++leftOut <= MAX_ROW_ISSUES_PER_KIND) out.issues.push({ file: fileName, sheet, row: sk.index + 1, message: MESSAGES.rowLeftOut(sk.index + 1, sk.reason, sk.text) });
  }
  if (leftOut > MAX_ROW_ISSUES_PER_KIND) {
    out.issues.push({ file: fileName, sheet, row: null, message: MESSAGES.moreRowsLeftOut(leftOut - MAX_ROW_ISSUES_PER_KIND, sheet) });
  }
  if (scan) {
    append(out.changes, scan.changes);
    append(out.reviewItems, scanDigitReview(fileName, sheet, scan, norm.changes, mapped.columns));
  }
  append(out.changes, norm.changes);
  append(out.issues, norm.issues);
  // Hand edits of these rows (refused with their reason when a value does not read) and row marks.
  const marks = plan.hand.applyToTable(fileName, sheet, norm.rows, out.changes);
  out.tables.push({ file: fileName, sheet, hasRelationshipColumn, rows: norm.rows, ...(marks ? { marks } : {}) });
  const members = c.memberRows >= 0 ? c.memberRows : countMembersUpTo(norm.rows, 1);
  if (members === 0 && table.rows.length > 0) {
    out.reviewItems.push({ file: fileName, reason: MESSAGES.sheetWithoutPeople(sheet, fileName, table.rows.length), columns: [], weight: REVIEW_WEIGHT.lives });
  }
  return members;
}
