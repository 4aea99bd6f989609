/**
 * Dedupe stage (CENSUS.md "Members, deduplication, status"): two members are the same person when
 *   - their employeeId, relationship, first name and birth date match, or,
 *   - with no employeeId (on either side), when first name, last name and birth date match.
 * Names and ids compare with case, accents and spaces folded (" GARY " = "Gary", "José" = "Jose");
 * numeric ids without their leading zeros (00123 = 123); a blank birth date matches a blank one. The
 * no-id rule needs both names. Two dependents from one row (twins in "Child 1 DOB" and "Child 2 DOB")
 * are never each other's duplicate.
 * The most complete row is kept (most filled canonical values; the first one on a tie), at the place of
 * the first; it remembers every file that names the person. Duplicates across files count once.
 * One pass with two Maps keyed by the rules: O(members).
 */
import { foldKey } from './text';
import type { Change, Member, MemberValues } from './types';
import { idKey } from './merge';

const VALUE_FIELDS: (keyof MemberValues)[] = [
  'employeeId', 'firstName', 'lastName', 'relationship', 'dateOfBirth', 'age', 'gender', 'zip', 'state',
  'hireDate', 'annualSalary', 'monthlySalary', 'hourlyRate', 'hoursPerWeek', 'status', 'coverageTier',
  'jobTitle', 'tobacco', 'ssnLast4',
];

export function completeness(m: MemberValues): number {
  let n = 0;
  for (const f of VALUE_FIELDS) if (m[f] !== null && m[f] !== '') n++;
  return n;
}

export function idRuleKey(m: MemberValues): string | null {
  if (!m.employeeId) return null;
  return `${idKey(m.employeeId)}\u0000${m.relationship ?? ''}\u0000${foldKey(m.firstName)}\u0000${m.dateOfBirth ?? ''}`;
}

export function nameRuleKey(m: MemberValues): string | null {
  if (!m.firstName || !m.lastName) return null;
  return `${foldKey(m.firstName)}\u0000${foldKey(m.lastName)}\u0000${m.dateOfBirth ?? ''}`;
}

export interface DedupeResult {
  members: Member[];
  changes: Change[];
  /** uid of every removed duplicate -> uid of the member kept for it. */
  replaced: Map<number, number>;
}

function sameRow(a: Member, b: Member): boolean {
  return a.file === b.file && a.sheet === b.sheet && a.row === b.row;
}

export function dedupe(input: Member[]): DedupeResult {
  /** slot index in `kept` for each key */
  const byId = new Map<string, number>();
  const byName = new Map<string, number>();
  const kept: Member[] = [];
  const changes: Change[] = [];
  const replaced = new Map<number, number>();

  // Pure: work on copies, the input stays as it was.
  for (const original of input) {
    const m: Member = { ...original, files: [...original.files] };
    const ik = idRuleKey(m);
    const nk = nameRuleKey(m);
    let slot: number | undefined;
    if (ik !== null) slot = byId.get(ik);
    // The name rule: a member without an id matches anyone of that name and birth date; a member with
    // an id matches a member of that name and birth date who had no id.
    if (slot === undefined && nk !== null) {
      const s = byName.get(nk);
      if (s !== undefined && (ik === null || !kept[s].employeeId)) slot = s;
    }
    if (slot !== undefined && sameRow(kept[slot], m)) slot = undefined;

    if (slot === undefined) {
      const s = kept.length;
      kept.push(m);
      if (ik !== null && !byId.has(ik)) byId.set(ik, s);
      if (nk !== null && !byName.has(nk)) byName.set(nk, s);
      continue;
    }

    const current = kept[slot];
    const files = [...current.files];
    for (const f of m.files) if (!files.includes(f)) files.push(f);
    let keep = current;
    let drop = m;
    if (completeness(m) > completeness(current)) {
      keep = m;
      drop = current;
    }
    keep.files = files;
    kept[slot] = keep;
    if (ik !== null && !byId.has(ik)) byId.set(ik, slot);
    if (nk !== null && !byName.has(nk)) byName.set(nk, slot);
    replaced.set(drop.uid, keep.uid);
    changes.push({
      file: drop.file,
      sheet: drop.sheet,
      row: drop.row,
      field: '(row)',
      from: [drop.firstName, drop.lastName].filter(Boolean).join(' ') || drop.employeeId || '',
      to: `same person as ${keep.file} ${keep.sheet} row ${keep.row}`,
      why: 'duplicate person: removed, the most complete row is kept',
    });
  }

  // A kept member can itself be dropped later: follow the chain to the final one.
  const resolve = (uid: number): number => {
    let u = uid;
    while (replaced.has(u)) u = replaced.get(u)!;
    return u;
  };
  for (const from of replaced.keys()) replaced.set(from, resolve(from));
  // Dependents of a removed employee belong to the employee kept for it.
  for (const m of kept) {
    if (m.employeeUid !== null && replaced.has(m.employeeUid)) m.employeeUid = replaced.get(m.employeeUid)!;
  }
  return { members: kept, changes, replaced };
}
