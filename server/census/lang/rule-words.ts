/**
 * How the table rules test a name or a header against the packs' rule words (types.ts RuleWords):
 * `mentions` finds one of a kind's phrases among the text's words, `isNamed` takes the whole text, and
 * `ruleWordSet` gives a kind's single words to test tokens against. Built once per kind.
 */
import { foldWord, ruleWords } from './index';
import type { RuleWords } from './types';
import { MAX_HEADER_CHARS } from '../rules';

type Kind = keyof RuleWords;

/** A word as a literal inside a pattern. */
export const escapeForPattern = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words as one alternation of literals, longest first: `(?:a|b)`; with no words, one that never matches. */
export function literalAlternation(words: readonly string[]): string {
  return words.length === 0 ? '(?!)' : `(?:${[...words].sort((a, b) => b.length - a.length).map(escapeForPattern).join('|')})`;
}

/** A name or a header as words: camelCase and every sign split, folded ('EE_Dependents' -> 'ee dependents'). */
export function ruleText(text: string): string {
  // Read by its first MAX_HEADER_CHARS characters, as a header is: a cell of a megabyte costs what 256 characters cost.
  if (text.length > MAX_HEADER_CHARS) text = text.slice(0, MAX_HEADER_CHARS);
  return foldWord(text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** One phrase as a pattern: its words in a row, spaces optional; a last word ending in '*' matches longer words. */
function phrase(w: string): string {
  const open = w.endsWith('*');
  const words = ruleText(open ? w.slice(0, -1) : w).split(' ').map(escapeForPattern).join('\\s*');
  return open ? `${words}[\\p{L}\\p{N}]*` : words;
}

function alternation(kind: Kind): string {
  const words = ruleWords(kind);
  if (words.length === 0) return '(?!)';
  return `(?:${words.sort((a, b) => b.length - a.length).map(phrase).join('|')})`;
}

const found = new Map<Kind, RegExp>();
const whole = new Map<Kind, RegExp>();
const leading = new Map<Kind, RegExp>();
const sets = new Map<Kind, Set<string>>();

/** The text holds one of the kind's phrases as whole words. */
export function mentions(kind: Kind, text: string): boolean {
  let re = found.get(kind);
  if (!re) found.set(kind, (re = new RegExp(`(?:^| )${alternation(kind)}(?= |$)`, 'u')));
  return re.test(ruleText(text));
}

/** The text begins with one of the kind's phrases. */
export function leadsWith(kind: Kind, text: string): boolean {
  let re = leading.get(kind);
  if (!re) leading.set(kind, (re = new RegExp(`^${alternation(kind)}(?= |$)`, 'u')));
  return re.test(ruleText(text));
}

/** The whole text is one of the kind's phrases. */
export function isNamed(kind: Kind, text: string): boolean {
  let re = whole.get(kind);
  if (!re) whole.set(kind, (re = new RegExp(`^${alternation(kind)}$`, 'u')));
  return re.test(ruleText(text));
}

/** The kind's words as a set, folded (for tokens already split and folded). */
export function ruleWordSet(kind: Kind): ReadonlySet<string> {
  let set = sets.get(kind);
  if (!set) sets.set(kind, (set = new Set(ruleWords(kind))));
  return set;
}
