/**
 * The report's summary in plain sentences (issue 14): who the lives are, the as-of date, how much of
 * the files was read, and what each distribution card counts. Pure functions of the report object;
 * a report from before these figures existed gives fewer sentences, never a broken one.
 */
import type { CensusReport, CoverageTier } from '../../shared/census/report';
import { formatCount, formatLongDateUTC } from '../internal/format';

const n = formatCount;
export const plural = (x: number, one: string, many: string) => `${n(x)} ${x === 1 ? one : many}`;

/** 'a, b and c'. */
function list(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** '2026-11-23' -> 'November 23, 2026' (UTC, so the day never shifts with the visitor's zone). */
export function longDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : formatLongDateUTC(d);
}

/** 'Lives: 50 employees and 52 dependents (26 spouses or partners, 26 children).' */
export function livesSentence(report: CensusReport): string | null {
  const r = report.relationships;
  if (!r) return null;
  const partners = (r.spouse ?? 0) + (r.domesticPartner ?? 0);
  const dependents = partners + (r.child ?? 0) + (r.other ?? 0);
  const detail: string[] = [];
  if (partners) detail.push(plural(partners, 'spouse or partner', 'spouses or partners'));
  if (r.child) detail.push(plural(r.child, 'child', 'children'));
  if (r.other) detail.push(plural(r.other, 'other dependent', 'other dependents'));
  const deps = `${plural(dependents, 'dependent', 'dependents')}${detail.length && dependents ? ` (${list(detail)})` : ''}`;
  return `${plural(report.totalLives, 'life', 'lives')}: ${plural(r.employee ?? 0, 'employee', 'employees')} and ${deps}.`;
}

/** 'Read 2 files, 2 sheets and 139 rows: 139 became members, 16 duplicates removed; 14 excluded and 7 retired not counted.' */
export function readSentence(report: CensusReport, files: number): string | null {
  if (typeof report.rowsRead !== 'number') return null;
  const read = list([plural(files, 'file', 'files'), plural(report.sheetsRead ?? 0, 'sheet', 'sheets'), plural(report.rowsRead, 'row', 'rows')]);
  const found = `${n(report.membersFound ?? 0)} became members`;
  const dups = report.duplicatesRemoved ? `, ${plural(report.duplicatesRemoved, 'duplicate', 'duplicates')} removed` : '';
  const { excluded = 0, retired = 0 } = report.livesAdditionalInfo ?? {};
  // Only the groups that hold someone ('0 retired' said nothing).
  const left = [excluded ? `${n(excluded)} excluded (terminated, waived or deceased)` : '', retired ? `${n(retired)} retired` : ''].filter(Boolean);
  const out = left.length ? `; not counted: ${list(left)}` : '';
  return `Read ${read}: ${found}${dups}${out}.`;
}

export function asOfSentence(report: CensusReport): string | null {
  return report.asOf ? `Ages and tenure as of ${longDate(report.asOf)}.` : null;
}

const sum = (d: Partial<Record<string, number>>) => Object.values(d).reduce<number>((a, b) => a + (Number(b) || 0), 0);

/** What each distribution card counts, e.g. 'Employee lives with a salary: 55 of 150.' (null: no data). */
export function countsSentence(report: CensusReport, card: 'age' | 'salary' | 'tenure'): string | null {
  const employees = report.relationships?.employee;
  if (card === 'age') {
    if (!Object.keys(report.ageBand ?? {}).length) return null;
    return `Lives with an age: ${n(sum(report.ageBand))} of ${n(report.totalLives)}.`;
  }
  const data = card === 'salary' ? report.salaryBand : report.tenure;
  if (!Object.keys(data ?? {}).length) return null;
  const what = card === 'salary' ? 'a salary' : 'a hire date';
  const counted = `Employee lives with ${what}: ${n(sum(data))}${typeof employees === 'number' ? ` of ${n(employees)}` : ''}.`;
  const estimated = card === 'salary' ? report.imputed?.annualSalary ?? 0 : 0;
  // Estimated salaries are in the bands: say how many, so nobody rates on them unknowingly (issue 21).
  return estimated > 0 ? `${counted} ${n(estimated)} estimated from colleagues' salaries.` : counted;
}

/**
 * The gender card's note: how many genders were guessed from first names (the file gave none for
 * them), or null when every gender came from the file. Without it a doughnut of guesses reads as fact.
 */
export function genderSentence(report: CensusReport): string | null {
  const guessed = report.imputed?.gender ?? 0;
  if (guessed <= 0) return null;
  return `${n(guessed)} ${guessed === 1 ? 'gender' : 'genders'} guessed from first names (the file gave none).`;
}

export const TIER_NAMES: Record<CoverageTier, string> = {
  EE: 'Employee only',
  ES: 'Employee + spouse',
  EC: 'Employee + children',
  EF: 'Family',
  waived: 'Waived',
};

/** The tiers card's rows in the tiers' order, with each tier's share of the employees counted. */
export function tierRows(report: CensusReport): { tier: CoverageTier; name: string; count: number; share: number }[] {
  const tiers = report.coverageTiers ?? {};
  const total = sum(tiers);
  return (Object.keys(TIER_NAMES) as CoverageTier[])
    .filter((t) => tiers[t])
    .map((t) => ({ tier: t, name: TIER_NAMES[t], count: tiers[t] ?? 0, share: total ? Math.round(((tiers[t] ?? 0) / total) * 1000) / 10 : 0 }));
}

/** The Total lives card's rows: employees, spouses or partners, children, other dependents (non-zero ones after employees). */
export function relationshipSplit(report: CensusReport): [string, number][] {
  const r = report.relationships;
  if (!r) return [];
  const rows: [string, number][] = [
    ['Employees', r.employee ?? 0],
    ['Spouses or partners', (r.spouse ?? 0) + (r.domesticPartner ?? 0)],
    ['Children', r.child ?? 0],
    ['Other dependents', r.other ?? 0],
  ];
  return rows.filter(([name, count]) => name === 'Employees' || count > 0);
}
