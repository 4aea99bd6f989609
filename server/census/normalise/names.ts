/**
 * Names: trimmed, inner whitespace collapsed, original case kept for display (CENSUS.md). A full name
 * in one column is split: "Last, First [Middle]" on the comma, otherwise "First [Middle] Last" on
 * spaces; suffixes (Jr, Sr, II, III, IV) and courtesy titles (Mr, Mrs, Ms, Dr) are set aside.
 */
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'md', 'phd', 'esq']);
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'mx']);

export function cleanName(text: string): string | null {
  const s = text.trim();
  if (!s) return null;
  // A character scan, not a pattern: ids and names pass here by the tens of thousands.
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || (c === 32 && s.charCodeAt(i + 1) === 32) || c === 160) return s.replace(/\s+/g, ' ');
  }
  return s;
}

function bare(word: string): string {
  return word.toLowerCase().replace(/[.,]/g, '');
}

export function splitFullName(text: string): { firstName: string | null; lastName: string | null } {
  const s = cleanName(text);
  if (!s) return { firstName: null, lastName: null };
  const comma = s.indexOf(',');
  if (comma >= 0) {
    const last = s.slice(0, comma).trim();
    const rest = s
      .slice(comma + 1)
      .split(/[\s,]+/)
      .filter((w) => w && !SUFFIXES.has(bare(w)) && !TITLES.has(bare(w)));
    // "Smith, Jr., John" is rare; "Smith, John Jr." is common: suffixes were dropped above.
    return { firstName: rest[0] ?? null, lastName: last || null };
  }
  const words = s.split(' ').filter((w) => !TITLES.has(bare(w)));
  while (words.length > 1 && SUFFIXES.has(bare(words[words.length - 1]))) words.pop();
  if (words.length === 0) return { firstName: null, lastName: null };
  if (words.length === 1) return { firstName: words[0], lastName: null };
  return { firstName: words[0], lastName: words[words.length - 1] };
}
