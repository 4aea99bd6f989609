/**
 * Hand edits and row marks (issue 28): the cells a broker edited in the member table and the rows
 * marked 'not a person' or 'count this person', carried by the reading (CensusReading.edits and .rows,
 * shared/census/report.ts). One place for the idea: checking them, the rows' keys, applying them, and
 * their words in the change log and the reading's `changed`.
 *
 * Where they apply (early, so every figure, card, readiness and export follows):
 * - an edit of a row's own person, right after the row is normalised (file-tables.ts), read by the
 *   field's own parser as a cell is (normalise readTypedValue): a value that does not read is refused
 *   with its reason (BadReading, which the engine turns into its 'bad-reading' error);
 * - an edit of a wide layout's dependent (`column`), once merge has made that member (engine.ts);
 * - a mark: merge reads the row's mark (MergeTable.marks: false leaves the row out as not a person,
 *   true makes it a member), dedupe keeps a counted row apart (countedByHand), and a member whose status
 *   keeps them out of the lives is counted (status active) once statuses are inherited (engine.ts).
 *
 * A row is named by place (file, sheet, 1-based row, and a wide dependent's column); an entry with a
 * `key` applies only where the row at that place still has that key (rowKey of its own id or name),
 * otherwise it is not applied and the report says how many were not (notAppliedReview).
 */
import { MEMBER_TABLE_FIELDS, type CensusReading, type CensusReadingEdit, type CensusReadingInfo, type MemberTableField } from '../../shared/census/report';
import { idKey } from './members';
import { readTypedValue } from './normalise';
import { keyedTag, redact, stripAccents } from './text';
import type { Change, Member, MemberValues, NormalisedRow } from './types';
import { isYearlyPay, SALARY_FIELDS } from './fields';

/** At most this many edits, and as many marks, in one reading. */
export const MAX_HAND_EDITS = 5000;
/** The longest value typed in one edit. */
export const MAX_EDIT_VALUE = 200;

/** Thrown for an edit or mark that cannot be used; the engine turns it, as apply-reading.ts's BadReading, into its 'bad-reading' error. */
export class BadHandEdit extends Error {}

/** Short labels of the change log's 'edited by hand: ZIP 94107'. */
export const EDIT_LABELS: Record<MemberTableField, string> = {
  relationship: 'relationship', firstName: 'first name', lastName: 'last name', dateOfBirth: 'birth date', gender: 'gender',
  status: 'status', hireDate: 'hire date', annualSalary: 'salary', zip: 'ZIP', state: 'state', coverageTier: 'tier',
};

/** The change log's words (not-counted.ts reads 'not a member: ' for the 'Not counted' list). */
export const HAND_WHY = {
  edited: (field: MemberTableField, value: unknown) => `edited by hand: ${EDIT_LABELS[field]} ${value === null ? '(cleared)' : String(value)}`,
  notAPerson: 'not a member: marked by hand as not a person',
  counted: 'counted by hand: marked as a person to count',
};

/**
 * The member table's opaque key of a row (CensusMemberRow.key): a keyed hash (the pseudonyms' key) of
 * its own id and first name, else its name; '' without either (members.ts identOf).
 */
export function rowKey(ident: string | undefined): string {
  if (!ident) return '';
  const fold = (t: string) => stripAccents(t).toLowerCase().replace(/\s+/g, ' ').trim();
  const name = ident.indexOf('\u0000');
  if (name >= 0) return keyedTag('member-row', `name:${fold(ident)}`, 12);
  const first = ident.indexOf('\u0001');
  const folded = first < 0 ? `id:${idKey(ident)}` : `id:${idKey(ident.slice(0, first))}:${fold(ident.slice(first + 1))}`;
  return keyedTag('member-row', folded, 12);
}

const place = (file: string, sheet: string, row: number, column: string | null | undefined) => `${file}\u0000${sheet}\u0000${row}\u0000${column ?? ''}`;
const FIELDS = new Set<string>(MEMBER_TABLE_FIELDS);

interface Entry {
  file: string;
  sheet: string;
  row: number;
  column: string | null;
  key: string | undefined;
  /** 'open' until a row of the files is found at its place; 'stale' when that row's key differs. */
  state: 'open' | 'applied' | 'stale';
}
interface EditEntry extends Entry { field: MemberTableField; value: string }
interface MarkEntry extends Entry { counted: boolean }

