/**
 * Analyse stage (CENSUS.md "Analytics"): members -> the report's figures, as of a date.
 *
 * - Lives: status active, cobra or leave, or blank. Retired and excluded (terminated, waived,
 *   deceased) are counted apart and appear in no distribution.
 * - ageBand (lives): whole years at the as-of date, from the birth date (or the age the file gives, or
 *   the imputed one). A birth date after the as-of date counts as age 0 (a newborn listed early).
 * - salaryBand (employee lives): the annual salary in whole dollars; 25-49 means 25,000 <= s < 50,000.
 * - tenure (employee lives with a hire date): whole years; a hire date after the as-of date is <1.
 * - genderRatio (lives): a blank gender counts as unknown; percentage of lives, one decimal.
 * - demographics (lives with a known state).
 * A distribution whose field the files do not carry is {}; a carried one lists every bucket, zeros
 * included.
 */
import { AGE_BANDS, EXCLUDED_STATUSES, LIFE_STATUSES, RETIRED_STATUSES, SALARY_BANDS, TENURE_BANDS } from './rules';
import type { CensusReport, CountWithShare } from '../../shared/census/report';
import type { Member, MemberStatus } from './types';
import { wholeYears } from './values/dates';
import { ageAt, isLife } from './members';

/** Which distributions the files carry. */
export interface Carried {
  age: boolean;
  salary: boolean;
  tenure: boolean;
  state: boolean;
}

export type Figures = Pick<
  CensusReport,
  'totalLives' | 'livesAdditionalInfo' | 'genderRatio' | 'ageBand' | 'salaryBand' | 'tenure' | 'demographics'
>;

const isRetired = (s: MemberStatus | null) => s === 'retired';
const isExcluded = (s: MemberStatus | null) => s === 'terminated' || s === 'waived' || s === 'deceased';
// The status groups above must match the shared lists (CENSUS.md).
if (
  LIFE_STATUSES.some((s) => !isLife(s)) ||
  RETIRED_STATUSES.some((s) => !isRetired(s)) ||
  EXCLUDED_STATUSES.some((s) => !isExcluded(s))
) {
  throw new Error('analyse: status groups out of step with shared/census/report.ts');
}

/** The label of the bucket a value falls in (edges are inclusive lower bounds, in ascending order). */
export function bucketOf<L extends string>(bands: readonly (readonly [L, number])[], value: number): L {
  let label = bands[0][0];
  for (const [l, edge] of bands) {
    if (value >= edge) label = l;
    else break;
  }
  return label;
}

function emptyBuckets<L extends string>(bands: readonly (readonly [L, number])[]): Record<L, number> {
  const out = {} as Record<L, number>;
  for (const [l] of bands) out[l] = 0;
  return out;
}

function share(value: number, total: number): CountWithShare {
  return { value, percentage: total > 0 ? Math.round((value / total) * 1000) / 10 : 0 };
}

/** Labels by whole number (ages and tenure up to this, the last bucket beyond): one lookup, no search. */
const TABLE_SIZE = 151;
function labelTable<L extends string>(bands: readonly (readonly [L, number])[]): L[] {
  return Array.from({ length: TABLE_SIZE }, (_, v) => bucketOf(bands, v));
}
const AGE_LABELS = labelTable(AGE_BANDS);
const TENURE_LABELS = labelTable(TENURE_BANDS);
function label<L extends string>(table: L[], bands: readonly (readonly [L, number])[], value: number): L {
  return value < TABLE_SIZE ? table[value] : bucketOf(bands, value);
}

export interface Tally extends Figures {
  /** Counts of imputed values among the members analysed. */
  imputed: { gender: number; dateOfBirth: number; annualSalary: number };
  /** Lives by the first file that names them. */
  livesByFile: Map<string, number>;
}

export function analyse(members: readonly Member[], asOf: string, carried: Carried): Tally {
  let lives = 0;
  let retired = 0;
  let excluded = 0;
  let male = 0;
  let female = 0;
  let unknown = 0;
  const ageBand = emptyBuckets(AGE_BANDS);
  const salaryBand = emptyBuckets(SALARY_BANDS);
  const tenure = emptyBuckets(TENURE_BANDS);
  const demographics: Record<string, number> = {};
  const imputed = { gender: 0, dateOfBirth: 0, annualSalary: 0 };
  const livesByFile = new Map<string, number>();
  let runFile = '';
  let run = 0;

  for (let ri = 0; ri < members.length; ri++) {
    const m = members[ri];
    if (m.imputed.gender) imputed.gender++;
    if (m.imputed.dateOfBirth) imputed.dateOfBirth++;
    if (m.imputed.annualSalary) imputed.annualSalary++;
    if (isRetired(m.status)) {
      retired++;
      continue;
    }
    if (isExcluded(m.status)) {
      excluded++;
      continue;
    }
    if (!isLife(m.status)) continue;
    lives++;
    // Members come grouped by file: count runs of one first file, then add them up.
    if (m.files[0] !== runFile) {
      if (run) livesByFile.set(runFile, (livesByFile.get(runFile) ?? 0) + run);
      runFile = m.files[0];
      run = 0;
    }
    run++;
    if (m.gender === 'male') male++;
    else if (m.gender === 'female') female++;
    else unknown++;
    const age = ageAt(m, asOf);
    if (age !== null) ageBand[label(AGE_LABELS, AGE_BANDS, Math.max(0, age))]++;
    if (m.state) demographics[m.state] = (demographics[m.state] ?? 0) + 1;
    if (m.relationship !== 'employee') continue;
    if (m.annualSalary !== null) salaryBand[bucketOf(SALARY_BANDS, Math.round(m.annualSalary))]++;
    if (m.hireDate) tenure[label(TENURE_LABELS, TENURE_BANDS, Math.max(0, wholeYears(m.hireDate, asOf)))]++;
  }
  if (run) livesByFile.set(runFile, (livesByFile.get(runFile) ?? 0) + run);

  const sortedStates: Record<string, number> = {};
  for (const k of Object.keys(demographics).sort()) sortedStates[k] = demographics[k];
  return {
    totalLives: lives,
    livesAdditionalInfo: { retired, excluded },
    genderRatio: { male: share(male, lives), female: share(female, lives), unknown: share(unknown, lives) },
    ageBand: carried.age ? ageBand : {},
    salaryBand: carried.salary ? salaryBand : {},
    tenure: carried.tenure ? tenure : {},
    demographics: carried.state ? sortedStates : {},
    imputed,
    livesByFile,
  };
}
