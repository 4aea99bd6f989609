/**
 * The upload's gate: the extension allow-list (product-spec.md section 5: .xlsx, .xls, .csv) and a
 * look at the first bytes, so that content must match its name (ARCHITECTURE.md, security rules):
 *   .xlsx  a ZIP (Office Open XML) or an OLE2 container (how an encrypted XLSX is stored)
 *   .xls   an OLE2 container (BIFF5/BIFF8) or a bare BIFF stream (Excel 2.x-4.x)
 *   .csv   text: no NUL bytes (unless UTF-16 with its BOM), and no ZIP/OLE2/known binary signature
 *   .txt, .tsv (web uploads only: webUploadKind) delimited text, checked as .csv
 * Bytes that are none of these (random or unknown binary data) are "not a spreadsheet", whatever
 * the name says.
 * The engine reads more leniently (it opens a misnamed file with a note); the public upload refuses
 * a mismatch with 415 and a sentence that says what the file really is.
 */
import { CENSUS_UPLOAD } from '../../shared/constants';
import { extensionOf, looksBinary, looksLikeMarkup, sniffContent } from '../census/read/sniff';

export type UploadKind = 'xlsx' | 'xls' | 'csv';

/** How many leading bytes the check needs. */
export const SNIFF_BYTES = 8192;

export const UPLOAD_TEXT = {
  wrongType: 'Only .xlsx, .xls and .csv files (and delimited .txt or .tsv text) can be uploaded. Save the census in one of these formats and try again.',
  empty: 'The file is empty. Choose the census file again.',
  tooLarge: `File size should not exceed ${CENSUS_UPLOAD.maxMb} MB`,
  mismatch: (ext: string, what: string) =>
    `This file is named .${ext} but is really ${what}. Open it in Excel and save it as .xlsx or .csv, then upload it again.`,
  notSpreadsheet: (ext: string) =>
    `This file is named .${ext} but is not a spreadsheet: its content is neither a workbook nor text. Check that you chose the census file, save it from Excel as .xlsx or .csv, and upload it again.`,
} as const;

/** The kind an upload's file name allows, or null when its extension is not on the list. */
export function uploadKind(fileName: string): UploadKind | null {
  const ext = extensionOf(fileName);
  return (CENSUS_UPLOAD.extensions as readonly string[]).includes(`.${ext}`) ? (ext as UploadKind) : null;
}

/**
 * The kind a web upload's name allows: the spec's list, and delimited text (.txt, .tsv) read and
 * checked as CSV. The mail intake keeps to the spec's list (a .txt attached to a mail is more often
 * a note than a census).
 */
export function webUploadKind(fileName: string): UploadKind | null {
  const kind = uploadKind(fileName);
  if (kind) return kind;
  return (CENSUS_UPLOAD.textExtensions as readonly string[]).includes(`.${extensionOf(fileName)}`) ? 'csv' : null;
}

/** What the first bytes really are, in words, for the mismatch message (the engine's own sniffing); null when they are no known kind of file at all. */
function contentName(head: Uint8Array): string | null {
  const sniffed = sniffContent(head);
  switch (sniffed.kind) {
    case 'zip':
      return 'a ZIP archive or an .xlsx workbook';
    case 'ole2':
      return 'an Office file (.xls or an encrypted workbook)';
    case 'biff-raw':
      return 'an old Excel (.xls) file';
    case 'binary':
      return sniffed.what ?? 'a binary file';
    default:
      if (looksBinary(head)) return null;
      return looksLikeMarkup(new TextDecoder('latin1').decode(head.subarray(0, 1024))) ? 'a web page or XML file' : 'a text (CSV) file';
  }
}

/** Null when the first bytes fit the kind; otherwise the 415 message, naming the file's own extension (`ext`: 'txt' for a .txt read as CSV). */
export function contentMismatch(kind: UploadKind, head: Uint8Array, ext: string = kind): string | null {
  const sniffed = sniffContent(head).kind;
  let ok: boolean;
  if (kind === 'xlsx') ok = sniffed === 'zip' || sniffed === 'ole2';
  else if (kind === 'xls') ok = sniffed === 'ole2' || sniffed === 'biff-raw';
  // Text has no NUL bytes (unless it is UTF-16 with its byte-order mark) and hardly any control bytes.
  else ok = sniffed === 'text' && !looksBinary(head);
  if (ok) return null;
  const what = contentName(head);
  return what === null ? UPLOAD_TEXT.notSpreadsheet(ext) : UPLOAD_TEXT.mismatch(ext, what);
}
