/**
 * A reading given from outside (issue 14): the columns, sheets and code values a person corrected in
 * <census-report>, or saved in their browser and sent with an upload. It is validated here (shape,
 * size, fields and values; columns and sheets against the case's last report), stored encrypted
 * beside the case's files, and handed to the engine by the job runner on every run of the case
 * (exports included), until it is replaced; an empty reading is the automatic one.
 *
 * Nothing in a reading is executed or echoed unescaped: messages quote at most 60 characters of a
 * name, and the JSON answer is serialised by Fastify.
 */
import {
  CANONICAL_FIELDS,
  CODE_VALUES,
  MEMBER_TABLE_FIELDS,
  type CensusReadingEdit,
  type CensusReadingRowMark,
  type MemberTableField,
  type CanonicalField,
  type CensusReading,
  type CensusReport,
} from '../../shared/census/report';

/**
 * The largest reading accepted, as JSON text: a workbook of several hundred columns fits easily, and
 * so do 5,000 hand edits and 5,000 row marks (some 100 bytes each).
 */
export const READING_MAX_BYTES = 1024 * 1024;
const MAX_ITEMS = 1000;
/** Hand edits, and row marks, in one reading (issue 28; the engine's hand-edits.ts MAX_HAND_EDITS). */
export const MAX_HAND_ITEMS = 5000;
const MAX_NAME = 255;
/** The longest value typed in a hand edit, and the longest row key. */
const MAX_VALUE = 200;
const MAX_KEY = 64;
const EDIT_FIELDS = new Set<string>(MEMBER_TABLE_FIELDS);

export class ReadingError extends Error {}

const ANY_CODE = new Set(Object.values(CODE_VALUES).flat());
const FIELDS = new Set<string>(CANONICAL_FIELDS);

