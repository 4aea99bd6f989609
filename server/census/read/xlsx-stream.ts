/**
 * Streaming XLSX reader (issue 31): the same WorkbookRead as readWorkbook (workbook.ts) for the same
 * bytes, without SheetJS's cost on big sheets. SheetJS holds a sheet's whole inflated XML as one
 * string plus one object per cell (a 249,000 x 20 sheet peaks near 900 MB); here each worksheet part
 * is inflated in chunks (fflate's streaming Inflate), cut into rows as it arrives, and each row's
 * cells go straight into Cell[] rows. Only one row's XML is held at a time.
 *
 * "The same result" is the contract, so the scanner deliberately reproduces SheetJS 0.20.3's own
 * reading rules (parse_ws_xml_data, parse_si, parse_sty_xml, parse_wb_xml, parse_rels, parse_ct), on
 * the same "binary" (one char per byte) text SheetJS works on, with UTF-8 decoded where SheetJS
 * decodes it:
 *  - a sheet's data is what lies between the first <sheetData ...> and the first </sheetData>; it is
 *    cut at every </row> (any namespace prefix), each piece's first open tag is its row;
 *  - cells are cut at <c followed by space, "/" or ">"; a cell's place is its r attribute, else the row
 *    (r attribute or previous + 1) and the column after the previous cell; later cells overwrite;
 *  - attributes in any order and either quote, prefixes stripped (parsexmltag); entities, &#NN;,
 *    &#xHH;, CDATA and _xHHHH_ decoded (unescapexml), twice for t="str" cells as SheetJS does;
 *  - types n, s, str, inlineStr, b, e, d; a cell with no value and no type is skipped;
 *  - a number is a date when its style's number format (SheetJS's table: built-ins it knows as
 *    formats plus the file's numFmts) is a date format, as workbook.ts's toCell decides.
 * Where SheetJS would silently drop a sheet or fail (a part it cannot find, a string index past the
 * table, comments that add cells, chart/dialog/macro sheets, XLSB, UTF-16 parts...), this reader
 * throws StreamUnsupported instead and the caller (index.ts) decides: SheetJS if the file is small
 * enough, else a CensusReadError.
 */
import { Inflate } from 'fflate';
import { CensusReadError, oneLine } from './errors';
import { excelSerialToDate } from './excel-dates';
import type { Deadline, ReadLimits } from './limits';
import type { Cell, RawSheet } from './types';
import {
  CellBudget,
  DATE_1904_NOTE,
  type WorkbookRead,
  dateFormatCache,
  errorCellsNote,
  hiddenSheetNote,
  tooManyRowsError,
} from './workbook';
import type { ZipEntryInfo } from './zip-guard';
import { DAY_MS } from '../../../shared/constants';

/** Something this reader does not handle the way SheetJS would; the caller may fall back to SheetJS. */
export class StreamUnsupported extends Error {
  constructor(what: string) {
    super(`streaming XLSX reader: ${what}`);
    this.name = 'StreamUnsupported';
  }
}

/* ---------- SheetJS's text rules, ported (xlsx 0.20.3) ---------- */