const EDIT_KEYS = ['file', 'sheet', 'row', 'column', 'key', 'field', 'value'];
const MARK_KEYS = ['file', 'sheet', 'row', 'column', 'key', 'counted'];
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const quote = (s: string) => `'${String(s).replace(/\s+/g, ' ').trim().slice(0, 60)}'`;
const rowWords = (e: { file: string; sheet: string; row: number; column: string | null }) =>
  `row ${e.row}${e.column ? ` (${quote(e.column)})` : ''} of ${e.sheet ? `sheet ${quote(e.sheet)} of ` : ''}${quote(e.file)}`;

function entries(value: unknown, what: 'edits' | 'rows', files: ReadonlySet<string>): Record<string, unknown>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new BadHandEdit(`The reading's '${what}' must be a list.`);
  if (value.length > MAX_HAND_EDITS) throw new BadHandEdit(`The reading's '${what}' list is too long (at most ${MAX_HAND_EDITS}).`);
  value.forEach((e, i) => {
    if (!isObject(e)) throw new BadHandEdit(`Entry ${i + 1} of the reading's '${what}' is not an object.`);
    if (typeof e.file !== 'string' || typeof (e.sheet ?? '') !== 'string' || !Number.isInteger(e.row) || (e.row as number) < 1) {
      throw new BadHandEdit(`Entry ${i + 1} of the reading's '${what}' needs a file and a sheet (text) and a row number (1 or more).`);
    }
    if (!files.has(e.file)) throw new BadHandEdit(`The reading's '${what}' name a file that is not in the case: ${quote(e.file)}.`);
    // A misspelt part ('colum', 'count') would be dropped silently: refused instead.
    const known = what === 'edits' ? EDIT_KEYS : MARK_KEYS;
    const unknown = Object.keys(e).find((k) => !known.includes(k));
    if (unknown !== undefined) throw new BadHandEdit(`Entry ${i + 1} of the reading's '${what}' has a part the engine does not know: ${quote(unknown)}.`);
    if (e.column !== undefined && e.column !== null && typeof e.column !== 'string') throw new BadHandEdit(`The column of entry ${i + 1} of the reading's '${what}' must be text.`);
    if (e.key !== undefined && typeof e.key !== 'string') throw new BadHandEdit(`The key of entry ${i + 1} of the reading's '${what}' must be text.`);
  });
  return value as Record<string, unknown>[];
}

export class HandEdits {
  private readonly edits: EditEntry[] = [];
  private readonly marks: MarkEntry[] = [];
  /** Entries by file and sheet ('' = any sheet), for the tables as they are read. */
  private readonly bySheet = new Map<string, { edits: EditEntry[]; marks: MarkEntry[] }>();
  /** Edits of wide dependents found on their row, applied once merge has made the member: by place. */
  private readonly memberEdits = new Map<string, EditEntry[]>();
  /** Marks found on their row, by place (the sheet as read, not ''). */
  private readonly accepted = new Map<string, boolean>();
  /** Fields edited, by place: the member table marks them. */
  readonly edited = new Map<string, MemberTableField[]>();
  readonly changed: CensusReadingInfo['changed'] = [];
  /** Wide layouts' dependents marked not a person, left out after merge (the member table lists them). */
  readonly dropped: Member[] = [];
  private readonly asOf: string;

  constructor(reading: Pick<CensusReading, 'edits' | 'rows'>, fileNames: readonly string[], asOf: string) {
    this.asOf = asOf;
    const files = new Set(fileNames);
    for (const e of entries(reading.edits, 'edits', files)) {
      if (typeof e.field !== 'string' || !FIELDS.has(e.field)) {
        throw new BadHandEdit(`An edit of the reading names the field ${quote(String(e.field))}, which the member table cannot edit (use one of ${MEMBER_TABLE_FIELDS.join(', ')}).`);
      }
      if (typeof e.value !== 'string' || e.value.length > MAX_EDIT_VALUE) throw new BadHandEdit(`The value of an edit of the reading must be text of at most ${MAX_EDIT_VALUE} characters.`);
      this.edits.push({ ...base(e), field: e.field as MemberTableField, value: e.value });
    }
    for (const e of entries(reading.rows, 'rows', files)) {
      if (typeof e.counted !== 'boolean') throw new BadHandEdit(`A row mark of the reading needs counted: true or false.`);
      this.marks.push({ ...base(e), counted: e.counted });
    }
    for (const e of this.edits) this.sheetEntries(e.file, e.sheet).edits.push(e);
    for (const e of this.marks) this.sheetEntries(e.file, e.sheet).marks.push(e);
  }