/** A name quoted for a message: at most 60 characters, control characters removed. */
export function quote(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `'${clean.length > 60 ? `${clean.slice(0, 57)}...` : clean}'`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Control characters never name anything a person could have meant: a NUL in a sheet name crash-looped
 * the job (three attempts, then the wrong reason). File and sheet names refuse every C0 control and
 * DEL; a column header or a code value may hold a tab or a line break (a header "Date of\nBirth").
 */
const CONTROL_IN_NAME = /[\u0000-\u001f\u007f]/;
const CONTROL_IN_CELL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function name(v: unknown, what: string): string {
  if (typeof v !== 'string' || v.length > MAX_NAME) throw new ReadingError(`Each ${what} must be text of at most ${MAX_NAME} characters.`);
  const control = what === 'file name' || what === 'sheet name' ? CONTROL_IN_NAME : CONTROL_IN_CELL;
  if (control.test(v)) throw new ReadingError(`A ${what} of the reading holds a control character: send the name as the report shows it.`);
  return v;
}

function list(v: unknown, what: string, max = MAX_ITEMS): unknown[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new ReadingError(`The reading's ${what} must be a list.`);
  if (v.length > max) throw new ReadingError(`The reading's ${what} list is too long (at most ${max}).`);
  return v;
}

/** Where a hand edit or row mark is (issue 28): file, sheet, 1-based row, a wide dependent's column, the row's key. */
function rowPlace(o: Record<string, unknown>, what: string): Pick<CensusReadingEdit, 'file' | 'sheet' | 'row' | 'column' | 'key'> {
  if (typeof o.row !== 'number' || !Number.isInteger(o.row) || o.row < 1 || o.row > 10_000_000) {
    throw new ReadingError(`The row of ${what} of the reading must be a row number (1 or more).`);
  }
  const out: Pick<CensusReadingEdit, 'file' | 'sheet' | 'row' | 'column' | 'key'> = { file: name(o.file, 'file name'), sheet: name(o.sheet, 'sheet name'), row: o.row };
  if (o.column !== undefined) out.column = name(o.column, 'column header');
  if (o.key !== undefined) {
    if (typeof o.key !== 'string' || o.key.length > MAX_KEY || !/^[A-Za-z0-9_-]*$/.test(o.key)) throw new ReadingError(`The key of ${what} of the reading must be the key the member table gave the row.`);
    out.key = o.key;
  }
  return out;
}

function only(o: Record<string, unknown>, keys: string[], what: string): void {
  const extra = Object.keys(o).find((k) => !keys.includes(k));
  if (extra !== undefined) throw new ReadingError(`A ${what} of the reading has an unknown part ${quote(extra)}.`);
}

/**
 * Checks the shape of a reading (any JSON value) and answers a clean copy; throws ReadingError with
 * a sentence naming what is wrong.
 */
export function parseReading(value: unknown): CensusReading {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new ReadingError('The reading must be an object with columns, sheets, codes, edits and rows.');
  only(value, ['columns', 'sheets', 'codes', 'edits', 'rows'], 'part');
  const out: CensusReading = {};
  const columns = list(value.columns, 'columns').map((c) => {
    if (!isObject(c)) throw new ReadingError('Each column of the reading must be an object {file, sheet, header, field}.');
    only(c, ['file', 'sheet', 'header', 'field'], 'column');
    const field = c.field === undefined ? null : c.field;
    if (field !== null && (typeof field !== 'string' || !FIELDS.has(field))) {
      throw new ReadingError(`${quote(String(field))} is not a census field. Use one of ${CANONICAL_FIELDS.join(', ')}, or null for a column not used.`);
    }
    return { file: name(c.file, 'file name'), sheet: name(c.sheet, 'sheet name'), header: name(c.header, 'column header'), field: field as CanonicalField | null };
  });
  const sheets = list(value.sheets, 'sheets').map((s) => {
    if (!isObject(s)) throw new ReadingError('Each sheet of the reading must be an object {file, sheet, read, headerRow}.');
    only(s, ['file', 'sheet', 'read', 'headerRow'], 'sheet');
    const sheet: NonNullable<CensusReading['sheets']>[number] = { file: name(s.file, 'file name'), sheet: name(s.sheet, 'sheet name') };
    if (s.read !== undefined) {
      if (typeof s.read !== 'boolean') throw new ReadingError(`'read' of sheet ${quote(sheet.sheet)} must be true or false.`);
      sheet.read = s.read;
    }
    if (s.headerRow !== undefined) {
      if (typeof s.headerRow !== 'number' || !Number.isInteger(s.headerRow) || s.headerRow < 1 || s.headerRow > 1_000_000) {
        throw new ReadingError(`The header row of sheet ${quote(sheet.sheet)} must be a row number (1 or more).`);
      }
      sheet.headerRow = s.headerRow;
    }
    return sheet;
  });
  const codes = list(value.codes, 'codes').map((c) => {
    if (!isObject(c)) throw new ReadingError('Each code of the reading must be an object {file, sheet, header, value, as}.');
    only(c, ['file', 'sheet', 'header', 'value', 'as'], 'code');
    const as = c.as;
    if (typeof as !== 'string' || (as !== '' && !ANY_CODE.has(as))) {
      throw new ReadingError(`${quote(String(as))} is not a value a relationship, status or tier can be read as.`);
    }
    return { file: name(c.file, 'file name'), sheet: name(c.sheet, 'sheet name'), header: name(c.header, 'column header'), value: name(c.value, 'code value'), as };
  });
  const edits = list(value.edits, 'edits', MAX_HAND_ITEMS).map((e): CensusReadingEdit => {
    if (!isObject(e)) throw new ReadingError('Each edit of the reading must be an object {file, sheet, row, column?, key?, field, value}.');
    only(e, ['file', 'sheet', 'row', 'column', 'key', 'field', 'value'], 'edit');
    if (typeof e.field !== 'string' || !EDIT_FIELDS.has(e.field)) {
      throw new ReadingError(`${quote(String(e.field))} is not a field the member table edits. Use one of ${MEMBER_TABLE_FIELDS.join(', ')}.`);
    }
    if (typeof e.value !== 'string' || e.value.length > MAX_VALUE) throw new ReadingError(`The value of an edit must be text of at most ${MAX_VALUE} characters ('' clears the cell).`);
    if (CONTROL_IN_NAME.test(e.value)) throw new ReadingError('The value of an edit holds a control character.');
    return { ...rowPlace(e, 'an edit'), field: e.field as MemberTableField, value: e.value };
  });
  const rows = list(value.rows, 'rows', MAX_HAND_ITEMS).map((r): CensusReadingRowMark => {
    if (!isObject(r)) throw new ReadingError('Each row mark of the reading must be an object {file, sheet, row, column?, key?, counted}.');
    only(r, ['file', 'sheet', 'row', 'column', 'key', 'counted'], 'row mark');
    if (typeof r.counted !== 'boolean') throw new ReadingError("'counted' of a row mark must be true (count this person) or false (not a person).");
    return { ...rowPlace(r, 'a row mark'), counted: r.counted };
  });
  if (columns.length) out.columns = columns;
  if (edits.length) out.edits = edits;
  if (rows.length) out.rows = rows;
  if (sheets.length) out.sheets = sheets;
  if (codes.length) out.codes = codes;
  return out;
}

/**
 * Checks a reading against the case: every file must be one of the case's, and - when the case has a
 * report - every column and sheet one the report lists (a sheet whose header row the reading moves
 * has new headers, so its columns are left to the engine). Throws ReadingError naming the unknown ones.
 */
export function checkAgainstCase(reading: CensusReading, fileNames: readonly string[], report: CensusReport | undefined): void {
  const files = new Set(fileNames);
  const all = [...(reading.columns ?? []), ...(reading.sheets ?? []), ...(reading.codes ?? []), ...(reading.edits ?? []), ...(reading.rows ?? [])];
  const badFiles = [...new Set(all.map((x) => x.file).filter((f) => !files.has(f)))];
  if (badFiles.length) throw new ReadingError(`The case has no file named ${badFiles.slice(0, 3).map(quote).join(', ')}.`);
  if (!report) return;
  const k = (...p: string[]) => p.join('\u0000');
  const columns = new Set(report.columns.map((c) => k(c.file, c.sheet, c.header)));
  const sheets = new Set([...report.columns.map((c) => k(c.file, c.sheet)), ...report.issues.filter((i) => i.sheet !== null).map((i) => k(i.file, i.sheet!))]);
  const moved = new Set((reading.sheets ?? []).filter((s) => s.headerRow !== undefined || s.read === true).map((s) => k(s.file, s.sheet)));
  const badSheets = (reading.sheets ?? []).filter((s) => !sheets.has(k(s.file, s.sheet)));
  if (badSheets.length) throw new ReadingError(`The case has no sheet named ${badSheets.slice(0, 3).map((s) => quote(s.sheet)).join(', ')}.`);
  const badColumns = [...(reading.columns ?? []), ...(reading.codes ?? [])].filter((c) => !moved.has(k(c.file, c.sheet)) && !columns.has(k(c.file, c.sheet, c.header)));
  if (badColumns.length) {
    const names = [...new Set(badColumns.map((c) => quote(c.header)))].slice(0, 3).join(', ');
    throw new ReadingError(`The case has no column ${names}${badColumns.length > 1 ? ' (or others)' : ''} on the sheets named.`);
  }
}

/**
 * Checks each hand edit's value as the engine will read it (its field's own parser, at the case's
 * as-of date): a birth date '13/45/2020' is refused here with its reason, before anything is stored,
 * so the case keeps its report and the rest of its reading. Throws ReadingError. The engine's value
 * readers are loaded only for a reading with edits (the main thread's cold start stays without them).
 */
export async function checkEditValues(reading: CensusReading, asOf: string): Promise<void> {
  if (!reading.edits?.length) return;
  const { editRefusal } = await import('../census/hand-edits');
  for (const e of reading.edits) {
    const refused = editRefusal(e, asOf);
    if (refused) throw new ReadingError(refused);
  }
}

/** A day written YYYY-MM-DD (the day a reading was saved), or undefined. */
export function savedOnOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value ? undefined : value;
}