const ATTR_RE = /\s([^"\s?>/]+)\s*=\s*((?:")([^"]*)(?:")|(?:')([^']*)(?:')|([^'">\s]+))/g;
const TAG_RE = /<[/?]?[a-zA-Z0-9:_-]+(?:\s+[^"\s?<>/]+\s*=\s*(?:"[^"]*"|'[^']*'|[^'"<>\s=]+))*\s*[/?]?>/gm;
const NS_RE = /<\w*:/;
const NS_RE2 = /<(\/?)\w+:/;

type Attrs = Record<string | number, string | undefined>;

/** parsexmltag: attributes of one tag; prefixes dropped, names after "_" cut, lower-case copies too. */
export function parseXmlTag(tag: string, skipRoot = false): Attrs {
  const z: Attrs = {};
  let eq = 0;
  for (; eq !== tag.length; ++eq) {
    const c = tag.charCodeAt(eq);
    if (c === 32 || c === 10 || c === 13) break;
  }
  if (!skipRoot) z[0] = tag.slice(0, eq);
  if (eq === tag.length) return z;
  const m = tag.match(ATTR_RE);
  if (m) {
    for (let i = 0; i !== m.length; ++i) {
      const cc = m[i].slice(1);
      let c = 0;
      for (; c !== cc.length; ++c) if (cc.charCodeAt(c) === 61) break;
      let q = cc.slice(0, c).trim();
      while (cc.charCodeAt(c + 1) === 32) ++c;
      const e = cc.charCodeAt(c + 1);
      const quot = e === 34 || e === 39 ? 1 : 0;
      const v = cc.slice(c + 1 + quot, cc.length - quot);
      let j = 0;
      for (; j !== q.length; ++j) if (q.charCodeAt(j) === 58) break;
      if (j === q.length) {
        if (q.indexOf('_') > 0) q = q.slice(0, q.indexOf('_'));
        z[q] = v;
        z[q.toLowerCase()] = v;
      } else {
        const k = (j === 5 && q.slice(0, 5) === 'xmlns' ? 'xmlns' : '') + q.slice(j + 1);
        if (z[k] && q.slice(j - 3, j) === 'ext') continue;
        z[k] = v;
        z[k.toLowerCase()] = v;
      }
    }
  }
  return z;
}

const stripNs = (x: string): string => x.replace(NS_RE2, '<$1');

const ENCODINGS: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&gt;': '>', '&lt;': '<', '&amp;': '&' };
const ENC_RE = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const CODE_RE = /_x([\da-fA-F]{4})_/gi;

function rawUnescape(text: string): string {
  const s = `${text}`;
  const i = s.indexOf('<![CDATA[');
  if (i === -1) {
    return s
      .replace(ENC_RE, ($$: string, $1: string) => ENCODINGS[$$] || String.fromCharCode(parseInt($1, $$.indexOf('x') > -1 ? 16 : 10)) || $$)
      .replace(CODE_RE, (_m: string, c: string) => String.fromCharCode(parseInt(c, 16)));
  }
  const j = s.indexOf(']]>');
  return rawUnescape(s.slice(0, i)) + s.slice(i + 9, j) + rawUnescape(s.slice(j + 3));
}

/** unescapexml: XML entities, CDATA, Excel's _xHHHH_; `xlsx` also turns CRLF into LF. */
export function unescapeXml(text: string, xlsx = false): string {
  const out = rawUnescape(text);
  return xlsx ? out.replace(/\r\n/g, '\n') : out;
}

/** utf8read: the "binary" text (one char per byte) decoded as UTF-8, as Buffer does it. */
function utf8read(s: string): string {
  return Buffer.from(s, 'binary').toString('utf8');
}

const nsTagCache = new Map<string, [RegExp, RegExp]>();
/** str_match_xml_ns: [whole, inner] of the first <tag ...>...</tag> (any prefix), or null. */
function strMatchXmlNs(str: string, tag: string): [string, string] | null {
  let res = nsTagCache.get(tag);
  if (!res) nsTagCache.set(tag, (res = [new RegExp(`<(?:\\w+:)?${tag}\\b[^<>]*>`, 'g'), new RegExp(`</(?:\\w+:)?${tag}>`, 'g')]));
  res[0].lastIndex = res[1].lastIndex = 0;
  let m = res[0].exec(str);
  if (!m) return null;
  const si = m.index;
  const sf = res[0].lastIndex;
  res[1].lastIndex = sf;
  m = res[1].exec(str);
  if (!m) return null;
  return [str.slice(si, res[1].lastIndex), str.slice(sf, m.index)];
}

/** str_remove_xml_ns_g: the text without every <tag>...</tag>; null when one is not closed. */
function strRemoveXmlNsG(str: string, tag: string): string | null {
  const open = new RegExp(`<(?:\\w+:)?${tag}\\b[^<>]*>`, 'g');
  const close = new RegExp(`</(?:\\w+:)?${tag}>`, 'g');
  const out: string[] = [];
  let ef = 0;
  let m: RegExpExecArray | null;
  while ((m = open.exec(str))) {
    out.push(str.slice(ef, m.index));
    ef = m.index;
    close.lastIndex = open.lastIndex;
    const e = close.exec(str);
    if (!e) return null;
    ef = close.lastIndex;
    open.lastIndex = close.lastIndex;
  }
  out.push(str.slice(ef));
  return out.join('');
}

/** str_remove_ng(str, "<!--", "-->"), with its handling of an unclosed comment. */
function removeComments(str: string): string {
  const out: string[] = [];
  let last = 0;
  let si = str.indexOf('<!--');
  if (si === -1) return str;
  while (si > -1) {
    out.push(str.slice(last, si));
    const ei = str.indexOf('-->', si + 4);
    if (ei === -1) break;
    if ((si = str.indexOf('<!--', (last = ei + 3))) === -1) out.push(str.slice(last));
  }
  return out.join('');
}

const parseXmlBool = (v: string | undefined): boolean => v === '1' || v === 'true';

const SI_T_RE = /<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g;
const SI_R_RE = /<(?:\w+:)?r\b[^<>]*>/;
/** parse_si's text: a plain <t>, or the <t> runs of rich text outside phonetic <rPh> runs. */
export function siText(x: string): string | undefined {
  if (!x) return '';
  if (/^\s*<(?:\w+:)?t[^>]*>/.test(x)) {
    return unescapeXml(utf8read(x.slice(x.indexOf('>') + 1).split(/<\/(?:\w+:)?t>/)[0] || ''), true);
  }
  if (SI_R_RE.test(x)) {
    const noPh = strRemoveXmlNsG(x, 'rPh');
    if (noPh === null) throw new StreamUnsupported('a rich text string with an unclosed phonetic run');
    return unescapeXml(utf8read((noPh.match(SI_T_RE) || []).join('').replace(TAG_RE, '')), true);
  }
  return undefined;
}

/** SheetJS's parseDate (ISO text of a t="d" cell, read as UTC) and datenum (Date -> serial). */
const PD1 = /^(\d+):(\d+)(:\d+)?(\.\d+)?$/;
const PD2 = /^(\d+)-(\d+)-(\d+)$/;
const PD3 = /^(\d+)-(\d+)-(\d+)[T ](\d+):(\d+)(:\d+)?(\.\d+)?$/;
const DN0 = Date.UTC(1899, 11, 30);
const DN1 = Date.UTC(1899, 11, 31);
const DN2 = Date.UTC(1904, 0, 1);
function parseDate(str: string, date1904: boolean): Date {
  let m = str.match(PD1);
  if (m) {
    return new Date(
      (date1904 ? DN2 : DN1) +
        ((parseInt(m[1], 10) * 60 + parseInt(m[2], 10)) * 60 + (m[3] ? parseInt(m[3].slice(1), 10) : 0)) * 1000 +
        (m[4] ? parseInt(`${m[4]}000`.slice(1, 4), 10) : 0),
    );
  }
  m = str.match(PD2);
  if (m) return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], 0, 0, 0, 0));
  m = str.match(PD3);
  if (m) {
    return new Date(
      Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], (m[6] && parseInt(m[6].slice(1), 10)) || 0, (m[7] && parseInt(`${m[7]}0000`.slice(1, 4), 10)) || 0),
    );
  }
  return new Date(str);
}
function datenum(v: Date, date1904: boolean): number {
  let res = (v.getTime() - DN0) / DAY_MS;
  if (date1904) {
    res -= 1462;
    return res < -1402 ? res - 1 : res;
  }
  return res < 60 ? res - 1 : res;
}

