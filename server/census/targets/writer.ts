/**
 * The writer: a target and the clean member list -> the file's bytes (XLSX with real date cells and
 * text cells that stay text, CSV in UTF-8 with a BOM and CRLF, JSON). Every text cell goes through
 * safeCell (cells.ts): nothing a spreadsheet could run, no apostrophe where nothing could.
 * Files are written as streams, a line at a time (xlsx-stream.ts for XLSX): the memory of an export
 * is the member list it is made from, not a copy of every cell (issue 31, docs/server.md).
 */
import { excelSerial, formatDate, safeCell } from './cells';
import { familyRows, membersFor } from './rows';
import { DateCell, type ExportInput, type ExportTarget, type Out, type TableTarget } from './types';
import { XlsxDate, XlsxStream, type XlsxCell } from './xlsx-stream-writer';

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

/**
 * The lines of a table target one at a time, as cells not yet made safe: the sheet's top rows, its
 * extra header rows, the header, then one line per member (made when asked for: a line lives only
 * until it is written).
 */
export function* tableLines(target: TableTarget, input: ExportInput): Generator<Out[]> {
  const rows = familyRows(membersFor(target, input.members), input.asOf);
  const header: Out[] = target.columns.map((c) => c.header);
  const extras = target.appendExtras ? extraColumns(input, new Set(target.columns.map((c) => c.header).concat(SOURCE_HEADERS))) : [];
  if (target.appendExtras) header.push(...extras.map((e) => e.label), ...SOURCE_HEADERS);
  yield* target.sheet.topRows ?? [];
  yield* target.sheet.extraHeaderRows ?? [];
  yield header;
  for (const r of rows) {
    const line = target.columns.map((c) => c.value(r));
    if (target.appendExtras) {
      const m = r.member;
      line.push(...extras.map((e) => m.extras[e.key] ?? null), m.file, m.sheet, m.row, m.column);
    }
    yield line;
  }
}

/** Which columns of a table target must stay text (a ZIP with its leading zero). */
function textColumns(target: TableTarget): Set<number> {
  const set = new Set<number>();
  target.columns.forEach((c, i) => c.text && set.add(i));
  return set;
}

/** One line of a sheet as XLSX cells: dates as date cells, text made safe, text columns kept text below the header. */
function xlsxCells(line: readonly Out[], dateFormat: string, textCols: ReadonlySet<number>, asText: boolean): XlsxCell[] {
  const out: XlsxCell[] = new Array(line.length);
  for (let c = 0; c < line.length; c++) {
    const v = line[c];
    if (v === null || v === undefined || v === '') out[c] = null;
    else if (v instanceof DateCell) out[c] = new XlsxDate(excelSerial(v.iso), dateFormat);
    else if (typeof v === 'number') out[c] = asText && textCols.has(c) ? String(v) : v;
    else if (typeof v === 'boolean') out[c] = v;
    else out[c] = String(safeCell(v));
  }
  return out;
}

function csvField(v: Out, dateFormat: TableTarget['dateFormat']): string {
  if (v === null) return '';
  if (v instanceof DateCell) return formatDate(v, dateFormat);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const s = String(safeCell(v));
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csvLine = (line: readonly Out[], dateFormat: TableTarget['dateFormat']) => `${line.map((v) => csvField(v, dateFormat)).join(',')}\r\n`;

/** JSON cannot run anything, but the text is made formula-safe too: it will be pasted into a sheet one day. */
function safeJson(value: unknown): unknown {
  if (typeof value === 'string') return safeCell(value);
  if (Array.isArray(value)) return value.map(safeJson);
  if (value instanceof DateCell) return value.iso;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, safeJson(v)]));
  return value;
}

/**
 * JSON.stringify(value, null, 2) in pieces: an array's items one at a time (each made safe and
 * written when its turn comes), so a document of 100,000 records is never one string.
 */
