/**
 * READ stage of the census engine: one file's bytes -> its sheets as raw rows of cells.
 *
 *   readCensusFile({ fileName, bytes, password?, limits? }) -> { fileName, format, sheets, notes }
 *
 * Flow: size limit -> sniff content (ZIP / OLE2 / text) -> per kind:
 *   text  -> encoding.ts (BOM / strict UTF-8 / Windows-1252) -> delimited.ts (detect + papaparse)
 *   ZIP   -> xlsx.ts (imported only now): zip-guard.ts (directory limits, capped inflation, no
 *            DOCTYPE) -> workbook.ts (SheetJS) or xlsx-stream.ts (large sheets)
 *   OLE2  -> ole-guard.ts (XLS? encrypted XLSX? which protection?) -> encryption.ts when protected
 *            -> workbook.ts (a decrypted XLSX goes through xlsx.ts)
 *   PDF   -> pdf.ts (imported only now, and pdfjs-dist by it) -> pdf-grid.ts: each table a sheet
 *            'page N' (no text layer: a scan, read by OCR, ./ocr imported only now)
 *   PNG / JPEG -> pdf.ts readScanImage (OCR) -> pdf-grid.ts: a scanned page, its tables 'page 1'
 * (lazy-module.ts: what a CSV never needs is not loaded at start-up.)
 * Every failure is a CensusReadError (errors.ts) with a plain-sentence message; nothing else escapes.
 * See docs/census-reading.md for the limits and the decisions.
 */
import { checkCfbStructure } from './cfb-guard';
import { CensusReadError, PASSWORD_REQUIRED_MESSAGE } from './errors';
import { decodeText, looksBinary } from './encoding';
import { parseDelimited } from './delimited';
import { MAX_SPIN_COUNT, decryptOffice } from './encryption';
import { Deadline, type ReadLimits, formatBytes, formatCount, resolveLimits } from './limits';
import { lazyModule } from './lazy-module';
import { inspectOle } from './ole-guard';
import { extensionKind, extensionOf, looksLikeMarkup, sniffContent } from './sniff';
import type { Cell, RawSheet } from './types';
import { CellBudget, readWorkbook } from './workbook';

export type { Cell, RawSheet, ScanCell } from './types';
export type { ReadLimits } from './limits';
export { DEFAULT_READ_LIMITS } from './limits';
export { CensusReadError, PASSWORD_REQUIRED_MESSAGE } from './errors';
export type { ReadErrorCode } from './errors';

// The workbook reader (with fflate) and the PDF and scan reader (with the grid builder, pdf.js and
// the OCR) are imported when such a file arrives: a CSV's start-up does without them (lazy-module.ts).
const xlsxReader = lazyModule(() => import('./xlsx'), './xlsx', import.meta.url);
const pdfReader = lazyModule(() => import('./pdf'), './pdf', import.meta.url);

/**
 * Ends the OCR reader's worker thread when a scan was read (the `census` command, before it exits:
 * the worker would keep the process alive); nothing to do, and nothing loaded, otherwise.
 */
export async function closeOcrReader(): Promise<void> {
  if (pdfReader.loaded()) await (await pdfReader()).closeOcrReader();
}

export interface ReadInput {
  fileName: string;
  bytes: Uint8Array;
  password?: string;
  limits?: Partial<ReadLimits>;
}

export interface ReadResult {
  fileName: string;
  /** 'image': a scanned page (PNG or JPEG), read by OCR. */
  format: 'csv' | 'xls' | 'xlsx' | 'pdf' | 'image';
  sheets: RawSheet[];
  notes: string[];
  /** Problems that may have lost or changed rows (a stray quote): the engine asks for a review of each. */
  review?: string[];
}

/** Sheet name given to the single table of a CSV/TXT file (the fixtures' truth files use it). */
export const TEXT_SHEET_NAME = 'Sheet1';

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };
const ENCODING_NAMES: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 (with BOM)',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
};

export async function readCensusFile(input: ReadInput): Promise<ReadResult> {
  try {
    return await readUnchecked(input);
  } catch (err) {
    if (err instanceof CensusReadError) throw err;
    // Anything else is a bug or a library failing on a hostile file: never let it escape as is.
    if (err instanceof RangeError) {
      throw new CensusReadError('limit', 'This file is too large or too complex to read.');
    }
    throw new CensusReadError('corrupt', 'This file could not be read; it may be damaged.');
  }
}

