/**
 * The language packs, and the word lists the rules read merged from them. The rules never name a
 * language: a header, a code value, a month or a placeholder is read the same way whichever pack its
 * words come from. Adding a language: write lang/xx.ts (a LanguagePack) from real forms in that
 * language, add it to PACKS, and add its case to tests/server/census/language-packs.test.ts.
 *
 * Merging: lists are unions. Where two packs spell one abbreviation or code differently, the pack
 * listed first wins (English first: the engine's own tables were written for it, and a US census is
 * the common case), so a pack can only add readings, never change an English one.
 */
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { pt } from './pt';
import type { CodeHints, CodeWords, HeaderField, LanguagePack, RoleWords, RuleWords } from './types';

export type { CodeHints, CodeWords, HeaderField, LanguagePack, RoleWords, RuleWords } from './types';

/** Every pack the engine has, in merge order. */
export const ALL_PACKS: readonly LanguagePack[] = [en, es, pt, fr, de];

/**
 * The environment variable that restricts the packs read (a diagnostic: `census analyze --languages
 * en,pt` sets it before the engine loads, to measure how the engine reads a language whose words it
 * does not have). Unset: every pack. The word tables are built once, when the modules load.
 */
export const LANGUAGES_ENV = 'CENSUS_LANGUAGES';

/** The codes of a --languages list ('en,pt'), or the unknown code it names. */
export function parseLanguages(list: string): { codes: string[] } | { unknown: string } {
  const codes = list.split(',').map((c) => c.trim().toLowerCase()).filter(Boolean);
  const bad = codes.find((c) => !ALL_PACKS.some((p) => p.code === c));
  return bad !== undefined ? { unknown: bad } : { codes };
}

function activePacks(): readonly LanguagePack[] {
  const env = typeof process !== 'undefined' ? process.env?.[LANGUAGES_ENV] : undefined;
  if (!env) return ALL_PACKS;
  const parsed = parseLanguages(env);
  if ('unknown' in parsed) throw new Error(`${LANGUAGES_ENV} names a language the engine has no pack for: '${parsed.unknown}'`);
  return ALL_PACKS.filter((p) => parsed.codes.includes(p.code));
}

/** The packs read: every pack, unless CENSUS_LANGUAGES restricts them. */
export const PACKS: readonly LanguagePack[] = activePacks();

/** Header phrases per field, every pack's. */
export function mergedHeaders(): Record<HeaderField, string[]> {
  const out = {} as Record<HeaderField, string[]>;
  for (const p of PACKS) {
    for (const [field, list] of Object.entries(p.headers) as [HeaderField, string[]][]) (out[field] ??= []).push(...list);
  }
  return out;
}

/** Abbreviations, the first pack's reading of a token winning. */
export function mergedAbbreviations(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of PACKS) for (const [k, v] of Object.entries(p.abbreviations ?? {})) if (!(k in out)) out[k] = v;
  return out;
}

type WordList = 'stopwords' | 'noise' | 'neutral' | 'negative' | 'dependentWords' | 'placeholders' | 'descriptive';

/** One word list, every pack's, folded (accents stripped, lower case). */
export function mergedWords(list: WordList): Set<string> {
  const out = new Set<string>();
  for (const p of PACKS) for (const w of p[list] ?? []) out.add(foldWord(w));
  return out;
}

/** One kind of role words (map/role-words.ts), every pack's, folded. */
export function roleWords(kind: keyof RoleWords): string[] {
  const out = new Set<string>();
  for (const p of PACKS) for (const w of p.roles?.[kind] ?? []) out.add(foldWord(w));
  return [...out];
}

/** One kind of rule words (RuleWords), every pack's, folded. */
export function ruleWords(kind: keyof RuleWords): string[] {
  const out = new Set<string>();
  for (const p of PACKS) for (const w of p.rules?.[kind] ?? []) out.add(foldWord(w));
  return [...out];
}

/** Lower case, accents stripped: how the packs' words are compared. */
export function foldWord(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').toLowerCase().trim();
}

/**
 * The code words of one kind, every pack's, as [spelling, code] pairs in pack order (a reader keeps
 * the first code it meets for a spelling).
 */
export function codeWords<K extends keyof CodeWords>(kind: K): [string, string][] {
  const out: [string, string][] = [];
  for (const p of PACKS) {
    const table = p.codes[kind];
    if (!table) continue;
    if (Array.isArray(table)) {
      for (const w of table) out.push([w, kind]);
      continue;
    }
    for (const [code, words] of Object.entries(table) as [string, string[]][]) for (const w of words) out.push([w, code]);
  }
  return out;
}

/** Month names (folded) -> month number 1-12, every pack's. */
export function monthNames(): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of PACKS) p.months.forEach((names, i) => { for (const n of names) if (!out.has(foldWord(n))) out.set(foldWord(n), i + 1); });
  return out;
}

/** The hint words of one kind, every pack's, folded, per code (values/codes.ts decides the order codes are tried in). */
export function codeHints<K extends keyof CodeHints>(kind: K): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of PACKS) {
    for (const [code, words] of Object.entries(p.codeHints?.[kind] ?? {}) as [string, string[]][]) {
      const list = out.get(code) ?? [];
      for (const w of words) list.push(foldWord(w));
      out.set(code, list);
    }
  }
  return out;
}
