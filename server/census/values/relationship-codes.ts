/**
 * How a relationship column writes its codes, from its values: digit codes zero- or one-based, and
 * S/D letters where S is the subscriber (fields/relationship.ts reads the column by them).
 */
import type { ColumnStats } from '../map/column-stats';
import { cellText } from '../text';
import type { Cell } from '../types';

/**
 * How digit relationship codes read: X12 834 / zero-based (the usual table), one-based, or not at all.
 * One-based: codes 1 to 5 only, with as many 1s (employees) as 2s (spouses), since every spouse has an
 * employee, and a fifth of the rows at least; children may outnumber them (a family list: 302
 * employees, 196 spouses, 313 children read as no relationship at all when 1 had to be the commonest).
 */
export function digitRelationshipCodes(stats: ColumnStats): 'usual' | 'oneBased' | null {
  const keys = [...stats.digitCounts.keys()];
  if (keys.some((k) => k.length === 2 && ['18', '19', '17', '10', '15', '09', '53'].includes(k))) return 'usual';
  if (keys.includes('0') || keys.includes('00')) return 'usual';
  if (!keys.every((k) => Number(k) >= 1 && Number(k) <= 5)) return null;
  const count = (a: string, b: string) => (stats.digitCounts.get(a) ?? 0) + (stats.digitCounts.get(b) ?? 0);
  const ones = count('1', '01');
  let all = 0;
  for (const c of stats.digitCounts.values()) all += c;
  return ones > 0 && ones >= count('2', '02') && ones >= 0.2 * all ? 'oneBased' : null;
}

/**
 * S/D (or E/D) letters where S is the subscriber. With E and S side by side, E is the employee and S
 * the spouse (E, S, D / E, S, C code systems): the usual codes then.
 */
export function subscriberLetters(sample: readonly Cell[]): boolean {
  const letters = new Set(sample.map((c) => cellText(c).trim().toUpperCase()));
  if (letters.has('E') && letters.has('S')) return false;
  return [...letters].every((v) => v === 'S' || v === 'D' || v === 'E');
}
