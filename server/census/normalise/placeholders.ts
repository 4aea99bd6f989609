/**
 * Cell values that mean "no value" ("N/A", "-", "#VALUE!"; for dates, numbers, ZIP codes and states
 * also "unknown" and "none"): read as blanks by the normalise stage.
 */
const CODE_PLACEHOLDER_WORDS = [
  'n/a', 'na', '#n/a', 'n.a.', 'null', 'nil', '-', '--', '---', '?', '.', 'tbd', 'blank', 'not applicable',
  '#value!', '#ref!', '#div/0!', '#name?', '#num!', '#null!',
];
/** For dates, numbers, ZIP codes and states, "unknown" and "none" are blanks too. */
const VALUE_PLACEHOLDER_WORDS = [...CODE_PLACEHOLDER_WORDS, 'unknown', 'unk', 'none', 'missing', '00/00/0000', '0000-00-00', '0'];

/** Each spelling in lower, UPPER and Title case, so that most cells need one lookup and no allocation. */
function placeholderSet(words: string[]): Set<string> {
  const s = new Set<string>();
  for (const w of words) {
    s.add(w);
    s.add(w.toUpperCase());
    s.add(w.charAt(0).toUpperCase() + w.slice(1));
  }
  return s;
}
export const PLACEHOLDERS = placeholderSet(CODE_PLACEHOLDER_WORDS);
export const VALUE_PLACEHOLDERS = placeholderSet(VALUE_PLACEHOLDER_WORDS);
/** An age of "0" is a newborn, not a blank. */
export const AGE_PLACEHOLDERS = placeholderSet(VALUE_PLACEHOLDER_WORDS.filter((w) => w !== '0'));

export function isPlaceholder(cell: string, set: ReadonlySet<string>): boolean {
  if (cell.length > 16) return false;
  // Every placeholder starts with one of n t b u m # - ? . 0 (or a space): most cells stop here,
  // without hashing the string for the set.
  const c = cell.charCodeAt(0);
  const l = c | 32;
  if (c === 48) {
    if (cell.length > 1 && cell.charCodeAt(1) !== 48) return false;
  } else if (!(l === 110 || l === 116 || l === 98 || l === 117 || l === 109 || c === 35 || c === 45 || c === 63 || c === 46 || c <= 32)) {
    return false;
  }
  if (set.has(cell)) return true;
  // Odd case or padding ("N/a", " NA "): the slow path, for few cells.
  const t = cell.trim().toLowerCase();
  return t !== cell && set.has(t);
}
