/**
 * Facts about a read table's column plan that the report carries beside the figures: each column's
 * runner-up fields (alternatives), the distinct codes of its relationship, status and tier columns
 * and what each was read as (codeValues), and which sheets were read with which header row.
 */
import type { CensusCodeValues, CensusColumnAlternative } from '../../shared/census/report';
import { readCodeAs } from './normalise';
import { isMemberRow } from './members';
import { cellText, maskSsns } from './text';
import type { ColumnMapping, LocatedTable, NormalisedRow } from './types';

/** A sheet of a file: read or not, and the 1-based header row of its (first) table. */
export interface SheetReading {
  file: string;
  sheet: string;
  read: boolean;
  headerRow?: number;
}

/** What the review needs of a read column beyond the report's column (its share of dependent codes). */
export interface ColumnFact {
  file: string;
  sheet: string;
  header: string;
  field: string | null;
  dependentShare?: number;
}

/** Runner-up fields of a column, best first, at most two (a mapped column's own field left out). */
export function alternativesOf(col: ColumnMapping): CensusColumnAlternative[] {
  const out: CensusColumnAlternative[] = [];
  for (const c of col.candidates) {
    if (c.field === col.field || c.score < 0.2) continue;
    if (out.some((o) => o.field === c.field)) continue;
    out.push({ field: c.field, confidence: Math.round(Math.min(1, c.score) * 100) / 100 });
    if (out.length === 2) break;
  }
  return out;
}

const CODE_FIELDS = new Set(['relationship', 'status', 'coverageTier']);
const MAX_CODES = 30;
const MAX_CODE_LENGTH = 40;

/** The distinct values of a table's relationship, status and tier columns, most frequent first. */
export function codeValuesOf(file: string, sheet: string, table: LocatedTable, columns: readonly ColumnMapping[]): CensusCodeValues[] {
  const out: CensusCodeValues[] = [];
  for (const col of columns) {
    if (!col.field || !CODE_FIELDS.has(col.field)) continue;
    // Counted by cell first (codes repeat: a few distinct cells), then by their trimmed text. One
    // lookup per row: the count lives in a small object the map holds.
    const byCell = new Map<unknown, { n: number }>();
    for (const row of table.rows) {
      const cell = row[col.index] ?? null;
      const slot = byCell.get(cell);
      if (slot !== undefined) slot.n++;
      else byCell.set(cell, { n: 1 });
    }
    const counts = new Map<string, number>();
    for (const [cell, { n }] of byCell) {
      const t = cellText(cell as Parameters<typeof cellText>[0]).trim();
      if (t) counts.set(t, (counts.get(t) ?? 0) + n);
    }
    const values = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_CODES)
      // An SSN typed into a code column is shown masked (text.ts maskSsns), as everywhere else.
      .map(([value, count]) => ({ value: maskSsns(value).slice(0, MAX_CODE_LENGTH), as: readCodeAs(col, value), count }));
    out.push({ file, sheet, header: col.header, field: col.field as CensusCodeValues['field'], values });
  }
  return out;
}

/** Member rows of a table, counting no further than `limit`. */
export function countMembersUpTo(rows: readonly NormalisedRow[], limit: number): number {
  let n = 0;
  for (const r of rows) if (isMemberRow(r) && ++n >= limit) break;
  return n;
}
