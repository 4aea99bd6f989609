/**
 * Locate stage: find the census table(s) on a sheet.
 *
 * - The header row is the row, among the first HEADER_SCAN_ROWS, whose cells best read as census
 *   headers (vocabulary matches, mostly text). Titles, dates and notes above it are left out.
 *   With no such row, the first row of three or more text cells followed by data is taken.
 * - Below it: blank rows are skipped; a row repeating the header is skipped; a row that is itself a
 *   header (three or more known header texts) starts a second table (an "Employees" block followed by
 *   a "Dependents" block on one sheet).
 * - Footers are not data: a row with one filled cell (a title, a total, a note), or a short row whose
 *   first cell reads "Total ...", "Prepared by ...", "Note ...", "Source ...", "* ...".
 * Member rules (what a data row must hold to be a person) are the merge stage's business.
 */
import { HEADER_SCAN_ROWS, MAX_MAPPED_COLUMNS } from './rules';
import { cellText, isBlank, redact } from './text';
import type { Cell, LocateResult, LocatedTable, Sheet } from './types';
import { bestHeaderField, boundHeader, isKnownHeaderText } from './map/headers';
import { oneColumnOnly } from './fields';
import { foldWord, mergedWords, ruleWords } from './lang';
import { leadsWith, literalAlternation, mentions, ruleWordSet } from './lang/rule-words';
import { columnLetter } from './values/columns';
import { columnKinds, isAgeCell, isDateCell, isPersonRow, kindOfCell, WORD_CELL, type PersonKind } from './person-values';

