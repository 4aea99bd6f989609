/**
 * A reading given from outside (CensusReading, CENSUS.md "Reading from outside"): per column the field
 * to use or none, sheets to skip or to read, a header row per sheet, and how a code of a relationship,
 * status or tier column reads. It overrides the engine's own choices; what it changed is reported in
 * report.reading.changed. Entries the files do not match are an error (CensusEngineError 'bad-reading').
 *
 * Matching: the file by name; the sheet by name ('' matches any sheet: CSV files have one); the
 * header with whitespace and case folded. Repeated headers pair up in order, as a reading printed by
 * `census reading` lists them.
 */
import { CANONICAL_FIELDS, type CanonicalField, type CensusReading, type CensusReadingInfo } from '../../shared/census/report';
import { FIELDS, fieldLabel, oneColumnOnly } from './fields';
import type { ColumnMapping } from './types';
import { HandEdits } from './hand-edits';

type Changed = CensusReadingInfo['changed'][number];

/** A reading that cannot be used; the engine turns it into CensusEngineError 'bad-reading'. */
export class BadReading extends Error {}

const fold = (s: unknown) => String(s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
const quote = (s: string) => `'${String(s).replace(/\s+/g, ' ').trim().slice(0, 60)}'`;
const where = (e: { file: string; sheet: string }) => (e.sheet ? `sheet ${quote(e.sheet)} of ${quote(e.file)}` : quote(e.file));

interface ColumnEntry { file: string; sheet: string; header: string; field: CanonicalField | null; used: boolean }
interface SheetEntry { file: string; sheet: string; read?: boolean; headerRow?: number; used: boolean }
interface CodeEntry { file: string; sheet: string; header: string; value: string; as: string; used: boolean }

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function list(reading: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const v = reading[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new BadReading(`The reading's '${key}' must be a list.`);
  v.forEach((e, i) => {
    if (!isObject(e)) throw new BadReading(`Entry ${i + 1} of the reading's '${key}' is not an object.`);
    if (typeof e.file !== 'string' || typeof (e.sheet ?? '') !== 'string') throw new BadReading(`Entry ${i + 1} of the reading's '${key}' needs a file and a sheet (text).`);
  });
  return v as Record<string, unknown>[];
}

export class ReadingPlan {
  private readonly columns: ColumnEntry[] = [];
  private readonly sheets: SheetEntry[] = [];
  private readonly codes: CodeEntry[] = [];
  readonly changed: Changed[] = [];
  readonly given: boolean;
  /** The hand edits and row marks (hand-edits.ts): applied per table, in merge, dedupe and after inherit. */
  readonly hand: HandEdits;

  constructor(reading: CensusReading | undefined, fileNames: readonly string[], asOf = '2000-01-01') {
    if (reading === undefined || reading === null) {
      this.given = false;
      this.hand = new HandEdits({}, fileNames, asOf);
      return;
    }
    if (!isObject(reading)) throw new BadReading('The reading must be an object with columns, sheets, codes, edits and rows lists.');
    const r = reading as Record<string, unknown>;
    const unknownKeys = Object.keys(r).filter((k) => !['columns', 'sheets', 'codes', 'edits', 'rows'].includes(k));
    if (unknownKeys.length) throw new BadReading(`The reading has parts the engine does not know: ${unknownKeys.map(quote).join(', ')} (use columns, sheets, codes, edits and rows).`);
    this.hand = new HandEdits(reading, fileNames, asOf);
    const files = new Set(fileNames);
    const badFiles = new Set<string>();
    const checkFile = (e: Record<string, unknown>) => {
      if (!files.has(e.file as string)) badFiles.add(e.file as string);
    };
    for (const e of list(r, 'columns')) {
      checkFile(e);
      if (typeof e.header !== 'string') throw new BadReading(`A column of the reading (${where(e as never)}) has no header.`);
      if (e.field !== null && !(CANONICAL_FIELDS as readonly string[]).includes(e.field as string)) {
        throw new BadReading(`The reading gives column ${quote(e.header)} the field ${quote(String(e.field))}, which is not a census field (use one of ${CANONICAL_FIELDS.join(', ')}, or null for none).`);
      }
      this.columns.push({ file: e.file as string, sheet: (e.sheet as string) ?? '', header: e.header, field: e.field as CanonicalField | null, used: false });
    }
    for (const e of list(r, 'sheets')) {
      checkFile(e);
      if (e.read !== undefined && typeof e.read !== 'boolean') throw new BadReading(`The reading's 'read' for ${where(e as never)} must be true or false.`);
      if (e.headerRow !== undefined && !(Number.isInteger(e.headerRow) && (e.headerRow as number) >= 1)) {
        throw new BadReading(`The reading's header row for ${where(e as never)} must be a row number (1 or more).`);
      }
      this.sheets.push({ file: e.file as string, sheet: (e.sheet as string) ?? '', read: e.read as boolean | undefined, headerRow: e.headerRow as number | undefined, used: false });
    }
    for (const e of list(r, 'codes')) {
      checkFile(e);
      if (typeof e.header !== 'string' || typeof e.value !== 'string' || typeof e.as !== 'string') {
        throw new BadReading(`A code of the reading (${where(e as never)}) needs a header, a value and what it is read as (text).`);
      }
      this.codes.push({ file: e.file as string, sheet: (e.sheet as string) ?? '', header: e.header, value: e.value, as: e.as, used: false });
    }
    if (badFiles.size) throw new BadReading(`The reading names files that are not in the case: ${[...badFiles].map(quote).join(', ')}.`);
    this.given = this.columns.length + this.sheets.length + this.codes.length > 0 || this.hand.given;
  }

  /** The reading's choices for a sheet (read, 1-based header row), if any. */
  sheet(file: string, sheet: string): { read?: boolean; headerRow?: number } | undefined {
    const e = this.sheets.find((s) => s.file === file && (s.sheet === sheet || s.sheet === ''));
    if (!e) return undefined;
    e.used = true;
    return { read: e.read, headerRow: e.headerRow };
  }

  noteSheet(file: string, sheet: string, kind: 'sheet' | 'headerRow', value: string): void {
    this.changed.push({ file, sheet, header: null, kind, value });
  }

  /**
   * Applies the reading's columns to a table's column plan: the field it gives (confidence 1, the
   * engine's special readings of the column dropped when the field changes), and any other column the
   * engine had given that field loses it (one column per field).
   */
  applyColumns(file: string, sheet: string, columns: ColumnMapping[]): void {
    const entries = this.columns.filter((e) => e.file === file && (e.sheet === sheet || e.sheet === '') && !e.used);
    if (entries.length === 0) return;
    const given = new Map<CanonicalField, ColumnMapping>();
    const touched = new Set<ColumnMapping>();
    for (const col of columns) {
      const e = entries.find((x) => !x.used && fold(x.header) === fold(col.header));
      if (!e) continue;
      e.used = true;
      touched.add(col);
      if (e.field) given.set(e.field, col);
      if (e.field === col.field) {
        // None for a column the engine reads for another purpose (an exit date, a pay mode, a member
        // sequence): the reading turns that off (a broker who knows an old file's exit dates are stale).
        if (e.field === null && col.role) {
          col.role = undefined;
          col.fromReading = true;
          col.confidence = 1;
          col.reason = 'your reading: not a census field (not read as an exit date, pay mode or member sequence)';
          this.changed.push({ file, sheet, header: col.header, kind: 'column', value: '' });
        }
        continue;
      }
      const before = col.field;
      col.field = e.field;
      col.confidence = 1;
      col.fromReading = true;
      col.codes = undefined;
      col.alsoRelationship = undefined;
      col.payModeIndex = undefined;
      col.mixedByMagnitude = undefined;
      col.periodByMagnitude = undefined;
      col.role = undefined;
      col.candidates = before ? [{ field: before, score: 0.5 }, ...col.candidates.filter((c) => c.field !== before && c.field !== e.field)] : col.candidates;
      col.reason = e.field ? `your reading: the ${fieldLabel(e.field)}` : 'your reading: not a census field';
      this.changed.push({ file, sheet, header: col.header, kind: 'column', value: e.field ?? '' });
    }
    for (const col of columns) {
      if (touched.has(col) || !col.field || !oneColumnOnly(col.field)) continue;
      const owner = given.get(col.field);
      if (!owner) continue;
      col.reason = `your reading puts the ${fieldLabel(col.field)} in '${owner.header}'; this one is kept as an extra column`;
      col.field = null;
      col.codes = undefined;
      col.alsoRelationship = undefined;
      col.payModeIndex = undefined;
    }
  }

  /**
   * Applies the reading's codes to a table's columns (after its columns): each code's cell text reads
   * as the value given. `automatic` says how the engine reads a code, so only real changes are listed.
   */
  applyCodes(file: string, sheet: string, columns: ColumnMapping[], automatic: (col: ColumnMapping, text: string) => string): void {
    const entries = this.codes.filter((e) => e.file === file && (e.sheet === sheet || e.sheet === '') && !e.used);
    for (const e of entries) {
      const col = columns.find((c) => fold(c.header) === fold(e.header));
      if (!col) continue;
      e.used = true;
      // The same reading set this column to none or another field: its code values no longer apply.
      const codes = col.field ? FIELDS[col.field].readingCodes : undefined;
      if (!codes && col.fromReading) continue;
      if (!col.field || !codes) {
        throw new BadReading(`The reading gives codes for column ${quote(e.header)} (${where(e)}), which is not a relationship, status or coverage tier column.`);
      }
      const allowed = codes.allowed(col);
      if (e.as !== '' && !allowed.includes(e.as)) {
        throw new BadReading(`The reading reads ${quote(e.value)} in column ${quote(e.header)} as ${quote(e.as)}, which is not a ${fieldLabel(col.field)} (use one of ${allowed.join(', ')}, or '' for blank).`);
      }
      if (automatic(col, e.value) === e.as) continue;
      const stored = codes.stored(col, e.as);
      (col.codeOverrides ??= new Map()).set(e.value.trim().toLowerCase(), stored);
      col.fromReading = true;
      this.changed.push({ file, sheet, header: col.header, kind: 'code', value: `${e.value}=${e.as}` });
    }
  }

  /** Throws BadReading naming the entries the files did not match. */
  checkAllUsed(): void {
    const missing: string[] = [];
    for (const e of this.columns) if (!e.used) missing.push(`column ${quote(e.header)} in ${where(e)}`);
    for (const e of this.sheets) if (!e.used) missing.push(where(e));
    for (const e of this.codes) if (!e.used) missing.push(`codes of column ${quote(e.header)} in ${where(e)}`);
    if (missing.length) {
      const shown = missing.slice(0, 5).join('; ');
      throw new BadReading(`The reading names what the files do not have: ${shown}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}.`);
    }
  }

  info(): CensusReadingInfo {
    return { source: this.given ? 'yours' : 'automatic', changed: this.hand.changed.length ? [...this.changed, ...this.hand.changed] : this.changed };
  }
}

/**
 * The reading the engine used, in the CensusReading shape (`census reading`): every column of the read
 * tables with its field, every sheet with read and its header row, every code of the relationship,
 * status and tier columns with what it was read as, and the hand edits and row marks given (as given:
 * the report's review says how many were not applied). Given back unchanged, it changes nothing: the
 * columns read for a role (an exit date, a pay mode, a member sequence) are left out, because a
 * reading that sets one to none turns its rule off.
 */
export function readingOf(result: {
  columns: readonly { file: string; sheet: string; header: string; field: CanonicalField | null }[];
  sheets: readonly { file: string; sheet: string; read: boolean; headerRow?: number }[];
  codeValues: readonly { file: string; sheet: string; header: string; values: { value: string; as: string }[] }[];
  /** Columns read for a role (exit date, pay mode ...): left out, since a none there turns the role off. */
  roleColumns?: readonly { file: string; sheet: string; header: string }[];
}, given?: Pick<CensusReading, 'edits' | 'rows'>): Required<CensusReading> {
  const roles = new Set((result.roleColumns ?? []).map((c) => `${c.file}\u0000${c.sheet}\u0000${c.header}`));
  return {
    columns: result.columns
      .filter((c) => c.field !== null || !roles.has(`${c.file}\u0000${c.sheet}\u0000${c.header}`))
      .map(({ file, sheet, header, field }) => ({ file, sheet, header, field })),
    sheets: result.sheets.map(({ file, sheet, read, headerRow }) => (headerRow === undefined ? { file, sheet, read } : { file, sheet, read, headerRow })),
    codes: result.codeValues.flatMap(({ file, sheet, header, values }) =>
      // Values cut to 40 characters in codeValues could not be matched back: left out.
      values.filter((v) => v.value.length < 40).map((v) => ({ file, sheet, header, value: v.value, as: v.as })),
    ),
    edits: given?.edits ?? [],
    rows: given?.rows ?? [],
  };
}
