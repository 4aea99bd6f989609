/**
 * Wide layouts, where one row holds several members: blocks of identical headers (SSN, DOB, Gender ...
 * Relationship, then the same again for each member) and numbered dependent blocks ('Dependent 1 Date
 * of Birth', 'Dependent 1 Relationship'). Decides which columns describe another member than the
 * row's own, and pairs each dependent's birth date with its block's relationship column.
 */
import type { ColumnMapping } from '../types';
import { FIELDS, tellsRelationship, WIDE_DEPENDENT_FIELDS } from '../fields';
import { normaliseHeader, scoreHeader } from './headers';

/**
 * Repeated blocks of identical headers (a wide layout without Dep1/Dep2 prefixes: SSN, DOB, Gender ...
 * Relationship, then the same again for each member): the first block is the row's own person; each
 * later block is one more member, whose birth date creates a dependent. Its other columns have no
 * field (they describe that dependent, not the row's person). Only when three headers or more repeat,
 * so that two "Notes" columns are no layout.
 */
export function markRepeatedBlocks(columns: ColumnMapping[]): void {
  const { occurrence, seen } = headerOccurrences(columns);
  const repeated = [...seen.values()].filter((n) => n >= 2).length;
  if (repeated < 3) return;
  for (const c of columns) {
    const k = occurrence.get(c) ?? 0;
    if (k === 0) continue;
    if (c.field && FIELDS[c.field].birthDateOf) {
      c.field = 'childDateOfBirth';
      c.confidence = Math.max(c.confidence, 0.9);
      // The block's member may be a spouse: the runner-up. Not the row's own birth date (block 1 has it).
      c.candidates = [{ field: 'spouseDateOfBirth', score: 0.6 }];
      c.reason = `header '${c.header}' repeats in member block ${k + 1}: that member's birth date (a dependent of the row's person)`;
    } else if (c.field) {
      c.field = null;
      c.codes = undefined;
      c.confidence = 0.8;
      c.reason = `header '${c.header}' repeats in member block ${k + 1}: it describes that member, not the row's own person`;
    }
  }
}

/**
 * Which occurrence of its header each column is (0 for the first 'DOB', 1 for the second ...), and how
 * often each header appears; headers compared as normaliseHeader reads them.
 */
function headerOccurrences(columns: readonly ColumnMapping[]): { occurrence: Map<ColumnMapping, number>; seen: Map<string, number> } {
  const seen = new Map<string, number>();
  const occurrence = new Map<ColumnMapping, number>();
  for (const c of columns) {
    const key = normaliseHeader(c.header).key;
    if (!key) continue;
    const k = seen.get(key) ?? 0;
    occurrence.set(c, k);
    seen.set(key, k + 1);
  }
  return { occurrence, seen };
}

/** The number in a header ('Dependent 2 Relationship' -> '2'), or null. */
function blockNumber(header: string): string | null {
  const m = /\d+/.exec(header);
  return m ? String(Number(m[0])) : null;
}

/**
 * Wide layouts (Dependent 1..N blocks, or member blocks of identical headers): each dependent
 * birth-date column is paired with the relationship column of its own block, so that a block whose
 * member is a spouse makes a spouse, not a child. A numbered block pairs by its number; a repeated
 * block by which occurrence of the header it is. The row's own relationship column is never paired.
 */
export function pairBlockRelationships(columns: ColumnMapping[]): void {
  const wide = columns.filter((c) => c.field && WIDE_DEPENDENT_FIELDS.has(c.field));
  if (wide.length === 0) return;
  const relationshipHeader = (c: ColumnMapping) =>
    !tellsRelationship(c.field) && !c.role && (scoreHeader(c.header.replace(/\d+/g, ' ')).get('relationship') ?? 0) >= 0.8;
  const candidates = columns.filter(relationshipHeader);
  if (candidates.length === 0) return;
  const { occurrence } = headerOccurrences(columns);
  for (const c of wide) {
    const n = blockNumber(c.header);
    const k = occurrence.get(c) ?? 0;
    // Numbered: the same number. Repeated identical headers: the k-th birth date's block has the k-th
    // relationship column (k >= 1: a 'Spouse DOB' that appears once is no block, and the row's own
    // relationship is not its member's).
    const rel = n !== null
      ? candidates.find((r) => blockNumber(r.header) === n)
      : k >= 1 ? candidates.find((r) => blockNumber(r.header) === null && occurrence.get(r) === k) : undefined;
    if (rel) c.relationshipIndex = rel.index;
  }
}
