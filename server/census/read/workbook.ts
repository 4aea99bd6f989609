/**
 * Workbook bytes (XLSX ZIP or XLS OLE2/BIFF, already checked and decrypted) -> RawSheets via SheetJS.
 *
 * Options and why:
 *  - dense: rows as arrays (!data), much less memory than one object key per cell;
 *  - cellDates false + cellNF true: we get the raw serial and its number format and convert real date
 *    cells ourselves (excel-dates.ts), independent of the server's time zone and of the 1904 system;
 *  - cellText/cellHTML/cellFormula/cellStyles off: no per-cell display strings, HTML or formulas;
 *  - sheetRows = maxRows + 1: SheetJS stops reading a sheet after that many rows, so a sheet that
 *    is too long costs bounded work and we can still tell it was too long;
 *  - bookVBA/bookFiles/bookDeps off: macros and raw parts are never kept.
 * SheetJS writes warnings for damaged files to the console; we silence the console while it runs
 * (it is synchronous, so nothing else runs meanwhile) and count them into a note instead.
 */
import type { CellObject, WorkBook, WorkSheet } from 'xlsx';
import { XLSX } from './sheetjs';
import { CensusReadError, PASSWORD_REQUIRED_MESSAGE, oneLine } from './errors';
import { excelSerialToDate, isDateFormat } from './excel-dates';
import { type Deadline, type ReadLimits, formatBytes, formatCount } from './limits';
import type { Cell, RawSheet } from './types';

export interface WorkbookRead {
  sheets: RawSheet[];
  notes: string[];
}

/** Budget shared by all sheets (and files read in one call): cells materialised and text held. */
export class CellBudget {
  cells = 0;
  textChars = 0;
  constructor(private readonly limits: ReadLimits) {}

  addRow(cellsInRow: number): void {
    this.cells += cellsInRow;
    if (this.cells > this.limits.maxCells) {
      throw new CensusReadError('limit', `This file has more than ${formatCount(this.limits.maxCells)} cells, more than allowed.`);
    }
  }

  addText(chars: number): void {
    this.textChars += chars;
    // One JS string may be shared by many cells (a shared-strings table), but every later stage
    // copies it per cell, so the text the sheets *hold* is what we bound.
    if (this.textChars > this.limits.maxExtractedBytes) {
      throw new CensusReadError(
        'limit',
        `The text in this file adds up to more than ${formatBytes(this.limits.maxExtractedBytes)}, more than allowed.`,
      );
    }
  }
}

function parseWithSheetJs(bytes: Uint8Array, limits: ReadLimits, passwordGiven: boolean): { wb: WorkBook; warnings: number } {
  const saved = { error: console.error, warn: console.warn, log: console.log, info: console.info };
  let warnings = 0;
  const mute = (): void => {
    warnings++;
  };
  console.error = mute;
  console.warn = mute;
  console.log = mute;
  console.info = mute;
  try {
    const wb = XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'buffer',
      dense: true,
      cellDates: false,
      cellNF: true,
      cellText: false,
      cellHTML: false,
      cellFormula: false,
      cellStyles: false,
      sheetStubs: false,
      bookVBA: false,
      bookFiles: false,
      bookDeps: false,
      WTF: false,
      sheetRows: limits.maxRows + 1,
    });
    return { wb, warnings };
  } catch (err) {
    if (err instanceof CensusReadError) throw err;
    const msg = err instanceof Error ? err.message : '';
    // ole-guard.ts finds protection first; this catches a FilePass record placed where it did not look.
    if (/password-protected|encrypt/i.test(msg)) {
      if (!passwordGiven) throw new CensusReadError('password-required', PASSWORD_REQUIRED_MESSAGE);
      throw new CensusReadError(
        'unsupported-protection',
        'This workbook uses a kind of password protection we cannot open. Remove the password in Excel and upload it again.',
      );
    }
    throw new CensusReadError('corrupt', 'This workbook could not be read; it may be damaged or not a real Excel file.');
  } finally {
    Object.assign(console, saved);
  }
}

/** isDateFormat runs SheetJS's format parser; a workbook has a handful of formats, so cache them. */
export function dateFormatCache(): (fmt: unknown) => boolean {
  const cache = new Map<string, boolean>();
  return (fmt) => {
    if (typeof fmt !== 'string') return false;
    let hit = cache.get(fmt);
    if (hit === undefined) {
      hit = isDateFormat(fmt);
      if (cache.size < 10_000) cache.set(fmt, hit);
    }
    return hit;
  };
}