function encodeCell(r: number, c: number): string {
  let col = c + 1;
  let s = '';
  for (; col; col = ((col - 1) / 26) | 0) s = String.fromCharCode(((col - 1) % 26) + 65) + s;
  return s + (r + 1);
}

/** SheetJS's number format table after make_ssf(): what p.z is for a format id with cellText off. */
function initialFormatTable(): Record<number, string> {
  return {
    0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 9: '0%', 10: '0.00%', 11: '0.00E+00',
    12: '# ?/?', 13: '# ??/??', 14: 'm/d/yy', 15: 'd-mmm-yy', 16: 'd-mmm', 17: 'mmm-yy', 18: 'h:mm AM/PM',
    19: 'h:mm:ss AM/PM', 20: 'h:mm', 21: 'h:mm:ss', 22: 'm/d/yy h:mm', 37: '#,##0 ;(#,##0)',
    38: '#,##0 ;[Red](#,##0)', 39: '#,##0.00;(#,##0.00)', 40: '#,##0.00;[Red](#,##0.00)', 45: 'mm:ss',
    46: '[h]:mm:ss', 47: 'mmss.0', 48: '##0.0E+0', 49: '@', 56: '"上午/下午 "hh"時"mm"分"ss"秒 "',
  };
}
/** SheetJS rewrites formats third-party tools write wrongly (SSF__load's bad_formats). */
const BAD_FORMATS: Record<string, string> = { 'd.m': 'd\\.m' };

/* ---------- the ZIP parts ---------- */

const CHUNK = 64 * 1024;
const TEXT_PIECE = 32 * 1024;

/** Calls onText with the part's bytes as "binary" text, a chunk at a time (never the whole part). */
function streamPart(bytes: Uint8Array, e: ZipEntryInfo, onText: (text: string) => void): void {
  let first = true;
  const emit = (chunk: Uint8Array): void => {
    if (chunk.length === 0) return;
    if (first) {
      first = false;
      // SheetJS converts UTF-16 parts first; Excel never writes them: leave those to SheetJS.
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) throw new StreamUnsupported('a UTF-16 part');
    }
    // Text handed on in pieces under V8's large-object size: the strings cut from them stay young
    // garbage, freed by cheap scavenges instead of piling up in the old generation until a full GC.
    for (let p = 0; p < chunk.length; p += TEXT_PIECE) {
      const piece = chunk.subarray(p, Math.min(chunk.length, p + TEXT_PIECE));
      onText(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('latin1'));
    }
  };
  const end = e.dataOffset + e.compressedSize;
  if (e.method === 0) {
    for (let p = e.dataOffset; p < end; p += CHUNK) emit(bytes.subarray(p, Math.min(end, p + CHUNK)));
    return;
  }
  const inflate = new Inflate((chunk) => emit(chunk));
  if (end === e.dataOffset) inflate.push(new Uint8Array(0), true);
  for (let p = e.dataOffset; p < end; p += CHUNK) inflate.push(bytes.subarray(p, Math.min(end, p + CHUNK)), p + CHUNK >= end);
}

