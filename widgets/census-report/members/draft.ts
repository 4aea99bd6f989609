/**
 * The member table's draft, free of any UI framework: the hand edits and row marks waiting to be
 * applied (like the reading panel's changes, ../draft.ts), with undo, 'Fill empty cells', the light
 * checks a typed value gets in the browser (a date, a ZIP, a state, a salary; the server checks again
 * and its refusal is shown), and the reading's `edits` and `rows` to send with 'Apply and recalculate'.
 * Functions return a new draft; nothing is changed in place.
 */
import type { CensusMemberRow } from '../../../shared/census/members';
import type { CensusReadingEdit, CensusReadingRowMark, MemberTableField } from '../../../shared/census/report';

type Id = string;
const idOf = (r: Pick<CensusMemberRow, 'file' | 'sheet' | 'row' | 'column'>): Id => `${r.file}\u0000${r.sheet}\u0000${r.row}\u0000${r.column ?? ''}`;

export interface MemberDraft {
  /** Per row (model.rowId), the fields typed and their new value ('' clears the cell). */
  edits: Record<Id, Partial<Record<MemberTableField, string>>>;
  /** Per row, counted: false = 'not a person', true = 'count this person'. */
  marks: Record<Id, boolean>;
  /** Earlier states, for Undo (the last one first out). */
  past: { edits: MemberDraft['edits']; marks: MemberDraft['marks'] }[];
}

export const emptyMemberDraft = (): MemberDraft => ({ edits: {}, marks: {}, past: [] });

const MAX_UNDO = 100;
function step(d: MemberDraft, edits: MemberDraft['edits'], marks: MemberDraft['marks']): MemberDraft {
  if (edits === d.edits && marks === d.marks) return d;
  return { edits, marks, past: [...d.past.slice(-(MAX_UNDO - 1)), { edits: d.edits, marks: d.marks }] };
}

/** Cells edited plus rows marked: the 'N edits waiting'. */
export function draftCount(d: MemberDraft): number {
  let n = Object.keys(d.marks).length;
  for (const e of Object.values(d.edits)) n += Object.keys(e).length;
  return n;
}

/** The value a cell holds with the draft on top (null: empty). */
export function effectiveValue(r: CensusMemberRow, field: MemberTableField, d: MemberDraft): string | number | null {
  const e = d.edits[idOf(r)];
  if (e && field in e) return e[field] === '' ? null : e[field]!;
  return r.values[field];
}

export function isDraftCell(r: CensusMemberRow, field: MemberTableField, d: MemberDraft): boolean {
  const e = d.edits[idOf(r)];
  return !!e && field in e;
}

export function effectiveCounted(r: CensusMemberRow, d: MemberDraft): boolean {
  const id = idOf(r);
  return id in d.marks ? d.marks[id] : r.counted;
}

const asText = (v: string | number | null) => (v === null ? '' : String(v));

/** Types `value` into a cell; the same value as read removes the cell's edit. */
export function setEdit(d: MemberDraft, r: CensusMemberRow, field: MemberTableField, value: string): MemberDraft {
  const id = idOf(r);
  const v = normaliseValue(field, value);
  const row = { ...(d.edits[id] ?? {}) };
  if (v === asText(r.values[field])) {
    if (!(field in row)) return d;
    delete row[field];
  } else {
    if (row[field] === v) return d;
    row[field] = v;
  }
  const edits = { ...d.edits };
  if (Object.keys(row).length) edits[id] = row;
  else delete edits[id];
  return step(d, edits, d.marks);
}

/**
 * Which rows 'Fill empty cells' fills: every member with the cell empty (draft included), except rows
 * that are not a person, and for the tier only employees (a dependent has no tier of its own).
 */
export function fillable(r: CensusMemberRow, field: MemberTableField, d: MemberDraft): boolean {
  const v = effectiveValue(r, field, d);
  if (v !== null && v !== '') return false;
  const id = idOf(r);
  if (d.marks[id] === false || (r.reason === 'not-a-person' && d.marks[id] !== true)) return false;
  if (field === 'coverageTier') {
    const rel = effectiveValue(r, 'relationship', d);
    return rel === null || rel === '' || rel === 'employee';
  }
  return true;
}

/** One value into every empty cell of a column (one Undo step); `filled` says how many. */
export function fillEmpty(d: MemberDraft, rows: readonly CensusMemberRow[], field: MemberTableField, value: string): { draft: MemberDraft; filled: number } {
  const v = normaliseValue(field, value);
  if (v === '') return { draft: d, filled: 0 };
  const edits = { ...d.edits };
  let filled = 0;
  for (const r of rows) {
    if (!fillable(r, field, d)) continue;
    const id = idOf(r);
    edits[id] = { ...(edits[id] ?? {}), [field]: v };
    filled++;
  }
  return { draft: filled ? step(d, edits, d.marks) : d, filled };
}

