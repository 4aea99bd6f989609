/**
 * An XLSX workbook's bytes (a ZIP, decrypted already when it was protected) -> its sheets: the ZIP
 * checked first (zip-guard.ts), then its sheets read by SheetJS (workbook.ts) or, when large, by the
 * streaming reader (xlsx-stream.ts). Imported by the read stage when a workbook arrives (index.ts,
 * lazy-module.ts): a CSV never loads it, nor fflate with it.
 */
import { CensusReadError } from './errors';
import { type Deadline, type ReadLimits, formatBytes } from './limits';
import type { RawSheet } from './types';
import { CellBudget, readWorkbook } from './workbook';
import { StreamUnsupported, readXlsxStreaming, streamingRefusal } from './xlsx-stream';
import { guardZip, zipKind } from './zip-guard';

/** Sheet XML past this is read by the streaming reader: SheetJS holds about 10 bytes per byte of it. */
const STREAM_SHEETS_OVER = 8 * 1024 * 1024;
/** A workbook the streaming reader cannot read goes to SheetJS up to this much sheet XML (~350 MB peak). */
const SHEETJS_SHEETS_MAX = 32 * 1024 * 1024;

export function readXlsxBytes(bytes: Uint8Array, limits: ReadLimits, deadline: Deadline, notes: string[]): RawSheet[] {
  if (bytes.length > limits.maxBytes) {
    throw new CensusReadError('limit', `This file is ${formatBytes(bytes.length)} once decrypted; the largest file we can read is ${formatBytes(limits.maxBytes)}.`);
  }
  const zip = guardZip(bytes, limits, deadline);
  const kind = zipKind(zip.entries);
  if (kind === 'opendocument') {
    throw new CensusReadError('unsupported-format', 'This is an OpenDocument (LibreOffice/OpenOffice) file; please save it as .xlsx or .csv and upload that.');
  }
  if (kind !== 'ooxml-workbook') {
    throw new CensusReadError('unsupported-format', 'This file is a ZIP archive, not an Excel workbook; please upload a CSV, TXT, XLS or XLSX file.');
  }
  if (!zip.validPackage) {
    throw new CensusReadError(
      'corrupt',
      'This workbook is damaged: parts every XLSX file needs are missing or broken. Open it in Excel, save it again and upload the new file.',
    );
  }
  deadline.check();
  const sheetBytes = zip.entries.reduce((n, e) => (/^xl\/worksheets\//i.test(e.name) ? n + e.uncompressedSize : n), 0);
  if (sheetBytes > STREAM_SHEETS_OVER) {
    try {
      const wb = readXlsxStreaming(bytes, zip.entries, limits, deadline, new CellBudget(limits));
      notes.push(...wb.notes);
      return wb.sheets;
    } catch (err) {
      if (!(err instanceof StreamUnsupported)) throw err;
      if (sheetBytes > SHEETJS_SHEETS_MAX) throw streamingRefusal();
    }
  }
  // A ZIP is never password-protected the Office way (that is an OLE2 file), so any protection
  // SheetJS finds here is one we cannot open: passwordGiven=true selects that message.
  const wb = readWorkbook(bytes, limits, deadline, new CellBudget(limits), true);
  notes.push(...wb.notes);
  return wb.sheets;
}
