/**
 * The OCR reader's entry points (issue 30), for the document reader to load with a dynamic
 * import() when a PDF has no text layer or an image arrives:
 *
 *   const { ocrPdf } = await import('./ocr');
 *   const pages = await ocrPdf(bytes, { maxPages: MAX_PDF_PAGES, checkpoint: () => deadline.check() });
 *   const tables = buildTables(pages); // pdf-grid.ts: OcrPageText is a PageText
 *
 * Each page's words keep tesseract's confidence (0..100) beside them, and each page says how it was
 * turned and deskewed; digits.ts checks a value OCR'd into a date, ZIP, amount or count column.
 */
import { pdfPageImages } from './pdf-images';
import { recogniseGrey, recogniseImage, type OcrWorker } from './recognise';
import type { OcrPageText } from './types';

export { checkDigits, type DigitCheck, type DigitField } from './digits';
export { closeOcr } from './recognise';
export type { OcrPageText, OcrTextItem, PageText, TextItem } from './types';

export interface OcrOptions {
  /** Pages past this are not read. */
  maxPages?: number;
  /** Called before each page is read (the reader's time budget: throw to stop). */
  checkpoint?: () => void;
  worker?: OcrWorker;
}

/** A scanned PDF -> its pages' words (pages without an image are left out). */
export async function ocrPdf(bytes: Uint8Array, options: OcrOptions = {}): Promise<OcrPageText[]> {
  const out: OcrPageText[] = [];
  for (const p of await pdfPageImages(bytes, { maxPages: options.maxPages })) {
    options.checkpoint?.();
    // Pages 2..N are tried at the turn the page before needed (no probe when they read well at it).
    const before = out[out.length - 1];
    out.push(await recogniseGrey(p.image, { page: p.page, worker: options.worker, ...(before ? { likelyTurn: before.turned } : {}) }));
  }
  return out;
}

/** A scanned page as an image (PNG, JPEG, BMP, WebP, PBM) -> its words, as page 1. */
export async function ocrImage(bytes: Uint8Array, options: OcrOptions = {}): Promise<OcrPageText> {
  options.checkpoint?.();
  return recogniseImage(bytes, { page: 1, worker: options.worker });
}
