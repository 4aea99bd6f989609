/**
 * The first names when nothing else names them: in a table where no column is read as the first name, the
 * open column of single words, filled and varied as a member list's names are, whose values the name table
 * knows far more often than any other column's, is the first name ('Nombre', 'Prenome', 'Nome' under the
 * English pack alone: 'Amy', 'Thomas', 'Mary'). The last name beside it follows (lastNameBesideFirstNames).
 * Two columns as first-name-like as each other (an employee's and a spouse's) name none. Weak: an issue asks.
 */
import { cellText } from '../../text';
import type { ColumnMapping } from '../../types';
import { LAST_NAME_FILLED, LAST_NAME_MIN_DISTINCT, LAST_NAME_WORDS, wordsShape } from './words-shape';
import { type ValueContext, leftOutByTypo, sampleRows } from './context';

/** First names by their values: known to the name table on this share of the filled rows at least, */
const FIRST_NAMES_KNOWN = 0.4;
/** ... this much more often than in any other column of words (a surname, a city, a middle name), */
export const FIRST_NAMES_AHEAD_BY = 0.2;
/** ... and single words (no space: full names are another field's) on this share of them. */
const FIRST_NAMES_SINGLE = 0.8;
const FIRST_NAMES_CONFIDENCE = 0.5;

export function firstNameFromValues({ columns, rows: all, open, column }: ValueContext): void {
  if (all.length < 2) return;
  // A sample says which column holds first names: every column of a large list is looked at.
  const rows = sampleRows(all);
  const shares: { col: ColumnMapping; known: number }[] = [];
  // The columns that may hold the row's own first names take part: open ones, one read as the full name,
  // or one left out by a word its header is a letter from ('Nome' of 'Jane', 'John', a little like
  // 'note'). A column its header says is another's ('SP_FIRST', 'Middle Name') holds first names too,
  // but not the row's own.
  const full = column('fullName');
  for (const col of columns) {
    if (col !== full && (col.field || col.role || col.fromReading || !(open(col) || leftOutByTypo(col)))) continue;
    const s = wordsShape(rows, col.index);
    if (s.filled < LAST_NAME_FILLED * rows.length || s.words < LAST_NAME_WORDS * s.filled) continue;
    if (s.distinct < Math.min(LAST_NAME_MIN_DISTINCT, s.filled)) continue;
    shares.push({ col, known: s.known / s.filled });
  }
  shares.sort((a, b) => b.known - a.known);
  const [best, next] = shares;
  if (!best || best.col === full || !(open(best.col) || leftOutByTypo(best.col)) || best.known < FIRST_NAMES_KNOWN || (next && next.known > best.known - FIRST_NAMES_AHEAD_BY)) return;
  let single = 0;
  let filled = 0;
  for (const r of rows) {
    const t = cellText(r[best.col.index] ?? null).trim();
    if (!t) continue;
    filled++;
    if (!/\s/.test(t)) single++;
  }
  if (single < FIRST_NAMES_SINGLE * filled) return;
  best.col.field = 'firstName';
  best.col.confidence = FIRST_NAMES_CONFIDENCE;
  best.col.reason = `its words are first names the name table knows (${Math.round(best.known * 100)}% of its rows), far more often than any other column's: read as the first name (please check)`;
}
