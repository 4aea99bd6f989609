/**
 * Readiness: before anything is downloaded, what a census is missing for a target, counted and in
 * words ('12 employees have no ZIP code: the carrier rates by ZIP'), what blocks the file apart from
 * what is only advised. Counts and field names only: never a person's data.
 */
import { runChecks } from '../checks';
import type { Member } from '../types';
import { isEmployee } from './cells';
import { isLife, membersFor } from './rows';
import type { Coverage, ExportInput, ExportTarget, Readiness, ReadinessProblem, Requirement, RequirementField } from './types';
import { keepsFullValue } from '../fields';

/** Is the value the requirement asks for missing on this member? */
const MISSING: Record<RequirementField, (m: Member) => boolean> = {
  firstName: (m) => !m.firstName,
  lastName: (m) => !m.lastName,
  name: (m) => !m.firstName && !m.lastName,
  dateOfBirth: (m) => !m.dateOfBirth,
  dateOfBirthOrAge: (m) => !m.dateOfBirth && m.age === null,
  gender: (m) => m.gender === null || m.gender === 'unknown',
  zip: (m) => !m.zip,
  state: (m) => !m.state,
  hireDate: (m) => !m.hireDate,
  annualSalary: (m) => m.annualSalary === null,
  coverageTier: (m) => m.coverageTier === null,
  relationship: (m) => m.relationship === 'other',
  // Without the case's opt-in full SSNs are never kept (only the last four digits), so a template that
  // wants one always lacks it; with it (KEPT_SSN below), a member lacks one when the file has none.
  ssn: () => true,
  status: (m) => m.status === null,
};

/** The SSN requirement of a run that kept full SSNs (the case opted in: ExportInput.keepSsn). */
const KEPT_SSN = { missing: (m: Member) => !m.ssnFull, said: 'have no SSN' } as const;

/** How each field is said in a message: 'have no ZIP code', 'have no birth date'. */
const SAID: Record<RequirementField, string> = {
  firstName: 'have no first name',
  lastName: 'have no last name',
  name: 'have no name',
  dateOfBirth: 'have no birth date',
  dateOfBirthOrAge: 'have neither a birth date nor an age',
  gender: 'have no gender',
  zip: 'have no ZIP code',
  state: 'have no state',
  hireDate: 'have no hire date',
  annualSalary: 'have no salary',
  coverageTier: 'have no coverage tier',
  relationship: 'have a relationship the template has no code for',
  ssn: 'have no full SSN (we keep only the last four digits)',
  status: 'have no employment status',
};

function linesText(lines: readonly Coverage[]): string {
  if (lines.length === 1) return `the ${lines[0]} quote`;
  return `the ${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]} quotes`;
}

function who(of: Requirement['of'], count: number): string {
  if (of === 'employees') return count === 1 ? '1 employee' : `${count} employees`;
  return count === 1 ? '1 member' : `${count} members`;
}