async function readUnchecked(input: ReadInput): Promise<ReadResult> {
  if (!input || !(input.bytes instanceof Uint8Array)) {
    throw new CensusReadError('corrupt', 'No file content was received.');
  }
  const fileName = typeof input.fileName === 'string' ? input.fileName : '';
  const limits = resolveLimits(input.limits);
  const deadline = new Deadline(limits.timeBudgetMs);
  const bytes = input.bytes;
  const password = typeof input.password === 'string' && input.password !== '' ? input.password : undefined;

  if (bytes.length === 0) throw new CensusReadError('empty', 'This file is empty.');
  if (bytes.length > limits.maxBytes) {
    throw new CensusReadError('limit', `This file is ${formatBytes(bytes.length)}; the largest file we can read is ${formatBytes(limits.maxBytes)}.`);
  }
  const extKind = extensionKind(fileName);
  // The extension is user input and goes into messages: letters and digits only, kept short.
  const ext = extensionOf(fileName).replace(/[^a-z0-9]/g, '').slice(0, 10) || 'unknown';
  if (extKind === 'other') {
    throw new CensusReadError(
      'unsupported-format',
      `Files of type .${ext} are not supported; please upload a CSV, TXT, XLS, XLSX or PDF file, or a scanned page (PNG, JPG).`,
    );
  }

  let sniffed = sniffContent(bytes);
  // A bare BIFF signature is a few control bytes; in a file named .csv/.txt it is text, not Excel 2-4.
  if (sniffed.kind === 'biff-raw' && extKind === 'text') sniffed = { kind: 'text' };
  const notes: string[] = [];
  const review: string[] = [];
  const result = (format: ReadResult['format'], sheets: RawSheet[]): ReadResult => {
    if (!sheets.some((s) => s.rows.some((r) => r.some((c) => c !== null)))) {
      throw new CensusReadError('empty', format === 'csv' ? 'This file has no data in it.' : 'This workbook has no cells with data in it.');
    }
    return { fileName, format, sheets, notes, ...(review.length ? { review } : {}) };
  };

  switch (sniffed.kind) {
    case 'pdf': {
      if (extKind !== 'pdf' && extKind !== 'none') notes.push(`The file is named .${ext} but is a PDF document; it was read as a PDF.`);
      // pdf.ts imports pdfjs-dist itself, only now (a CSV never loads it).
      const { readPdf } = await pdfReader();
      const pdf = await readPdf(bytes, limits, deadline, password);
      notes.push(...pdf.notes);
      review.push(...(pdf.review ?? []));
      return result('pdf', pdf.sheets);
    }

    case 'image': {
      const what = sniffed.image === 'png' ? 'PNG' : 'JPEG';
      if (extKind !== 'image' && extKind !== 'none') notes.push(`The file is named .${ext} but is a ${what} image; it was read as a scanned page.`);
      // pdf.ts imports the OCR reader (tesseract.js) itself, only now.
      const { readScanImage } = await pdfReader();
      const scan = await readScanImage(bytes, limits, deadline);
      notes.push(...scan.notes);
      review.push(...(scan.review ?? []));
      return result('image', scan.sheets);
    }

    case 'binary':
      throw new CensusReadError('unsupported-format', `This file is ${sniffed.what}, not a spreadsheet; please upload a CSV, TXT, XLS or XLSX file.`);

    case 'text': {
      if (extKind === 'image') {
        throw new CensusReadError('unsupported-format', `This file is named .${ext} but is not a PNG or JPEG image. Check that you chose the census file and upload it again.`);
      }
      if (extKind === 'pdf') {
        throw new CensusReadError('unsupported-format', 'This file is named .pdf but is not a PDF document. Check that you chose the census file and upload it again.');
      }
      if (extKind === 'xls' || extKind === 'xlsx') {
        const head = decodeText(bytes.subarray(0, 4096)).text;
        if (looksLikeMarkup(head)) {
          throw new CensusReadError(
            'unsupported-format',
            `This file is named .${ext} but is really a web page or XML export, not an Excel workbook. Open it in Excel and save it as .xlsx or .csv.`,
          );
        }
      }
      const sheet = readText(bytes, limits, notes, review);
      if (extKind === 'xls' || extKind === 'xlsx') {
        notes.unshift(`The file is named .${ext} but holds delimited text; it was read as text.`);
      }
      deadline.check();
      return result('csv', [sheet]);
    }

    case 'zip': {
      if (extKind === 'text' || extKind === 'xls') notes.push(`The file is named .${ext} but is an XLSX workbook; it was read as XLSX.`);
      if (password) notes.push('A password was given but the file is not password-protected.');
      const { readXlsxBytes } = await xlsxReader();
      const sheets = readXlsxBytes(bytes, limits, deadline, notes);
      return result('xlsx', sheets);
    }

    case 'biff-raw': {
      const wb = readWorkbook(bytes, limits, deadline, undefined, Boolean(password));
      notes.push('The file is an Excel 2.x-4.x workbook.', ...wb.notes);
      return result('xls', wb.sheets);
    }

    case 'ole2': {
      const ole = inspectOle(bytes);
      deadline.check();
      if (ole.kind === 'other') {
        throw new CensusReadError(
          'unsupported-format',
          'This file is a Microsoft Office document but not an Excel workbook; please upload a CSV, TXT, XLS or XLSX file.',
        );
      }
      if (ole.kind === 'encrypted-ooxml') {
        if (ole.scheme === 'extensible' || ole.scheme === 'unknown') {
          throw new CensusReadError(
            'unsupported-protection',
            'This workbook is encrypted with a method we cannot open. Remove the password in Excel (File > Info > Protect Workbook) and upload it again.',
          );
        }
        if (!password) throw new CensusReadError('password-required', PASSWORD_REQUIRED_MESSAGE);
        if (ole.spinCount !== undefined && ole.spinCount > MAX_SPIN_COUNT) {
          throw new CensusReadError(
            'unsupported-protection',
            `This workbook's encryption asks for ${formatCount(ole.spinCount)} key rounds, more than the ${formatCount(MAX_SPIN_COUNT)} we accept (Excel uses 100,000). Remove the password in Excel and upload it again.`,
          );
        }
        const plain = await decryptOffice(bytes, password);
        deadline.check();
        if (sniffContent(plain).kind !== 'zip') throw new CensusReadError('bad-password', 'The password is not correct for this file.');
        notes.push('The workbook is password-protected; it was opened with the password given.');
        if (extKind === 'text' || extKind === 'xls') notes.push(`The file is named .${ext} but is an XLSX workbook; it was read as XLSX.`);
        const { readXlsxBytes } = await xlsxReader();
        return result('xlsx', readXlsxBytes(plain, limits, deadline, notes));
      }
      // A legacy XLS workbook.
      if (extKind === 'text' || extKind === 'xlsx') notes.push(`The file is named .${ext} but is an Excel 97-2003 (XLS) workbook; it was read as XLS.`);
      let xlsBytes = bytes;
      if (ole.encryption !== 'none') {
        if (!password) throw new CensusReadError('password-required', PASSWORD_REQUIRED_MESSAGE);
        if (ole.encryption === 'unknown') {
          throw new CensusReadError(
            'unsupported-protection',
            'This XLS workbook is protected with a method we cannot open. Remove the password in Excel and upload it again.',
          );
        }
        try {
          xlsBytes = await decryptOffice(bytes, password);
        } catch (err) {
          // XOR obfuscation is the weakest and oddest scheme; if it cannot be undone, say so plainly.
          if (ole.encryption === 'xor' && err instanceof CensusReadError && err.code === 'corrupt') {
            throw new CensusReadError(
              'unsupported-protection',
              'This XLS workbook uses the old XOR password protection, which we could not open. Remove the password in Excel and upload it again.',
            );
          }
          throw err;
        }
        deadline.check();
        // The decrypted container is written by officecrypto-tool; check it like any other.
        checkCfbStructure(xlsBytes);
        notes.push('The workbook is password-protected; it was opened with the password given.');
      } else if (password) {
        notes.push('A password was given but the file is not password-protected.');
      }
      const wb = readWorkbook(xlsBytes, limits, deadline, undefined, Boolean(password));
      if (ole.biff === 'biff5') notes.push('The file is an Excel 5.0/95 (BIFF5) workbook.');
      notes.push(...wb.notes);
      return result('xls', wb.sheets);
    }
  }
}

