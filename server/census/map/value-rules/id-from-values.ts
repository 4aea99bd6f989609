/**
 * The id that links a family: with no id column, the leftmost column whose values look like ids and
 * are each on one person's row, or repeat only on one household's rows one after another, and (plain
 * digits) are numbered in order, is the id
 * ('Personalnummer', 'Matricola'). Amounts and codes repeat on rows far apart; dates and SSNs are read
 * before. Weak: the review asks.
 */
import { isDateCell } from '../../person-values';
import { cellText } from '../../text';
import type { Cell } from '../../types';
import { scoreHeader } from '../headers';
import { isPackedSequence } from '../vetoes';
import { ID_ADJACENT_REPEATS, ID_CONFIDENCE, ID_FILLED, ID_IN_ORDER, ID_SHAPE, idShape } from './id-shape';
import { type ValueContext, isBlankCell } from './context';

/** ... or distinct on this share of its rows at least (its few repeats are duplicated rows). */
const ID_MOSTLY_DISTINCT = 0.9;
/** A header this like the employee id's (an id word among words no pack reads) lets ids in no order be the id. */
const ID_HEADER_WORD = 0.3;
export function idFromValues({ columns, rows, open }: ValueContext): void {
  if (rows.length < 2) return;
  for (const c of [...columns].sort((a, b) => a.index - b.index)) {
    if (c.field || c.role || c.fromReading || !open(c)) continue;
    // A list of two (a template's sample people): ids numbered one after the other behind one prefix (E001, E002).
    if (rows.length < 3) {
      if (!numberedBehindPrefix(rows, c.index)) continue;
      c.field = 'employeeId';
      c.confidence = ID_CONFIDENCE;
      c.reason = `its values are numbered one after the other behind one prefix, as ids are: read as the id (please check)`;
      return;
    }
    const { filled, shaped, repeats, adjacent, prefixed, changes, up, distinct } = idShape(rows, c.index);
    if (filled < ID_FILLED * rows.length || shaped < ID_SHAPE * filled || distinct < 3) continue;
    // Dates ('2022-01-01', a date cell's text) are no ids, however in order.
    if (rows.filter((r) => isDateCell(r[c.index] ?? null)).length >= ID_SHAPE * filled) continue;
    // Repeats away from each other are a code's (a department's), unless they are few: a list's
    // duplicated rows (the same person twice, further down).
    if (repeats > 0 && adjacent < ID_ADJACENT_REPEATS * repeats && distinct < ID_MOSTLY_DISTINCT * filled) continue;
    // Plain digits in no order are ids when they are a shuffled sequence (10002 ... 10311 for 311 people),
    // or when the header holds an id word beside words no pack reads ('ID Empleado', 'Mitarbeiter-ID').
    const saysId = (scoreHeader(c.header).get('employeeId') ?? 0) >= ID_HEADER_WORD;
    if (!saysId && prefixed < ID_SHAPE * filled && up < ID_IN_ORDER * changes && !isPackedSequence(rows.map((r) => r[c.index] ?? null).filter((x) => !isBlankCell(x)))) continue;
    c.field = 'employeeId';
    c.confidence = ID_CONFIDENCE;
    c.reason = `its values look like ids, each on one row or on one household's rows one after another: read as the id (please check)`;
    return;
  }
}

/** A prefix of letters (and a dash) then digits: 'E001', 'M-RP2', 'EMP-0042'. */
const PREFIXED_NUMBER = /^([A-Za-z]{1,8}(?:[-_][A-Za-z]{1,8})?[-_]?)(\d{1,9})$/;

/** Every row's value is the one prefix and a number, each one more than the row above's. */
function numberedBehindPrefix(rows: readonly (readonly Cell[])[], index: number): boolean {
  let prefix: string | null = null;
  let last = NaN;
  for (const r of rows) {
    const m = PREFIXED_NUMBER.exec(cellText(r[index] ?? null).trim());
    if (!m || (prefix !== null && m[1].toUpperCase() !== prefix)) return false;
    const n = Number(m[2]);
    if (prefix !== null && n !== last + 1) return false;
    prefix = m[1].toUpperCase();
    last = n;
  }
  return prefix !== null;
}
