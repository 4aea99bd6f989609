/**
 * The checks a broker makes before a census goes to a carrier (issue 28): values each plausible on
 * its own that are wrong for this person (a birth date after the as-of date, a child of 30, a hire
 * date before the 14th birthday, a salary no job pays, a tier that disagrees with the household).
 * Each check is data: the field it marks, who it looks at, when a member fails it, and its words.
 * Only counted members are checked (a retiree's odd hire date changes no figure and blocks no file).
 *
 * They are said in three places from this one list: the review (one sentence per check with its
 * count and first rows), the readiness of every target (an advisory, never blocking), and the member
 * table (the failing cell of each member, with the check's reason).
 */
import type { MemberTableField } from '../../shared/census/report';
import { ageAt, isLife } from './members';
import { REVIEW_WEIGHT, type ReviewItem } from './review';
import { CHECK_LIMITS } from './rules';
import type { Member } from './types';
import { wholeYears } from './values/dates';

export type CheckId = 'born-after-as-of' | 'child-26-or-older' | 'employee-age' | 'hired-before-14' | 'hired-after-as-of' | 'salary-implausible' | 'tier-household';

/** What a check sees of a member beyond its own values. */
export interface CheckContext {
  asOf: string;
  /** The counted dependents of each employee (by uid). */
  household: (m: Member) => { spouse: boolean; child: boolean };
  /** Whether the census lists any dependent at all (an employees-only file cannot show a tier's dependents). */
  listsDependents: boolean;
}

export interface Check {
  id: CheckId;
  /** The cell the member table marks. */
  field: MemberTableField;
  fails: (m: Member, ctx: CheckContext) => boolean;
  /** The member table's reason on the member's cell. */
  reason: (m: Member, ctx: CheckContext) => string;
  /** The review's sentence: count, who, what to do. */
  said: (count: number, asOf: string) => string;
}

const isEmployee = (m: Member) => m.relationship === null || m.relationship === 'employee';
const isSpouse = (m: Member) => m.relationship === 'spouse' || m.relationship === 'domesticPartner';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const money = (n: number) => `$${n.toLocaleString('en-US')}`;

/** The salary floor of the period the file gave the pay in (hourly rate, monthly salary, else a year's pay). */
function underFloor(m: Member): boolean {
  if (m.hourlyRate !== null) return m.hourlyRate < CHECK_LIMITS.hourlyFloor;
  if (m.monthlySalary !== null) return m.monthlySalary < CHECK_LIMITS.monthlyFloor;
  return m.annualSalary !== null && m.annualSalary < CHECK_LIMITS.annualFloor;
}

/** A tier that leaves out a dependent listed, or (when the census lists dependents) covers one not listed. */
function tierDisagrees(m: Member, ctx: CheckContext): boolean {
  if (!isEmployee(m) || m.coverageTier === null || m.coverageTier === 'waived') return false;
  const { spouse, child } = ctx.household(m);
  switch (m.coverageTier) {
    case 'EE': return spouse || child;
    case 'ES': return child || (ctx.listsDependents && !spouse);
    case 'EC': return spouse || (ctx.listsDependents && !child);
    case 'EF': return ctx.listsDependents && !spouse && !child;
    default: return false;
  }
}

