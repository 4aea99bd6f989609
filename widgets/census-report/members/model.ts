/**
 * The member table's columns and view, free of any UI framework: which columns it shows, how a value
 * reads in a cell, and which rows show in which order (sort, search, 'Only rows with problems').
 * The rows are the API's CensusMemberRow; a waiting draft (./draft.ts) is applied on top.
 */
import type { CensusMemberRow } from '../../../shared/census/members';
import { MEMBER_TABLE_FIELDS, NOT_COUNTED_REASONS, type MemberTableField } from '../../../shared/census/report';
import { VALUE_WORDS } from '../../internal/census-words';
import { effectiveCounted, effectiveValue, type MemberDraft } from './draft';
import { FIELD_LABELS, MEMBER_LABELS as L } from './labels';

export type ColumnId = 'where' | 'counted' | 'age' | 'ssn' | MemberTableField;

export interface Column {
  id: ColumnId;
  label: string;
  /** The field a cell of this column edits (absent: read only). */
  field?: MemberTableField;
}

/** The table's columns in order: where the row was read, counted, the fields (age after the birth date), the masked SSN. */
export const COLUMNS: readonly Column[] = [
  { id: 'where', label: L.where },
  { id: 'counted', label: L.counted },
  ...MEMBER_TABLE_FIELDS.flatMap((f): Column[] =>
    f === 'dateOfBirth' ? [{ id: f, label: FIELD_LABELS[f], field: f }, { id: 'age', label: L.age }] : [{ id: f, label: FIELD_LABELS[f], field: f }],
  ),
  { id: 'ssn', label: L.ssn },
];

/** A row's identity in the draft and the view: file, sheet, row and (a wide layout's dependent) column. */
export const rowId = (r: Pick<CensusMemberRow, 'file' | 'sheet' | 'row' | 'column'>) => `${r.file}\u0000${r.sheet}\u0000${r.row}\u0000${r.column ?? ''}`;

const CODE_WORDS: Record<string, string> = {
  ...VALUE_WORDS,
  male: 'Male',
  female: 'Female',
  unknown: 'Unknown',
};

const DOLLARS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A value as the cell shows it: codes in words, a salary in dollars, dates as read (YYYY-MM-DD). */
export function showValue(field: MemberTableField, value: string | number | null): string {
  if (value === null || value === '') return '';
  if (field === 'annualSalary') {
    const v = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
    return Number.isFinite(v) ? `$${DOLLARS.format(v)}` : String(value);
  }
  if (field === 'relationship' || field === 'status' || field === 'gender') return CODE_WORDS[String(value)] ?? String(value);
  return String(value);
}

/** A value as the editor starts with it (what a person would type). */
export function editText(value: string | number | null): string {
  return value === null ? '' : String(value);
}

export const maskSsn = (last4: string | null) => (last4 ? `***-**-${last4}` : '');

export function whereText(r: CensusMemberRow): string {
  return `${r.file}${r.sheet ? `, ${r.sheet}` : ''}, row ${r.row}${r.column ? ` (${r.column})` : ''}`;
}

/** How many files and sheets the rows come from: the 'where' cell names only what differs between rows. */
export function placesOf(rows: readonly CensusMemberRow[]): { files: number; sheets: number } {
  const files = new Set<string>();
  const sheets = new Set<string>();
  for (const r of rows) {
    files.add(r.file);
    sheets.add(`${r.file}\u0000${r.sheet}`);
  }
  return { files: files.size, sheets: sheets.size };
}

/** The 'where' cell as the grid shows it: 'Row 12', 'Census, row 12' or 'staff.xlsx, Census, row 12'. */
export function whereShort(r: CensusMemberRow, places: { files: number; sheets: number }): string {
  if (places.files > 1) return whereText(r);
  const row = `${r.row}${r.column ? ` (${r.column})` : ''}`;
  return places.sheets > 1 && r.sheet ? `${r.sheet}, row ${row}` : `Row ${row}`;
}

/** The row's counted cell in words: 'Counted', or why not. */
export function countedText(r: CensusMemberRow, draft: MemberDraft): string {
  const id = rowId(r);
  if (id in draft.marks) return draft.marks[id] ? `${L.yes} (${L.markedCount})` : `${L.notCounted}: ${L.markedNotPerson}`;
  if (r.counted) return L.yes;
  return r.reason ? `${L.notCounted}: ${NOT_COUNTED_REASONS[r.reason] ?? r.reason}` : L.notCounted;
}

