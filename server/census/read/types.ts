/** Plain data types of the read stage (re-exported from index.ts; the contract lives there). */
export type Cell = string | number | boolean | Date | null;

/** One sheet's rows as in the file, top to bottom; rows may be ragged, a blank row is []. */
export interface RawSheet {
  name: string;
  rows: Cell[][];
}
