/**
 * The last name beside the first names: a column of words, as filled as the first-name column and a few
 * columns from it, whose values vary (one per family at least) and are far less often first names than the
 * first-name column's, is the last name ('Cognome', 'Nachname' beside 'Nome', 'Vorname'). Weak: the
 * review asks.
 */
import { cellText } from '../../text';
import type { Cell, ColumnMapping } from '../../types';
import { LAST_NAME_FILLED, LAST_NAME_MIN_DISTINCT, LAST_NAME_WORDS, type WordsShape, wordsShape } from './words-shape';
import { type ValueContext, isBlankCell, leftOutByTypo } from './context';

/** A last-name column sits this many columns at most from the first-name column (a middle name between). */
const LAST_NAME_REACH = 2;
/**
 * Distinct values among its filled ones, at least (families share one; a few common surnames recur), or,
 * in a list whose first names recur too, LAST_NAME_DISTINCT_OF_FIRST of the first names' distinct values;
 * and LAST_NAME_MIN_DISTINCT. A department or a city beside the names varies far less than the names.
 */
const LAST_NAME_DISTINCT = 0.1;
const LAST_NAME_DISTINCT_OF_FIRST = 0.5;
/**
 * Known first names among its values: a share lower than the first-name column's by this much at least
 * (the SSA table holds many surnames as rare first names: 'Brown', 'Johnson', 'Smith' ...).
 */
const LAST_NAME_KNOWN_GAP = 0.15;
/** Rows whose value is the row's first name: fewer than this share (a preferred-name column repeats it). */
const LAST_NAME_SAME_AS_FIRST = 0.5;
const LAST_NAME_CONFIDENCE = 0.5;
export function lastNameBesideFirstNames({ columns, rows, open, column }: ValueContext): void {
  // A 'full name' by its header ('Nome', 'Name') whose values are single first names is the first name
  // when the last names stand beside it.
  const full = column('fullName');
  const named = column('firstName');
  const first = named ?? (full && !full.fromReading && singleFirstNames(wordsShape(rows, full.index), rows, full.index) ? full : undefined);
  if (!first || rows.length === 0 || (full && full !== first)) return;
  const firstShape = wordsShape(rows, first.index);
  if (firstShape.filled === 0) return;
  const firstKnown = firstShape.known / firstShape.filled;
  const near = columns
    // Open, left out by a word one letter from its header, or a second first-name column that lost to the
    // first ('Nachname' is a little like 'name').
    .filter((c) => c !== first && !c.field && !c.role && !c.fromReading && (open(c) || leftOutByTypo(c) || (!!named && c.candidates[0]?.field === named.field)) && Math.abs(c.index - first.index) <= LAST_NAME_REACH)
    .sort((a, b) => Math.abs(a.index - first.index) - Math.abs(b.index - first.index));
  const namesLike = (c: ColumnMapping, gap: number) => {
    const s = wordsShape(rows, c.index);
    if (s.filled < LAST_NAME_FILLED * firstShape.filled || s.words < LAST_NAME_WORDS * s.filled) return false;
    if (s.distinct < Math.min(LAST_NAME_DISTINCT * s.filled, LAST_NAME_DISTINCT_OF_FIRST * firstShape.distinct) || s.distinct < Math.min(LAST_NAME_MIN_DISTINCT, s.filled)) return false;
    if (s.known / s.filled > firstKnown - gap) return false;
    let same = 0;
    for (const r of rows) if (cellText(r[c.index] ?? null).trim().toLowerCase() === cellText(r[first.index] ?? null).trim().toLowerCase() && !isBlankCell(r[c.index])) same++;
    return same < LAST_NAME_SAME_AS_FIRST * s.filled;
  };
  // Where the first names are names the table seldom knows ('Javert', 'Church'), the surnames are as
  // seldom first names as they are: the one column of such words right beside them is the last name.
  let found = near.find((c) => namesLike(c, LAST_NAME_KNOWN_GAP));
  let why = 'and are seldom first names themselves';
  if (!found) {
    const alike = near.filter((c) => namesLike(c, 0));
    if (alike.length === 1 && Math.abs(alike[0].index - first.index) === 1) found = alike[0];
    why = 'the one such column next to them';
  }
  if (found) {
    const c = found;
    c.field = 'lastName';
    c.confidence = LAST_NAME_CONFIDENCE;
    c.reason = `its values are words that vary from row to row, beside the first names in '${first.header}', ${why}: read as the last name (please check)`;
    if (first === full) {
      first.field = 'firstName';
      first.confidence = Math.min(first.confidence, LAST_NAME_CONFIDENCE);
      first.reason = `its header names a full name, but its values are single first names and '${c.header}' beside it holds the last names: read as the first name (please check)`;
    }
    return;
  }
}

/** Single words (no space, but for a middle initial) on SINGLE_NAME_WORDS of the filled rows, first names on SINGLE_NAME_KNOWN of them. */
const SINGLE_NAME_WORDS = 0.9;
const SINGLE_NAME_KNOWN = 0.6;

function singleFirstNames(shape: WordsShape, rows: readonly (readonly Cell[])[], index: number): boolean {
  if (shape.filled === 0 || shape.known < SINGLE_NAME_KNOWN * shape.filled) return false;
  let single = 0;
  // A middle initial after the first name ('JANE L', 'Robert J.') keeps it one name.
  for (const r of rows) if (/^[\p{L}'’.-]+(?: \p{L}\.?)?$/u.test(cellText(r[index] ?? null).trim())) single++;
  return single >= SINGLE_NAME_WORDS * shape.filled;
}
