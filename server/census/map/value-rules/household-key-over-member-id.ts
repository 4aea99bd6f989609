/**
 * The id that links the households, over each member's own id: where the id read by its header is a
 * member's ('member_id', 'member_no': one per row) and an unread column of ids repeats on each family's
 * rows one after another ('Matricule', 'Numéro de Salarié'), that column is the employee id (CENSUS.md:
 * the employee's id, shared by the dependents), the member's id an extra column. Weak: the review asks.
 */
import { mentions } from '../../lang/rule-words';
import type { ColumnMapping } from '../../types';
import { ID_ADJACENT_REPEATS, ID_CONFIDENCE, ID_FILLED, ID_SHAPE, idShape } from './id-shape';
import type { ValueContext } from './context';

/** A household key repeats: on this share of the rows at least a value seen on the row above, */
const HOUSEHOLD_KEY_REPEATS = 0.1;
/** ... and a member's own id hardly ever: under this share of its rows. */
const MEMBER_ID_REPEATS = 0.02;

export function householdKeyOverMemberId({ columns, rows, open, column }: ValueContext): void {
  const id = column('employeeId');
  if (!id || id.fromReading || !mentions('ownPerson', id.header) || rows.length < 3) return;
  const shape = (c: ColumnMapping) => idShape(rows, c.index);
  const own = shape(id);
  if (own.repeats >= MEMBER_ID_REPEATS * rows.length) return;
  const key = columns.find((c) => {
    if (c === id || c.field || c.role || c.fromReading || !open(c)) return false;
    const s = shape(c);
    return s.filled >= ID_FILLED * rows.length && s.shaped >= ID_SHAPE * s.filled && s.repeats >= HOUSEHOLD_KEY_REPEATS * rows.length && s.adjacent >= ID_ADJACENT_REPEATS * s.repeats;
  });
  if (!key) return;
  key.field = 'employeeId';
  key.confidence = ID_CONFIDENCE;
  key.reason = `its ids repeat on each family's rows one after another, where '${id.header}' gives each member an id of its own: read as the employee id that links the households (please check)`;
  id.field = null;
  id.note = `'${key.header}' fits employee id better`;
  id.reason = `each member's own id; '${key.header}' links the households: this one is kept as an extra column`;
  id.confidence = 1 - id.confidence;
}
