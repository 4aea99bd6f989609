/**
 * OCR'd digits checked against what a field expects (issue 30). A scan read by OCR confuses a few
 * letters and digits: 'O' for 0, 'l' or 'I' for 1, 'S' for 5, 'B' for 8. In a value that is
 * otherwise a date, a ZIP code, an amount or a count, such a letter is a misread digit: it is
 * replaced, and the value is flagged as corrected (the report says the cell was read from a scan
 * and repaired, so a person can look). A value that does not become a valid one of its kind is left
 * as read, unflagged; so is a value of more than two characters with no digit at all ('Oslo').
 */

export type DigitField = 'date' | 'zip' | 'amount' | 'integer' | 'ssn';

export interface DigitCheck {
  /** The value, its misread digits replaced (or as read, when not corrected). */
  text: string;
  /** True when a letter was replaced by a digit. */
  corrected: boolean;
  /** How many characters were replaced. */
  changes: number;
}

/** Letters (and marks) OCR reads in place of a digit. */
export const CONFUSABLE: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  U: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  '!': '1',
  ']': '1',
  Z: '2',
  z: '2',
  S: '5',
  s: '5',
  G: '6',
  b: '6',
  T: '7',
  B: '8',
  g: '9',
  q: '9',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const isMonthName = (s: string) => s.length >= 3 && MONTHS.some((m) => s.toLowerCase().startsWith(m)) && /^[A-Za-z]+\.?$/.test(s);

/** The shapes a corrected value must take. */
const SHAPES: Record<DigitField, RegExp[]> = {
  date: [
    /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$/, // 1988-04-12
    /^\d{1,2}[-/.]\d{1,2}[-/.](\d{2}|\d{4})$/, // 04/12/1988, 4.12.88
    /^\d{1,2}[- ]?[A-Za-z]{3,9}\.?[- ]?(\d{2}|\d{4})$/, // 12-May-1985
    /^\d{8}$/, // 19880412
  ],
  zip: [/^\d{5}(-\d{4})?$/],
  amount: [/^-?\$?\d{1,3}(,\d{3})+(\.\d{1,2})?$/, /^-?\$?\d+(\.\d{1,2})?$/],
  integer: [/^\d+$/],
  ssn: [/^\d{3}-\d{2}-\d{4}$/, /^\d{9}$/],
};

const fits = (field: DigitField, s: string) => SHAPES[field].some((re) => re.test(s));

/**
 * The value checked against its field: confusable letters in digit places replaced, spaces OCR put
 * inside a number ('1988-04- 12', '94 107') closed up when that makes the value fit.
 */
export function checkDigits(value: string, field: DigitField): DigitCheck {
  const asRead = { text: value, corrected: false, changes: 0 };
  const trimmed = value.trim();
  if (!trimmed) return asRead;
  const compact = field === 'date' && /[A-Za-z]{3}/.test(trimmed) ? trimmed : trimmed.replace(/\s+/g, '');
  if (fits(field, compact)) return { text: compact, corrected: false, changes: 0 };
  let changes = 0;
  let digits = 0;
  // A month name in a date ('12-May-1985') is kept as written; every other letter is a digit place.
  const tokens = compact.split(/([-/.,$ ])/);
  const fixed = tokens
    .map((tok) => {
      if (/^[-/.,$ ]$/.test(tok) || (field === 'date' && isMonthName(tok))) return tok;
      return [...tok]
        .map((ch) => {
          if (/\d/.test(ch)) {
            digits++;
            return ch;
          }
          const d = CONFUSABLE[ch];
          if (d === undefined) return ch;
          changes++;
          return d;
        })
        .join('');
    })
    .join('');
  if (changes === 0 || !fits(field, fixed)) return asRead;
  // 'lO' as a count is 10; 'Oslo' as anything is not a number. Letters and no digit: left alone,
  // except in a one- or two-character value (a count, a day).
  // A letter beside a digit ('7OOOO' in a salary column) is read as a digit however many there are.
  if (changes > digits && fixed.length > 2 && digits === 0) return asRead;
  return { text: fixed, corrected: true, changes };
}

/** A letter OCR reads for a digit, standing beside a digit ('1985-O4', '7OOOO'): a misread left in a value. */
const SWAP_BESIDE_DIGIT = /\d[OoDQUlIi|!\]ZzSsGbTBgq]|[OoDQUlIi|!\]ZzSsGbTBgq]\d/;

/** Whether a value still holds a letter beside a digit (a misread digit the check could not fix). */
export function hasDigitSwap(value: string): boolean {
  return SWAP_BESIDE_DIGIT.test(value);
}

/** A clean id: letters (maybe none) and a separator, then digits only ('EMP001', 'E-1042', '10234'). */
const CLEAN_ID = /^([A-Za-z]*[-_ ]?)(\d+)$/;

/**
 * Ids of one column read from a scan, with letters OCR read in the digit part after their prefix
 * ('EMPO01' or 'EMP0O1' for EMP001): corrected when the column's other ids show the shape, the same
 * prefix then only digits, of the same length, on two ids or more. Without that evidence an id is
 * left as read ('EMPO01' may be an id of that column). Returns the corrected ids by their index.
 */
export function fixIdDigits(values: readonly string[]): { index: number; text: string }[] {
  const shapes = new Map<string, { prefix: string; digits: number; count: number }>();
  for (const v of values) {
    const m = CLEAN_ID.exec(v.trim());
    if (!m) continue;
    const key = `${m[1]}\u0001${m[2].length}`;
    const s = shapes.get(key) ?? { prefix: m[1], digits: m[2].length, count: 0 };
    s.count++;
    shapes.set(key, s);
  }
  const known = [...shapes.values()].filter((s) => s.count >= 2).sort((a, b) => b.prefix.length - a.prefix.length);
  const out: { index: number; text: string }[] = [];
  values.forEach((raw, index) => {
    const v = raw.trim();
    if (!v || !hasDigitSwap(v)) return;
    // Clean in a shape of its own ('EMPO02': prefix 'EMPO', two digits) is not evidence enough: kept
    // only when its shape is a known one.
    const own = CLEAN_ID.exec(v);
    if (own && shapes.get(`${own[1]}\u0001${own[2].length}`)!.count >= 2) return;
    for (const s of known) {
      if (v.length !== s.prefix.length + s.digits || !v.startsWith(s.prefix)) continue;
      const tail = v.slice(s.prefix.length);
      if (![...tail].every((ch) => /\d/.test(ch) || CONFUSABLE[ch] !== undefined) || !/\d/.test(tail)) continue;
      out.push({ index, text: s.prefix + [...tail].map((ch) => (/\d/.test(ch) ? ch : CONFUSABLE[ch])).join('') });
      return;
    }
  });
  return out;
}

/**
 * A column of one-digit codes read from a scan ('1'/'0' flags, '1'/'2' genders, relationship codes)
 * with a letter OCR reads for a digit standing alone ('O' for 0, 'l' for 1): corrected when two cells
 * or more of the column hold that digit alone. Returns the corrected cells by their index.
 */
export function fixCodeDigits(values: readonly string[]): { index: number; text: string }[] {
  const counts = new Map<string, number>();
  for (const v of values) if (/^\d$/.test(v.trim())) counts.set(v.trim(), (counts.get(v.trim()) ?? 0) + 1);
  const out: { index: number; text: string }[] = [];
  values.forEach((v, index) => {
    const d = v.trim().length === 1 ? CONFUSABLE[v.trim()] : undefined;
    if (d !== undefined && (counts.get(d) ?? 0) >= 2) out.push({ index, text: d });
  });
  return out;
}
