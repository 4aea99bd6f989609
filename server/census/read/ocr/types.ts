/**
 * What the OCR reader hands to the document reader's grid builder (issue 30): the same PageText /
 * TextItem shape as server/census/read/pdf-grid.ts on the pdf branch (x to the right, y = baseline
 * measured DOWN from the top, width, height = font height, str), so a scanned page and a text-layer
 * page go through one grid builder. Declared here structurally until the branches meet; then these
 * two interfaces become `export type { PageText, TextItem } from '../pdf-grid'`.
 *
 * OCR adds, beside each item, the recogniser's confidence (0..100) for the word; the extra field
 * does not disturb the grid builder (it reads str, x, y, width, height only).
 */
export interface TextItem {
  str: string;
  /** Left edge of the text. */
  x: number;
  /** Baseline, measured down from the top of the page. */
  y: number;
  width: number;
  /** Font height (the size the text is drawn at). */
  height: number;
}

export interface PageText {
  /** 1-based page number, for the sheet names. */
  page: number;
  items: TextItem[];
}

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