/** The sentence of a problem: '12 employees have no ZIP code: the carrier rates by ZIP (needed for the dental quote).' */
export function problemMessage(req: Requirement, count: number, keepSsn = false): string {
  const said = keepSsn && keepsFullValue(req.field) ? KEPT_SSN.said : SAID[req.field];
  const verb = count === 1 ? said.replace(/^have /, 'has ') : said;
  const lines = req.lines?.length ? ` (needed for ${linesText(req.lines)})` : '';
  return `${who(req.of, count)} ${verb}: ${req.why}${lines}.`;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Which members a target's file holds, in words: the one rule of ExportTarget.members, counted. */
export function heldSentence(target: Pick<ExportTarget, 'members'>, held: readonly Member[]): string {
  if (target.members === 'employeeLives') return `${count(held.length, 'employee', 'employees')}; dependents are not part of this import.`;
  if (target.members === 'lives') return `${count(held.length, 'member', 'members')}: the lives counted in the report.`;
  const lives = held.filter(isLife).length;
  return lives === held.length
    ? `${count(held.length, 'member', 'members')}: the lives counted in the report.`
    : `${count(held.length, 'member', 'members')}: the ${count(lives, 'life', 'lives')} counted and ${count(held.length - lives, 'member', 'members')} not counted, with their status.`;
}

/** What a census is missing for a target. */
export function readinessOf(target: ExportTarget, input: Pick<ExportInput, 'members' | 'asOf' | 'keepSsn'>): Readiness {
  const keepSsn = input.keepSsn === true;
  const members = membersFor(target, input.members);
  // Members who are not counted (in an 'all' file with their status) never block a target.
  const counted = members.filter(isLife);
  const problems: ReadinessProblem[] = [];
  if (members.length === 0) {
    problems.push({ field: 'members', count: 0, blocking: true, askEmployer: true, message: 'The census has no members to export.' });
  }
  for (const req of target.requires) {
    const pool = req.of === 'employees' ? counted.filter(isEmployee) : counted;
    const count = pool.filter(keepSsn && keepsFullValue(req.field) ? KEPT_SSN.missing : MISSING[req.field]).length;
    if (count > 0) problems.push({ field: req.field, count, blocking: req.blocking, askEmployer: true, message: problemMessage(req, count, keepSsn) });
  }
  // A dependent whose employee is not in the census has no family to be placed in.
  const uids = new Set(members.map((m) => m.uid));
  const alone = counted.filter((m) => !isEmployee(m) && (m.employeeUid === null || !uids.has(m.employeeUid))).length;
  if (alone > 0) {
    problems.push({
      field: 'employee',
      count: alone,
      blocking: false,
      askEmployer: false,
      message: `${alone === 1 ? '1 dependent has' : `${alone} dependents have`} no employee in the census: the carrier cannot place ${alone === 1 ? 'it' : 'them'} in a family.`,
    });
  }
  if (target.members === 'employeeLives') {
    const dependents = input.members.filter((m) => !isEmployee(m) && isLife(m)).length;
    if (dependents > 0) {
      problems.push({
        field: 'relationship',
        count: dependents,
        blocking: false,
        askEmployer: false,
        message: `${dependents === 1 ? '1 dependent is' : `${dependents} dependents are`} left out: this census import lists employees only.`,
      });
    }
  }
  if (target.members !== 'all') {
    const left = input.members.filter((m) => !isLife(m) && (target.members === 'lives' || isEmployee(m))).length;
    if (left > 0) {
      problems.push({
        field: 'status',
        count: left,
        blocking: false,
        askEmployer: false,
        message: `${left === 1 ? '1 member is' : `${left} members are`} left out: terminated, retired, waived or deceased, and this template has no status column.`,
      });
    }
  }
  const estimated = members.filter((m) => m.imputed.dateOfBirth).length;
  if (estimated > 0) {
    problems.push({
      field: 'dateOfBirth',
      count: estimated,
      blocking: false,
      askEmployer: true,
      message: `${estimated === 1 ? '1 birth date was' : `${estimated} birth dates were`} estimated from an age: ask the employer for the real dates before the quote is bound.`,
    });
  }
  // The checks a broker makes (checks.ts), on the members the file holds: advised, never blocking.
  for (const { check, members: failing } of runChecks(members, input.asOf)) {
    problems.push({ field: check.field, count: failing.length, blocking: false, askEmployer: true, message: check.said(failing.length, input.asOf) });
  }
  // Blocking first, then by count: what to fix first is on top.
  problems.sort((a, b) => Number(b.blocking) - Number(a.blocking) || b.count - a.count);
  return { target: target.id, ready: !problems.some((p) => p.blocking), holds: heldSentence(target, members), problems };
}

export { isLife };

/**
 * Per member of the target's file, what each requirement finds missing: the member table's
 * 'readiness' problems (member-table.ts). Members outside the target's file (not counted, or
 * dependents of an employees-only import) have none.
 */
export function missingPerMember(target: ExportTarget, all: readonly Member[]): Map<Member, { field: RequirementField; blocking: boolean; reason: string }[]> {
  const out = new Map<Member, { field: RequirementField; blocking: boolean; reason: string }[]>();
  const members = membersFor(target, all);
  for (const req of target.requires) {
    const missing = MISSING[req.field];
    const reason = `${SAID[req.field].replace(/^have /, '')} for ${target.name}: ${req.why}${req.blocking ? '' : ' (advised)'}`;
    for (const m of members) {
      if (req.of === 'employees' && !isEmployee(m)) continue;
      if (!missing(m)) continue;
      const list = out.get(m);
      const p = { field: req.field, blocking: req.blocking, reason: reason.charAt(0).toUpperCase() + reason.slice(1) };
      if (list) list.push(p);
      else out.set(m, [p]);
    }
  }
  return out;
}
