/**
 * The members of an export in file order: each employee followed by their dependents, then the
 * dependents whose employee is not in the census. Templates that key a household (a family id, a
 * dependent row under its employee) need that order; the clean census keeps it too.
 */
import { LIFE_STATUSES } from '../../../shared/census/report';
import type { Member } from '../types';
import { isEmployee } from './cells';
import type { ExportTarget, Row } from './types';

const LIVES = new Set<string>(LIFE_STATUSES);
/** A member counted as a life (a blank status counts as active). */
export const isLife = (m: Member) => m.status === null || LIVES.has(m.status);

/** The members a target takes (every member, the lives, or the employees who are lives). */
export function membersFor(target: Pick<ExportTarget, 'members'>, members: readonly Member[]): Member[] {
  if (target.members === 'lives') return members.filter(isLife);
  if (target.members === 'employeeLives') return members.filter((m) => isLife(m) && isEmployee(m));
  return [...members];
}

export function familyRows(members: readonly Member[], asOf: string): Row[] {
  const byEmployee = new Map<number, Member[]>();
  const present = new Set(members.map((m) => m.uid));
  const orphans: Member[] = [];
  for (const m of members) {
    if (isEmployee(m)) continue;
    if (m.employeeUid !== null && present.has(m.employeeUid)) {
      const list = byEmployee.get(m.employeeUid) ?? [];
      list.push(m);
      byEmployee.set(m.employeeUid, list);
    } else orphans.push(m);
  }
  const rows: Row[] = [];
  let familyNumber = 0;
  for (const m of members) {
    if (!isEmployee(m)) continue;
    familyNumber++;
    const family = byEmployee.get(m.uid) ?? [];
    rows.push({ member: m, employee: m, family, familyNumber, asOf });
    for (const d of family) rows.push({ member: d, employee: m, family, familyNumber, asOf });
  }
  for (const d of orphans) rows.push({ member: d, employee: null, family: [d], familyNumber: ++familyNumber, asOf });
  return rows;
}