function* jsonPieces(value: unknown, pad: string): Generator<string> {
  if (Array.isArray(value) && value.length > 0) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      yield `${i ? ',' : ''}\n${pad}  `;
      yield* jsonPieces(value[i], `${pad}  `);
    }
    yield `\n${pad}]`;
    return;
  }
  if (value && typeof value === 'object' && !(value instanceof DateCell) && Object.values(value).some(Array.isArray)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
    yield '{';
    for (let i = 0; i < entries.length; i++) {
      yield `${i ? ',' : ''}\n${pad}  ${JSON.stringify(entries[i][0])}: `;
      yield* jsonPieces(entries[i][1], `${pad}  `);
    }
    yield entries.length ? `\n${pad}}` : '}';
    return;
  }
  yield (JSON.stringify(safeJson(value), null, 2) ?? 'null').replace(/\n/g, `\n${pad}`);
}

/** Text pieces into UTF-8 chunks of about CHUNK_CHARS characters. */
function textChunks(pieces: Iterable<string>, onChunk: (chunk: Uint8Array) => void): void {
  const encoder = new TextEncoder();
  let batch: string[] = [];
  let chars = 0;
  for (const p of pieces) {
    batch.push(p);
    chars += p.length;
    if (chars >= CHUNK_CHARS) {
      onChunk(encoder.encode(batch.join('')));
      batch = [];
      chars = 0;
    }
  }
  if (batch.length) onChunk(encoder.encode(batch.join('')));
}
const CHUNK_CHARS = 256 * 1024;

/**
 * The file of a target, written as it is made: `onChunk` gets its bytes in order, a few hundred KB
 * at a time. Memory is the members (already held) and one chunk, whatever the number of rows.
 */
export function writeTargetTo(target: ExportTarget, input: ExportInput, onChunk: (chunk: Uint8Array) => void): void {
  if (target.format === 'json') {
    const rows = familyRows(membersFor(target, input.members), input.asOf);
    textChunks([...jsonPieces(target.document(rows, input), ''), '\n'], onChunk);
    return;
  }
  if (target.format === 'csv') {
    const dateFormat = target.dateFormat;
    textChunks(
      (function* () {
        if (target.bom ?? true) yield '\ufeff';
        for (const line of tableLines(target, input)) yield csvLine(line, dateFormat);
      })(),
      onChunk,
    );
    return;
  }
  const book = new XlsxStream(onChunk);
  const textCols = textColumns(target);
  const headerIndex = (target.sheet.topRows?.length ?? 0) + (target.sheet.extraHeaderRows?.length ?? 0);
  book.startSheet(target.sheet.name, [target.dateFormat]);
  let i = 0;
  for (const line of tableLines(target, input)) book.row(xlsxCells(line, target.dateFormat, textCols, i++ > headerIndex));
  book.endSheet();
  for (const s of target.moreSheets?.(input) ?? []) {
    book.startSheet(s.name);
    for (const line of s.rows) book.row(xlsxCells(line, target.dateFormat, NO_COLUMNS, false));
    book.endSheet();
  }
  book.end();
}
const NO_COLUMNS: ReadonlySet<number> = new Set();

/** The file of a target: its bytes, in the target's format (writeTargetTo's chunks joined). */
export function writeTarget(target: ExportTarget, input: ExportInput): Uint8Array {
  const chunks: Uint8Array[] = [];
  writeTargetTo(target, input, (c) => chunks.push(c));
  return joinChunks(chunks);
}

/** Chunks as one array (the chunks are let go as they are copied). */
function joinChunks(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (let i = 0; i < chunks.length; i++) {
    out.set(chunks[i], at);
    at += chunks[i].length;
  }
  chunks.length = 0;
  return out;
}

/** The file name of an export: the case's clean name and the target (never a person's data). */
export function exportFileName(base: string, target: ExportTarget): string {
  return `${base}-${target.id}.${target.format}`;
}
