/**
 * How a column's values fall as words (filled, words, distinct, known first names): the first-name and
 * last-name rules read a column's shape by it.
 */
import { sexOfFirstName } from '../../names';
import type { Cell } from '../../types';
import { WORD } from './context';

/** Of its filled values, this share are words (letters, spaces, hyphens, apostrophes) at least. */
export const LAST_NAME_WORDS = 0.9;
/** Filled on this share of the rows the first-name column is filled on, at least. */
export const LAST_NAME_FILLED = 0.8;
export const LAST_NAME_MIN_DISTINCT = 3;
export interface WordsShape {
  filled: number;
  words: number;
  distinct: number;
  known: number;
}

export function wordsShape(rows: readonly (readonly Cell[])[], index: number): WordsShape {
  const seen = new Set<string>();
  let filled = 0;
  let words = 0;
  let known = 0;
  for (const r of rows) {
    const c = r[index];
    if (typeof c !== 'string' || !c.trim()) {
      if (c !== null && c !== undefined && c !== '') filled++;
      continue;
    }
    const t = c.trim();
    filled++;
    if (WORD.test(t)) words++;
    seen.add(t.toLowerCase());
    if (sexOfFirstName(t.split(/\s+/)[0]) !== null) known++;
  }
  return { filled, words, distinct: seen.size, known };
}
