/**
 * ssn: the member's Social Security number; kept, but never shown or exported beyond its last four
 * digits (CENSUS.md). The full number is kept only for an export run of a case that opted in.
 */
import { cellText } from '../text';
import type { Cell } from '../types';
import { maskSsn } from './readers';
import { defineField, type ReadCell } from './spec';

const readLast4: ReadCell = (cell, ctx) => {
  const digits = cellText(cell).replace(/\D/g, '');
  if (digits.length < 4) {
    ctx.note.invalid = true;
    return null;
  }
  return digits.slice(-4);
};

/**
 * The nine digits of an SSN cell, or null: '123-45-6789', '123 45 6789', '123456789'; a number cell
 * gets back the leading zeros a spreadsheet dropped (12345678 -> 012345678).
 */
export function fullSsn(cell: Cell): string | null {
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1_000_000 || cell > 999_999_999) return null;
    return String(cell).padStart(9, '0');
  }
  const digits = cellText(cell).replace(/\D/g, '');
  return digits.length === 9 ? digits : null;
}

export const ssn = defineField({
  id: 'ssn', label: 'SSN', group: 'identity', kind: 'id', scanDigits: 'ssn',
  decidesHeadCount: true, namesPerson: true, identifiesPerson: true, unique: true,
  read: readLast4,
  slot: (o, v) => { o.ssnLast4 = v as string; },
  quote: maskSsn,
  // Only for the rows whose SSN cell gave its last four digits: nothing else reads or quotes it.
  keepFull: (o, cell) => { if (o.ssnLast4 !== null) o.ssnFull = fullSsn(cell); },
});
