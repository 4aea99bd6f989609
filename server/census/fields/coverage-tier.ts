/**
 * coverageTier: EE, ES, EC, EF, waived ("Employee + Spouse" is ES, "Family" is EF ...) (CENSUS.md).
 * A coverage column that also marks dependent rows (the map stage's alsoRelationship) reads a tier,
 * or else a dependent's relationship code, which goes to the relationship slot.
 */
import { PLACEHOLDERS } from '../normalise/placeholders';
import { isKnownCode, parseRelationship, parseTier, RELATIONSHIPS, TIERS } from '../values/codes';
import type { Note } from '../values/note';
import type { MemberValues } from '../types';
import { fromText } from './readers';
import { CODE_VALUES } from '../../../shared/census/report';
import { defineField } from './spec';

/** A coverage column that also marks dependent rows: a tier, or else a dependent's relationship code ('rel:spouse'). */
function tierOrRelationship(text: string, note: Note): unknown {
  // Exact codes first: "SP" is a spouse's row, although the tier word rules would read it as ES.
  if (isKnownCode(TIERS, text)) return parseTier(text);
  // A tier column's digits are the file's tier codes, never relationship digits.
  const rel = isKnownCode(RELATIONSHIPS, text) && !/^\s*\d+\s*$/.test(text) ? parseRelationship(text) : null;
  if (rel !== null && rel !== 'employee') return `rel:${rel}`;
  const tier = parseTier(text, note);
  if (tier !== null) return tier;
  return null;
}
const readTierOrRelationship = fromText(tierOrRelationship);

export const coverageTier = defineField({
  id: 'coverageTier', label: 'coverage tier', group: 'coverage', kind: 'code',
  // A column that also marks dependents takes a relationship code too, stored as the reader returns it ('rel:spouse').
  readingCodes: {
    allowed: (col) => (col.alsoRelationship ? [...CODE_VALUES.coverageTier, ...CODE_VALUES.relationship] : CODE_VALUES.coverageTier),
    stored: (col, as) => (col.alsoRelationship && CODE_VALUES.relationship.includes(as) ? `rel:${as}` : as),
  },
  // A 'Health Coverage Level' of number codes (TriNet RFP workbooks): its codes are left for a reading to explain.
  codesMayBeDigits: true,
  mayMarkDependents: true,
  // "Employee", "Single", "Family" are tier words, and other things too ("Worker Type": Employee).
  needsHeader: true, notNamedUnderUnreadHeader: true, namedByValuesWithoutHeaders: true,
  placeholders: PLACEHOLDERS,
  read: fromText(parseTier),
  readColumn: (col) => (col.alsoRelationship ? readTierOrRelationship : null),
  // A tier read never starts with 'rel:': only a column that also marks dependents stores a relationship.
  slot: (o, v) => {
    if (typeof v === 'string' && v.startsWith('rel:')) o.relationship = v.slice(4) as MemberValues['relationship'];
    else o.coverageTier = v as MemberValues['coverageTier'];
  },
});
