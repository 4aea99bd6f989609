/**
 * Facts about a read table's column plan that the report carries beside the figures: each column's
 * runner-up fields (alternatives), the distinct codes of its relationship, status and tier columns
 * and what each was read as (codeValues), and which sheets were read with which header row.
 */
import type { CensusCodeValues, CensusColumnAlternative } from '../../shared/census/report';
import { isUnreadCode, readCodeAs } from './normalise';
import { isMemberRow } from './members';
import { cellText, maskSsns } from './text';
import { bestHeaderField } from './map/headers';
import { PERSON_VALUE_KINDS, kindOfCell, type PersonKind } from './person-values';
import { readBySomeCode } from './values/codes';
import type { ColumnMapping, LocatedTable, NormalisedRow } from './types';
import { saysWhoLeft } from './fields';

/** A sheet of a file: read or not, and the 1-based header row of its (first) table. */
export interface SheetReading {
  file: string;
  sheet: string;
  read: boolean;
  headerRow?: number;
}

/** What the review needs of a read column beyond the report's column (its share of dependent codes). */
export interface ColumnFact {
  file: string;
  sheet: string;
  header: string;
  field: string | null;
  dependentShare?: number;
}

/** Runner-up fields of a column, best first, at most two (a mapped column's own field left out). */
export function alternativesOf(col: ColumnMapping): CensusColumnAlternative[] {
  const out: CensusColumnAlternative[] = [];
  for (const c of col.candidates) {
    if (c.field === col.field || c.score < 0.2) continue;
    if (out.some((o) => o.field === c.field)) continue;
    out.push({ field: c.field, confidence: Math.round(Math.min(1, c.score) * 100) / 100 });
    if (out.length === 2) break;
  }
  return out;
}

const CODE_FIELDS = new Set(['relationship', 'status', 'coverageTier']);
/** The coded columns whose unread values the review names (codes above, and gender). */
const CODED_FIELDS = new Set(['relationship', 'status', 'coverageTier', 'gender']);
const MAX_CODES = 30;
const MAX_CODE_LENGTH = 40;

/**
 * A column's distinct values, kept per table: codeValuesOf and unreadCodesOf both ask for the
 * relationship, status and tier columns of the same table, and counting a column walks every row
 * (on a 75,000-row CSV, ~40 ms of the command's second). A WeakMap, so a table's counts go with it.
 * The lists are shared: callers read them, never change them (hence readonly).
 */
const distinctByTable = new WeakMap<LocatedTable, Map<number, readonly (readonly [string, number])[]>>();

function distinctValues(table: LocatedTable, index: number): readonly (readonly [string, number])[] {
  let byIndex = distinctByTable.get(table);
  if (!byIndex) distinctByTable.set(table, (byIndex = new Map()));
  let values = byIndex.get(index);
  if (!values) byIndex.set(index, (values = countDistinct(table, index)));
  return values;
}

