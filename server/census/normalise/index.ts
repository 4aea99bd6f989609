/**
 * Normalise stage: every mapped cell of a located table -> its canonical value (CENSUS.md "Canonical
 * fields"); one NormalisedRow per data row. Unmapped columns are kept as text ("extras") for the export.
 *
 * What it records:
 * - a Change for every value changed beyond re-spelling: leading zeros restored, ZIP+4 cut, two-digit
 *   year placed, salary derived from monthly or hourly pay, full name split, state from ZIP code, a code
 *   read despite a typo, an unreadable value left blank (re-spellings such as "M" -> male or
 *   12/04/1983 -> 1983-12-04 are what the export shows anyway and are not logged one by one);
 * - an Issue for an unreadable value (capped per column; the change log keeps every one).
 * Placeholders ("N/A", "-", "#VALUE!") count as blank (placeholders.ts). This module is the cell
 * loop: each cell is read, and its value stored, as its field's spec says (fields/); the rules a
 * row follows once its cells are read (pay mode, salary, exit and rehire dates, member sequence,
 * state from ZIP) are row-rules.ts's.
 * Speed (a census has about a million cells): columns are processed one at a time within blocks of
 * rows, and a column whose sampled values repeat (codes, states, names) memoises its parsed values.
 */
import { MAX_ROW_ISSUES_PER_KIND } from '../rules';
import { fieldLabel, FIELDS, type FieldSpec, type ReadCell, type ReadContext, type StoreValue } from '../fields';
import { maskSsn } from '../fields/readers';
import { cellText, isBlank, maskSsns, redact } from '../text';
import type { CanonicalField, Cell, Change, ColumnMapping, Issue, LocatedTable, MemberValues, NormalisedRow } from '../types';
import { parseRelationship } from '../values/codes';
import { detectDayOrder, type DateContext } from '../values/dates';
import { splitFullName } from './names';
import { newNote, resetNote } from '../values/note';
import { columnLetter, sampleColumn } from '../values/columns';
import { append, identOf, newRowObject } from '../members';
import { isPlaceholder, PLACEHOLDERS } from './placeholders';
import { createRowRules } from './row-rules';
import { mentions } from '../lang/rule-words';

export { parseDate, detectDayOrder, isoFromSerial, wholeYears, shiftIso } from '../values/dates';
export { parseNumber } from '../values/numbers';
export { parseZip } from '../values/zip';
export { stateCode, stateFromZip } from '../values/states';
export { parseGender, parseRelationship, parseStatus, parseTier, parseTobacco } from '../values/codes';
export { splitFullName } from './names';
export { deriveAnnualSalary } from './row-rules';
export { fullSsn } from '../fields/ssn';

const NO_EXTRAS: Record<string, string> = Object.freeze({}) as Record<string, string>;

interface Parsed {
  v: unknown;
  why: string | null;
  invalid: boolean;
}

/** What a wide block's relationship cell says its member is (null: blank or not a relationship). */
function blockRelationship(cell: Cell | undefined): MemberValues['relationship'] {
  if (cell === undefined || isBlank(cell)) return null;
  return parseRelationship(cellText(cell));
}

interface Handler {
  col: ColumnMapping;
  index: number;
  field: CanonicalField;
  spec: FieldSpec;
  read: ReadCell;
  /** The column's reading context: its dates, and the note shared by every cell (reset per cell). */
  ctx: ReadContext;
  placeholders: ReadonlySet<string>;
  /** Parsed values by cell (string or number): census values repeat (codes, names, dates). */
  memo: Map<string | number, Parsed> | null;
  /** Stores a parsed value in its member slot (null for the values the row loop gathers). */
  assign: StoreValue | null;
  invalidCount: number;
}

/** A blank row with its member's slots (merge makes the row its member without a copy: members.ts). */
export function newRow(file: string, sheet: string, row: number): NormalisedRow {
  return newRowObject(file, sheet, row, NO_EXTRAS);
}

/**
 * Code readings given from outside (a reading's codes): the cell's own text decides first; '' is a
 * blank; any other text goes to the field's own parser.
 */
function withCodeOverrides(read: ReadCell, overrides: Map<string, string>): ReadCell {
  return (cell, ctx) => {
    const key = cellText(cell).trim().toLowerCase();
    const v = overrides.get(key);
    if (v === undefined) return read(cell, ctx);
    return v === '' ? null : v;
  };
}