/** A SheetJS cell object -> our Cell. Errors (#N/A...) and stubs become null. */
function toCell(c: CellObject | undefined, date1904: boolean, isDate: (fmt: unknown) => boolean): Cell {
  if (!c) return null;
  switch (c.t) {
    case 'n': {
      const v = c.v as number;
      if (typeof v !== 'number' || !Number.isFinite(v)) return null;
      if (isDate(c.z)) return excelSerialToDate(v, date1904) ?? v;
      return v;
    }
    case 's': {
      const v = c.v;
      if (typeof v !== 'string') return v == null ? null : String(v);
      return v === '' ? null : v;
    }
    case 'b':
      return Boolean(c.v);
    case 'd': {
      const v = c.v as unknown;
      const d = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null;
      if (!d || Number.isNaN(d.getTime())) return null;
      // SheetJS builds these from ISO text; keep the calendar day it names.
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    }
    default:
      return null;
  }
}

/** Notes and messages shared with the streaming reader (xlsx-stream.ts), so both say the same. */
export const DATE_1904_NOTE = 'The workbook uses the 1904 date system (old Mac Excel); its dates were converted accordingly.';
export function hiddenSheetNote(shown: string, hidden: number): string {
  return `Sheet "${shown}" is ${hidden === 2 ? 'very hidden' : 'hidden'} in Excel; it was read too.`;
}
export function errorCellsNote(count: number): string {
  return `${formatCount(count)} cell(s) hold Excel errors such as #N/A or #REF!; they were read as empty.`;
}
export function tooManyRowsError(shown: string, limits: ReadLimits): CensusReadError {
  return new CensusReadError('limit', `Sheet "${shown}" has more than ${formatCount(limits.maxRows)} rows, more than allowed.`);
}

export function readWorkbook(
  bytes: Uint8Array,
  limits: ReadLimits,
  deadline: Deadline,
  budget = new CellBudget(limits),
  passwordGiven = false,
): WorkbookRead {
  const { wb, warnings } = parseWithSheetJs(bytes, limits, passwordGiven);
  deadline.check();
  const notes: string[] = [];
  if (warnings > 0) notes.push(`The workbook has minor structural problems (${formatCount(warnings)} reported); the readable data was kept.`);
  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  if (date1904) notes.push(DATE_1904_NOTE);
  const names = Array.isArray(wb.SheetNames) ? wb.SheetNames : [];
  const sheets: RawSheet[] = [];
  const isDate = dateFormatCache();
  let errorCells = 0;
  names.forEach((name, i) => {
    deadline.check();
    const meta = wb.Workbook?.Sheets?.[i];
    const shown = oneLine(String(name), 60); // sheet names come from the file: one line, short
    if (meta?.Hidden) notes.push(hiddenSheetNote(shown, meta.Hidden));
    const ws = wb.Sheets?.[name] as (WorkSheet & { '!data'?: (CellObject[] | undefined)[]; '!type'?: string }) | undefined;
    const data = ws?.['!data'];
    if (!ws || !Array.isArray(data)) {
      sheets.push({ name, rows: [] });
      if (ws?.['!type'] === 'chart') notes.push(`Sheet "${shown}" is a chart sheet and holds no cells.`);
      return;
    }
    if (data.length > limits.maxRows) throw tooManyRowsError(shown, limits);
    const rows: Cell[][] = new Array(data.length);
    for (let r = 0; r < data.length; r++) {
      const src = data[r];
      if (!src) {
        rows[r] = [];
        continue;
      }
      // Trailing empty cells are dropped: rows are ragged, up to the last cell with a value.
      const out: Cell[] = new Array<Cell>(src.length);
      let last = -1;
      for (let c = 0; c < src.length; c++) {
        const cell = src[c];
        if (cell && cell.t === 'e') errorCells++;
        const v = toCell(cell, date1904, isDate);
        out[c] = v;
        if (v !== null) last = c;
        if (typeof v === 'string') budget.addText(v.length);
      }
      out.length = last + 1;
      budget.addRow(last + 1);
      rows[r] = out;
    }
    sheets.push({ name, rows });
  });
  if (errorCells > 0) notes.push(errorCellsNote(errorCells));
  return { sheets, notes };
}