/** A column's distinct non-blank values (trimmed text) and their counts, most frequent first. */
function countDistinct(table: LocatedTable, index: number): [string, number][] {
  // Counted by cell first (codes repeat: a few distinct cells), then by their trimmed text. One
  // lookup per row: the count lives in a small object the map holds.
  const byCell = new Map<unknown, { n: number }>();
  for (let ri = 0; ri < table.rows.length; ri++) {
    const row = table.rows[ri];
    const cell = row[index] ?? null;
    const slot = byCell.get(cell);
    if (slot !== undefined) slot.n++;
    else byCell.set(cell, { n: 1 });
  }
  const counts = new Map<string, number>();
  for (const [cell, { n }] of byCell) {
    const t = cellText(cell as Parameters<typeof cellText>[0]).trim();
    if (t) counts.set(t, (counts.get(t) ?? 0) + n);
  }
  // Ties by code unit: localeCompare's first call loads a collator (8 to 13 ms of a small file's run).
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The distinct values of a table's relationship, status and tier columns, most frequent first. */
export function codeValuesOf(file: string, sheet: string, table: LocatedTable, columns: readonly ColumnMapping[]): CensusCodeValues[] {
  const out: CensusCodeValues[] = [];
  for (const col of columns) {
    if (!col.field || !CODE_FIELDS.has(col.field)) continue;
    const values = distinctValues(table, col.index)
      .slice(0, MAX_CODES)
      // An SSN typed into a code column is shown masked (text.ts maskSsns), as everywhere else.
      .map(([value, count]) => ({ value: maskSsns(value).slice(0, MAX_CODE_LENGTH), as: readCodeAs(col, value), count }));
    out.push({ file, sheet, header: col.header, field: col.field as CensusCodeValues['field'], values });
  }
  return out;
}

/** A coded column's values its reader could not read (review.ts: unreadCodesReview). */
export interface UnreadCodes {
  col: ColumnMapping;
  /** rows with a value, and the unread values with their row counts, most frequent first */
  filled: number;
  unread: { value: string; count: number }[];
}

/** The mapped relationship, gender, status and tier columns of a table that hold values nothing reads. */
export function unreadCodesOf(table: LocatedTable, columns: readonly ColumnMapping[]): UnreadCodes[] {
  const out: UnreadCodes[] = [];
  for (const col of columns) {
    if (!col.field || !CODED_FIELDS.has(col.field) || col.fromReading) continue;
    const values = distinctValues(table, col.index);
    const unread = values.filter(([v]) => isUnreadCode(col, v)).map(([value, count]) => ({ value: maskSsns(value).slice(0, MAX_CODE_LENGTH), count }));
    if (unread.length) out.push({ col, filled: values.reduce((a, [, n]) => a + n, 0), unread });
  }
  return out;
}

/**
 * An unmapped column that looks like codes nobody could read: a few distinct words repeated down the
 * column, under a header no pack's words name. In a census written in a language the engine has no
 * words for, that is the status ('Activo', 'Baja', 'Jubilado') or the relationship ('Titular',
 * 'Cónyuge', 'Hijo'): left unread, leavers count as lives and dependents as employees, silently.
 */
/** At most this many distinct values (a status or relationship column has few). */
const UNREAD_WORDS_MAX_VALUES = 4;
/** From this many rows: fewer rows repeat nothing. */
const UNREAD_WORDS_MIN_ROWS = 5;
/** Filled on at least this share of the table's rows (a code column is filled on every row). */
const UNREAD_WORDS_FILLED = 0.8;
/** A header read by words at this score or more says what the column is (even 'ignore'): no question. */
const HEADER_WORDS_KNOWN = 0.6;
/** Under this score no pack's word reads the header at all (a language the engine has no words for). */
const HEADER_UNREAD = 0.15;

/** A value: a word or a few (letters, spaces, '/', '-', '.'), no digits. */
const WORD_VALUE = /^\p{L}[\p{L} ./'-]{0,29}$/u;

export interface UnreadWordsColumn {
  header: string;
  values: { value: string; count: number }[];
}

/** The table's unmapped columns of a few repeated unread words, when no column was read as the status. */
export function unreadWordColumnsOf(table: LocatedTable, columns: readonly ColumnMapping[]): UnreadWordsColumn[] {
  if (table.rows.length < UNREAD_WORDS_MIN_ROWS || saysWhoLeft(columns)) return [];
  const out: UnreadWordsColumn[] = [];
  for (const col of columns) {
    if (col.field || col.role || col.fromReading) continue;
    const values = distinctValues(table, col.index);
    if (values.length < 2 || values.length > UNREAD_WORDS_MAX_VALUES) continue;
    const filled = values.reduce((a, [, n]) => a + n, 0);
    if (filled < UNREAD_WORDS_FILLED * table.rows.length || filled < UNREAD_WORDS_MIN_ROWS) continue;
    if (!values.every(([v]) => WORD_VALUE.test(v))) continue;
    if (values.every(([v]) => readBySomeCode(v))) continue;
    // A header known not to be a census field ('Department') says what the column is; one that named a
    // field its values then turned down ('Stato' near 'state') does not.
    const words = bestHeaderField(col.header);
    if (words.field === 'ignore' && words.score >= HEADER_WORDS_KNOWN) continue;
    out.push({ header: col.header, values: values.map(([value, count]) => ({ value: value.slice(0, MAX_CODE_LENGTH), count })) });
  }
  return out;
}

/** Person values the review names when left unread (an e-mail changes no figure). */
const UNREAD_PERSON_KINDS = new Set<PersonKind>(['date', 'age', 'firstName', 'gender', 'ssn', 'id']);
/** Filled on at least this share of the table's rows. */
const UNREAD_PERSON_FILLED = 0.5;
/** The filled cells looked at per column (the kinds' shares are taken over them). */
const UNREAD_PERSON_SAMPLE = 60;

export interface UnreadPersonColumn {
  header: string;
  kind: PersonKind | 'pay';
}

const PAY_FIELDS = new Set(['annualSalary', 'monthlySalary', 'hourlyRate']);
/** Numbers on at least this share of the sampled cells, at least this large at the median: pay amounts. */
const PAY_NUMBERS_SHARE = 0.8;
const PAY_MEDIAN_MIN = 2_000;

/**
 * The table's unmapped columns that hold person values (dates, ages, first names, sex codes, states,
 * ZIP codes, SSNs, ids: person-values.ts, language-independent) under a header no pack's words name:
 * left out of every figure because no words said what they are (a dependent's birth date, an id that
 * links a family, a name that dedupes). A header the words read, even as 'ignore', is not asked about.
 */
export function unreadPersonColumnsOf(table: LocatedTable, columns: readonly ColumnMapping[]): UnreadPersonColumn[] {
  // From one row: a census of one family in a wide layout has its dependents' dates on that row.
  if (table.headerless || table.rows.length === 0) return [];
  const out: UnreadPersonColumn[] = [];
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !col.header.trim()) continue;
    const words = bestHeaderField(col.header);
    if (words.score >= HEADER_WORDS_KNOWN || (words.field === 'ignore' && words.score >= HEADER_UNREAD)) continue;
    const counts = new Map<PersonKind, number>();
    const amounts: number[] = [];
    let filled = 0;
    let seen = 0;
    for (const row of table.rows) {
      const cell = row[col.index] ?? null;
      if (cell === null || cell === '' || (typeof cell === 'string' && !cell.trim())) continue;
      filled++;
      if (seen >= UNREAD_PERSON_SAMPLE) continue;
      seen++;
      const k = kindOfCell(cell);
      if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
      const n = typeof cell === 'number' ? cell : typeof cell === 'string' && /^\$?\s*\d[\d,]*(\.\d+)?$/.test(cell.trim()) ? Number(cell.replace(/[$,\s]/g, '')) : NaN;
      if (Number.isFinite(n)) amounts.push(n);
    }
    if (filled < UNREAD_PERSON_FILLED * table.rows.length || seen === 0) continue;
    // Pay: the header half-names it ('Sueldo Anual' near 'salary'), no pay column was read, and the
    // values are amounts of a size pay has.
    if (words.field && PAY_FIELDS.has(words.field) && noPay(columns) && amounts.length >= PAY_NUMBERS_SHARE * seen) {
      const med = amounts.sort((a, b) => a - b)[Math.floor(amounts.length / 2)];
      if (med >= PAY_MEDIAN_MIN) {
        out.push({ header: col.header, kind: 'pay' });
        continue;
      }
    }
    const kind = PERSON_VALUE_KINDS.find((k) => (counts.get(k.kind) ?? 0) >= k.share * seen)?.kind;
    if (!kind || !UNREAD_PERSON_KINDS.has(kind)) continue;
    if (words.score < HEADER_UNREAD) out.push({ header: col.header, kind });
  }
  return out;
}

function noPay(columns: readonly ColumnMapping[]): boolean {
  return !columns.some((c) => c.field && PAY_FIELDS.has(c.field));
}

/** Member rows of a table, counting no further than `limit`. */
export function countMembersUpTo(rows: readonly NormalisedRow[], limit: number): number {
  let n = 0;
  for (const r of rows) if (isMemberRow(r) && ++n >= limit) break;
  return n;
}
