/**
 * employeeId: the employee's identifier; dependents carry their employee's (CENSUS.md). An SSN used
 * as an id is replaced by its pseudonym (last four digits kept), and so is an SSN inside an id.
 */
import { cleanName } from '../normalise/names';
import { cellText, isSsnShaped, maskSsns, pseudonymiseSsn } from '../text';
import { defineField, type ReadCell } from './spec';

const readId: ReadCell = (cell, ctx) => {
  if (typeof cell === 'number') return String(cell);
  // cleanName trims and collapses inner whitespace in one scan: no need to trim first.
  const id = typeof cell === 'string' ? cleanName(cell) : cleanName(cellText(cell));
  if (id !== null && isSsnShaped(id)) {
    ctx.note.why = 'an SSN used as employee id: replaced by a pseudonym (last four digits kept)';
    return pseudonymiseSsn(id);
  }
  // An SSN inside an id ('EMP 123-45-6789'): its pseudonym in place, so ids still tell people apart.
  return id === null ? null : maskSsns(id, pseudonymiseSsn);
};

export const employeeId = defineField({
  id: 'employeeId', label: 'employee id', group: 'identity', kind: 'id',
  namedByValuesWithoutHeaders: true, needsHeader: true, decidesHeadCount: true, namesPerson: true, identifiesPerson: true, unique: true, linksHousehold: true,
  read: readId,
  slot: (o, v) => { o.employeeId = v as string; },
});
