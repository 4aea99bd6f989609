/**
 * What the OCR reader hands to the document reader's grid builder (issue 30): the same PageText /
 * TextItem shape as server/census/read/pdf-grid.ts (x to the right, y = baseline
 * measured DOWN from the top, width, height = font height, str), so a scanned page and a text-layer
 * page go through one grid builder (the types are re-exported from there).
 *
 * OCR gives each item the recogniser's confidence (0..100) for the word; the grid builder keeps each
 * cell's lowest and lists the cells under UNCLEAR_CONFIDENCE (GridTable.unclear).
 */
import type { PageText, TextItem } from '../pdf-grid';

export type { PageText, TextItem } from '../pdf-grid';

export interface OcrTextItem extends TextItem {
  /** Tesseract's confidence in the word, 0..100. */
  confidence: number;
}

export interface OcrPageText extends PageText {
  items: OcrTextItem[];
  /** Units of x, y, width, height: pixels of the upright (turned and deskewed) page image. */
  unit: 'px';
  /** Size of the upright page image, in pixels. */
  width: number;
  height: number;
  /** Clockwise quarter turn applied to the image before reading (a page scanned sideways: 90 or 270). */
  turned: 0 | 90 | 180 | 270;
  /** Small skew tesseract corrected, in degrees (after the quarter turn). */
  skew: number;
  /** Mean word confidence of the page, 0..100 (0 when no word was read). */
  confidence: number;
  /** Milliseconds spent (orientation probe and recognition). */
  ms: number;
}
