/**
 * The domain lexicon: which words of a header name which field, and which qualifiers move a header
 * away from it. The words are the language packs' (LanguagePack.lexicon, lang/types.ts HeadRule and
 * MoveAway), each entry with where its evidence comes from; this module only reads them.
 *
 * A header is read as a short phrase (normaliseHeader: snake_case, camelCase and punctuation split,
 * abbreviations expanded, format hints dropped). The vocabulary (vocabulary.ts) scores whole phrases
 * against known synonyms; this lexicon adds what a phrase list cannot say:
 * - HEADS: a head noun with the qualifiers that keep its meaning ("gross compensation", "employee
 *   gross compensation" are pay as much as "compensation"), so new combinations of known words score.
 * - MOVES_AWAY: qualifiers that make a header about something else than the field its head noun names
 *   ("HCE status" is not employment status, "capped compensation" is not the salary, "coverage start
 *   date" is not a hire date). A qualifier here caps the field's score whatever the synonyms say.
 */
import { PACKS } from '../lang';
import type { HeadRule, MoveAway } from '../lang/types';
import type { CanonicalField } from '../types';

export type { HeadRule, MoveAway } from '../lang/types';

/** Every pack's head rules and qualifiers that move a header away. */
export const HEADS: readonly HeadRule[] = PACKS.flatMap((p) => p.lexicon?.heads ?? []);
export const MOVES_AWAY: readonly MoveAway[] = PACKS.flatMap((p) => p.lexicon?.movesAway ?? []);




const MOVE_AWAY_INDEX = new Map<string, CanonicalField[]>();
for (const m of MOVES_AWAY) for (const w of m.words) MOVE_AWAY_INDEX.set(w, [...(MOVE_AWAY_INDEX.get(w) ?? []), ...m.fields]);

/** The fields a header's qualifiers move it away from. */
export function movedAway(tokens: readonly string[]): Set<CanonicalField> {
  const out = new Set<CanonicalField>();
  for (const t of tokens) for (const f of MOVE_AWAY_INDEX.get(t) ?? []) out.add(f);
  return out;
}

/** Words that never change what a head noun names: whose it is, and that it is the current one. */
const NEUTRAL = new Set(PACKS.flatMap((p) => p.lexicon?.neutral ?? []));

/**
 * The head rules a header's words match, with their scores. Only phrases of two words or more: a
 * bare head noun ("Pay", "Active") is the vocabulary's to score, with the weight it gives it.
 */
export function headScores(tokens: readonly string[]): Map<CanonicalField, number> {
  const out = new Map<CanonicalField, number>();
  if (tokens.length < 2) return out;
  const neutral = NEUTRAL;
  for (const rule of HEADS) {
    const used = new Set<string>();
    let ok = true;
    for (const group of rule.need) {
      const hit = tokens.find((t) => group.includes(t));
      if (!hit) { ok = false; break; }
      used.add(hit);
    }
    if (!ok) continue;
    if (!tokens.every((t) => used.has(t) || rule.need.some((g) => g.includes(t)) || rule.allow.includes(t) || neutral.has(t))) continue;
    out.set(rule.field, Math.max(out.get(rule.field) ?? 0, rule.score));
  }
  return out;
}
