/**
 * The upload's gate: the extension allow-list (product-spec.md section 5: .xlsx, .xls, .csv) and a
 * look at the first bytes, so that content must match its name (ARCHITECTURE.md, security rules):
 *   .xlsx  a ZIP (Office Open XML) or an OLE2 container (how an encrypted XLSX is stored)
 *   .xls   an OLE2 container (BIFF5/BIFF8) or a bare BIFF stream (Excel 2.x-4.x)
 *   .csv   text: no NUL bytes (unless UTF-16 with its BOM), and no ZIP/OLE2/known binary signature
 * The engine reads more leniently (it opens a misnamed file with a note); the public upload refuses
 * a mismatch with 415 and a sentence that says what the file really is.
 */
import { CENSUS_UPLOAD } from '../../shared/constants';

export type UploadKind = 'xlsx' | 'xls' | 'csv';

/** How many leading bytes the check needs. */
export const SNIFF_BYTES = 8192;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const BINARY: { magic: number[]; what: string }[] = [
  { magic: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { magic: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { magic: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { magic: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { magic: [0x1f, 0x8b], what: 'a gzip archive' },
  { magic: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive' },
  { magic: [0x37, 0x7a, 0xbc, 0xaf], what: 'a 7-Zip archive' },
  { magic: [0x4d, 0x5a], what: 'a Windows program' },
  { magic: [0x7f, 0x45, 0x4c, 0x46], what: 'a program' },
  { magic: [0x50, 0x4b, 0x05, 0x06], what: 'an empty ZIP archive' },
];

const starts = (b: Uint8Array, magic: number[]) => b.length >= magic.length && magic.every((x, i) => b[i] === x);

export const UPLOAD_TEXT = {
  wrongType: 'Only .xlsx, .xls and .csv files can be uploaded. Save the census in one of these formats and try again.',
  empty: 'The file is empty. Choose the census file again.',
  tooLarge: `File size should not exceed ${CENSUS_UPLOAD.maxMb} MB`,
  mismatch: (ext: string, what: string) =>
    `This file is named .${ext} but is really ${what}. Open it in Excel and save it as .xlsx or .csv, then upload it again.`,
} as const;

/** The kind an upload's file name allows, or null when its extension is not on the list. */
export function uploadKind(fileName: string): UploadKind | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = base.slice(dot).toLowerCase();
  return (CENSUS_UPLOAD.extensions as readonly string[]).includes(ext) ? (ext.slice(1) as UploadKind) : null;
}

function contentName(head: Uint8Array): string {
  if (starts(head, ZIP)) return 'a ZIP archive or an .xlsx workbook';
  if (starts(head, OLE2)) return 'an Office file (.xls or an encrypted workbook)';
  for (const b of BINARY) if (starts(head, b.magic)) return b.what;
  if (/^\s*</.test(new TextDecoder('latin1').decode(head.subarray(0, 256)))) return 'a web page or XML file';
  return 'a text (CSV) file';
}

function isText(head: Uint8Array): boolean {
  if (starts(head, ZIP) || starts(head, OLE2) || BINARY.some((b) => starts(head, b.magic))) return false;
  if (starts(head, [0xff, 0xfe]) || starts(head, [0xfe, 0xff])) return true;
  return !head.includes(0);
}

/** Null when the first bytes fit the kind; otherwise the 415 message. */
export function contentMismatch(kind: UploadKind, head: Uint8Array): string | null {
  let ok: boolean;
  if (kind === 'xlsx') ok = starts(head, ZIP) || starts(head, OLE2);
  else if (kind === 'xls') ok = starts(head, OLE2) || (head.length >= 8 && head[0] === 0x09 && [0, 2, 4, 8].includes(head[1]) && head[3] === 0);
  else ok = isText(head);
  return ok ? null : UPLOAD_TEXT.mismatch(kind, contentName(head));
}