  get given(): boolean {
    return this.edits.length + this.marks.length > 0;
  }

  private sheetEntries(file: string, sheet: string) {
    const k = `${file}\u0000${sheet}`;
    let v = this.bySheet.get(k);
    if (!v) this.bySheet.set(k, (v = { edits: [], marks: [] }));
    return v;
  }

  /**
   * A census table's rows, just normalised: each entry naming one of them is checked against the row's
   * key; an edit of the row's own person is applied (refused with its reason when the value does not
   * read); marks are taken (returned by row number for merge); a wide dependent's edits wait for merge.
   */
  applyToTable(file: string, sheet: string, rows: NormalisedRow[], changes: Change[]): Map<number, boolean> | undefined {
    const here = [this.bySheet.get(`${file}\u0000${sheet}`), this.bySheet.get(`${file}\u0000`)].filter((x) => x !== undefined);
    if (here.length === 0) return undefined;
    const byRow = new Map<number, NormalisedRow>();
    for (const r of rows) byRow.set(r.row, r);
    const found = (e: Entry): NormalisedRow | undefined => {
      if (e.state !== 'open') return undefined;
      const r = byRow.get(e.row);
      if (!r) return undefined;
      if (e.column && !(r.spouseDates ?? []).concat(r.childDates ?? []).some((d) => d.header === e.column)) return undefined;
      if (e.key !== undefined && e.key !== '' && e.key !== rowKey(r.ident)) {
        e.state = 'stale';
        return undefined;
      }
      e.state = 'applied';
      return r;
    };
    let marks: Map<number, boolean> | undefined;
    for (const { edits, marks: rowMarks } of here) {
      for (const e of edits) {
        const r = found(e);
        if (!r) continue;
        if (e.column) {
          const k = place(file, sheet, e.row, e.column);
          const list = this.memberEdits.get(k);
          if (list) list.push(e);
          else this.memberEdits.set(k, [e]);
          continue;
        }
        this.apply(r, e, file, sheet, changes);
      }
      for (const e of rowMarks) {
        const r = found(e);
        if (!r) continue;
        this.accepted.set(place(file, sheet, e.row, e.column), e.counted);
        this.changed.push({ file, sheet, header: e.column, kind: 'row', row: e.row, value: e.counted ? 'counted' : 'not counted', key: rowKey(r.ident) });
        if (!e.column) (marks ??= new Map()).set(e.row, e.counted);
      }
    }
    return marks;
  }

  /** One edit on one member or row: read as the field's cell would be, set, logged. */
  private apply(m: MemberValues & { ident?: string }, e: EditEntry, file: string, sheet: string, changes: Change[]): void {
    const read = readTypedValue(e.field, e.value, this.asOf);
    if ('refused' in read) throw new BadHandEdit(refusedWords(e, read.refused));
    const before = m[e.field];
    (m as unknown as Record<string, unknown>)[e.field] = read.value;
    // A year's pay typed by hand replaces the pay the file gave in another period: the clean export
    // must not show the new salary beside the old monthly amount or hourly rate it came from.
    if (isYearlyPay(e.field)) for (const f of SALARY_FIELDS) if (f !== e.field) (m as unknown as Record<string, unknown>)[f] = null;
    const k = place(file, sheet, e.row, e.column);
    const fields = this.edited.get(k);
    if (fields) {
      if (!fields.includes(e.field)) fields.push(e.field);
    } else this.edited.set(k, [e.field]);
    changes.push({
      file, sheet, row: e.row, field: e.column ?? e.field, from: before === null ? '' : redact(String(before)),
      to: read.value === null ? '' : String(read.value), why: HAND_WHY.edited(e.field, read.value),
    });
    this.changed.push({ file, sheet, header: e.column, kind: 'edit', row: e.row, field: e.field, value: e.value, key: rowKey(m.ident) });
  }

