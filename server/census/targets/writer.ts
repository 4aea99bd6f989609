/**
 * The writer: a target and the clean member list -> the file's bytes (XLSX with real date cells and
 * text cells that stay text, CSV in UTF-8 with a BOM and CRLF, JSON). Every text cell goes through
 * safeCell (cells.ts): nothing a spreadsheet could run, no apostrophe where nothing could.
 */
import type { WorkSheet } from 'xlsx';
import { XLSX } from '../read/sheetjs';
import { excelSerial, formatDate, safeCell } from './cells';
import { familyRows, membersFor } from './rows';
import { DateCell, type ExportInput, type ExportTarget, type Out, type TableTarget } from './types';

export { CONTENT_TYPES } from './catalog';

/** Unmapped source columns (by header, in order of first appearance) and where each member was read. */
function extraColumns(input: ExportInput, taken: Set<string>) {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const m of input.members) {
    for (const k of Object.keys(m.extras)) {
      if (!seen.has(k)) {
        seen.add(k);
        headers.push(k);
      }
    }
  }
  // An extra column named like one of the target's would be ambiguous: it gets a prefix.
  return headers.map((h) => ({ key: h, label: taken.has(h) ? `Source: ${h}` : h }));
}

const SOURCE_HEADERS = ['Source File', 'Source Sheet', 'Source Row', 'Source Column'];

/** The member table of a table target: header row(s) first, as cells (not yet made safe). */
export function tableRows(target: TableTarget, input: ExportInput): { top: Out[][]; rows: Out[][] } {
  const rows = familyRows(membersFor(target, input.members), input.asOf);
  const header: Out[] = target.columns.map((c) => c.header);
  const extras = target.appendExtras ? extraColumns(input, new Set(target.columns.map((c) => c.header).concat(SOURCE_HEADERS))) : [];
  if (target.appendExtras) header.push(...extras.map((e) => e.label), ...SOURCE_HEADERS);
  const out: Out[][] = [...(target.sheet.extraHeaderRows ?? []), header];
  for (const r of rows) {
    const line = target.columns.map((c) => c.value(r));
    if (target.appendExtras) {
      const m = r.member;
      line.push(...extras.map((e) => m.extras[e.key] ?? null), m.file, m.sheet, m.row, m.column);
    }
    out.push(line);
  }
  return { top: target.sheet.topRows ?? [], rows: out };
}

/** Which columns of a table target must stay text (a ZIP with its leading zero). */
function textColumns(target: TableTarget): Set<number> {
  const set = new Set<number>();
  target.columns.forEach((c, i) => c.text && set.add(i));
  return set;
}

function sheetOf(rows: readonly Out[][], dateFormat: string, textCols: Set<number> = new Set(), textFrom = Infinity): WorkSheet {
  const ws: WorkSheet = {};
  let maxC = 0;
  rows.forEach((row, r) => {
    row.forEach((v, c) => {
      if (v === null || v === undefined || v === '') return;
      const ref = XLSX.utils.encode_cell({ r, c });
      if (v instanceof DateCell) ws[ref] = { t: 'n', v: excelSerial(v.iso), z: dateFormat };
      else if (typeof v === 'number') ws[ref] = r >= textFrom && textCols.has(c) ? { t: 's', v: String(v) } : { t: 'n', v };
      else if (typeof v === 'boolean') ws[ref] = { t: 'b', v };
      else ws[ref] = { t: 's', v: String(safeCell(v)) };
      if (c > maxC) maxC = c;
    });
  });
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(rows.length - 1, 0), c: maxC } });
  return ws;
}

function csvField(v: Out, dateFormat: TableTarget['dateFormat']): string {
  if (v === null) return '';
  if (v instanceof DateCell) return formatDate(v, dateFormat);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const s = String(safeCell(v));
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: readonly Out[][], dateFormat: TableTarget['dateFormat'] = 'mm/dd/yyyy', bom = true): string {
  return `${bom ? '\ufeff' : ''}${rows.map((r) => r.map((v) => csvField(v, dateFormat)).join(',')).join('\r\n')}\r\n`;
}

/** JSON cannot run anything, but the text is made formula-safe too: it will be pasted into a sheet one day. */
function safeJson(value: unknown): unknown {
  if (typeof value === 'string') return safeCell(value);
  if (Array.isArray(value)) return value.map(safeJson);
  if (value instanceof DateCell) return value.iso;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, safeJson(v)]));
  return value;
}

/** The file of a target: its bytes, in the target's format. */
export function writeTarget(target: ExportTarget, input: ExportInput): Uint8Array {
  if (target.format === 'json') {
    const rows = familyRows(membersFor(target, input.members), input.asOf);
    return new TextEncoder().encode(`${JSON.stringify(safeJson(target.document(rows, input)), null, 2)}\n`);
  }
  const { top, rows } = tableRows(target, input);
  if (target.format === 'csv') return new TextEncoder().encode(toCsv([...top, ...rows], target.dateFormat, target.bom ?? true));
  const wb = XLSX.utils.book_new();
  const all = [...top, ...rows];
  const headerIndex = top.length + (target.sheet.extraHeaderRows?.length ?? 0);
  XLSX.utils.book_append_sheet(wb, sheetOf(all, target.dateFormat, textColumns(target), headerIndex + 1), target.sheet.name);
  for (const s of target.moreSheets?.(input) ?? []) XLSX.utils.book_append_sheet(wb, sheetOf(s.rows, target.dateFormat), s.name);
  const out = XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Uint8Array(out);
}

/** The file name of an export: the case's clean name and the target (never a person's data). */
export function exportFileName(base: string, target: ExportTarget): string {
  return `${base}-${target.id}.${target.format}`;
}
