/**
 * Dedupe stage (CENSUS.md "Members, deduplication, status"): two members are the same person when
 *   - their employeeId, relationship, first name and birth date match, or,
 *   - with no employeeId (on either side), when first name, last name and birth date match.
 * Names and ids compare with case, accents and spaces folded (" GARY " = "Gary", "José" = "Jose");
 * numeric ids without their leading zeros (00123 = 123); a blank birth date matches a blank one when
 * neither row gives an age, or both give the same age (ages are read before any date is imputed). The
 * no-id rule needs both names. Two dependents from one row (twins in "Child 1 DOB" and "Child 2 DOB")
 * are never each other's duplicate.
 * The most complete row is kept (most filled canonical values; the first one on a tie), at the place of
 * the first; it remembers every file that names the person. Duplicates across files count once.
 * One pass, with members bucketed by id and by last name: O(members).
 */
import { foldKey } from './text';
import type { Change, Issue, Member, MemberValues } from './types';

/** Row numbers quoted in a duplicates issue before "and N more". */
const ROWS_QUOTED = 12;
/** A sheet whose rows collapse by this share or more gets a warning: it may list people once per plan. */
const COLLAPSE_WARNING_SHARE = 0.5;
import { copyMember, idKey } from './members';

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

/**
 * The keys of the members seen so far, in parallel arrays (no object per member), chained into one
 * list per employee id and one per folded last name: finding a match is a Map lookup and a walk
 * along a family's few entries, with no composite key built per member.
 */
class SeenKeys {
  private n = 0;
  readonly rel: string[];
  readonly first: string[];
  readonly last: string[];
  readonly dob: string[];
  slot: Int32Array;
  next: Int32Array;

  /** Sized for `capacity` entries (one per member and rule); more (re-registered duplicates) grow it. */
  constructor(capacity: number) {
    const size = capacity + 16;
    this.rel = new Array(size);
    this.first = new Array(size);
    this.last = new Array(size);
    this.dob = new Array(size);
    this.slot = new Int32Array(size);
    this.next = new Int32Array(size);
  }

  add(rel: string, first: string, last: string, dob: string, slot: number, next: number): number {
    const k = this.n++;
    if (k >= this.slot.length) {
      const grown = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.slot = grown(this.slot);
      this.next = grown(this.next);
    }
    this.rel[k] = rel;
    this.first[k] = first;
    this.last[k] = last;
    this.dob[k] = dob;
    this.slot[k] = slot;
    this.next[k] = next;
    return k;
  }

  /** The slot of the first entry on the chain from `head` matching the keys (rel/last null: any). */
  find(head: number | undefined, rel: string | null, first: string, last: string | null, dob: string): number | undefined {
    for (let k = head ?? -1; k >= 0; k = this.next[k]) {
      if (this.first[k] === first && this.dob[k] === dob && (rel === null || this.rel[k] === rel) && (last === null || this.last[k] === last)) return this.slot[k];
    }
    return undefined;
  }
}

export interface DedupeResult {
  members: Member[];
  changes: Change[];
  /** Per sheet: how many rows were removed and which (summarised), and a warning when most collapse. */
  issues: Issue[];
  /** uid of every removed duplicate -> uid of the member kept for it. */
  replaced: Map<number, number>;
  /** The members removed as duplicates (the member table lists them, not counted). */
  removed: Member[];
}

function sameRow(a: Member, b: Member): boolean {
  return a.file === b.file && a.sheet === b.sheet && a.row === b.row;
}

/**
 * @param nameRule whether any member lacks an employee id but has both names (the only case the name
 *   rule can match); computed when not given (the merge stage knows it already).
 */
