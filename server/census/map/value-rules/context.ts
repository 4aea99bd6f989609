/**
 * What the value rules share: the context a rule reads (ValueContext), a rule's shape (ValueRule), the
 * columns it may name (OpenColumn), and the small tests of cells and headers more than one rule makes.
 */
import { cellText } from '../../text';
import type { CanonicalField, Cell, ColumnMapping } from '../../types';
import { scoreHeader } from '../headers';

/** Longest value read as a code. */
export const MAX_CODE_CHARS = 20;

/** The rows a rule that compares columns looks at: the first ones (a sample says which column is which). */
const SAMPLE_ROWS = 2000;
export const sampleRows = <T>(all: readonly T[]): readonly T[] => (all.length > SAMPLE_ROWS ? all.slice(0, SAMPLE_ROWS) : all);

/** The columns these rules may name: a table with no header row opens all; one with headers, its unread ones. */
export type OpenColumn = (c: ColumnMapping) => boolean;

export const isBlankCell = (c: Cell | undefined) => c === null || c === undefined || cellText(c).trim() === '';

export const WORD = /^[\p{L}][\p{L}'’. -]{0,40}$/u;

/** A header read as 'not a census field' only by a word it is one letter from ('Nome' for 'note'): under this. */
const LEFT_OUT_BY_TYPO = 0.95;

export function leftOutByTypo(col: ColumnMapping): boolean {
  return (scoreHeader(col.header).get('ignore') ?? 0) < LEFT_OUT_BY_TYPO;
}

/** What a value rule reads: the table's columns as mapped so far and its rows. */
export interface ValueContext {
  columns: ColumnMapping[];
  rows: readonly (readonly Cell[])[];
  asOf: string;
  /** The columns it may name: a table with no header row opens all; one with headers, its unread ones. */
  open: OpenColumn;
  /** The column mapped to a field, if any (the first). */
  column(field: CanonicalField): ColumnMapping | undefined;
}

/** A value-first rule: the field it names, from what the columns hold. */
export interface ValueRule {
  name: string;
  names: CanonicalField;
  /** Runs with a column of its field mapped too (to read what that column's words could not). */
  whenMapped?: boolean;
  run(ctx: ValueContext): void;
  evidence: string;
}

/** A word of a column: its first spelling and the rows it is on. */
export interface ColumnWord {
  text: string;
  n: number;
}

/**
 * The words of a column, keyed lowercased ('Active' and 'ACTIVE' are one word), with the rows filled; null
 * when a value is not `accept`ed or the column holds more than `maxWords` words (no column of a few codes).
 */
export function columnWords(rows: readonly (readonly Cell[])[], index: number, maxWords: number, accept: (text: string) => boolean): { words: Map<string, ColumnWord>; filled: number } | null {
  const words = new Map<string, ColumnWord>();
  let filled = 0;
  for (const r of rows) {
    const text = cellText(r[index] ?? null).trim();
    if (!text) continue;
    filled++;
    const key = text.toLowerCase();
    const w = words.get(key);
    if (w) w.n++;
    else if (words.size === maxWords || !accept(text)) return null;
    else words.set(key, { text, n: 1 });
  }
  return { words, filled };
}