export const CHECKS: readonly Check[] = [
  {
    id: 'born-after-as-of',
    field: 'dateOfBirth',
    fails: (m, ctx) => m.dateOfBirth !== null && m.dateOfBirth > ctx.asOf,
    reason: (_m, ctx) => `Birth date after the as-of date (${ctx.asOf})`,
    said: (n, asOf) => `${plural(n, 'member was', 'members were')} born after the as-of date (${asOf}): an age below 0, counted in the 0-17 band. Check the birth dates or the as-of date.`,
  },
  {
    id: 'child-26-or-older',
    field: 'dateOfBirth',
    fails: (m, ctx) => m.relationship === 'child' && !m.imputed.dateOfBirth && (ageAt(m, ctx.asOf) ?? 0) >= CHECK_LIMITS.childAge,
    reason: (m, ctx) => `A child aged ${ageAt(m, ctx.asOf)}: ${CHECK_LIMITS.childAge} or more`,
    said: (n) => `${plural(n, 'child is', 'children are')} ${CHECK_LIMITS.childAge} or older: a child is covered to ${CHECK_LIMITS.childAge} unless disabled. Check their birth dates and relationship.`,
  },
  {
    id: 'employee-age',
    field: 'dateOfBirth',
    fails: (m, ctx) => {
      if (!isEmployee(m) || m.imputed.dateOfBirth) return false;
      const age = ageAt(m, ctx.asOf);
      return age !== null && (age < CHECK_LIMITS.employeeMinAge || age > CHECK_LIMITS.employeeMaxAge);
    },
    reason: (m, ctx) => `An employee aged ${ageAt(m, ctx.asOf)}: under ${CHECK_LIMITS.employeeMinAge} or over ${CHECK_LIMITS.employeeMaxAge}`,
    said: (n) => `${plural(n, 'employee is', 'employees are')} under ${CHECK_LIMITS.employeeMinAge} or over ${CHECK_LIMITS.employeeMaxAge}: check the birth dates (a dependent's row read as an employee's?).`,
  },
  {
    id: 'hired-before-14',
    field: 'hireDate',
    // An estimated birth date (impute.ts: the median age of the member's group) says nothing of this person.
    fails: (m) => m.hireDate !== null && m.dateOfBirth !== null && !m.imputed.dateOfBirth && wholeYears(m.dateOfBirth, m.hireDate) < CHECK_LIMITS.hireMinAge,
    reason: () => `Hire date before the ${CHECK_LIMITS.hireMinAge}th birthday`,
    said: (n) => `${plural(n, 'member was', 'members were')} hired before their ${CHECK_LIMITS.hireMinAge}th birthday: check the hire dates and birth dates (swapped columns?).`,
  },
  {
    id: 'hired-after-as-of',
    field: 'hireDate',
    fails: (m, ctx) => m.hireDate !== null && m.hireDate > ctx.asOf,
    reason: (_m, ctx) => `Hire date after the as-of date (${ctx.asOf})`,
    said: (n, asOf) => `${plural(n, 'member has', 'members have')} a hire date after the as-of date (${asOf}): check the hire dates (a future hire is not yet eligible).`,
  },
  {
    id: 'salary-implausible',
    field: 'annualSalary',
    fails: (m) => isEmployee(m) && m.annualSalary !== null && (underFloor(m) || m.annualSalary > CHECK_LIMITS.salaryCeiling),
    reason: (m) => (underFloor(m) ? 'Salary under the part-time floor of its pay period' : `Salary over ${money(CHECK_LIMITS.salaryCeiling)} a year`),
    said: (n) =>
      `${plural(n, 'employee has', 'employees have')} a salary under the part-time floor of its pay period (${money(CHECK_LIMITS.annualFloor)} a year, ${money(CHECK_LIMITS.monthlyFloor)} a month, $${CHECK_LIMITS.hourlyFloor} an hour) or over ${money(CHECK_LIMITS.salaryCeiling)}: check the pay and its period.`,
  },
  {
    id: 'tier-household',
    field: 'coverageTier',
    fails: tierDisagrees,
    reason: (m, ctx) => {
      const { spouse, child } = ctx.household(m);
      const listed = spouse && child ? 'a spouse and children' : spouse ? 'a spouse' : child ? 'children' : 'no dependents';
      return `Tier ${m.coverageTier} with ${listed} listed`;
    },
    said: (n) => `${plural(n, 'household has', 'households have')} a coverage tier that does not match the dependents listed (an EE tier with a spouse listed, say): check the tiers or the dependents.`,
  },
];

/** A check's outcome: the members failing it, in file order. */
export interface CheckFinding {
  check: Check;
  members: Member[];
}

/** The context the checks need, built once per member list. */
export function checkContext(members: readonly Member[], asOf: string): CheckContext {
  const households = new Map<number, { spouse: boolean; child: boolean }>();
  let listsDependents = false;
  for (let ri = 0; ri < members.length; ri++) {
    const m = members[ri];
    if (isEmployee(m) || !isLife(m.status)) continue;
    listsDependents = true;
    if (m.employeeUid === null) continue;
    const h = households.get(m.employeeUid) ?? { spouse: false, child: false };
    if (isSpouse(m)) h.spouse = true;
    else if (m.relationship === 'child') h.child = true;
    households.set(m.employeeUid, h);
  }
  const none = { spouse: false, child: false };
  return { asOf, listsDependents, household: (m) => households.get(m.uid) ?? none };
}

/** Every check over the counted members; checks nobody fails are left out. */
export function runChecks(members: readonly Member[], asOf: string): CheckFinding[] {
  const ctx = checkContext(members, asOf);
  const found = CHECKS.map((check) => ({ check, members: [] as Member[] }));
  for (let ri = 0; ri < members.length; ri++) {
    const m = members[ri];
    if (!isLife(m.status)) continue;
    for (let k = 0; k < found.length; k++) if (found[k].check.fails(m, ctx)) found[k].members.push(m);
  }
  return found.filter((f) => f.members.length > 0);
}

/** Rows quoted in a check's review sentence before 'and N more'. */
const ROWS_QUOTED = 5;

/** Where a member was read, as the review quotes it: 'staff.xlsx Census row 12'. */
export function whereRead(m: Pick<Member, 'file' | 'sheet' | 'row'>): string {
  return `${m.file}${m.sheet ? ` ${m.sheet}` : ''} row ${m.row}`;
}

/** One review sentence per failed check: its words, then the first rows. */
export function checksReview(findings: readonly CheckFinding[], asOf: string): ReviewItem[] {
  return findings.map(({ check, members }) => {
    const rows = members.slice(0, ROWS_QUOTED).map(whereRead).join(', ');
    const more = members.length > ROWS_QUOTED ? ` and ${members.length - ROWS_QUOTED} more` : '';
    return { file: null, reason: `${check.said(members.length, asOf)} (${rows}${more})`, columns: [], weight: REVIEW_WEIGHT.data };
  });
}

/** The failed checks of one member, as the member table marks its cells. */
export function memberChecks(m: Member, ctx: CheckContext): { field: MemberTableField; reason: string }[] {
  if (!isLife(m.status)) return [];
  return CHECKS.filter((c) => c.fails(m, ctx)).map((c) => ({ field: c.field, reason: c.reason(m, ctx) }));
}
