/**
 * The relationship from the households the rows show (households.ts), for a table with no column read as
 * the relationship or marking dependents: its words read as employee, spouse, child or other dependent.
 */
import { sexOfFirstName } from '../../names';
import { cellText } from '../../text';
import type { Cell, ColumnMapping } from '../../types';
import { HOUSEHOLD_CONFIDENCE, HOUSEHOLD_MIN_ROWS, householdWords, overridesOf, saidReadings, yearsByBirthDate } from './households';
import { parseRelationship, readBySomeCode } from '../../values/codes';
import type { ValueContext } from './context';

export function relationshipFromHouseholds({ columns, rows, asOf, open, column }: ValueContext): void {
  if (rows.length < HOUSEHOLD_MIN_ROWS || columns.some((c) => c.alsoRelationship)) return;
  // Each row's age, parsed only when a column is looked at (most files read their relationships whole).
  const years = () => yearsByBirthDate(rows, column('dateOfBirth')?.index, asOf);
  const mapped = column('relationship');
  if (mapped) {
    if (!mapped.fromReading && !mapped.codeOverrides) unreadRelationshipWords(mapped, columns, rows, years);
    return;
  }
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    // A first name is no relationship word (a list whose few first names recur by role would pass).
    const words = householdWords(col, columns, rows, years(), (text) => parseRelationship(text) ?? (readBySomeCode(text) || sexOfFirstName(text) !== null ? 'other' : null));
    if (!words) continue;
    col.field = 'relationship';
    col.confidence = HOUSEHOLD_CONFIDENCE;
    col.codeOverrides = overridesOf(words);
    col.reason = `its words follow the households of the list (a head's row, then rows that repeat its values): read as the relationship, ${saidReadings(words)} (please check)`;
    return;
  }
}

/**
 * A relationship column named by its header whose words are read only in part ('Titular', 'Cónyuge'
 * read, 'Hijo' not): the words no reader knows take the reading the households give them, and the
 * column is weak, so the review asks.
 */
function unreadRelationshipWords(col: ColumnMapping, columns: ColumnMapping[], rows: readonly (readonly Cell[])[], years: () => readonly (number | null)[]): void {
  // Most relationship columns read whole: no household reading is needed (nor its cost).
  if (!someUnread(rows, col.index)) return;
  const unread = householdWords(col, columns, rows, years(), (text) => parseRelationship(text))?.filter((w) => !w.read);
  if (!unread?.length) return;
  col.codeOverrides = overridesOf(unread);
  col.confidence = Math.min(col.confidence, HOUSEHOLD_CONFIDENCE);
  col.reason += `; the words we could not read follow the households of the list: ${saidReadings(unread)} (please check)`;
}

/** Whether a cell of the column holds a word the relationship reader does not read (each distinct word read once). */
function someUnread(rows: readonly (readonly Cell[])[], index: number): boolean {
  const seen = new Set<string>();
  for (let ri = 0; ri < rows.length; ri++) {
    const text = cellText(rows[ri][index] ?? null).trim();
    if (text === '' || seen.has(text)) continue;
    if (parseRelationship(text) === null) return true;
    if (seen.size < 256) seen.add(text);
  }
  return false;
}