  /** Edits of wide layouts' dependents, once merge has made them (members with a column). */
  applyToMembers(members: readonly Member[], changes: Change[]): void {
    if (this.memberEdits.size === 0) return;
    for (const m of members) {
      if (m.column === null) continue;
      const list = this.memberEdits.get(place(m.file, m.sheet, m.row, m.column));
      if (list) for (const e of list) this.apply(m, e, m.file, m.sheet, changes);
    }
  }

  /** A member's mark (file, sheet, row and a wide dependent's column), or undefined. */
  markOf(m: Pick<Member, 'file' | 'sheet' | 'row' | 'column'>): boolean | undefined {
    return this.accepted.size === 0 ? undefined : this.accepted.get(place(m.file, m.sheet, m.row, m.column));
  }

  /** Dedupe keeps a row counted by hand apart from the person it would have merged with. */
  readonly countedByHand = (m: Member): boolean => this.markOf(m) === true;

  /**
   * After merge: wide dependents marked not a person leave the members; after inherit, members counted
   * by hand whose status keeps them out of the lives are counted (status active). Both logged.
   */
  dropMarkedDependents(members: Member[], changes: Change[]): Member[] {
    if (this.accepted.size === 0) return members;
    const kept: Member[] = [];
    for (const m of members) {
      if (m.column !== null && this.markOf(m) === false) {
        this.dropped.push(m);
        changes.push({ file: m.file, sheet: m.sheet, row: m.row, field: '(row)', from: m.column, to: '', why: HAND_WHY.notAPerson });
        continue;
      }
      kept.push(m);
    }
    return kept;
  }

  countMarked(members: Member[], changes: Change[], isLife: (s: Member['status']) => boolean): void {
    if (this.accepted.size === 0) return;
    for (const m of members) {
      if (isLife(m.status) || this.markOf(m) !== true) continue;
      changes.push({ file: m.file, sheet: m.sheet, row: m.row, field: 'status', from: m.status ?? '', to: 'active', why: `${HAND_WHY.counted} (status was ${m.status})` });
      m.status = 'active';
    }
  }

  /** Entries that found no row of theirs (the rows have changed), or found it with another key. */
  notApplied(): { edits: number; marks: number } {
    return { edits: this.edits.filter((e) => e.state !== 'applied').length, marks: this.marks.filter((e) => e.state !== 'applied').length };
  }

  /** Fields edited by hand at a member's place (the member table marks them). */
  editedOf(m: Pick<Member, 'file' | 'sheet' | 'row' | 'column'>): MemberTableField[] {
    return this.edited.size === 0 ? [] : (this.edited.get(place(m.file, m.sheet, m.row, m.column)) ?? []);
  }
}

function refusedWords(e: { file: string; sheet: string; row: number; column: string | null; field: MemberTableField }, why: string): string {
  return `The edit of the ${EDIT_LABELS[e.field]} on ${rowWords(e)} was refused: ${why}.`;
}

/**
 * Why a hand edit's value is refused (it does not read as its field's cell would), or null: the
 * server checks a reading's edits with it before storing them, the engine when applying them.
 */
export function editRefusal(e: Pick<CensusReadingEdit, 'file' | 'sheet' | 'row' | 'column' | 'field' | 'value'>, asOf: string): string | null {
  if (!FIELDS.has(e.field)) return `The member table cannot edit the field ${quote(String(e.field))}.`;
  const read = readTypedValue(e.field, e.value, asOf);
  return 'refused' in read ? refusedWords({ ...e, column: e.column || null }, read.refused) : null;
}

function base(e: Record<string, unknown>): Entry {
  return {
    file: e.file as string, sheet: (e.sheet as string | undefined) ?? '', row: e.row as number,
    column: typeof e.column === 'string' && e.column !== '' ? e.column : null,
    key: typeof e.key === 'string' ? e.key : undefined, state: 'open',
  };
}

/** The review's sentence for entries not applied, or null. */
export function notAppliedSentence(n: { edits: number; marks: number }): string | null {
  const parts: string[] = [];
  if (n.edits) parts.push(`${n.edits} edit${n.edits === 1 ? '' : 's'}`);
  if (n.marks) parts.push(`${n.marks} row mark${n.marks === 1 ? '' : 's'}`);
  if (!parts.length) return null;
  const one = n.edits + n.marks === 1;
  return `${parts.join(' and ')} from your saved choices ${one ? 'was' : 'were'} not applied: the rows have changed (a row is no longer at its place in the file, or holds another person).`;
}
