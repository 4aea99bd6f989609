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
import { wholeYears } from './normalise/dates';
import { ageAt } from './impute';

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

export function isLife(status: MemberStatus | null): boolean {
  return status === null || LIFE_STATUSES.includes(status);
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

export function analyse(members: readonly Member[], asOf: string, carried: Carried): Figures {
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

  for (const m of members) {
    if (m.status !== null && RETIRED_STATUSES.includes(m.status)) {
      retired++;
      continue;
    }
    if (m.status !== null && EXCLUDED_STATUSES.includes(m.status)) {
      excluded++;
      continue;
    }
    if (!isLife(m.status)) continue;
    lives++;
    if (m.gender === 'male') male++;
    else if (m.gender === 'female') female++;
    else unknown++;
    const age = ageAt(m, asOf);
    if (age !== null) ageBand[bucketOf(AGE_BANDS, Math.max(0, age))]++;
    if (m.state) demographics[m.state] = (demographics[m.state] ?? 0) + 1;
    if (m.relationship !== 'employee') continue;
    if (m.annualSalary !== null) salaryBand[bucketOf(SALARY_BANDS, Math.round(m.annualSalary))]++;
    if (m.hireDate) tenure[bucketOf(TENURE_BANDS, Math.max(0, wholeYears(m.hireDate, asOf)))]++;
  }

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
  };
}
