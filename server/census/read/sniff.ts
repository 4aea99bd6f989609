/**
 * Format by content, not by name. The extension only decides what the user *meant*; when content and
 * name disagree we either read the content (with a note) or refuse with a message that says what the
 * file really is.
 */
export type ContentKind = 'zip' | 'ole2' | 'biff-raw' | 'pdf' | 'image' | 'text' | 'binary';

export interface Sniffed {
  kind: ContentKind;
  /** For 'binary': a human name of what it is, when recognised ("a PDF document"). */
  what?: string;
  /** For 'image': which (a scanned page, read by OCR). */
  image?: 'png' | 'jpeg';
}

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Images read as scanned pages (issue 30): the PNG signature, a JPEG's start-of-image marker. */
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

const KNOWN_BINARY: { magic: number[]; what: string }[] = [
  { magic: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { magic: [0x1f, 0x8b], what: 'a gzip archive' },
  { magic: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive' },
  { magic: [0x37, 0x7a, 0xbc, 0xaf], what: 'a 7-Zip archive' },
  { magic: [0x4d, 0x5a], what: 'a Windows program' },
  { magic: [0x7f, 0x45, 0x4c, 0x46], what: 'a program' },
  { magic: [0x50, 0x4b, 0x05, 0x06], what: 'an empty ZIP archive' },
];

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  if (bytes.length < magic.length) return false;
  return magic.every((b, i) => bytes[i] === b);
}

export function sniffContent(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'zip' };
  if (startsWith(bytes, OLE2_MAGIC)) return { kind: 'ole2' };
  // A bare BIFF stream (Excel 2.x-4.x wrote XLS without the OLE2 container): BOF record 0x0009,
  // 0x0209, 0x0409 or 0x0809 with a short length. SheetJS reads these.
  if (bytes.length >= 8 && bytes[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(bytes[1]) && bytes[3] === 0 && bytes[2] >= 4 && bytes[2] <= 20) {
    return { kind: 'biff-raw' };
  }
  // A PDF: '%PDF-' at the start (a text file holding those bytes later is still text).
  if (startsWith(bytes, PDF_MAGIC)) return { kind: 'pdf' };
  if (startsWith(bytes, PNG_MAGIC)) return { kind: 'image', image: 'png' };
  if (startsWith(bytes, JPEG_MAGIC)) return { kind: 'image', image: 'jpeg' };
  for (const k of KNOWN_BINARY) if (startsWith(bytes, k.magic)) return { kind: 'binary', what: k.what };
  return { kind: 'text' };
}

export type ExtensionKind = 'text' | 'xls' | 'xlsx' | 'pdf' | 'image' | 'none' | 'other';

const TEXT_EXT = new Set(['csv', 'txt', 'tsv', 'tab']);
const XLSX_EXT = new Set(['xlsx', 'xlsm', 'xltx', 'xltm']);
const XLS_EXT = new Set(['xls', 'xlt']);
/** Scanned pages (issue 30). */
export const IMAGE_EXT = new Set(['png', 'jpg', 'jpeg']);

export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function extensionKind(fileName: string): ExtensionKind {
  const ext = extensionOf(fileName);
  if (ext === '') return 'none';
  if (TEXT_EXT.has(ext)) return 'text';
  if (XLSX_EXT.has(ext)) return 'xlsx';
  if (XLS_EXT.has(ext)) return 'xls';
  if (ext === 'pdf') return 'pdf';
  if (IMAGE_EXT.has(ext)) return 'image';
  return 'other';
}

/**
 * True when bytes that sniff as 'text' (no known signature) are not text at all: a NUL byte, or more
 * than one byte in a hundred a control character that no text file holds (tab, line breaks and form
 * feed excepted). Random or unknown binary data looks like this; a CSV in any 8-bit code page or in
 * UTF-8 does not. UTF-16 (which is full of NULs) is recognised by its byte-order mark first.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return false;
  let controls = 0;
  for (const b of bytes) {
    if (b === 0) return true;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f) controls++;
  }
  return controls * 100 > bytes.length;
}

/** "<?xml" / "<html" / "<table" at the start: an HTML or XML "Excel" export, not a workbook. */
export function looksLikeMarkup(text: string): boolean {
  return /^\s*</.test(text.slice(0, 1024));
}