/** A small part (workbook, rels, styles, content types) as one "binary" string. */
function partText(bytes: Uint8Array, e: ZipEntryInfo): string {
  if (e.uncompressedSize > SMALL_PART_MAX) throw new StreamUnsupported(`a large part ${e.name}`);
  const parts: string[] = [];
  streamPart(bytes, e, (t) => parts.push(t));
  return parts.join('');
}
/** Workbook, styles and relationship parts are kilobytes; past this the file is not one we know. */
const SMALL_PART_MAX = 16 * 1024 * 1024;

/**
 * Cuts a streamed part the way SheetJS cuts the whole string: the text between the first `open`
 * match and the first `close` match after it, split at every `itemEnd` match; onItem gets each piece
 * (the last one too, as String.split gives it). Holds only the unfinished piece between chunks.
 */
class Sections {
  private buf = '';
  /** 0: before the open tag, 1: inside, 2: closed. */
  state: 0 | 1 | 2 = 0;
  constructor(
    private readonly open: RegExp,
    private readonly itemEnd: RegExp,
    private readonly close: RegExp,
    private readonly onItem: (piece: string) => void,
  ) {}

  push(text: string): void {
    if (this.state === 2) return;
    let buf = this.buf + text;
    if (this.state === 0) {
      const m = this.open.exec(buf);
      if (!m) {
        const lt = buf.lastIndexOf('<');
        this.buf = lt >= 0 ? buf.slice(lt) : '';
        return;
      }
      buf = buf.slice(m.index + m[0].length);
      this.state = 1;
    }
    this.close.lastIndex = 0;
    const cm = this.close.exec(buf);
    const closeAt = cm ? cm.index : -1;
    let pos = 0;
    this.itemEnd.lastIndex = 0;
    for (;;) {
      const m = this.itemEnd.exec(buf);
      if (!m || (closeAt >= 0 && m.index >= closeAt)) break;
      this.onItem(buf.slice(pos, m.index));
      pos = this.itemEnd.lastIndex;
    }
    if (closeAt >= 0) {
      if (pos <= closeAt) this.onItem(buf.slice(pos, closeAt));
      this.state = 2;
      this.buf = '';
    } else {
      this.buf = buf.slice(pos);
    }
  }
}

function findEntry(entries: ZipEntryInfo[], path: string): ZipEntryInfo | undefined {
  // safegetzipfile: names compared without case, "/" and "\" alike.
  const f = path.toLowerCase().replace(/[/]/g, '\\');
  const g = f.replace(/\\/g, '/');
  return entries.find((e) => {
    const n = e.name.toLowerCase();
    return n === f || n === g;
  });
}

const stripFrontSlash = (x: string): string => (x.charAt(0) === '/' ? x.slice(1) : x);

function resolvePath(path: string, base: string): string {
  if (path.charAt(0) === '/') return path.slice(1);
  const result = base.split('/');
  if (base.slice(-1) !== '/') result.pop();
  const target = path.split('/');
  while (target.length !== 0) {
    const step = target.shift();
    if (step === '..') result.pop();
    else if (step !== '.') result.push(step as string);
  }
  return result.join('/');
}

interface Rel {
  Type?: string;
  Target: string;
}
function parseRels(data: string | null, currentFilePath: string): Map<string, Rel> {
  const byId = new Map<string, Rel>();
  if (!data) return byId;
  for (const x of data.match(TAG_RE) || []) {
    const y = parseXmlTag(x);
    if (y[0] === '<Relationship') byId.set(String(y.Id), { Type: y.Type, Target: unescapeXml(y.Target as string) });
  }
  void currentFilePath;
  return byId;
}

const CT_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const CT_WORKBOOK = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
  'application/vnd.ms-excel.sheet.binary.macroEnabled.main',
  'application/vnd.ms-excel.addin.macroEnabled.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
]);
const CT_SST = new Set(['application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml', 'application/vnd.ms-excel.sharedStrings']);
const CT_STYLES = new Set(['application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml', 'application/vnd.ms-excel.styles']);
const WB_NS = [
  'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  'http://purl.oclc.org/ooxml/spreadsheetml/main',
  'http://schemas.microsoft.com/office/excel/2006/main',
  'http://schemas.microsoft.com/office/excel/2006/2',
];
const REL_WS = ['http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet', 'http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet'];
const REL_COMMENTS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments';
const REL_THREADED = 'http://schemas.microsoft.com/office/2017/10/relationships/threadedComment';

