/**
 * The report's summary figures (issue 14): lives by relationship, coverage tiers, the as-of date and
 * how much of the files was read. Computed from the engine's finished result (members, changes,
 * columns), so it needs nothing from the stages themselves and is wired into buildReport with one
 * line. Pure; no I/O.
 */
import type { CensusReport, CoverageTier, Relationship } from '../../shared/census/report';
import { isLife } from './members';
import type { Change, Member, ReportColumn } from './types';
import { FIELDS } from './fields';
import { RowFlags } from './row-flags';

export type CensusSummary = Pick<
  CensusReport,
  'relationships' | 'coverageTiers' | 'asOf' | 'sheetsRead' | 'rowsRead' | 'membersFound' | 'duplicatesRemoved'
>;

/** The dedupe stage logs every removed duplicate with this reason (server/census/dedupe.ts). */
const DUPLICATE_WHY = /^duplicate person/;
/** Rows the engine read and left out (titles, totals, notes, rows with no person) are logged as '(row)'. */
const ROW_FIELD = '(row)';
const TIER_ORDER: readonly CoverageTier[] = ['EE', 'ES', 'EC', 'EF', 'waived'];

export interface SummaryInput {
  /** The members of the report (the whole case, or those a file names). */
  members: readonly Member[];
  changes: readonly Change[];
  columns: readonly ReportColumn[];
  asOf: string;
  /** Restrict rows, sheets and duplicates to one file (a file's own report). */
  fileName?: string;
}

export function censusSummary({ members, changes, columns, asOf, fileName }: SummaryInput): CensusSummary {
  const inFile = (file: string) => fileName === undefined || file === fileName;
  const relationships: Record<Relationship, number> = { employee: 0, spouse: 0, domesticPartner: 0, child: 0, other: 0 };
  const tiers: Partial<Record<CoverageTier, number>> = {};
  const rows = new RowFlags();
  for (let ri = 0; ri < members.length; ri++) {
    const m = members[ri];
    if (inFile(m.file)) rows.set(m.file, m.sheet, m.row, 1);
    const life = isLife(m.status);
    if (life) relationships[m.relationship ?? 'other']++;
    if (m.relationship === 'employee' && (life || m.status === 'waived') && m.coverageTier) {
      tiers[m.coverageTier] = (tiers[m.coverageTier] ?? 0) + 1;
    }
  }
  let duplicatesRemoved = 0;
  for (let ri = 0; ri < changes.length; ri++) {
    const c = changes[ri];
    if (c.field !== ROW_FIELD || !inFile(c.file)) continue;
    rows.set(c.file, c.sheet, c.row, 1);
    if (DUPLICATE_WHY.test(c.why)) duplicatesRemoved++;
  }
  const sheets = new Set(columns.filter((c) => inFile(c.file)).map((c) => `${c.file}\u0000${c.sheet}`));
  const hasTierColumn = columns.some((c) => c.field !== null && FIELDS[c.field].group === 'coverage' && inFile(c.file));
  // In the tiers' own order (EE, ES, EC, EF, waived), as the card lists them.
  const coverageTiers: Partial<Record<CoverageTier, number>> = {};
  for (const t of TIER_ORDER) if (tiers[t]) coverageTiers[t] = tiers[t];
  return {
    relationships,
    coverageTiers: hasTierColumn ? coverageTiers : {},
    asOf,
    sheetsRead: sheets.size,
    rowsRead: rows.size,
    membersFound: members.length + duplicatesRemoved,
    duplicatesRemoved,
  };
}
