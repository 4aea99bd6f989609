/**
 * Role rules, as data: columns that are read for another purpose than a census field of their own (a
 * pay mode that says per row what the amount is, an exit or rehire date, a member sequence) or that name
 * a field in a way of their own (a yes/no active flag, a subscriber flag). Each entry says when it
 * applies, what the column becomes, and the evidence for it. index.ts runs the table in order before any
 * field is scored; the first rule that applies decides the column.
 *
 * Their header words are the language packs' role words, read through role-words.ts.
 */
import type { Cell, ColumnMapping } from '../types';
import { cellText } from '../text';
import { isYesNo } from '../values/codes';
import { isActiveFlagHeader, isStatusOnlyHeader, type ColumnStats } from './column-stats';
import { says } from './role-words';

/** T, F and X: yes/no as isYesNo reads them, but also status letters (T terminated, F full-time). */
const STATUS_LETTER = /^\s*[tfx]\s*$/i;

/** What a role rule reads of a column. */
export interface RoleContext {
  header: string;
  /** the header's words with camelCase and snake_case split ('PayType' -> 'pay type') */
  spaced: string;
  sample: readonly Cell[];
  stats: ColumnStats;
}

export type RoleMapping = Pick<ColumnMapping, 'field' | 'confidence' | 'reason'> & Partial<Pick<ColumnMapping, 'role' | 'codes'>>;

export interface RoleRule {
  name: string;
  when: (c: RoleContext) => boolean;
  then: (c: RoleContext) => RoleMapping;
  evidence: string;
}

const round2 = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;
const hasLowestSequence = (st: ColumnStats) => st.digitCounts.has('0') || st.digitCounts.has('00') || st.digitCounts.has('1') || st.digitCounts.has('01');

export const ROLE_RULES: readonly RoleRule[] = [
  {
    name: 'pay mode',
    // Values first: a pay column whose values are nearly all pay modes (HOURLY, SALARY) is one, whatever
    // word its header uses for it ('Pay Method').
    when: ({ header, spaced, stats: st }) =>
      ((says('payMode', spaced) || says('payModePair', header)) && st.n >= 1 && st.payModes >= 0.6) || (st.n >= 3 && st.payModes >= 0.9 && says('pay', spaced)),
    then: ({ sample, stats }) => ({ field: null, confidence: round2(0.6 + 0.3 * stats.payModes), role: 'payMode', reason: `pay mode (${sample.slice(0, 3).map(cellText).join(', ')} ...): no amount column to apply it to` }),
    evidence: "Principal's 'Salary Mode' (A, H, Semi-Monthly, B, W, M per row), TriNet's S/H flag beside 'Salary or Hourly Rate', a PEO export's 'Pay Method' SALARY/HOURLY beside one 'Pay Rate'",
  },
  {
    name: 'rehire date',
    when: ({ spaced, stats: st }) => says('rehire', spaced) && !says('notEmployment', spaced) && (st.n === 0 || st.dates >= 0.5),
    then: () => ({ field: null, confidence: 0.9, role: 'rehireDate', reason: 'rehire date: not a census field, but a rehire on or after the exit date means the member came back (the exit date does not make them terminated)' }),
    evidence: "a ben-admin census template carries 'Termination Date' and 'Rehire Date' side by side (launchpad-census-template.csv)",
  },
  {
    name: 'exit date',
    when: ({ spaced, stats: st }) => says('exit', spaced) && !says('notEmployment', spaced) && says('date', spaced) && (st.n === 0 || st.dates >= 0.5),
    then: () => ({ field: null, confidence: 0.9, role: 'exitDate', reason: 'exit date: not a census field, but a date before the as-of date makes the member terminated unless a status says otherwise' }),
    evidence: "401(k) censuses with no status column mark leavers only by 'Termination Date' (mega_backdoor_acp samples); 'coverage_end' of an 834 input ends a coverage, not the employment",
  },
  {
    name: 'member sequence',
    when: ({ spaced, stats: st }) => says('sequence', spaced) && st.n >= 3 && st.digits >= 0.8 && hasLowestSequence(st),
    then: () => ({ field: null, confidence: 0.8, role: 'memberSequence', reason: 'member sequence within a household: not a census field, but with no relationship column its lowest number (0 or 1) marks the employee and the others dependents' }),
    evidence: "834-style and vendor eligibility files may number a household's members (a member sequence or suffix: 0 or 00 the subscriber, then 01, 02 ...) where they give no relationship",
  },
  {
    name: 'active flag',
    when: ({ header, stats: st }) => isActiveFlagHeader(header) && st.n >= 1 && st.yesNo >= 0.8,
    then: ({ header }) => ({ field: 'status', confidence: 0.9, codes: 'activeFlag', reason: `header '${header}' with yes/no values: a status flag (true, yes or 1: active; false, no or 0: not active, left out of the lives)` }),
    evidence: "workforce-simulation and eligibility files flag the status as 'ACTIVE' true/false/1/0 (planwise census import), 'active_flag', 'eligible_ind' Y/N",
  },
  {
    name: 'status flag under a status header',
    // Yes/no words, booleans or 1/0 (T/F are status letters: T terminated, F full-time, and stay codes).
    when: ({ header, sample, stats: st }) =>
      isStatusOnlyHeader(header) && st.n >= 3 && st.yesNo >= 0.8 && sample.filter((x) => typeof x === 'boolean' || (isYesNo(cellText(x)) && !STATUS_LETTER.test(cellText(x)))).length >= 0.8 * st.n,
    then: ({ header }) => ({
      field: 'status',
      // Under the weak-mapping line: the report asks a person to check it.
      confidence: 0.55,
      codes: 'activeFlag',
      reason: `header '${header}' names the employment status but holds yes/no: read as an active flag (yes: active; no: not active, left out of the lives); please check`,
    }),
    evidence: "an 'active_flag' of true/false written 'Status', 'Situación Laboral', 'Statut' or 'Situação' (the variants of the planwise and eligibility files, issue 19); a 'form signed' or 'HCE Status' flag has other words in its header and stays a flag of something else",
  },
  {
    name: 'subscriber flag',
    when: ({ spaced, stats: st }) => says('subscriberFlag', spaced) && st.n >= 3 && st.subscriberFlag >= 0.8 && st.digits < 0.8,
    then: ({ header }) => ({ field: 'relationship', confidence: 0.8, codes: 'flag', reason: `header '${header}' with yes/no values: a subscriber flag (yes: the employee, no: a dependent)` }),
    evidence: "a yes/no 'Subscriber' or 'Employee?' column says who is the employee in place of a relationship code",
  },
];

/** The first role rule that applies to a column with a header, or null. */
export function roleOf(c: RoleContext): RoleMapping | null {
  if (!c.header) return null;
  for (const r of ROLE_RULES) if (r.when(c)) return r.then(c);
  return null;
}
