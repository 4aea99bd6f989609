/**
 * The upload's gate: the extension allow-list (product-spec.md section 5: .xlsx, .xls, .csv) and a
 * look at the first bytes, so that content must match its name (ARCHITECTURE.md, security rules):
 *   .xlsx  a ZIP (Office Open XML) or an OLE2 container (how an encrypted XLSX is stored)
 *   .xls   an OLE2 container (BIFF5/BIFF8) or a bare BIFF stream (Excel 2.x-4.x)
 *   .csv   text: no NUL bytes (unless UTF-16 with its BOM), and no ZIP/OLE2/known binary signature
 *   .txt, .tsv (web uploads only: webUploadKind) delimited text, checked as .csv
 *   .pdf   a PDF document ('%PDF-' at the start; issue 30: its tables are read as sheets)
 *   .png, .jpg, .jpeg  an image (the PNG signature or a JPEG's FF D8 FF): a scanned page, read by OCR
 * Bytes that are none of these (random or unknown binary data) are "not a spreadsheet", whatever
 * the name says.
 * The engine reads more leniently (it opens a misnamed file with a note); the public upload refuses
 * a mismatch with 415 and a sentence that says what the file really is.
 *
 * A ZIP (an .xlsx) also gets a cheap look at its directory at upload (zipRefusal, issue 31): what
 * the read stage's guard (census/read/zip-guard.ts, whose directory reading this reuses) would refuse
 * from the directory alone - too many parts, more declared data than allowed, a bomb's ratio, a
 * damaged or encrypted archive - and an XML part whose first bytes declare a DOCTYPE or entities, is
 * refused at once (422) with the sentence the case would have failed with, instead of a 200 and a
 * failed case.
 */
import { constants as zlib, inflateRawSync } from 'node:zlib';
import { CENSUS_UPLOAD } from '../../shared/constants';
import { CensusReadError } from '../census/read/errors';
import { DEFAULT_READ_LIMITS } from '../census/read/limits';
import { extensionOf, looksBinary, looksLikeMarkup, sniffContent } from '../census/read/sniff';
import { dtdError, hasDtd, isXmlPart, listZipEntries } from '../census/read/zip-guard';

export type UploadKind = 'xlsx' | 'xls' | 'csv' | 'pdf' | 'png' | 'jpg' | 'jpeg';

/** The kinds that are scanned pages (issue 30). */
export const isImageKind = (kind: UploadKind | null): boolean => kind === 'png' || kind === 'jpg' || kind === 'jpeg';

/** How many leading bytes the check needs. */
export const SNIFF_BYTES = 8192;

export const UPLOAD_TEXT = {
  wrongType:
    'Only .xlsx, .xls, .csv and .pdf files, scanned pages as .png or .jpg (and delimited .txt or .tsv text) can be uploaded. Save the census in one of these formats and try again.',
  empty: 'The file is empty. Choose the census file again.',
  tooLarge: `File size should not exceed ${CENSUS_UPLOAD.maxMb} MB`,
  mismatch: (ext: string, what: string) =>
    `This file is named .${ext} but is really ${what}. Open it in Excel and save it as .xlsx or .csv, then upload it again.`,
  notPdf: (what: string | null) =>
    `This file is named .pdf but is not a PDF document${what ? `: it is really ${what}` : ''}. Check that you chose the census file and upload it again.`,
  notImage: (ext: string, what: string | null) =>
    `This file is named .${ext} but is not a PNG or JPEG image${what ? `: it is really ${what}` : ''}. Check that you chose the census file and upload it again.`,
  notSpreadsheet: (ext: string) =>
    `This file is named .${ext} but is not a spreadsheet: its content is neither a workbook nor text. Check that you chose the census file, save it from Excel as .xlsx or .csv, and upload it again.`,
} as const;

/** The kind an upload's file name allows, or null when its extension is not on the list (the spec's, PDF documents and scanned pages). */
export function uploadKind(fileName: string): UploadKind | null {
  const ext = extensionOf(fileName);
  const allowed: readonly string[] = [...CENSUS_UPLOAD.extensions, ...CENSUS_UPLOAD.documentExtensions];
  return allowed.includes(`.${ext}`) ? (ext as UploadKind) : null;
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
    case 'pdf':
      return 'a PDF document';
    case 'image':
      return sniffed.image === 'png' ? 'a PNG image' : 'a JPEG image';
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
  else if (kind === 'pdf') ok = sniffed === 'pdf';
  // A scanned page: a PNG or a JPEG (a .jpg that is really a PNG is read by its content).
  else if (isImageKind(kind)) ok = sniffed === 'image';
  // Text has no NUL bytes (unless it is UTF-16 with its byte-order mark) and hardly any control bytes.
  else ok = sniffed === 'text' && !looksBinary(head);
  if (ok) return null;
  const what = contentName(head);
  if (kind === 'pdf') return UPLOAD_TEXT.notPdf(what);
  if (isImageKind(kind)) return UPLOAD_TEXT.notImage(ext, what);
  return what === null ? UPLOAD_TEXT.notSpreadsheet(ext) : UPLOAD_TEXT.mismatch(ext, what);
}

/** Compressed bytes of an XML part inflated at upload to look at its prolog, and the most output taken from them. */
const PROLOG_INPUT = 16 * 1024;
const PROLOG_OUTPUT = 256 * 1024;

/**
 * The read stage's refusal of a ZIP that its directory, or the first bytes of its XML parts, already
 * tell (null: nothing found; the read stage still checks every byte when the case runs). Cheap: the
 * directory is read without inflating anything (at most DEFAULT_READ_LIMITS.maxZipEntries parts, the
 * limit being checked first), then at most PROLOG_INPUT bytes of each XML part are inflated, capped.
 */
export function zipRefusal(bytes: Buffer): string | null {
  let entries;
  try {
    entries = listZipEntries(bytes, DEFAULT_READ_LIMITS);
  } catch (err) {
    if (err instanceof CensusReadError) return err.message;
    throw err;
  }
  for (const e of entries) {
    if (!isXmlPart(e.name)) continue;
    const input = bytes.subarray(e.dataOffset, e.dataOffset + Math.min(e.compressedSize, PROLOG_INPUT));
    let head: Buffer;
    if (e.method === 0) head = input;
    else {
      try {
        head = inflateRawSync(input, { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: PROLOG_OUTPUT });
      } catch {
        continue; // not inflatable here, or expanding fast: the read stage's full guard decides
      }
    }
    if (hasDtd(head)) return dtdError(e.name).message;
  }
  return null;
}