/** The reader of a mapped column: its field's, or the special reading the map stage chose, with a reading's codes first. */
function columnReader(col: ColumnMapping, spec: FieldSpec): ReadCell {
  let read = spec.readColumn?.(col) ?? spec.read;
  if (col.codeOverrides && col.codeOverrides.size > 0) read = withCodeOverrides(read, col.codeOverrides);
  return read;
}

/** Reads one text as a cell of the column (of that field), outside the normalise loop. */
function readAlone(col: ColumnMapping, field: CanonicalField, text: string, asOf: string): unknown {
  return columnReader(col, FIELDS[field])(text, { note: newNote(), dates: { asOf } });
}

/**
 * Whether a cell of a coded column (relationship, gender, status, tier) holds a value the column's
 * reader cannot read: not blank, not a placeholder ('N/A'), not settled by a reading from outside,
 * and read as nothing. Such a value must not pass as 'nothing to see' (review.ts asks about it).
 */
export function isUnreadCode(col: ColumnMapping, text: string): boolean {
  if (!col.field) return false;
  const t = text.trim();
  if (!t || isPlaceholder(t, PLACEHOLDERS)) return false;
  if (col.codeOverrides?.has(t.toLowerCase())) return false;
  const v = readAlone(col, col.field, t, '2000-01-01');
  return v === null || v === undefined;
}

/** What a code cell of a relationship, status or tier column is read as ('' for nothing). */
export function readCodeAs(col: ColumnMapping, text: string): string {
  if (!col.field) return '';
  if (isPlaceholder(text, PLACEHOLDERS)) return '';
  const v = readAlone(col, col.field, text, '2000-01-01');
  if (typeof v !== 'string') return '';
  return v.startsWith('rel:') ? v.slice(4) : v;
}

/**
 * A value typed by hand for a field (a hand edit: hand-edits.ts), read by the field's own parser as a
 * cell of that field is: its value (null for '': the cell cleared), or why it cannot be read.
 */
export function readTypedValue(field: CanonicalField, text: string, asOf: string): { value: unknown } | { refused: string } {
  const t = text.trim();
  if (t === '') return { value: null };
  const note = newNote();
  const v = FIELDS[field].read(t, { note, dates: { asOf } });
  if (note.invalid || v === null || v === undefined) {
    const label = fieldLabel(field);
    return { refused: `'${redact(t)}' is not ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label} we can read` };
  }
  return { value: v };
}

/**
 * Memoise a column when its sampled values hold at most this share of distinct values (ids and SSNs,
 * whose specs say their values are unique, never).
 */
const MEMO_MAX_DISTINCT = 0.5;

function repeats(sample: readonly Cell[]): boolean {
  if (sample.length < 20) return true;
  const distinct = new Set<unknown>();
  for (const c of sample) distinct.add(c instanceof Date ? c.getTime() : c);
  return distinct.size <= sample.length * MEMO_MAX_DISTINCT;
}
const MEMO_LIMIT = 20_000;
/** Rows per block of the column-by-column pass (a block's cells stay in the CPU cache). */
const BLOCK_ROWS = 256;

export { fieldLabel } from '../fields';

export interface NormaliseContext {
  file: string;
  asOf: string;
  /** Keep the full SSN (ssnFull) beside its last four digits: an export run of a case that opted in. */
  keepSsn?: boolean;
}

export interface NormaliseResult {
  rows: NormalisedRow[];
  changes: Change[];
  issues: Issue[];
}

/** SSN-like extra columns (the packs' ssnHeader words, or values) are masked like the ssn field: only the last four digits survive. */
const SSN_VALUE = /^\d{3}-?\d{2}-?\d{4}$/;

