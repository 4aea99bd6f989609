/**
 * Role rules, as data: columns that are read for another purpose than a census field of their own (a
 * pay mode that says per row what the amount is, an exit or rehire date, a member sequence) or that name
 * a field in a way of their own (a yes/no active flag, a subscriber flag). Each entry says when it
 * applies, what the column becomes, and the evidence for it. index.ts runs the table in order before any
 * field is scored; the first rule that applies decides the column.
 *
 * The header patterns the table-wide pay rules read (a pay schedule, a period word, a mixed pay header)
 * are here too, so that every header pattern of the map stage is in one of vetoes.ts, roles.ts or the
 * language packs.
 */
import type { Cell, ColumnMapping } from '../types';
import { cellText } from '../text';
import { isYesNo } from '../values/codes';
import { isActiveFlagHeader, isStatusOnlyHeader, type ColumnStats } from './column-stats';

/** T, F and X: yes/no as isYesNo reads them, but also status letters (T terminated, F full-time). */
const STATUS_LETTER = /^\s*[tfx]\s*$/i;

/** A header made of the pay modes themselves: 'S/H', 'H or S', 'Salary/Hourly', 'Sal/Hr' (PEO census templates). */
const PAY_MODE_PAIR_HEADER = /^\s*(s|h|sal|salary|salaried|hr|hrly|hourly)\s*(\/|or|-)\s*(s|h|sal|salary|salaried|hr|hrly|hourly)\s*\??\s*$/i;
const PAY_MODE_HEADER = /\b(pay|payment|salary|rate|wage|comp|compensation|earnings?)\s*(mode|type|basis|frequency|freq|unit|class|description|desc|code|period|per|schedule)\b|\bsalary\s*mode\b|\bsalar(y|ied)\s*(or|\/)\s*hourly\b|\bhourly\s*(or|\/)\s*salar(y|ied)\b/i;
/** Any pay word: with values that are pay modes, the column is a pay mode. */
const PAY_WORD = /\b(pay|payment|salary|wage|wages|comp|compensation|earnings|remuneration)\b/i;
/** A rehire date: the member came back after the exit date beside it (401(k) and payroll censuses). */
const REHIRE_HEADER = /\b(rehire|rehired|re\s*hire|re\s*hired|reinstatement|reinstated|return\s+to\s+work)\b/i;
/** Also glued to its date word, as type-prefixed headers write it ('strTerminationdate', 'TermDt'). */
const EXIT_HEADER = /\b(termination|term|termed|terminated|exit|separation|separated|leaving|leaver|last\s+day)(date|dt)?\b/i;
const DATE_WORD = /\b(date|dt|day|on)\b|\b(termination|term|termed|terminated|exit|separation|separated|leaving)(date|dt)\b/i;
/** Coverage and plan words: a 'Coverage Termination Date' ends a coverage, not the employment. */
const NOT_EMPLOYMENT = /\b(coverage|benefit|plan|cobra|policy|contract|eligibility|elig|insurance|medical|dental|vision|enrollment)\b/i;
const FLAG_HEADER = /^\s*(is\s+)?(the\s+)?(subscriber|self|primary(\s+insured)?|employee|policy\s*holder|insured)\s*(indicator|ind|flag|\?|\(?\s*y\s*\/?\s*n\s*\)?|yes\s*\/\s*no)?\s*$/i;
/** A member sequence or suffix within a household (00/0/1 the subscriber, then the dependents). */
const SEQUENCE_HEADER = /\b(seq|sequence|suffix|sfx|person\s*(no|number|nbr|#)|member\s*(seq|sequence|suffix|sfx)|dependent\s*(no|number|nbr|#|seq|sequence))\b/i;

/** Pay-mode headers about how often people are paid, not what the amount is: used only when no other. */
export const PAY_SCHEDULE_HEADER = /frequency|freq|schedule|period|cycle/i;
/** Words that say the period of a pay amount ('Annual Salary', 'Hourly Rate'). */
export const PERIOD_WORDS = /\b(annual|annually|annualized|annualised|yearly|monthly|hourly|weekly|per\s+(hour|month|year|week))\b/i;
/** A header that names a pay amount (the column a pay mode applies to, when none was mapped). */
export const PAY_AMOUNT_HEADER = /\b(rate|salary|pay|wage|wages|compensation|comp|earnings|amount)\b/i;
/** A pay header that names two kinds of amount: 'Annual Salary or Hourly Rate', 'Hourly/Salary Rate'. */
export const MIXED_PAY_HEADER = /\b(salary|salaried|annual|wage|wages)\b.*\b(or|and)\b.*\b(hourly|hour|rate)\b|\b(hourly|hour)\b.*\b(or|and)\b.*\b(salary|salaried|annual)\b/i;

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
      ((PAY_MODE_HEADER.test(spaced) || PAY_MODE_PAIR_HEADER.test(header)) && st.n >= 1 && st.payModes >= 0.6) || (st.n >= 3 && st.payModes >= 0.9 && PAY_WORD.test(spaced)),
    then: ({ sample, stats }) => ({ field: null, confidence: round2(0.6 + 0.3 * stats.payModes), role: 'payMode', reason: `pay mode (${sample.slice(0, 3).map(cellText).join(', ')} ...): no amount column to apply it to` }),
    evidence: "Principal's 'Salary Mode' (A, H, Semi-Monthly, B, W, M per row), TriNet's S/H flag beside 'Salary or Hourly Rate', a PEO export's 'Pay Method' SALARY/HOURLY beside one 'Pay Rate'",
  },
  {
    name: 'rehire date',
    when: ({ spaced, stats: st }) => REHIRE_HEADER.test(spaced) && !NOT_EMPLOYMENT.test(spaced) && (st.n === 0 || st.dates >= 0.5),
    then: () => ({ field: null, confidence: 0.9, role: 'rehireDate', reason: 'rehire date: not a census field, but a rehire on or after the exit date means the member came back (the exit date does not make them terminated)' }),
    evidence: "a ben-admin census template carries 'Termination Date' and 'Rehire Date' side by side (launchpad-census-template.csv)",
  },
  {
    name: 'exit date',
    when: ({ spaced, stats: st }) => EXIT_HEADER.test(spaced) && !NOT_EMPLOYMENT.test(spaced) && DATE_WORD.test(spaced) && (st.n === 0 || st.dates >= 0.5),
    then: () => ({ field: null, confidence: 0.9, role: 'exitDate', reason: 'exit date: not a census field, but a date before the as-of date makes the member terminated unless a status says otherwise' }),
    evidence: "401(k) censuses with no status column mark leavers only by 'Termination Date' (mega_backdoor_acp samples); 'coverage_end' of an 834 input ends a coverage, not the employment",
  },
  {
    name: 'member sequence',
    when: ({ spaced, stats: st }) => SEQUENCE_HEADER.test(spaced) && st.n >= 3 && st.digits >= 0.8 && hasLowestSequence(st),
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
    when: ({ spaced, stats: st }) => FLAG_HEADER.test(spaced) && st.n >= 3 && st.subscriberFlag >= 0.8 && st.digits < 0.8,
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
