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
 * One pass, with members bucketed by id and by last name: O(members).
 */
import { foldKey } from './text';
import type { Change, Member, MemberValues } from './types';
import { copyMember, idKey } from './merge';

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

/**
 * Members seen so far, bucketed by employee id (or by folded last name for the name rule): a bucket
 * holds a family, so finding a match is a Map lookup and a short scan, with no composite key built
 * per member.
 */
interface Seen {
  rel: string;
  first: string;
  last: string;
  dob: string;
  slot: number;
}

function findIn(bucket: Seen[] | undefined, rel: string | null, first: string, last: string | null, dob: string): number | undefined {
  if (!bucket) return undefined;
  for (let i = 0; i < bucket.length; i++) {
    const s = bucket[i];
    if (s.first === first && s.dob === dob && (rel === null || s.rel === rel) && (last === null || s.last === last)) return s.slot;
  }
  return undefined;
}

function addTo(map: Map<string, Seen[]>, key: string, seen: Seen): Seen[] {
  const bucket = map.get(key);
  if (bucket) {
    bucket.push(seen);
    return bucket;
  }
  const created = [seen];
  map.set(key, created);
  return created;
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

/**
 * @param nameRule whether any member lacks an employee id but has both names (the only case the name
 *   rule can match); computed when not given (the merge stage knows it already).
 */
export function dedupe(input: Member[], nameRule = input.some((m) => !m.employeeId && m.firstName && m.lastName)): DedupeResult {
  /** Id rule: employee id -> members seen with it. Name rule: folded last name -> members seen. */
  const byId = new Map<string, Seen[]>();
  const byName = new Map<string, Seen[]>();
  const kept: Member[] = [];
  const changes: Change[] = [];
  const replaced = new Map<number, number>();

  // A family's rows come together: remember the last id's bucket to skip most Map lookups.
  let lastId: string | null = null;
  let lastBucket: Seen[] | undefined;
  const bucketOf = (id: string) => {
    if (id !== lastId) {
      lastId = id;
      lastBucket = byId.get(id);
    }
    return lastBucket;
  };
  // Pure: members are copied only when they change (files merged, employee re-linked).
  for (const m of input) {
    const id = m.employeeId ? idKey(m.employeeId) : null;
    const rel = m.relationship ?? '';
    const first = foldKey(m.firstName);
    const dob = m.dateOfBirth ?? '';
    const named = nameRule && Boolean(m.firstName && m.lastName);
    const last = named ? foldKey(m.lastName) : '';
    let slot: number | undefined;
    if (id !== null) slot = findIn(bucketOf(id), rel, first, null, dob);
    // The name rule: a member without an id matches anyone of that name and birth date; a member with
    // an id matches a member of that name and birth date who had no id.
    if (slot === undefined && named) {
      const s = findIn(byName.get(last), null, first, last, dob);
      if (s !== undefined && (id === null || !kept[s].employeeId)) slot = s;
    }
    if (slot !== undefined && sameRow(kept[slot], m)) slot = undefined;

    if (slot === undefined) {
      const s = kept.length;
      kept.push(m);
      const seen: Seen = { rel, first, last, dob, slot: s };
      if (id !== null) {
        // Keep the last-bucket cache right: this id's bucket may have just been created.
        const bucket = id === lastId && lastBucket ? (lastBucket.push(seen), lastBucket) : addTo(byId, id, seen);
        lastId = id;
        lastBucket = bucket;
      }
      if (named) addTo(byName, last, seen);
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
    keep = copyMember(keep);
    keep.files = files;
    kept[slot] = keep;
    // A match by the other rule: register this row's keys too, for the rows still to come.
    const seen: Seen = { rel, first, last, dob, slot };
    if (id !== null && findIn(bucketOf(id), rel, first, null, dob) === undefined) {
      lastBucket = addTo(byId, id, seen);
      lastId = id;
    }
    if (named && findIn(byName.get(last), null, first, last, dob) === undefined) addTo(byName, last, seen);
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
  for (let i = 0; replaced.size > 0 && i < kept.length; i++) {
    const m = kept[i];
    if (m.employeeUid !== null && replaced.has(m.employeeUid)) {
      const c = copyMember(m);
      c.employeeUid = replaced.get(m.employeeUid)!;
      kept[i] = c;
    }
  }
  return { members: kept, changes, replaced };
}