/** A row under the table that totals or notes it: the packs' footer words lead it, or a page number or a footnote mark. */
function isFooter(first: string): boolean {
  return leadsWith('footer', first) || /^(?:page\s+\d|[*†#])/i.test(first);
}

/**
 * The text cells of a row that may be a header (trimmed), or null when the row cannot be one: fewer
 * than two filled cells, or under 70% text. Numbers and dates written as text are data, not headers.
 * Only the first MAX_MAPPED_COLUMNS cells count (scoring them is the costly part).
 */
function headerTexts(cells: readonly Cell[]): string[] | null {
  let filled = 0;
  let numbers = 0;
  const texts: string[] = [];
  const n = Math.min(cells.length, MAX_MAPPED_COLUMNS);
  for (let i = 0; i < n; i++) {
    const c = cells[i];
    if (isBlank(c)) continue;
    filled++;
    // A date is a value, never a header: a row holding one is data ('EE', 'Active', 'F' beside a birth
    // date read as header words and made a census without its header row lose its first member).
    if (isDateCell(c)) return null;
    if (typeof c !== 'string') {
      // Two numbers are data: a header names its columns ('E0001', 34, 6, 68000, 'Active' is a member).
      if (typeof c === 'number' && ++numbers >= 2) return null;
      continue;
    }
    const t = c.trim();
    if (!/^[\d$.,\-/ :]+$/.test(t)) texts.push(t);
    else if (/\d/.test(t) && ++numbers >= 2) return null;
  }
  return filled < 2 || texts.length / filled < 0.7 ? null : texts;
}

/** How strongly a row reads as a header row (0 when it cannot be one). */
export function headerRowScore(cells: readonly Cell[]): number {
  const texts = headerTexts(cells);
  if (!texts) return 0;
  let fields = 0;
  let ignored = 0;
  const seen = new Set<string>();
  for (const t of texts) {
    if (t.length > 60) continue;
    const { field, score } = bestHeaderField(t);
    if (score < 0.75 || !field) continue;
    if (field === 'ignore') ignored++;
    else if (!seen.has(field) || !oneColumnOnly(field)) {
      fields++;
      seen.add(field);
    }
  }
  return fields + 0.5 * ignored + 0.1 * texts.length;
}

/**
 * The most headerRowScore could give a row, without scoring its cells: each text cell adds at most
 * 1 (a field) plus 0.1 (text); a row headerRowScore turns down gets 0.
 */
function headerRowBound(cells: readonly Cell[]): number {
  const texts = headerTexts(cells);
  return texts ? 1.1 * texts.length + 1e-9 : 0; // the epsilon: never below a score that sums the same numbers in another order
}

/**
 * Text that describes a column rather than filling it: format hints, requirement words, allowed values
 * ("MM/DD/YYYY", "M or F", "Required", "Employee, Spouse or Child", "numeric", "e.g. 30303"). The words
 * are the packs' (RuleWords marker, instruction, formatHint and the date letters); what is left here is
 * the shape of a list of allowed values ('M or F', 'Y/N', 'EE, SP, CH'), with the English 'or'.
 */
const ALLOWED_VALUES =
  /\b[a-z]{1,3}\s*(,|or|\/)\s*[a-z]{1,3}\s*(,|or|\/)|\b(m|f|male)\s*(or|\/)\s*(f|m|female)\b|\b(y|yes)\s*(or|\/)\s*(n|no)\b|\s(or|and\/or)\s/i;

/** Every language's words of a descriptive row ('Obligatorio', 'Pflichtfeld'): lang/ packs. */
const DESCRIPTIVE_WORDS = mergedWords('descriptive');

/** A date format written in its letters, the packs' ('MM/DD/YYYY', 'JJ/MM/AAAA', 'TT.MM.JJJJ'). */
let dateFormat: RegExp | undefined;
function isDateFormat(folded: string): boolean {
  if (!dateFormat) {
    const [d, m, y] = [literalAlternation(ruleWords('dayLetters')), literalAlternation(ruleWords('monthLetters')), literalAlternation(ruleWords('yearLetters'))];
    const sep = '\\s*[\\/.\\-]?\\s*';
    dateFormat = new RegExp(`\\b(?:${d}${sep}${m}|${m}${sep}${d})${sep}${y}\\b`);
  }
  return dateFormat.test(folded);
}

/** A header whose best field scores under this says too little: the row under it may say what the column is. */
const DESCRIBED_HEADER_MAX = 0.5;

function isDescriptiveCell(text: string, header: string): boolean {
  text = boundHeader(text);
  // Requirement words, what to do, format words, a date format, values listed with 'or' (the packs' words).
  if (leadsWith('marker', text) || leadsWith('instruction', text) || mentions('formatHint', text) || ALLOWED_VALUES.test(text)) return true;
  const folded = foldWord(text);
  if (DESCRIPTIVE_WORDS.has(folded) || DESCRIPTIVE_WORDS.has(folded.split(/[\s:;,(]+/)[0]) || isDateFormat(folded)) return true;
  // "Employee first name" under "First Name": the same field said again in words; or a field's words under
  // a header none of whose words we know (a machine header 'Número de Empleado' over 'Employee ID').
  if (!header || text.length > 60) return false;
  const a = bestHeaderField(text);
  if (!a.field || a.score < 0.6) return false;
  const b = bestHeaderField(header);
  return a.field === b.field || b.score < DESCRIBED_HEADER_MAX;
}

/**
 * A row under the header that describes the columns (exchange and carrier templates put one there):
 * text cells only, most of them descriptive. Never a member.
 */
function isDescriptiveRow(cells: readonly Cell[], headers: readonly string[]): boolean {
  let filled = 0;
  let descriptive = 0;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (isBlank(c)) continue;
    filled++;
    if (typeof c !== 'string') return false;
    const t = c.trim();
    if (/^[\d$.,\-/ :]+$/.test(t)) return false;
    if (isDescriptiveCell(t, headers[i] ?? '')) descriptive++;
  }
  return filled >= 2 && descriptive >= 0.6 * filled;
}

function nextFilledRow(rows: readonly Cell[][], from: number): number {
  for (let i = from; i < Math.min(rows.length, from + 3); i++) if (filledCount(rows[i] ?? [], 1) > 0) return i;
  return -1;
}

/** A row of header words only (two or more, every one a header the vocabulary knows). */
/** A header word: one the vocabulary knows as it is, or that scores at least `min` against it. */
function isHeaderWord(text: string, min: number): boolean {
  return isKnownHeaderText(text) || bestHeaderField(text).score >= min;
}

/** A numbered dependent's header ('Child 1', 'Dep2'): a word of the packs' numberedDependent, then a digit. */
function isNumberedDependent(text: string): boolean {
  const lead = /^(\p{L}+)\s*\d/u.exec(foldWord(text));
  return lead !== null && ruleWordSet('numberedDependent').has(lead[1]);
}

function isSubHeaderRow(cells: readonly Cell[]): boolean {
  let filled = 0;
  let words = 0;
  for (const c of cells) {
    if (isBlank(c)) continue;
    if (typeof c !== 'string') return false;
    const t = c.trim();
    if (hasDigit(t) && !isNumberedDependent(t)) return false;
    filled++;
    if (isHeaderWord(t, 0.9)) words++;
  }
  // Every cell a header word, or a person's two names among a few words of the form's own
  // ('LAST NAME' | 'FIRST NAME' | 'STANDARD REASONS' | 'OTHER' under 'EMPLOYEE' and 'DECLINATION REASON').
  return filled >= 2 && (words === filled || (namesBothParts(cells) && words >= SUB_HEADER_WORDS * filled));
}

/** A second header row with a person's two names in it may hold other words in this share of its cells. */
const SUB_HEADER_WORDS = 0.5;

/** The row holds a first-name and a last-name header, side by side: no member's row does. */
function namesBothParts(cells: readonly Cell[]): boolean {
  for (let i = 0; i + 1 < cells.length; i++) {
    const a = typeof cells[i] === 'string' ? bestHeaderField(cells[i] as string) : undefined;
    const b = typeof cells[i + 1] === 'string' ? bestHeaderField(cells[i + 1] as string) : undefined;
    if (!a || !b || a.score < 0.9 || b.score < 0.9) continue;
    if ((a.field === 'firstName' && b.field === 'lastName') || (a.field === 'lastName' && b.field === 'firstName')) return true;
  }
  return false;
}

function filledCount(cells: readonly Cell[], enough = Infinity): number {
  let n = 0;
  for (let i = 0; i < cells.length && n < enough; i++) if (!isBlank(cells[i])) n++;
  return n;
}

function firstFilledText(cells: readonly Cell[]): string {
  for (const c of cells) if (!isBlank(c)) return cellText(c);
  return '';
}

function firstFilled(cells: readonly Cell[]): Cell {
  for (let i = 0; i < cells.length; i++) if (!isBlank(cells[i])) return cells[i];
  return null;
}

function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

function mayBeHeaderRow(cells: readonly Cell[], firstCell: string, firstHeader: string): boolean {
  const first = firstCell.trim();
  return first.toLowerCase() === firstHeader || isKnownHeaderText(first) || isKnownHeaderText(secondFilledText(cells));
}

function secondFilledText(cells: readonly Cell[]): string {
  let seen = false;
  for (const c of cells) {
    if (isBlank(c)) continue;
    if (seen) return typeof c === 'string' ? c.trim() : '';
    seen = true;
  }
  return '';
}

function knownHeaderCells(cells: readonly Cell[]): number {
  let n = 0;
  for (const c of cells) if (typeof c === 'string' && isKnownHeaderText(c.trim())) n++;
  return n;
}

/**
 * Half or more of the row's filled cells are header words. A data row whose codes happen to be header
 * words ('Employee' in a relationship column, 'Active' in a status column, 'Gender'...) scores like a
 * header on those cells alone, but its names, addresses and dates are no header; a second header row
 * (a dependents block under the employees) is header words nearly throughout.
 */
function mostlyHeaderWords(cells: readonly Cell[]): boolean {
  let filled = 0;
  let words = 0;
  for (const c of cells) {
    if (isBlank(c)) continue;
    filled++;
    if (typeof c !== 'string') continue;
    const t = c.trim();
    if (t.length <= 60 && isHeaderWord(t, 0.75)) words++;
  }
  return words >= 0.5 * filled;
}

/** The filled rows under a header where a template's rows of requirements may still come. */
const EARLY_ROWS = 3;

/** Rows looked at to find a table with no header row, and how many of them it needs. */
const HEADERLESS_PROBE = 12;
const HEADERLESS_MIN_ROWS = 2;

/**
 * A row of descriptions ('Required for quoting all products', 'Optional', 'Not Required but
 * Recommended') that names fields in fewer than this share of its cells describes the columns of a
 * header that is not there: it is no header row. A header with hints ('Gender (M or F)') names a
 * field in nearly every cell.
 */
const DESCRIPTION_FIELD_DENSITY = 0.4;

/**
 * A row of text cells most of which describe a column: descriptive (isDescriptiveCell) or holding a
 * requirement word of a language pack anywhere ('Current Volumes Required', 'Not Required but
 * Recommended'). Above a table whose header was removed, it is what is left of the header.
 */
function isDescriptionRow(cells: readonly Cell[]): boolean {
  let filled = 0;
  let described = 0;
  for (const c of cells) {
    if (isBlank(c)) continue;
    filled++;
    if (typeof c !== 'string') return false;
    const t = boundHeader(c.trim());
    if (isDescriptiveCell(t, '') || t.split(/[^\p{L}]+/u).some((w) => w && DESCRIPTIVE_WORDS.has(foldWord(w)))) described++;
  }
  return filled >= 2 && described >= 0.6 * filled;
}

/** A row's cells agreeing with the column under them this many times make it data, not a header. */
const DATA_SHAPED_CELLS = 2;

/**
 * A row that is the first data row of a table with no header, not its header: two of its cells or
 * more hold a person value of the kind the rows under them hold in that column (a first name over
 * first names, an id over ids, a ZIP over ZIPs). A header's words are never values of their own
 * column ('City 1', 'State 1' placeholders read as header words, and took a roster's first member
 * for its header row). Only the HEADERLESS_PROBE rows below are looked at.
 */
function isDataShaped(rows: readonly Cell[][], row: number): boolean {
  const below: (readonly Cell[])[] = [];
  for (let j = row + 1; j < rows.length && below.length < HEADERLESS_PROBE; j++) if (filledCount(rows[j] ?? [], 1) > 0) below.push(rows[j]);
  // Near the end of a sheet, the rows above stand in for those below (the last rows of a roster are data too).
  for (let j = row - 1; j >= 0 && below.length < HEADERLESS_MIN_ROWS; j--) if (filledCount(rows[j] ?? [], 1) > 0) below.push(rows[j]);
  if (below.length < HEADERLESS_MIN_ROWS) return false;
  const cells = rows[row] ?? [];
  let agreeing = 0;
  for (const [c, kind] of columnKinds(below, MAX_MAPPED_COLUMNS)) {
    if (kindOfCell(cells[c] ?? null) === kind && ++agreeing >= DATA_SHAPED_CELLS) return true;
  }
  return false;
}

/** headerRowScore, 0 for a row that could score as a header but is data shaped or a row of descriptions (looked at only then). */
function headerOrData(rows: readonly Cell[][], row: number): number {
  const cells = rows[row] ?? [];
  const score = headerRowScore(cells);
  if (score <= 0) return score;
  return isDataShaped(rows, row) || (score < DESCRIPTION_FIELD_DENSITY * filledCount(cells) && isDescriptionRow(cells)) ? 0 : score;
}

/** The header row of the table starting at or after `from`, or -1 (exported for its property test). */
export function findHeaderRow(rows: readonly Cell[][], from: number): number {
  const end = Math.min(rows.length, from + HEADER_SCAN_ROWS);
  // Scoring a row means scoring each text cell against the vocabulary: the costly part of locating.
  // A cheap upper bound per row lets most rows go unscored with the same answer: rows are scored
  // from the highest bound down until no unscored row could beat the best score, then the first row
  // near the best (in order) is looked for, scoring a row only if its bound could reach the bar.
  const bounds: number[] = [];
  for (let i = from; i < end; i++) bounds.push(headerRowBound(rows[i] ?? []));
  const scores: (number | undefined)[] = new Array(bounds.length);
  const score = (k: number) => (scores[k] ??= headerOrData(rows, from + k));
  let bestScore = 0;
  const order = bounds.map((_, k) => k).sort((a, b) => bounds[b] - bounds[a] || a - b);
  for (const k of order) {
    if (bounds[k] <= bestScore) break;
    bestScore = Math.max(bestScore, score(k));
  }
  // Two recognised fields at least. The first row that comes near the best wins: a second header
  // further down starts a second table (split layout on one sheet), it does not replace the first.
  if (bestScore >= 2) {
    const bar = Math.max(2, 0.6 * bestScore);
    for (let k = 0; k < bounds.length; k++) if (bounds[k] >= bar && score(k) >= bar) return machineHeaderAbove(rows, from, from + k);
  }
  // Fallback: three text cells or more, all text, followed by a filled row.
  for (let i = from; i < end; i++) {
    const cells = rows[i] ?? [];
    const filled = filledCount(cells);
    if (filled < 3) continue;
    let text = 0;
    for (const c of cells) if (typeof c === 'string' && c.trim() && !/^[\d$.,\-/ :]+$/.test(c.trim()) && !isDateCell(c)) text++;
    if (text !== filled || isDataShaped(rows, i) || isDescriptionRow(cells)) continue;
    for (let j = i + 1; j < Math.min(rows.length, i + 4); j++) if (filledCount(rows[j] ?? []) >= 3) return i;
  }
  return -1;
}

/** Of the columns a described row fills, the row above it fills this share at least to be its header. */
const MACHINE_HEADER_OVERLAP = 0.8;
/** A machine header's names are short (the longest real one, 'Fecha de Nacimiento del Cónyuge', has 31). */
const MACHINE_HEADER_CHARS = 40;

/**
 * The header row found, or the row right above it when that row is the table's header and the one found
 * describes it: a template's machine header whose words no pack knows ('Personalnummer', 'Geburtsdatum')
 * over the row people read ('Employee ID', 'Date of Birth (MM/DD/YYYY)'). The row above holds text cells
 * only, over the same columns, and the found row is descriptive under it (isDescriptiveRow); locateTables
 * then reads it as the columns' descriptions.
 */
export function machineHeaderAbove(rows: readonly Cell[][], from: number, row: number): number {
  const above = row - 1;
  if (above < from) return row;
  const top = rows[above] ?? [];
  const cells = rows[row] ?? [];
  let filled = 0;
  let overlap = 0;
  for (let i = 0; i < cells.length; i++) {
    if (isBlank(cells[i])) continue;
    filled++;
    if (!isBlank(top[i] ?? null)) overlap++;
  }
  if (filled < 3 || overlap < MACHINE_HEADER_OVERLAP * filled || filledCount(top) > filled + 2) return row;
  // Short names, no notes: a row of requirements above the header ('Not Required but Recommended') is none.
  for (const c of top) if (!isBlank(c) && (typeof c !== 'string' || c.trim().length > MACHINE_HEADER_CHARS || /^[\d$.,\-/ :]+$/.test(c.trim()) || isDateCell(c))) return row;
  if (isDescriptionRow(top)) return row;
  return isDescriptiveRow(cells, headersOf(rows, above)) ? above : row;
}

/** A column of dates with blanks: filled on this share of the run's rows at least ... */
const HEADERLESS_DATES_FILLED = 0.7;
/** ... and a date in this share of its filled cells (gmc-member-coded-rel: one member's birth date blank of four). */
const HEADERLESS_DATES_OF_FILLED = 0.95;

/** A run of at most this many rows is a census when each of its rows is a person by its own values. */
const HEADERLESS_PERSON_ROWS = 2;

/**
 * The first row of a table that has no header row, or -1: a run of rows of about one width (three
 * filled cells or more, as many cells as the first row or about as many filled), at least HEADERLESS_MIN_ROWS of them,
 * with a column that holds dates on four rows in five (a census carries birth or hire dates; or blank on a
 * few rows, dates in all its filled cells), or, from
 * three rows, a column of ages beside a column of words (a census of ages only), or columns of person
 * values (person-values.ts: SSNs, sexes, first names, states, ZIPs...). Its first row must hold
 * a date (or an age, or those values) in that column too: a title or a notes row is not data.
 * A census of one or two people is a run of rows each of which is a person by its own values.
 */
export function findHeaderlessStart(rows: readonly Cell[][], from: number): number {
  const end = Math.min(rows.length, from + HEADER_SCAN_ROWS);
  for (let i = from; i < end; i++) {
    const first = rows[i] ?? [];
    const width = filledCount(first);
    if (width < 3) continue;
    const run: (readonly Cell[])[] = [];
    for (let j = i; j < rows.length && run.length < HEADERLESS_PROBE; j++) {
      const cells = rows[j] ?? [];
      const n = filledCount(cells);
      if (n === 0) continue;
      // One table: as many cells (a CSV's rows), or about as many filled (a dependent's row fills fewer).
      if (n < 3 || (Math.abs(cells.length - first.length) > 2 && Math.abs(n - width) > Math.max(2, 0.4 * width))) break;
      run.push(cells);
    }
    // A census of one or two people: each row a person by its own values (a date or an age beside a
    // first name, a sex, a state, a ZIP, an SSN...); a title, note, legend or totals row never is.
    if (run.length > 0 && run.length <= HEADERLESS_PERSON_ROWS && run.every((r) => isPersonRow(r, MAX_MAPPED_COLUMNS))) return i;
    if (run.length < HEADERLESS_MIN_ROWS) continue;
    const cols = Math.min(MAX_MAPPED_COLUMNS, Math.max(...run.map((r) => r.length)));
    const share = (c: number, test: (cell: Cell) => boolean) => run.filter((r) => test(r[c] ?? null)).length / run.length;
    for (let c = 0; c < cols; c++) {
      if (!isDateCell(first[c] ?? null)) continue;
      if (share(c, isDateCell) >= 0.8) return i;
      // A birth date left blank on a row or two (a dependent's unknown): the dates of the filled cells.
      const filled = share(c, (x) => !isBlank(x));
      if (filled >= HEADERLESS_DATES_FILLED && share(c, isDateCell) >= HEADERLESS_DATES_OF_FILLED * filled) return i;
    }
    // No dates: a column of ages beside a column of words (names) is a census written with ages only.
    if (run.length >= 3) {
      let ages = false;
      let words = false;
      for (let c = 0; c < cols; c++) {
        if (isAgeCell(first[c] ?? null) && share(c, isAgeCell) >= 0.8) ages = true;
        if (share(c, (x) => typeof x === 'string' && WORD_CELL.test(x.trim())) >= 0.8) words = true;
      }
      if (ages && words) return i;
    }
    if (hasPersonColumns(run)) return i;
  }
  return -1;
}

/** Person kinds a run's columns must show, without dates: three, or two when one is first names. */
const HEADERLESS_COLUMN_KINDS = 3;
/** Kinds that only a person has: states, ZIPs and ids alone are as much a list of shops. */
const PERSON_ANCHORS: readonly PersonKind[] = ['firstName', 'gender', 'ssn', 'email', 'age'];

/**
 * A run whose columns hold person values though none holds dates on four rows in five (dates mixed
 * with Excel serials, a roster with no dates): columns of three person kinds (SSNs, sexes, states,
 * ZIPs...), or first names of the name table beside a column of another kind (ids, ZIPs), one of them
 * a kind only people have (PERSON_ANCHORS). Its first
 * row holds two of those kinds in their columns: it is data, not a title or a notes row.
 */
function hasPersonColumns(run: readonly (readonly Cell[])[]): boolean {
  const kinds = columnKinds(run, MAX_MAPPED_COLUMNS);
  const distinct = new Set<PersonKind>(kinds.values());
  const enough = distinct.has('firstName') ? 2 : HEADERLESS_COLUMN_KINDS;
  if (distinct.size < enough || !PERSON_ANCHORS.some((k) => distinct.has(k))) return false;
  const first = new Set<PersonKind>();
  for (const [c, kind] of kinds) if (kindOfCell(run[0][c] ?? null) === kind) first.add(kind);
  return first.size >= Math.min(2, enough);
}

function sameAsHeader(cells: readonly Cell[], headers: readonly string[]): boolean {
  let compared = 0;
  let same = 0;
  for (let i = 0; i < headers.length; i++) {
    if (!headers[i]) continue;
    compared++;
    if (cellText(cells[i] ?? null).toLowerCase() === headers[i].toLowerCase()) same++;
  }
  return compared > 0 && same / compared >= 0.8;
}

function headersOf(rows: readonly Cell[][], headerRow: number): string[] {
  const headerCells = rows[headerRow] ?? [];
  let width = headerCells.length;
  // Data may run wider than the header (a column someone added without a title).
  const probeEnd = Math.min(rows.length, headerRow + 200);
  for (let i = headerRow + 1; i < probeEnd; i++) width = Math.max(width, rows[i]?.length ?? 0);
  const headers: string[] = [];
  for (let i = 0; i < width; i++) headers.push(cellText(headerCells[i] ?? null).replace(/\s+/g, ' '));
  // Trim trailing columns that have neither a header nor any data near the top.
  while (headers.length > 0 && !headers[headers.length - 1]) {
    const col = headers.length - 1;
    let used = false;
    for (let i = headerRow + 1; i < probeEnd && !used; i++) used = !isBlank(rows[i]?.[col] ?? null);
    if (used) break;
    headers.pop();
  }
  return headers;
}

/** The census tables of a sheet, or none with the reason. */
export function locateTables(sheet: Sheet, opts: { headerRow?: number } = {}): LocateResult {
  const rows = sheet.rows;
  const tables: LocatedTable[] = [];
  // A header row given from outside (a reading) is taken as it is; the tables below it are found as usual.
  const forced = opts.headerRow !== undefined && opts.headerRow >= 0 && opts.headerRow < rows.length ? opts.headerRow : undefined;
  let headerRow = forced ?? findHeaderRow(rows, 0);
  // No header row: a table may still be there, found by its shape and values (a header row removed,
  // or one whose words no pack knows and that the fallback did not take).
  let headerless = false;
  if (headerRow < 0) {
    const start = findHeaderlessStart(rows, 0);
    if (start >= 0) {
      headerRow = start - 1;
      headerless = true;
    }
  }
  if (headerRow < 0 && !headerless) {
    const filled = rows.some((r) => filledCount(r) > 0);
    return { tables, reason: filled ? 'no header row with census columns was found' : 'the sheet is empty' };
  }
  for (let more = true; more; more = headerRow >= 0) {
    const headers = headersOf(rows, headerRow);
    // No header row: each column with data is named as the spreadsheet names it ('Column D'), so the
    // report, its review and a reading from outside can tell the columns apart.
    if (headerless) {
      const probeEnd = Math.min(rows.length, headerRow + 201);
      // A row left above the table (descriptions of the columns) names none of them.
      for (let i = 0; i < headers.length; i++) {
        headers[i] = '';
        for (let r = headerRow + 1; r < probeEnd; r++) {
          if (!isBlank(rows[r]?.[i] ?? null)) {
            headers[i] = `Column ${columnLetter(i)}`;
            break;
          }
        }
      }
    }
    // A two-row header ("Employee Name" over "First" | "Last", "Dependent 1" over "DOB"): the row under
    // it is made of header words only; each column's name joins its group label and its own.
    const sub = headerless ? -1 : nextFilledRow(rows, headerRow + 1);
    let subRow = -1;
    // Not a row that describes a machine header one column for one ('Geburtsdatum' over 'Date of Birth'):
    // that one is read as the columns' descriptions below.
    if (sub >= 0 && isSubHeaderRow(rows[sub]) && !(sub === headerRow + 1 && machineHeaderAbove(rows, headerRow, sub) === headerRow)) {
      subRow = sub;
      let group = '';
      for (let i = 0; i < Math.max(headers.length, rows[sub].length); i++) {
        const own = cellText(rows[sub][i] ?? null).replace(/\s+/g, ' ');
        const parent = headers[i] ?? '';
        if (parent) group = parent;
        // A merged group label spans the empty cells to its right that have a name of their own below.
        const label = parent || (own ? group : '');
        headers[i] = own ? (label ? `${label} ${own}` : own) : parent;
      }
    }
    const width = headers.filter(Boolean).length;
    const firstHeader = (headers.find(Boolean) ?? '').toLowerCase();
    /** A footer (total, note) fills at most this many cells. */
    const footerMax = Math.max(2, Math.floor(width * 0.3));
    const table: LocatedTable = { sheet: sheet.name, headerRow, headers, rows: [], rowIndex: [], skipped: [], ...(headerless ? { headerless } : {}) };
    let next = -1;
    let described = false;
    let looked = 0;
    let early = 0;
    if (subRow >= 0) table.skipped.push({ index: subRow, text: redact(firstFilledText(rows[subRow])), reason: 'the second row of a two-row header (joined into the column names)' });
    for (let i = (subRow >= 0 ? subRow : headerRow) + 1; i < rows.length; i++) {
      const cells = rows[i];
      if (!cells) continue;
      // Only small counts matter below (blank, one cell, a short footer): stop counting past them.
      const filled = filledCount(cells, footerMax + 1);
      if (filled === 0) continue;
      // The first rows under the header may describe the columns ("MM/DD/YYYY", "Required").
      if (looked < 3 && table.rows.length === 0) {
        looked++;
        const lead = firstFilled(cells);
        if (typeof lead === 'string' && leadsWith('example', lead)) {
          table.skipped.push({ index: i, text: redact(firstFilledText(cells)), reason: 'an example row of the template, not a member' });
          continue;
        }
        if (!headerless && isDescriptiveRow(cells, headers)) {
          described = true;
          table.descriptions ??= cells.map((c) => cellText(c).replace(/\s+/g, ' ').trim());
          table.skipped.push({ index: i, text: redact(firstFilledText(cells)), reason: 'a row that describes the columns (formats, required fields), not a member' });
          continue;
        }
      }
      // A template's row of requirements among the first rows under its header, after another row of
      // it ('PLAN TYPE' | '(Hourly or Salaried)' | 'COBRA ENROLLEE?'): requirement words in most cells
      // ('EMB Required', 'Required – if Life Requested', 'Optional'). No member's row reads so.
      if (early < EARLY_ROWS && !headerless && isDescriptionRow(cells)) {
        early++;
        described = true;
        table.skipped.push({ index: i, text: redact(firstFilledText(cells)), reason: 'a row of requirements of the template (required, optional), not a member' });
        continue;
      }
      early++;
      if (filled === 1) {
        table.skipped.push({ index: i, text: redact(firstFilledText(cells)), reason: 'one filled cell: a title, total or note' });
        continue;
      }
      const firstCell = firstFilled(cells);
      if (filled <= footerMax) {
        const first = cellText(firstCell);
        if (isFooter(first)) {
          table.skipped.push({ index: i, text: redact(first), reason: 'a total or note under the table' });
          continue;
        }
      }
      // Cheap pre-check (every row passes here): a header row starts with a text without digits
      // (data rows start with ids, names with dates after them...), then with a known header text or
      // this table's first header.
      if (typeof firstCell === 'string' && !hasDigit(firstCell) && mayBeHeaderRow(cells, firstCell, firstHeader)) {
        const first = firstCell.trim();
        if (sameAsHeader(cells, headers)) {
          table.skipped.push({ index: i, text: redact(first), reason: 'the header repeated' });
          continue;
        }
        if ((knownHeaderCells(cells) >= 3 || headerRowScore(cells) >= 3) && mostlyHeaderWords(cells)) {
          next = i;
          break;
        }
      }
      table.rows.push(cells);
      table.rowIndex.push(i);
    }
    // A blank template (a header, perhaps its descriptive row, no member) is still a census table:
    // it reports 0 lives instead of failing.
    if (table.rows.length > 0 || (tables.length === 0 && (forced !== undefined || (next < 0 && (described || headerRowScore(rows[headerRow] ?? []) >= 3))))) tables.push(table);
    headerRow = next;
    headerless = false;
  }
  return tables.length > 0 ? { tables } : { tables, reason: 'a header row was found but no rows under it' };
}