function readText(bytes: Uint8Array, limits: ReadLimits, notes: string[], review: string[]): RawSheet {
  const decoded = decodeText(bytes);
  if (looksBinary(decoded.text)) {
    throw new CensusReadError('unsupported-format', 'This file is not a spreadsheet or a text file; please upload a CSV, TXT, XLS or XLSX file.');
  }
  if (decoded.text.trim() === '') throw new CensusReadError('empty', 'This file has no data in it.');
  const parsed = parseDelimited(decoded.text, { maxRows: limits.maxRows, maxCells: limits.maxCells });
  if (parsed.truncated) {
    throw new CensusReadError('limit', `This file has more than ${formatCount(limits.maxRows)} rows, more than allowed.`);
  }
  const budget = new CellBudget(limits);
  for (let ri = 0; ri < parsed.rows.length; ri++) budget.addRow(parsed.rows[ri].length); // throws the usual message past maxCells
  budget.addText(decoded.text.length);
  notes.push(
    `Read as text in ${ENCODING_NAMES[decoded.encoding]}${decoded.fromBom ? '' : ' (detected)'}, ${DELIMITER_NAMES[parsed.delimiter]}-separated.`,
    ...parsed.problems,
  );
  review.push(...parsed.review);
  if (parsed.sepLine) notes.push('The first line names the delimiter for Excel ("sep="); it was used and not read as data.');
  return { name: TEXT_SHEET_NAME, rows: parsed.rows as Cell[][] };
}