/** What a cell shows, draft applied (the text used for sorting and search as well). */
export function cellText(r: CensusMemberRow, col: ColumnId, draft: MemberDraft): string {
  if (col === 'where') return whereText(r);
  if (col === 'counted') return countedText(r, draft);
  if (col === 'age') return r.age === null ? '' : String(r.age);
  if (col === 'ssn') return maskSsn(r.ssnLast4);
  return showValue(col, effectiveValue(r, col, draft));
}

export type SortDir = 'ascending' | 'descending';
export interface MemberView {
  sort: { col: ColumnId; dir: SortDir } | null;
  search: string;
  onlyProblems: boolean;
}

export const defaultView = (): MemberView => ({ sort: null, search: '', onlyProblems: false });

/** A comparable key: numbers as numbers (salary, age, row), the rest as text; empty values last either way. */
function sortKey(r: CensusMemberRow, col: ColumnId, draft: MemberDraft): number | string | null {
  if (col === 'age') return r.age;
  if (col === 'annualSalary') {
    const v = effectiveValue(r, col, draft);
    if (v === null || v === '') return null;
    const num = typeof v === 'number' ? v : Number(String(v).replace(/[$,\s]/g, ''));
    return Number.isFinite(num) ? num : String(v);
  }
  if (col === 'counted') return effectiveCounted(r, draft) ? 0 : 1;
  if (col === 'where') return null; // compared by file, sheet, row below
  const t = cellText(r, col, draft);
  return t === '' ? null : t.toLowerCase();
}

/** Plain code-unit order of lower-cased text: a locale collator costs about 1 s on 50,000 rows. */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareWhere(a: CensusMemberRow, b: CensusMemberRow): number {
  return cmp(a.file, b.file) || cmp(a.sheet, b.sheet) || a.row - b.row || cmp(a.column ?? '', b.column ?? '');
}

/** The indexes of `rows` the view shows, in its order (the API's order when unsorted; a stable sort). */
export function viewRows(rows: readonly CensusMemberRow[], view: MemberView, draft: MemberDraft): number[] {
  let out: number[] = [];
  const q = view.search.trim().toLowerCase();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (view.onlyProblems && r.problems.length === 0) continue;
    if (q && !matches(r, q, draft)) continue;
    out.push(i);
  }
  const sort = view.sort;
  if (sort) {
    const sign = sort.dir === 'ascending' ? 1 : -1;
    if (sort.col === 'where') {
      out.sort((a, b) => sign * compareWhere(rows[a], rows[b]) || a - b);
    } else {
      const keys = new Map<number, number | string | null>();
      for (const i of out) keys.set(i, sortKey(rows[i], sort.col, draft));
      out = out.sort((a, b) => {
        const ka = keys.get(a)!;
        const kb = keys.get(b)!;
        if (ka === null || kb === null) return ka === kb ? a - b : ka === null ? 1 : -1;
        const c = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : typeof ka === 'number' ? -1 : typeof kb === 'number' ? 1 : cmp(ka, kb);
        return sign * c || a - b;
      });
    }
  }
  return out;
}

/** Each row's searchable text without a draft, made once (a search of 50,000 rows then takes a few ms). */
const haystacks = new WeakMap<CensusMemberRow, string>();
const NO_DRAFT: MemberDraft = { edits: {}, marks: {}, past: [] };

function haystack(r: CensusMemberRow, draft: MemberDraft): string {
  const id = rowId(r);
  const drafted = id in draft.edits || id in draft.marks;
  if (!drafted) {
    const known = haystacks.get(r);
    if (known !== undefined) return known;
  }
  const parts = COLUMNS.map((c) => cellText(r, c.id, drafted ? draft : NO_DRAFT));
  for (const p of r.problems) parts.push(p.reason);
  const text = parts.join('\u0001').toLowerCase();
  if (!drafted) haystacks.set(r, text);
  return text;
}

/** Whether the row holds the (lower-cased) text in any cell or problem. */
export function matches(r: CensusMemberRow, q: string, draft: MemberDraft): boolean {
  return haystack(r, draft).includes(q);
}

/** Whether the cell of this column was read from a scan with a low confidence (OCR): the table marks it. */
export function unclearOf(r: CensusMemberRow, col: ColumnId): boolean {
  return !!r.unclear && (r.unclear as readonly string[]).includes(col);
}

/** The row's problems on one column (null = the whole row's, shown on its first cell). */
export function problemsOf(r: CensusMemberRow, col: ColumnId): string[] {
  if (col === 'where') return r.problems.filter((p) => p.field === null).map((p) => p.reason);
  return r.problems.filter((p) => p.field === col).map((p) => p.reason);
}

export const personName = (r: CensusMemberRow, draft: MemberDraft) =>
  [effectiveValue(r, 'firstName', draft), effectiveValue(r, 'lastName', draft)].filter((v) => v !== null && v !== '').join(' ');