/** Marks a row 'not a person' (false) or 'count this person' (true); what the row already is removes the mark. */
export function mark(d: MemberDraft, r: CensusMemberRow, counted: boolean): MemberDraft {
  const id = idOf(r);
  const marks = { ...d.marks };
  if (counted === r.counted) {
    if (!(id in marks)) return d;
    delete marks[id];
  } else {
    if (marks[id] === counted) return d;
    marks[id] = counted;
  }
  return step(d, d.edits, marks);
}

export function undo(d: MemberDraft): MemberDraft {
  const last = d.past[d.past.length - 1];
  if (!last) return d;
  return { edits: last.edits, marks: last.marks, past: d.past.slice(0, -1) };
}

/**
 * The reading's `edits` and `rows`: those already standing in the case's reading (`standing`: the
 * table's hand-edited cells and the marks sent before) with the draft on top. A PATCH replaces the
 * whole reading, so what stands must be sent again.
 */
export function readingParts(
  d: MemberDraft,
  rows: readonly CensusMemberRow[],
  standing: { edits?: CensusReadingEdit[]; rows?: CensusReadingRowMark[] } = {},
): { edits: CensusReadingEdit[]; rows: CensusReadingRowMark[] } {
  const byRow = new Map<Id, CensusMemberRow>();
  for (const r of rows) byRow.set(idOf(r), r);
  const edits = new Map<string, CensusReadingEdit>();
  const place = (e: { file: string; sheet: string; row: number; column?: string }) => idOf(e);
  for (const e of standing.edits ?? []) edits.set(`${place(e)}\u0000${e.field}`, e);
  // Cells the table says hold a hand edit: their current value stands.
  for (const r of rows) {
    for (const f of r.edited) {
      const k = `${idOf(r)}\u0000${f}`;
      // The table's own cells carry the row's key: they win over an edit the report names without one.
      if (!edits.get(k)?.key) edits.set(k, withPlace(r, { field: f, value: asText(r.values[f]) }));
    }
  }
  for (const [id, fields] of Object.entries(d.edits)) {
    const r = byRow.get(id);
    if (!r) continue;
    for (const [f, value] of Object.entries(fields) as [MemberTableField, string][]) edits.set(`${id}\u0000${f}`, withPlace(r, { field: f, value }));
  }
  const marks = new Map<Id, CensusReadingRowMark>();
  for (const m of standing.rows ?? []) marks.set(place(m), m);
  for (const [id, counted] of Object.entries(d.marks)) {
    const r = byRow.get(id);
    if (r) marks.set(id, withPlace(r, { counted }));
  }
  return { edits: [...edits.values()], rows: [...marks.values()] };
}

function withPlace<T extends object>(r: CensusMemberRow, rest: T): T & { file: string; sheet: string; row: number; column?: string; key?: string } {
  return { file: r.file, sheet: r.sheet, row: r.row, ...(r.column ? { column: r.column } : {}), ...(r.key ? { key: r.key } : {}), ...rest };
}

// ---- light checks in the browser (the server parses again and says why it refuses) ----

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP'.split(' '),
);

/** A date typed as YYYY-MM-DD or M/D/YYYY (or M-D-YYYY) as YYYY-MM-DD, or null when it is not a calendar date. */
export function parseDate(text: string): string | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  let hit = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (hit) [y, m, d] = [Number(hit[1]), Number(hit[2]), Number(hit[3])];
  else if ((hit = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(t))) [m, d, y] = [Number(hit[1]), Number(hit[2]), Number(hit[3])];
  else return null;
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** What is sent for a typed value: trimmed; dates as YYYY-MM-DD, a state upper-cased, a salary without $ and commas. */
export function normaliseValue(field: MemberTableField, value: string): string {
  const t = value.trim();
  if (t === '') return '';
  if (field === 'dateOfBirth' || field === 'hireDate') return parseDate(t) ?? t;
  if (field === 'state') return t.toUpperCase();
  if (field === 'annualSalary') return t.replace(/[$,\s]/g, '');
  if (field === 'zip') return t.replace(/\s+/g, '');
  return t;
}

/** Why a typed value cannot be right for its field, or null (empty is allowed: it clears the cell). */
export function checkValue(field: MemberTableField, value: string): string | null {
  const t = value.trim();
  if (t === '') return null;
  switch (field) {
    case 'dateOfBirth':
    case 'hireDate':
      return parseDate(t) ? null : 'Not a date: type it as YYYY-MM-DD or MM/DD/YYYY.';
    case 'zip':
      return /^\d{5}(-?\d{4})?$/.test(t.replace(/\s+/g, '')) ? null : 'A ZIP has 5 digits (or ZIP+4: 12345-6789).';
    case 'state':
      return US_STATES.has(t.toUpperCase()) ? null : 'A state is its two-letter code, such as CA or NY.';
    case 'annualSalary': {
      const num = Number(t.replace(/[$,\s]/g, ''));
      return Number.isFinite(num) && num >= 0 ? null : 'A salary is an amount of dollars a year, such as 52000.';
    }
    default:
      return t.length > 200 ? 'Too long for one cell.' : null;
  }
}
