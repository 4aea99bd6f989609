/**
 * The OCR reader in the browser's engine worker (private mode, issue 29's browser twins: the widget
 * bundle takes `<name>.browser.ts` in place of a server module imported as `./ocr/index`). Tesseract's
 * 3 MB model and WebAssembly core are not shipped to the browser: a scanned page is refused there
 * with a plain sentence, as the server refused scans before issue 30. digits.ts is pure and the same.
 */
import { CensusReadError } from '../errors';
import type { OcrOptions } from './index';
import type { OcrPageText } from './types';

export { checkDigits, type DigitCheck, type DigitField } from './digits';
export type { OcrOptions } from './index';
export type { OcrPageText, OcrTextItem, PageText, TextItem } from './types';

export const OCR_IN_BROWSER =
  'This PDF is a scanned page: scanned pages are read on our server, not in private mode. Send the spreadsheet the census was made from, or turn private mode off for this file.';

export async function ocrPdf(_bytes: Uint8Array, _options: OcrOptions = {}): Promise<OcrPageText[]> {
  throw new CensusReadError('unsupported-format', OCR_IN_BROWSER);
}

export async function ocrImage(_bytes: Uint8Array, _options: OcrOptions = {}): Promise<OcrPageText> {
  throw new CensusReadError('unsupported-format', OCR_IN_BROWSER);
}

export async function closeOcr(): Promise<void> {}