export function dedupe(
  input: Member[],
  nameRule = input.some((m) => !m.employeeId && m.firstName && m.lastName),
  /** A member counted by hand (hand-edits.ts) is never merged with another. */
  apart: (m: Member) => boolean = () => false,
): DedupeResult {
  /** Id rule: employee id -> its chain of keys. Name rule: folded last name -> its chain. */
  const byId = new Map<string, number>();
  const byName = new Map<string, number>();
  const idKeys = new SeenKeys(input.length);
  const nameKeys = new SeenKeys(nameRule ? input.length : 0);
  const kept: Member[] = [];
  const changes: Change[] = [];
  const replaced = new Map<number, number>();
  const removed: Member[] = [];

  // A family's rows come together: remember the last id's chain head to skip most Map lookups.
  let lastId: string | null = null;
  let lastHead: number | undefined;
  const headOf = (id: string) => {
    if (id !== lastId) {
      lastId = id;
      lastHead = byId.get(id);
    }
    return lastHead;
  };
  const addId = (id: string, rel: string, first: string, dob: string, slot: number) => {
    const head = idKeys.add(rel, first, '', dob, slot, headOf(id) ?? -1);
    byId.set(id, head);
    lastHead = head;
  };
  const addName = (last: string, first: string, dob: string, slot: number) => {
    byName.set(last, nameKeys.add('', first, last, dob, slot, byName.get(last) ?? -1));
  };
  // Pure: members are copied only when they change (files merged, employee re-linked).
  for (let ri = 0; ri < input.length; ri++) {
    const m = input[ri];
    const id = m.employeeId ? idKey(m.employeeId) : null;
    const rel = m.relationship ?? '';
    const first = foldKey(m.firstName);
    // Without birth dates, the ages the file gives tell people apart: two children named alike, 0
    // and 19, are two people (people of different birth dates or ages are never duplicates).
    const dob = m.dateOfBirth ?? (m.age !== null ? `~${m.age}` : '');
    const named = nameRule && Boolean(m.firstName && m.lastName);
    const last = named ? foldKey(m.lastName) : '';
    let slot: number | undefined;
    if (id !== null) slot = idKeys.find(headOf(id), rel, first, null, dob);
    // The name rule: a member without an id matches anyone of that name and birth date; a member with
    // an id matches a member of that name and birth date who had no id.
    if (slot === undefined && named) {
      const s = nameKeys.find(byName.get(last), null, first, last, dob);
      if (s !== undefined && (id === null || !kept[s].employeeId)) slot = s;
    }
    if (slot !== undefined && sameRow(kept[slot], m)) slot = undefined;
    if (slot !== undefined && (apart(m) || apart(kept[slot]))) {
      // Counted by hand (hand-edits.ts): kept, and the change log says which row it would have merged with.
      const other = kept[slot];
      changes.push({
        file: m.file, sheet: m.sheet, row: m.row, field: '(row)', from: [m.firstName, m.lastName].filter(Boolean).join(' ') || m.employeeId || '',
        to: `same person as ${other.file} ${other.sheet} row ${other.row}`, why: 'counted by hand: kept apart from the row it duplicates',
      });
      slot = undefined;
    }

    if (slot === undefined) {
      const s = kept.length;
      kept.push(m);
      if (id !== null) addId(id, rel, first, dob, s);
      if (named) addName(last, first, dob, s);
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
    if (id !== null && idKeys.find(headOf(id), rel, first, null, dob) === undefined) addId(id, rel, first, dob, slot);
    if (named && nameKeys.find(byName.get(last), null, first, last, dob) === undefined) addName(last, first, dob, slot);
    replaced.set(drop.uid, keep.uid);
    removed.push(drop);
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
  return { members: kept, changes, replaced, issues: duplicateIssues(input, changes), removed };
}

/** Removals said in the report, per sheet: how many, which rows, and a warning when most rows collapse. */
function duplicateIssues(input: readonly Member[], changes: readonly Change[]): Issue[] {
  if (changes.length === 0) return [];
  const rows = new Map<string, number>();
  for (const m of input) {
    if (m.column !== null) continue;
    const k = `${m.file}\u0000${m.sheet}`;
    rows.set(k, (rows.get(k) ?? 0) + 1);
  }
  const removed = new Map<string, number[]>();
  for (const c of changes) {
    if (c.why.startsWith('counted by hand')) continue; // kept apart by hand, not removed
    const k = `${c.file}\u0000${c.sheet}`;
    const list = removed.get(k) ?? [];
    list.push(c.row);
    removed.set(k, list);
  }
  const issues: Issue[] = [];
  for (const [k, list] of removed) {
    const [file, sheet] = k.split('\u0000');
    const sorted = [...new Set(list)].sort((a, b) => a - b);
    const quoted = sorted.slice(0, ROWS_QUOTED).join(', ') + (sorted.length > ROWS_QUOTED ? ` and ${sorted.length - ROWS_QUOTED} more` : '');
    const n = list.length;
    issues.push({ file, sheet, row: null, message: `${n} row${n === 1 ? ' was' : 's were'} removed as duplicates of people listed earlier (row${sorted.length === 1 ? '' : 's'} ${quoted}); the most complete row of each person is kept.` });
    const total = rows.get(k) ?? 0;
    if (total > 0 && n / total >= COLLAPSE_WARNING_SHARE) {
      issues.push({ file, sheet, row: null, message: `Warning: ${n} of the ${total} rows of sheet '${sheet}' repeat people listed earlier (${total - n} people remain). Check that the file lists each person once, not once per plan, coverage or pay period.` });
    }
  }
  return issues;
}
