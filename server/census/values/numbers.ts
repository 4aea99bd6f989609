/**
 * Numbers as payroll exports write them: "$55,000", "55000.00", "(500)", "1,234.5-", "55k",
 * "$ 62 500", "48.000,00" (European grouping), "25.50/hr", "40 hrs", "1.2L" and "12 lakhs" (lakh: 100,000).
 * Out: a finite number or null.
 *
 * Decisions (docs/census-engine.md): parentheses and a trailing minus mean negative; a lone "k"
 * right after the number means thousands; a comma followed by exactly three digits is a thousands
 * separator, by one or two digits a decimal comma; words after the number are ignored; percentages
 * are not amounts.
 */
import type { Cell } from '../types';
import type { Note } from './note';

/**
 * A word right after the number that scales it: k thousands; L, lakh, lac a hundred thousand and
 * crore, cr ten million (Indian payrolls write "1.2L", "12 lakhs"). Keyed by its first letter.
 */
const MULTIPLIER: Record<string, number> = { k: 1_000, l: 100_000, c: 10_000_000 };

const PLAIN = /^-?\d+(\.\d+)?$/;
// sign, currency, digits with separators, k, trailing words such as "/hr", "per year", "hrs", ")".
const LOOSE =
  /^(\()?\s*(-)?\s*(?:US\$|USD|\$|€|£)?\s*(-)?\s*(\d[\d.,' \u00a0]*)\s*([lL]akhs?\b|[lL]acs?\b|[cC]rores?\b|[cC]r\b|[kK]\b|[lL]\b)?\s*(?:(?:\/|per\b|a\b)?\s*[A-Za-z.]+\.?)?\s*(\))?\s*(-)?$/;

function groupedToNumber(raw: string): number | null {
  const s = raw.replace(/[' \u00a0]/g, '');
  if (/^\d+$/.test(s)) return Number(s);
  if (/^\d+\.\d+$/.test(s)) return Number(s);
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return Number(s.replace(/,/g, ''));
  // Indian grouping: the last three digits, then pairs ("1,20,000" is 120,000).
  if (/^\d{1,2}(,\d{2})*,\d{3}(\.\d+)?$/.test(s)) return Number(s.replace(/,/g, ''));
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) return Number(s.replace(/\./g, '').replace(',', '.'));
  if (/^\d+,\d{1,2}$/.test(s)) return Number(s.replace(',', '.'));
  if (/^\d+,\d{3}$/.test(s)) return Number(s.replace(',', ''));
  return null;
}

/** A cell as a number (null when blank; note.invalid when filled but not a number). */
export function parseNumber(cell: Cell, note?: Note): number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : invalid(note);
  if (typeof cell !== 'string') return invalid(note);
  const s = cell.trim();
  if (!s) return null;
  if (PLAIN.test(s)) return Number(s);
  if (s.includes('%')) return invalid(note);
  const m = LOOSE.exec(s);
  if (!m) return wordAmount(s) ?? invalid(note);
  const [, open, minus1, minus2, digits, k, close, minus3] = m;
  if (Boolean(open) !== Boolean(close)) return invalid(note);
  let v = groupedToNumber(digits.trim());
  if (v === null) return invalid(note);
  if (k) v *= MULTIPLIER[k[0].toLowerCase()];
  if (open || minus1 || minus2 || minus3) v = -v;
  return v;
}

/** Number words an amount may be written in ("twelve lakh", "fifty thousand"): units and tens. */
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11,
  twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALE_WORDS: Record<string, number> = {
  thousand: 1_000, lakh: 100_000, lakhs: 100_000, lac: 100_000, lacs: 100_000, million: 1_000_000, crore: 10_000_000, crores: 10_000_000,
};
/** "twelve lakh", "twenty five thousand", "forty-two lakhs": at most five words, so always cheap. */
function wordAmount(s: string): number | null {
  if (s.length > 48) return null;
  const words = s.toLowerCase().split(/[\s-]+/);
  if (words.length < 2 || words.length > 5) return null;
  const scale = SCALE_WORDS[words[words.length - 1]];
  if (typeof scale !== 'number') return null;
  let n = 0;
  for (let i = 0; i < words.length - 1; i++) {
    if (words[i] === 'and') continue;
    const w = NUMBER_WORDS[words[i]];
    if (typeof w !== 'number') return null;
    n += w;
  }
  return n > 0 ? n * scale : null;
}

function invalid(note?: Note): null {
  if (note) note.invalid = true;
  return null;
}

/** True when the cell reads as a number (a value profile). */
export function looksNumeric(cell: Cell): boolean {
  if (typeof cell === 'number') return Number.isFinite(cell);
  if (typeof cell !== 'string') return false;
  return parseNumber(cell) !== null;
}