interface SheetMeta {
  name: string;
  hidden: number;
  path: string;
  /** Cells (row, column) with a legacy comment. */
  commented: [number, number][];
}

/** decode_cell: digits make the row, capital letters the column, anything else is ignored. */
function decodeCell(ref: string): [number, number] {
  let R = 0;
  let C = 0;
  for (let j = 0; j < ref.length; ++j) {
    const cc = ref.charCodeAt(j);
    if (cc >= 48 && cc <= 57) R = 10 * R + (cc - 48);
    else if (cc >= 65 && cc <= 90) C = 26 * C + (cc - 64);
  }
  return [R - 1, C - 1];
}

/** The cells parse_comments_xml gives comments to (those past sheetRows are dropped). */
function commentCells(data: string, sheetRows: number): [number, number][] {
  const out: [number, number][] = [];
  if (/<(?:\w+:)?comments *\/>/.test(data)) return out;
  const list = strMatchXmlNs(data, 'commentList');
  if (!list || !list[1]) return out;
  for (const x of list[1].split(/<\/\w*:?comment>/)) {
    if (x === '' || x.trim() === '') continue;
    const cm = x.match(/<(?:\w+:)?comment[^<>]*>/);
    if (!cm) continue;
    const y = parseXmlTag(cm[0]);
    if (y.ref === undefined) throw new StreamUnsupported('a comment without a cell');
    const cell = decodeCell(y.ref);
    if (sheetRows <= cell[0]) continue;
    out.push(cell);
  }
  return out;
}

interface Styles {
  /** cellXfs' numFmtId per xf, or undefined when there is no cellXfs (SheetJS then formats nothing). */
  xfFormat: (number | undefined)[] | undefined;
  table: Record<number, string>;
}

function parseStyles(data: string | null): Styles {
  const table = initialFormatTable();
  if (!data) return { xfFormat: undefined, table };
  const text = removeComments(data);
  let numberFmt: Record<number, string> | undefined;
  const nf = strMatchXmlNs(text, 'numFmts');
  if (nf) {
    numberFmt = { ...table };
    for (const x of nf[0].match(TAG_RE) || []) {
      const y = parseXmlTag(x);
      if (stripNs(String(y[0])) !== '<numFmt') continue;
      if (y.formatCode === undefined) throw new StreamUnsupported('a number format without a code');
      const f = unescapeXml(utf8read(y.formatCode));
      let j = parseInt(y.numFmtId as string, 10);
      numberFmt[j] = f;
      if (j > 0) {
        if (j > 0x188) {
          for (j = 0x188; j > 0x3c; --j) if (numberFmt[j] == null) break;
          numberFmt[j] = f;
        }
        table[j] = BAD_FORMATS[f] || f;
      }
    }
  }
  const xfs = strMatchXmlNs(text, 'cellXfs');
  if (!xfs) return { xfFormat: undefined, table };
  const xfFormat: (number | undefined)[] = [];
  for (const x of xfs[0].match(TAG_RE) || []) {
    const y = parseXmlTag(x);
    const t = stripNs(String(y[0]));
    if (t !== '<xf' && t !== '<xf/>' && t !== '<xf>') continue;
    let id: number | undefined = y.numFmtId ? parseInt(y.numFmtId, 10) : undefined;
    if (numberFmt && id !== undefined && id > 0x188) {
      for (let i = 0x188; i > 0x3c; --i) {
        if (numberFmt[id] == numberFmt[i]) {
          id = i;
          break;
        }
      }
    }
    xfFormat.push(id);
  }
  return { xfFormat, table };
}

/* ---------- the reader ---------- */

/** Marks an error cell while its sheet is read: counted and turned into null when the sheet ends. */
const ERROR_CELL = Symbol('error cell') as unknown as Cell;
const CELL_RE = /<(?:\w+:)?c[ />]/;
const CELL_R_RE = /r=["']([^"']*)["']/;
const PLAIN_V_NEEDS_MORE = /[<&_]/;
/** Excel's last row and column; a reference past them is a damaged file, left to SheetJS. */
const MAX_ROW = 1_048_576;
const MAX_COL = 16_384;
/** The deadline is checked every this many rows. */
const ROWS_PER_DEADLINE_CHECK = 4096;