export function normaliseTable(table: LocatedTable, columns: ColumnMapping[], ctx: NormaliseContext): NormaliseResult {
  const { file } = ctx;
  const sheet = table.sheet;
  const changes: Change[] = [];
  const issues: Issue[] = [];
  const handlers: Handler[] = [];
  const note = newNote();
  const extras: { index: number; label: string; ssn: boolean }[] = [];
  const usedLabels = new Set<string>();
  const mapped = new Set<CanonicalField>();

  for (const col of columns) {
    if (!col.field) {
      let label = col.header || `Column ${columnLetter(col.index)}`;
      for (let k = 2; usedLabels.has(label); k++) label = `${col.header || columnLetter(col.index)} (${k})`;
      usedLabels.add(label);
      extras.push({ index: col.index, label, ssn: mentions('ssnHeader', col.header) });
      continue;
    }
    const spec = FIELDS[col.field];
    const dates: DateContext = { asOf: ctx.asOf };
    if (spec.kind === 'date') dates.order = detectDayOrder(sampleColumn(table.rows, col.index, 500));
    mapped.add(col.field);
    handlers.push({
      col,
      index: col.index,
      field: col.field,
      spec,
      read: columnReader(col, spec),
      ctx: { note, dates },
      placeholders: spec.placeholders,
      memo: spec.unique || !repeats(sampleColumn(table.rows, col.index, 200)) ? null : new Map(),
      assign: typeof spec.slot === 'function' ? spec.slot : null,
      invalidCount: 0,
    });
  }
  // The business rules each row follows once its cells are read (pay mode, salary, exit and rehire
  // dates, member sequence, state from ZIP): row-rules.ts.
  const rules = createRowRules({ table, columns, ctx, changes, mapped, relationshipFromTier: handlers.some((h) => h.col.alsoRelationship) });
  // Columns neither mapped nor kept as extras (cells past the header's width) still count as filled.
  const covered = new Set<number>([...handlers.map((h) => h.index), ...extras.map((x) => x.index)]);
  const uncoveredBelow: number[] = [];
  for (let i = 0; i < table.headers.length; i++) if (!covered.has(i)) uncoveredBelow.push(i);
  const width = table.headers.length;
  const hasNames = mapped.has('firstName') || mapped.has('lastName');
  const src = table.rows;
  const headerless = table.headerless === true;
  const unnamed = !handlers.some((h) => h.spec.identifiesPerson);
  const rowNo = (i: number) => table.rowIndex[i] + 1;
  const n = src.length;

  // Column by column within blocks of rows: each column's parser, store and memo stay hot (one call
  // target per loop, which the JIT inlines), and a block's cells stay in the CPU cache across its
  // columns. At a million cells, both matter.
  // The rows are created first, every property in place (one hidden class), and filled column by column.
  const values: NormalisedRow[] = new Array(n);
  for (let i = 0; i < n; i++) values[i] = newRow(file, sheet, rowNo(i));
  const filled = new Int32Array(n);
  const first = new Int32Array(n).fill(-1);
  const fullNames: (string | null)[] = hasFullName(handlers) ? new Array(n).fill(null) : [];
  // Rows the row rules found a relationship for (a relationship column's store marks its own rows).
  const relationshipGiven = new Uint8Array(n);
  const spouseDates: ({ header: string; date: string }[] | null)[] = new Array(n).fill(null);
  const childDates: ({ header: string; date: string }[] | null)[] = new Array(n).fill(null);

  for (let from = 0; from < n; from += BLOCK_ROWS) {
    const to = Math.min(n, from + BLOCK_ROWS);
    for (const h of handlers) {
      const col = h.index;
      const memo = h.memo;
      for (let i = from; i < to; i++) {
        const cell = src[i][col];
        if (isBlank(cell)) continue;
        filled[i]++;
        if (first[i] < 0 || col < first[i]) first[i] = col;
        const memoKey = typeof cell === 'string' || typeof cell === 'number' ? cell : null;
        const p = memo !== null && memoKey !== null ? memo.get(memoKey) : undefined;
        let v: unknown;
        let why: string | null;
        let invalid: boolean;
        if (p !== undefined) {
          v = p.v;
          why = p.why;
          invalid = p.invalid;
        } else {
          if (typeof cell === 'string' && isPlaceholder(cell, h.placeholders)) continue;
          resetNote(note);
          v = h.read(cell, h.ctx);
          why = note.why;
          invalid = note.invalid;
          if (memo !== null && memoKey !== null && memo.size < MEMO_LIMIT) memo.set(memoKey, { v, why, invalid });
        }
        if (invalid || v === null || v === undefined) {
          if (invalid) reportInvalid(h, cell, rowNo(i));
          continue;
        }
        if (why !== null) changes.push({ file, sheet, row: rowNo(i), field: h.field, from: redact(cellText(cell)), to: String(v), why });
        if (h.assign !== null) {
          h.assign(values[i], v);
          continue;
        }
        if (h.spec.slot === 'nameToSplit') {
          fullNames[i] = v as string;
        } else {
          // A wide layout's dependent. A wide block's own relationship cell says spouse or child (map: relationshipIndex).
          const as = h.col.relationshipIndex !== undefined ? blockRelationship(src[i][h.col.relationshipIndex]) : null;
          // Only a spouse, partner or child code decides; anything else leaves it to the column's field.
          const spouse = as === 'spouse' || as === 'domesticPartner' ? true : as === 'child' ? false : h.spec.birthDateOf === 'spouse';
          ((spouse ? spouseDates : childDates)[i] ??= []).push({ header: h.col.header, date: v as string });
        }
      }
    }
  }

  // The full SSN, only when asked (an export run of a case that opted in), for the rows whose SSN cell
  // gave its last four digits: nothing else reads or quotes it.
  if (ctx.keepSsn) {
    for (const h of handlers) {
      const keep = h.spec.keepFull;
      if (keep) for (let i = 0; i < n; i++) keep(values[i], src[i][h.index]);
    }
  }

  const seen = (i: number, col: number) => {
    filled[i]++;
    if (first[i] < 0 || col < first[i]) first[i] = col;
  };
  const extraValues: Record<string, string>[] = new Array(n).fill(NO_EXTRAS);
  for (const x of extras) {
    for (let i = 0; i < n; i++) {
      const c = src[i][x.index];
      if (isBlank(c)) continue;
      seen(i, x.index);
      let t = cellText(c);
      // An SSN in a column we do not map: masked all the same (a cheap digit test first); an SSN
      // inside free text (a Notes or Comments column) loses all but its last four digits too.
      if (x.ssn || (t.length >= 9 && t.length <= 11 && t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57 && SSN_VALUE.test(t))) t = maskSsn(t);
      else t = maskSsns(t);
      if (extraValues[i] === NO_EXTRAS) extraValues[i] = {};
      extraValues[i][x.label] = t;
    }
  }
  for (let i = 0; i < n; i++) {
    const cells = src[i];
    for (let k = 0; k < uncoveredBelow.length; k++) if (!isBlank(cells[uncoveredBelow[k]])) seen(i, uncoveredBelow[k]);
    for (let c = width; c < cells.length; c++) if (!isBlank(cells[c])) seen(i, c);
  }

  const rows = values;
  for (let i = 0; i < n; i++) {
    const row = rowNo(i);
    const v = values[i];
    // Full name -> first and last, unless the file has name columns of its own that are filled.
    const fullName = fullNames.length > 0 ? fullNames[i] : null;
    if (fullName && (!hasNames || (!v.firstName && !v.lastName))) {
      const split = splitFullName(fullName);
      v.firstName = split.firstName;
      v.lastName = split.lastName;
      changes.push({
        file, sheet, row, field: 'fullName', from: redact(fullName),
        to: `first: ${split.firstName ?? ''}; last: ${split.lastName ?? ''}`, why: 'full name split into first and last name',
      });
    }
    if (rules.apply(v, src[i], row)) relationshipGiven[i] = 1;
    // Only rows without a name can fail the member rule: only they need their text for an issue.
    const f = first[i];
    const firstText = f >= 0 && !v.firstName && !v.lastName ? redact(cellText(src[i][f])) : '';
    v.spouseDates = spouseDates[i];
    v.childDates = childDates[i];
    v.extras = extraValues[i];
    v.filled = filled[i];
    v.firstText = firstText;
    if (relationshipGiven[i] === 1) v.relationshipGiven = true;
    v.inHeaderlessTable = headerless;
    v.inUnnamedTable = unnamed;
    // The row's own identity as read, before any hand edit (the member table's key: hand-edits.ts).
    v.ident = identOf(v);
  }
  // Column-major work logged by column: the change log reads by row.
  changes.sort((a, b) => a.row - b.row);

  append(issues, rules.issues());
  for (const h of handlers) {
    if (h.invalidCount > MAX_ROW_ISSUES_PER_KIND) {
      issues.push({
        file, sheet, row: null,
        message: `${h.invalidCount - MAX_ROW_ISSUES_PER_KIND} more unreadable ${fieldLabel(h.field)} values in column '${h.col.header}' were left blank.`,
      });
    }
  }
  return { rows, changes, issues };

  function reportInvalid(h: Handler, cell: Cell, rowNo: number): void {
    const from = (h.spec.quote ?? redact)(cellText(cell));
    changes.push({ file, sheet, row: rowNo, field: h.field, from, to: '', why: `unreadable ${fieldLabel(h.field)}: left blank` });
    h.invalidCount++;
    if (h.invalidCount <= MAX_ROW_ISSUES_PER_KIND) {
      issues.push({ file, sheet, row: rowNo, message: `Unreadable ${fieldLabel(h.field)} '${from}' in column '${h.col.header}'; left blank.` });
    }
  }
}

function hasFullName(handlers: Handler[]): boolean {
  return handlers.some((h) => h.spec.slot === 'nameToSplit');
}
