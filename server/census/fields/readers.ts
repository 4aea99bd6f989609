/**
 * Readers several fields share: a cell's text read by a text function, names and titles, dates,
 * amounts of pay, an SSN quoted masked. A field's own reading stays in its file.
 */
import { cleanName } from '../normalise/names';
import { cellText, isSsnShaped, maskedSsn, maskSsns } from '../text';
import { parseDate } from '../values/dates';
import type { Note } from '../values/note';
import { parseNumber } from '../values/numbers';
import type { ReadCell } from './spec';

/** A reader of the cell's text (a blank text reads as nothing). */
export function fromText(fn: (text: string, note: Note) => unknown): ReadCell {
  return (cell, ctx) => {
    const t = cellText(cell);
    return t ? fn(t, ctx.note) : null;
  };
}

/**
 * Names and titles: trimmed; an SSN-shaped value (a column mix-up) is masked all the same, and so is
 * an SSN inside the text (text.ts maskSsns).
 */
function textValue(text: string): string | null {
  const t = cleanName(text);
  return t === null ? null : isSsnShaped(t) ? maskSsn(t) : maskSsns(t);
}
export const readText: ReadCell = fromText(textValue);

/** A date: ISO, read in the column's day order. */
export const readDate: ReadCell = (c, ctx) => parseDate(c, ctx.dates, ctx.note);

/** An amount of pay: "(500)" parses as -500: a negative or zero pay is an error in the file, not a salary. */
export const readPay: ReadCell = (c, ctx) => {
  const v = parseNumber(c, ctx.note);
  if (v === null) return null;
  if (v <= 0) {
    ctx.note.invalid = true;
    return null;
  }
  return v;
};

/** An SSN as it may be quoted: its last four digits ('***' when it has fewer). */
export function maskSsn(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 4 ? maskedSsn(digits) : '***';
}