export function readXlsxStreaming(
  bytes: Uint8Array,
  entries: ZipEntryInfo[],
  limits: ReadLimits,
  deadline: Deadline,
  budget = new CellBudget(limits),
): WorkbookRead {
  const text = (path: string): string | null => {
    const e = findEntry(entries, path);
    return e ? partText(bytes, e) : null;
  };

  // [Content_Types].xml: where the workbook, shared strings and styles are (parse_ct).
  const ctData = text('[Content_Types].xml');
  let ctNs: string | undefined;
  const workbooks: string[] = [];
  let sstPath = '';
  let stylePath = '';
  for (const x of ctData?.match(TAG_RE) || []) {
    const y = parseXmlTag(x);
    const t = String(y[0]).replace(NS_RE, '<');
    if (t === '<Types') ctNs = y[`xmlns${(String(y[0]).match(/<(\w+):/) || ['', ''])[1]}`];
    else if (t === '<Override' && y.ContentType) {
      if (CT_WORKBOOK.has(y.ContentType)) workbooks.push(String(y.PartName));
      else if (CT_SST.has(y.ContentType) && !sstPath) sstPath = String(y.PartName);
      else if (CT_STYLES.has(y.ContentType) && !stylePath) stylePath = String(y.PartName);
    }
  }
  if (ctNs !== CT_NS) throw new StreamUnsupported('content types in an unknown namespace');
  if (workbooks.length === 0 && findEntry(entries, 'xl/workbook.xml')) workbooks.push('xl/workbook.xml');
  if (workbooks.length === 0 || workbooks[0].slice(-3) === 'bin') throw new StreamUnsupported('no XML workbook part');
  const wbPath = workbooks[0];

  // Shared strings, streamed <si> by <si>.
  const strings: (string | undefined)[] = [];
  if (sstPath) {
    const e = findEntry(entries, stripFrontSlash(sstPath));
    if (!e) throw new StreamUnsupported('the shared strings part is missing');
    const sstr1 = /<(?:\w+:)?(?:si|sstItem)>/g;
    const sst = new Sections(/<(?:\w+:)?sst\b[^<>]*>/, /<\/(?:\w+:)?(?:si|sstItem)>/g, /<\/(?:\w+:)?sst>/g, (piece) => {
      strings.push(siText(piece.replace(sstr1, '').trim()));
    });
    streamPart(bytes, e, (t) => sst.push(t));
    if (sst.state === 1) throw new StreamUnsupported('the shared strings are not closed');
    deadline.check();
  }

  let styles: Styles = { xfFormat: undefined, table: initialFormatTable() };
  if (stylePath) {
    const data = text(stripFrontSlash(stylePath));
    if (data === null) throw new StreamUnsupported('the styles part is missing');
    styles = parseStyles(data);
  }

  // workbook.xml: sheets in order, their state, the date system (parse_wb_xml).
  const wbData = text(stripFrontSlash(wbPath));
  if (!wbData) throw new StreamUnsupported('the workbook part is missing');
  let wbNs: string | undefined = '';
  let date1904 = false;
  const wbSheets: { name: string; hidden: number; id: string | undefined }[] = [];
  for (const x of wbData.match(TAG_RE) || []) {
    const y = parseXmlTag(x);
    switch (stripNs(String(y[0]))) {
      case '<workbook': {
        let key = 'xmlns';
        if (/<\w+:workbook/.test(x)) key = `xmlns${(x.match(/<(\w+):/) as RegExpMatchArray)[1]}`;
        wbNs = y[key];
        break;
      }
      case '<workbookPr':
      case '<workbookPr/>':
        if (y.date1904 != null) date1904 = parseXmlBool(y.date1904);
        break;
      case '<sheet': {
        if (y.name === undefined) throw new StreamUnsupported('a sheet without a name');
        const hidden = y.state === 'hidden' ? 1 : y.state === 'veryHidden' ? 2 : 0;
        wbSheets.push({ name: unescapeXml(utf8read(y.name)), hidden, id: y.id || y.strRelID });
        break;
      }
      default:
    }
  }
  if (!WB_NS.includes(wbNs as string)) throw new StreamUnsupported('a workbook in an unknown namespace');

  // xl/_rels/workbook.xml.rels: each sheet's part (safe_parse_wbrels + parse_zip's path rules).
  const slash = wbPath.lastIndexOf('/');
  let relsFile = `${wbPath.slice(0, slash + 1)}_rels/${wbPath.slice(slash + 1)}.rels`.replace(/^\//, '');
  if (!findEntry(entries, relsFile)) relsFile = 'xl/_rels/workbook.xml.rels';
  const wbRels = parseRels(text(relsFile), relsFile.replace(/_rels.*/, 's5s'));
  const sheets: SheetMeta[] = wbSheets.map((s) => {
    const rel = s.id === undefined ? undefined : wbRels.get(s.id);
    if (!rel) throw new StreamUnsupported('a sheet without a relationship');
    if (!REL_WS.includes(rel.Type as string)) throw new StreamUnsupported('a chart, dialog or macro sheet');
    let path = `xl/${rel.Target.replace(/[/]?xl\//, '')}`;
    if (!findEntry(entries, path)) path = rel.Target;
    if (!findEntry(entries, path)) path = relsFile.replace(/_rels\/[\S\s]*$/, '') + rel.Target;
    if (!findEntry(entries, path)) throw new StreamUnsupported('a sheet part is missing');
    // A comment on an empty cell gives it a stub in SheetJS, so its row exists (sheet_insert_comments).
    const relsPath = path.replace(/^(.*)(\/)([^/]*)$/, '$1/_rels/$3.rels');
    const sheetRels = parseRels(text(relsPath), path);
    const commented: [number, number][] = [];
    for (const r of sheetRels.values()) {
      if (r.Type === REL_THREADED) throw new StreamUnsupported('a sheet with threaded comments');
      if (r.Type !== REL_COMMENTS) continue;
      const data = text(resolvePath(r.Target, path));
      if (data === null) throw new StreamUnsupported('a comments part is missing');
      commented.push(...commentCells(data, limits.maxRows + 1));
    }
    return { name: s.name, hidden: s.hidden, path, commented };
  });
  deadline.check();

  const notes: string[] = [];
  if (date1904) notes.push(DATE_1904_NOTE);
  const isDate = dateFormatCache();
  const sheetRows = limits.maxRows + 1;
  const { xfFormat, table } = styles;
  let errorCells = 0;
  const out: RawSheet[] = [];

  const numberCell = (v: number, s: string | undefined): Cell => {
    if (!Number.isFinite(v)) return null;
    let fmtid = 0;
    if (xfFormat && s !== undefined) {
      // styles.CellXf[tag.s] in SheetJS: the attribute text is the index ("1", not "01").
      const id = (xfFormat as unknown as Record<string, number | undefined>)[s];
      if (id != null) fmtid = id;
    }
    if (isDate(table[fmtid])) return excelSerialToDate(v, date1904) ?? v;
    return v;
  };

  for (const meta of sheets) {
    deadline.check();
    const shown = oneLine(String(meta.name), 60);
    if (meta.hidden) notes.push(hiddenSheetNote(shown, meta.hidden));
    const rows: Cell[][] = [];
    let filled = 0; // cells given a value, a bound on the budget's count checked as we go
    let tagr = 0;
    let stopped = false;
    let pieces = 0;

    const place = (r: number, c: number, v: Cell): void => {
      if (r < 0) return; // SheetJS stores it under a negative key no reader looks at
      if (r >= MAX_ROW || c >= MAX_COL) throw new StreamUnsupported('a cell reference past the sheet');
      let row = rows[r];
      if (!row) {
        row = rows[r] = [];
        if (rows.length > limits.maxRows) throw tooManyRowsError(shown, limits);
      }
      if (c < 0) return;
      const before = row[c];
      if (v !== null && (before === undefined || before === null)) {
        if (budget.cells + ++filled > limits.maxCells) budget.addRow(filled); // throws the budget's message
      }
      row[c] = v;
    };

    const onRow = (piece: string): void => {
      if (stopped) return;
      let lastRow = -1;
      if (++pieces % ROWS_PER_DEADLINE_CHECK === 0) deadline.check();
      let x = piece.trim();
      const xlen = x.length;
      if (xlen === 0) return;
      let ri = 0;
      let rstarti = 0;
      for (ri = 0; ri < xlen; ++ri) {
        const ch = x.charCodeAt(ri);
        if (ch === 62) {
          if (x.charCodeAt(ri - 1) !== 47) {
            ++ri;
            break;
          }
        } else if (ch === 60) rstarti = ri;
      }
      if (rstarti >= ri) {
        stopped = true;
        return;
      }
      const rowTag = parseXmlTag(x.slice(rstarti, ri), true);
      tagr = rowTag.r != null ? parseInt(rowTag.r, 10) : tagr + 1;
      let tagc = -1;
      if (sheetRows < tagr) return;
      let cells = x.slice(ri).split(CELL_RE);
      let rslice = 0;
      for (; rslice !== cells.length; ++rslice) if (cells[rslice].trim().charAt(0) !== '<') break;
      cells = cells.slice(rslice);
      for (let k = 0; k !== cells.length; ++k) {
        x = cells[k].trim();
        if (x.length === 0) continue;
        const cref = x.match(CELL_R_RE);
        x = `<c ${x.slice(0, 1) === '<' ? '>' : ''}${x}`;
        if (cref != null && cref.length === 2) {
          let idx = 0;
          const d = cref[1];
          for (let i = 0; i !== d.length; ++i) {
            const cc = d.charCodeAt(i) - 64;
            if (cc < 1 || cc > 26) break;
            idx = 26 * idx + cc;
          }
          tagc = idx - 1;
        } else ++tagc;
        let i = x.indexOf('>');
        i = i === -1 ? x.length + 1 : i + 1;
        const head = x.slice(0, i);
        const tag: Attrs = head === '<c >' ? {} : parseXmlTag(head, true);
        const ref = tag.r ? tag.r : encodeCell(tagr - 1, tagc);
        const d = x.slice(i);
        let pv: string | undefined;
        // Fast path for the usual <v>text</v> first: the same result as the general match when the
        // text holds no "<" (so no earlier </v>), no "&" and no "_" (so nothing to unescape).
        const vEnd = d.startsWith('<v>') ? d.indexOf('</v>', 3) : -1;
        const inner = vEnd >= 0 ? d.slice(3, vEnd) : '';
        if (vEnd >= 0 && !PLAIN_V_NEEDS_MORE.test(inner)) pv = inner !== '' ? inner : undefined;
        else {
          const vm = strMatchXmlNs(d, 'v');
          pv = vm != null && vm[1] !== '' ? unescapeXml(vm[1]) : undefined;
        }
        const t = tag.t;
        if (t == null && pv === undefined) continue;
        let v: Cell;
        switch (t || 'n') {
          case 'n':
            if (pv == null || pv === '') continue;
            v = numberCell(parseFloat(pv), tag.s);
            break;
          case 's': {
            if (pv === undefined) continue;
            const n = parseInt(pv, 10);
            if (!(n >= 0 && n < strings.length)) throw new StreamUnsupported('a shared string index past the table');
            const sv = strings[n];
            v = sv === undefined || sv === '' ? null : sv;
            break;
          }
          case 'str': {
            const sv = pv != null ? unescapeXml(utf8read(pv), true) : '';
            v = sv === '' ? null : sv;
            break;
          }
          case 'inlineStr': {
            const is = strMatchXmlNs(d, 'is');
            const sv = is != null ? siText(is[1]) : '';
            v = sv === undefined || sv === '' ? null : sv;
            break;
          }
          case 'b':
            v = parseXmlBool(pv);
            break;
          case 'd':
            if (pv === undefined) throw new StreamUnsupported('a date cell without a value');
            v = numberCell(datenum(parseDate(pv, date1904), date1904), tag.s);
            break;
          case 'e':
            v = ERROR_CELL;
            break;
          default:
            v = null;
        }
        const [R, C] = decodeCell(ref);
        place(R, C, v);
        lastRow = R;
      }
      // A row grown cell by cell has room for about twice its cells; an exact copy, made while the
      // old one is still young garbage, keeps the sheet's rows at their real size (~50 MB, not ~80,
      // for 249,000 x 20). Later cells for this row (r attributes going back) still land in the copy.
      if (lastRow >= 0 && rows[lastRow]) rows[lastRow] = rows[lastRow].slice();
    };

    const sections = new Sections(/<(?:\w+:)?sheetData\b[^<>]*>/, /<\/(?:\w+:)?row>/g, /<\/(?:\w+:)?sheetData>/g, onRow);
    const e = findEntry(entries, meta.path) as ZipEntryInfo;
    streamPart(bytes, e, (t) => sections.push(t));
    // No </sheetData> after the open tag (<sheetData/>, or a cut part): SheetJS finds no data at all.
    if (sections.state === 1) rows.length = 0;
    for (const [r, c] of meta.commented) {
      if (r < 0 || c < 0) continue;
      if (r >= MAX_ROW) throw new StreamUnsupported('a comment past the sheet');
      if (!rows[r]) rows[r] = [];
      if (rows.length > limits.maxRows) throw tooManyRowsError(shown, limits);
    }

    // As readWorkbook: holes are null, trailing empty cells dropped, error cells counted as null.
    for (let r = 0; r < rows.length; r++) {
      const src = rows[r];
      if (!src) {
        rows[r] = [];
        continue;
      }
      let last = -1;
      for (let c = 0; c < src.length; c++) {
        let v = src[c];
        if (v === ERROR_CELL) {
          errorCells++;
          v = null;
        } else if (v === undefined) v = null;
        src[c] = v;
        if (v !== null) last = c;
        if (typeof v === 'string') budget.addText(v.length);
      }
      src.length = last + 1;
      budget.addRow(last + 1);
    }
    out.push({ name: meta.name, rows });
  }
  if (errorCells > 0) notes.push(errorCellsNote(errorCells));
  return { sheets: out, notes };
}

/** For index.ts: the error given when the streaming reader cannot read a file too big for SheetJS. */
export function streamingRefusal(): CensusReadError {
  return new CensusReadError(
    'corrupt',
    'This workbook is too large to read the way it is built. Open it in Excel, save it again as .xlsx (or as .csv) and upload the new file.',
  );
}
