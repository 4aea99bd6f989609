/**
 * ZIP codes (CENSUS.md "Inputs"): five digits out. A ZIP stored as a number lost its leading zeros
 * (2134 is 02134); ZIP+4 keeps its first five digits, also when the number lost a leading zero
 * (21341234 is 02134-1234). Anything else (Canadian postal codes, words) is unreadable.
 */
import type { Cell } from '../types';
import type { Note } from './note';

function digitsOnly(s: string): boolean {
  if (!s) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function fromDigits(d: string, note?: Note): string | null {
  if (d.length === 5) return d;
  if (d.length >= 1 && d.length <= 4) {
    if (Number(d) === 0) return null;
    if (note) note.why = 'leading zeros restored';
    return d.padStart(5, '0');
  }
  if (d.length >= 6 && d.length <= 9) {
    // ZIP+4 written without its dash; eight digits or fewer lost leading zeros.
    if (note) note.why = d.length === 9 ? 'ZIP+4 cut to five digits' : 'leading zeros restored, ZIP+4 cut to five digits';
    return d.padStart(9, '0').slice(0, 5);
  }
  return null;
}

/** A cell as a five-digit ZIP code (null when blank; note.invalid when unreadable). */
export function parseZip(cell: Cell, note?: Note): string | null {
  if (cell === null || cell === undefined) return null;
  let out: string | null = null;
  if (typeof cell === 'number') {
    if (Number.isInteger(cell) && cell > 0 && cell <= 999_999_999) out = fromDigits(String(cell), note);
  } else if (typeof cell === 'string') {
    let s = cell.trim();
    if (!s) return null;
    if (digitsOnly(s)) out = fromDigits(s, note);
    else {
      // "02134-1234", "02134 1234", "2134.0" (a number that went through text)
      if (s.endsWith('.0')) s = s.slice(0, -2);
      const dash = s.search(/[- ]/);
      if (dash > 0 && digitsOnly(s.slice(0, dash)) && dash <= 5 && digitsOnly(s.slice(dash + 1).trim()) && s.slice(dash + 1).trim().length === 4) {
        out = fromDigits(s.slice(0, dash), note);
        if (out && note) note.why = note.why ? `${note.why}, ZIP+4 cut to five digits` : 'ZIP+4 cut to five digits';
      } else if (digitsOnly(s)) out = fromDigits(s, note);
    }
  }
  if (out === null && note) note.invalid = true;
  return out;
}

/** True when the cell reads as a ZIP code without guessing much (a value profile). */
export function looksLikeZip(cell: Cell): boolean {
  if (typeof cell === 'number') return Number.isInteger(cell) && cell >= 501 && cell <= 99_999;
  if (typeof cell !== 'string') return false;
  const s = cell.trim();
  if (s.length === 5) return digitsOnly(s);
  if (s.length === 10) return digitsOnly(s.slice(0, 5)) && (s[5] === '-' || s[5] === ' ') && digitsOnly(s.slice(6));
  return false;
}
