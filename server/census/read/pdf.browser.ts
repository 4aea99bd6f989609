/**
 * The PDF reader's browser twin (private mode: the engine worker's bundle takes it in place of
 * pdf.ts, rollup.widgets.config.mjs): documents are read on the server, so a PDF is refused with a
 * sentence that says how to read it, and neither pdf.js nor the grid builder is in the worker.
 */
import { CensusReadError } from './errors';
import type { Deadline, ReadLimits } from './limits';
import { PDF_TEXT } from './pdf-text';
import type { PdfRead } from './pdf';

export type { PdfRead } from './pdf';

export async function readPdf(_bytes: Uint8Array, _limits: ReadLimits, _deadline: Deadline, _password?: string): Promise<PdfRead> {
  throw new CensusReadError('unsupported-format', PDF_TEXT.notInBrowser);
}

export async function closeOcrReader(): Promise<void> {}

export async function readScanImage(_bytes: Uint8Array, _limits: ReadLimits, _deadline: Deadline): Promise<PdfRead> {
  throw new CensusReadError('unsupported-format', PDF_TEXT.imageNotInBrowser);
}
