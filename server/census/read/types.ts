/** Plain data types of the read stage (re-exported from index.ts; the contract lives there). */
export type Cell = string | number | boolean | Date | null;

/** One sheet's rows as in the file, top to bottom; rows may be ragged, a blank row is []. */
export interface RawSheet {
  name: string;
  rows: Cell[][];
  /**
   * A table read from a scanned page by OCR (issue 30): the cells it read with a low confidence
   * (row and column 0-based into rows; pdf-grid.ts GridTable.unclear). Absent for every other sheet.
   */
  scan?: { unclear: ScanCell[] };
  /**
   * A document's table (a PDF or a scan): where each of its rows is printed, its page and its line on
   * that page (1-based), for the lists that name a row ('page 2, line 14'). Absent for a spreadsheet.
   */
  places?: { page: number; line: number }[];
}

/** A cell of a scanned table that OCR was unsure of (confidence 0..100). */
export interface ScanCell {
  row: number;
  column: number;
  confidence: number;
}
