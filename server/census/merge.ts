/**
 * Merge stage: normalised rows of every table of every file -> one member list (CENSUS.md "Layouts",
 * "Members").
 *
 * - A member is a row that describes a person: a name, or a birth date or age together with an id or a
 *   relationship. A row with one filled cell is never a member, nor is a row named "Total ...".
 * - Long layout: one row per member. A dependent links to its employee by employeeId or, with no id,
 *   to the nearest employee row above it (and takes that employee's id).
 * - Wide layout: each spouse / child birth-date column of a row creates a dependent of that row's
 *   employee (no name, gender unknown).
 * - Split layout: an employees sheet and a dependents sheet linked by employeeId; several files are
 *   simply more tables. Linking by id runs after every table is read, so the order does not matter.
 * - Relationship when the file does not say (decisions, docs/census-engine.md): a table without a
 *   relationship column holds employees, unless its sheet is named for dependents; a blank cell in a
 *   relationship column is an employee, unless that employee id already has its employee row above in
 *   the same table and the row has no hire date or salary, in which case it is a dependent ('other').
 * Then, after deduplication, inheritFromEmployees: a dependent with no status, ZIP or state takes its
 * employee's.
 */
import { MAX_ROW_ISSUES_PER_KIND } from './rules';
import { REVIEW_WEIGHT, type ReviewItem } from './review';
import { stripAccents } from './text';
import { WORD_CELL } from './person-values';
import type { Change, Issue, Member, MemberValues, NormalisedRow } from './types';
import { copyMember, emptyValues, idKey, isExampleName, isFormLabel, isMarkerWord, isMemberRow, isUnnamedPerson, memberOfRow, newMember, filesOf } from './members';
import { isDependentSheet } from './select-tables';
import { HAND_WHY } from './hand-edits';

export interface MergeTable {
  file: string;
  sheet: string;
  hasRelationshipColumn: boolean;
  rows: NormalisedRow[];
  /** Rows marked by hand (hand-edits.ts), by row number: false = not a person, true = a member. */
  marks?: Map<number, boolean>;
}

export interface MergeResult {
  members: Member[];
  changes: Change[];
  issues: Issue[];
  /** Some member has a first and last name but no employee id (the dedupe name rule can apply). */
  namedWithoutId: boolean;
  /** Readings of who is a dependent that rest on weak evidence (tier labels): the review asks to check them. */
  reviewItems: ReviewItem[];
  /** Rows that are not members (the member table lists them, not counted). */
  notMembers: NormalisedRow[];
}

/**
 * With no relationship column, a household's first row at tier EE and a later row of the same id at a
 * two-person tier: the tier is that row's own label, and says who it is (ES: the spouse, EC: a child).
 */
const TIER_MEMBER: Record<string, 'spouse' | 'child' | undefined> = { 'EE>ES': 'spouse', 'EE>EC': 'child' };

const NO_EXTRAS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Two rows of one id that describe the same person (a repeated row, not a dependent). */
function samePerson(a: NormalisedRow, b: NormalisedRow): boolean {
  const first = (x: string | null) => (x ? stripAccents(x).toLowerCase().replace(/\s+/g, '') : '');
  return first(a.firstName) === first(b.firstName) && (a.dateOfBirth === b.dateOfBirth || a.dateOfBirth === null || b.dateOfBirth === null);
}

export function mergeTables(tables: MergeTable[], firstUid = 1): MergeResult {
  // Sized once (rows plus wide-layout dependents at most), trimmed at the end: no regrowth copies.
  let most = 0;
  for (const t of tables) {
    for (let ri = 0; ri < t.rows.length; ri++) most += 1 + (t.rows[ri].spouseDates?.length ?? 0) + (t.rows[ri].childDates?.length ?? 0);
  }
  const members: Member[] = new Array(most);
  let count = 0;
  const changes: Change[] = [];
  const issues: Issue[] = [];
  let uid = firstUid;
  let namedWithoutId = false;
  const notMembers: NormalisedRow[] = [];
  /** Per file, the rows left out as no person that carry a birth date or an id (merge's review asks about them). */
  const bornUncounted = new Map<string, number[]>();
  /** Rows counted by their birth dates in a table with no name or id read, beside words in columns not read (the names?). */
  const bornUnnamed = new Map<string, number[]>();
  const rowIssues = new Map<string, number>();
  const rowIssue = (file: string, sheet: string, row: number, kind: string, message: string) => {
    const key = `${file}\u0000${sheet}\u0000${kind}`;
    const n = (rowIssues.get(key) ?? 0) + 1;
    rowIssues.set(key, n);
    if (n <= MAX_ROW_ISSUES_PER_KIND) issues.push({ file, sheet, row, message });
  };
  const householdDependents = new Map<string, number>();
  const tierDependents = new Map<string, number>();
  /** Dependents to link by id once every table is in. */
  const byId: Member[] = [];

  for (const t of tables) {
    let lastEmployee: Member | null = null;
    // Ids of the employee rows above: needed only to read blank relationship cells (rare).
    const employeeIdsHere = new Set<string>();
    const blankRelationships = t.hasRelationshipColumn && t.rows.some((r) => r.relationship === null);
    const dependentSheet = !t.hasRelationshipColumn && isDependentSheet(t.sheet);
    // No relationship column: an id met again in this table on another person is a household key
    // (family id, subscriber number): that row is a dependent of the first row of the id.
    const firstOfId = !t.hasRelationshipColumn && !dependentSheet ? new Map<string, NormalisedRow>() : null;
    const fileList = filesOf(t.file);
    let membersAbove = false;
    for (let ri = 0; ri < t.rows.length; ri++) {
      const r = t.rows[ri];
      const v = r;
      // A row marked by hand (hand-edits.ts) is what the mark says.
      const mark = t.marks?.get(r.row);
      const auto = isMemberRow(r, !membersAbove);
      const member = mark ?? auto;
      if (member) membersAbove = true;
      if (mark === undefined && member && !v.firstName && !v.lastName && isUnnamedPerson(r) && Object.values(r.extras).some((t) => WORD_CELL.test(t.trim()))) {
        addRow(bornUnnamed, r);
      }
      if (mark === true && !auto) changes.push({ file: r.file, sheet: r.sheet, row: r.row, field: '(row)', from: r.firstText, to: '', why: HAND_WHY.counted });
      if (mark === false || (!member && !r.spouseDates && !r.childDates)) {
        notMembers.push(r);
        const why = mark === false ? HAND_WHY.notAPerson.replace(/^not a member: /, '') : r.filled < 2
          ? 'one filled cell: a title, total or note'
          : isExampleName(v.lastName) || isExampleName(v.firstName) || isFormLabel(v.firstName) || isFormLabel(v.lastName) || isMarkerWord(v.firstName) || isMarkerWord(v.lastName)
            ? "a template's example person, a form label or a required/optional marker"
            : 'no name, and no birth date, age, hire date or salary with an id, SSN or relationship';
        // A person's birth date, or an id beside words in a column we did not read, on a row with no name
        // read: a column we could not read may hold the name (the review asks).
        if (mark === undefined && r.filled >= 2 && !v.firstName && !v.lastName && (v.dateOfBirth !== null || ((v.employeeId !== null || v.ssnLast4 !== null) && Object.values(r.extras).some((t) => WORD_CELL.test(t.trim()))))) {
          addRow(bornUncounted, r);
        }
        // firstText is '' for a row with a name ('John Sample', a 'Required' marker): the name says which row.
        const what = r.firstText || [v.firstName, v.lastName].filter(Boolean).join(' ');
        changes.push({ file: r.file, sheet: r.sheet, row: r.row, field: '(row)', from: what, to: '', why: `not a member: ${why}` });
        rowIssue(r.file, r.sheet, r.row, 'not-member', `Row ${r.row} is not a member (${why}): '${what}'.`);
        continue;
      }
      // Relationship when the file does not say.
      if (v.relationship === null && firstOfId !== null && v.employeeId !== null && member) {
        const k = idKey(v.employeeId);
        const head = firstOfId.get(k);
        if (!head) firstOfId.set(k, r);
        else if (!samePerson(head, r)) {
          // A per-row tier label ('Employee Only' on the household's first row, 'Employee+Spouse' on the
          // spouse's) says who the row is, even when every row carries a salary.
          const byTier = TIER_MEMBER[`${head.coverageTier}>${v.coverageTier}`];
          if (byTier || (v.hireDate === null && v.annualSalary === null)) {
            v.relationship = byTier ?? 'other';
            const why = byTier
              ? `no relationship column: shares id ${v.employeeId} with row ${head.row} (the household's first row, tier ${head.coverageTier}) and its own tier is ${v.coverageTier}, so a ${byTier}`
              : `no relationship column: shares id ${v.employeeId} with row ${head.row} (the household's first row), so a dependent`;
            changes.push({ file: r.file, sheet: r.sheet, row: r.row, field: 'relationship', from: '', to: v.relationship, why });
            householdDependents.set(r.file, (householdDependents.get(r.file) ?? 0) + 1);
            if (byTier) tierDependents.set(r.file, (tierDependents.get(r.file) ?? 0) + 1);
          }
        }
      }
      if (v.relationship === null) {
        if (!t.hasRelationshipColumn) v.relationship = dependentSheet ? 'other' : 'employee';
        else {
          const seen = v.employeeId !== null && employeeIdsHere.has(idKey(v.employeeId));
          const employeeLike = v.hireDate !== null || v.annualSalary !== null;
          v.relationship = seen && !employeeLike ? 'other' : 'employee';
          changes.push({ file: r.file, sheet: r.sheet, row: r.row, field: 'relationship', from: '', to: v.relationship, why: seen && !employeeLike ? 'relationship blank: the employee of this id is listed above, so a dependent' : 'relationship blank: taken as an employee' });
        }
      }

      let employee: Member | null = null;
      // The row's own id, for its wide dependents: the row object becomes the member, whose id a
      // dependent without one takes from the employee above.
      const rowEmployeeId = v.employeeId;
      if (member) {
        if (!v.employeeId && v.firstName && v.lastName) namedWithoutId = true;
        const m = memberOfRow(uid++, r, fileList);
        members[count++] = m;
        if (v.relationship === 'employee') {
          employee = m;
          lastEmployee = m;
          if (blankRelationships && v.employeeId) employeeIdsHere.add(idKey(v.employeeId));
        } else if (v.employeeId) {
          // Usually the employee row is just above: link at once; else by id once all tables are in.
          if (lastEmployee?.employeeId && idKey(lastEmployee.employeeId) === idKey(v.employeeId)) m.employeeUid = lastEmployee.uid;
          else byId.push(m);
        } else if (lastEmployee) {
          m.employeeUid = lastEmployee.uid;
          if (lastEmployee.employeeId) {
            m.employeeId = lastEmployee.employeeId;
            changes.push({ file: r.file, sheet: r.sheet, row: r.row, field: 'employeeId', from: '', to: m.employeeId, why: 'dependent without an id: belongs to the nearest employee row above' });
          }
        } else {
          rowIssue(r.file, r.sheet, r.row, 'orphan', `Row ${r.row}: dependent with no employee id and no employee row above it.`);
        }
      } else if (v.employeeId) {
        // A wide row that is not itself a member still carries its dependents' birth dates.
        rowIssue(r.file, r.sheet, r.row, 'not-member', `Row ${r.row} is not a member itself (no name or birth date), but its dependents are.`);
      }

      // Wide layout: dependents in columns.
      if (!r.spouseDates && !r.childDates) continue;
      const wide: [MemberValues['relationship'], { header: string; date: string }[] | null][] = [
        ['spouse', r.spouseDates],
        ['child', r.childDates],
      ];
      for (const [relationship, dates] of wide) {
        for (const { header, date } of dates ?? []) {
          const dv = emptyValues();
          dv.employeeId = rowEmployeeId;
          dv.relationship = relationship;
          dv.dateOfBirth = date;
          dv.gender = 'unknown';
          const dep = newMember(uid++, r, dv, NO_EXTRAS, header, fileList);
          if (employee) dep.employeeUid = employee.uid;
          else if (rowEmployeeId) byId.push(dep);
          members[count++] = dep;
          changes.push({ file: r.file, sheet: r.sheet, row: r.row, field: header, from: date, to: `${relationship} member`, why: `wide layout: a ${relationship} of this employee` });
        }
      }
    }
  }

  members.length = count;
  // Link dependents by employee id (split sheets, several files): the first employee of that id.
  const employees = new Map<string, Member>();
  if (byId.length > 0) for (const m of members) {
    if (m.relationship !== 'employee' || !m.employeeId) continue;
    const k = idKey(m.employeeId);
    if (!employees.has(k)) employees.set(k, m);
  }
  for (const d of byId) {
    if (d.employeeUid !== null) continue;
    const e = employees.get(idKey(d.employeeId));
    if (e) d.employeeUid = e.uid;
    else rowIssue(d.file, d.sheet, d.row, 'orphan', `Row ${d.row}: dependent whose employee id '${d.employeeId}' has no employee row.`);
  }

  for (const [file, n] of householdDependents) {
    issues.push({
      file, sheet: null, row: null,
      message: `${n} row${n === 1 ? '' : 's'} share${n === 1 ? 's' : ''} an id with an earlier row of another person and the file has no relationship column: read as dependents of that household's first row.`,
    });
  }
  const reviewItems: ReviewItem[] = [];
  for (const [file, n] of householdDependents) {
    const byTier = tierDependents.get(file) ?? 0;
    if (n - byTier === 0) continue;
    reviewItems.push({
      file,
      reason: `The file has no relationship column: ${n - byTier} row${n - byTier === 1 ? '' : 's'} that share${n - byTier === 1 ? 's' : ''} an id with an earlier row of another person ${n - byTier === 1 ? 'was' : 'were'} read as dependents. Check that the id column links a family, and who is a spouse or a child.`,
      columns: [],
      weight: REVIEW_WEIGHT.relationships,
    });
  }
  for (const [file, n] of tierDependents) {
    reviewItems.push({
      file,
      reason: `The file has no relationship column: ${n} dependent${n === 1 ? ' was' : 's were'} read from the coverage tier of ${n === 1 ? 'its row' : 'their rows'} (the household's first row 'employee only', the others 'employee + spouse' or 'employee + child'). Check who is a spouse or a child.`,
      columns: [],
      weight: REVIEW_WEIGHT.relationships,
    });
  }
  for (const [file, rows] of bornUncounted) {
    const one = rows.length === 1;
    reviewItems.push({
      file,
      reason: `${one ? `Row ${rows[0]} has` : `${someRows(rows)} have`} a birth date or an id but no name we could read, so ${one ? 'it was' : 'they were'} not counted. Check whether a column we did not read holds ${one ? 'its' : 'their'} name.`,
      columns: [],
      weight: REVIEW_WEIGHT.lives,
    });
  }
  for (const [file, rows] of bornUnnamed) {
    const one = rows.length === 1;
    reviewItems.push({
      file,
      reason: `No column was read as a name or an id: ${one ? `row ${rows[0]} was` : `${someRows(rows)} were`} counted by ${one ? 'its' : 'their'} birth date${one ? '' : 's'}. Check whether a column we did not read holds ${one ? 'its' : 'their'} name${one ? '' : 's'}.`,
      columns: [],
      weight: REVIEW_WEIGHT.lives,
    });
  }
  for (const [key, n] of rowIssues) {
    if (n <= MAX_ROW_ISSUES_PER_KIND) continue;
    const [file, sheet, kind] = key.split('\u0000');
    issues.push({ file, sheet, row: null, message: `${n - MAX_ROW_ISSUES_PER_KIND} more rows like the above (${kind === 'orphan' ? 'dependents without an employee' : 'rows that are not members'}).` });
  }
  return { members, changes, issues, namedWithoutId, reviewItems, notMembers };
}

/** A row's number under its file (the rows a review item names). */
function addRow(byFile: Map<string, number[]>, r: NormalisedRow): void {
  const rows = byFile.get(r.file);
  if (rows) rows.push(r.row);
  else byFile.set(r.file, [r.row]);
}

/** 'N rows (2, 3, 4, 5, 6 ...)': a review item's rows, the first five named. */
function someRows(rows: readonly number[]): string {
  return `${rows.length} rows (${rows.slice(0, 5).join(', ')}${rows.length > 5 ? ' ...' : ''})`;
}

const INHERITED = ['status', 'zip', 'state'] as const;
const INHERIT_WHY: Record<(typeof INHERITED)[number], string> = {
  status: "dependent without a status: takes its employee's",
  zip: "dependent without a ZIP code: takes its employee's",
  state: "dependent without a state: takes its employee's",
};

/**
 * A dependent with no status, ZIP or state of its own takes its employee's (after deduplication).
 * `owned`: the caller gives the list and its members up (the engine lets each stage's input go), so
 * they are changed in place: a large census's dependents mostly take a status, and a copy of each
 * (some 37,000 of 75,000 members on the bench's CSV) was garbage for the collector to copy.
 */
export function inheritFromEmployees(input: Member[], owned = false): { members: Member[]; changes: Change[] } {
  const changes: Change[] = [];
  // uids are small consecutive numbers: an array indexed by uid beats a Map here.
  const byUid: Member[] = [];
  for (let ri = 0; ri < input.length; ri++) {
    const m = input[ri];
    if (m.relationship === 'employee') byUid[m.uid] = m;
  }
  // Pure unless owned: a member that takes something is copied; the others are passed on as they are.
  const members = owned ? input : input.slice();
  for (let i = 0; i < members.length; i++) {
    let m = members[i];
    if (m.relationship === 'employee' || m.employeeUid === null) continue;
    if (m.status !== null && m.zip !== null && m.state !== null) continue;
    const e = byUid[m.employeeUid];
    if (!e) continue;
    for (let k = 0; k < INHERITED.length; k++) {
      const f = INHERITED[k];
      if (m[f] !== null || e[f] === null) continue;
      if (!owned && m === input[i]) members[i] = m = copyMember(m);
      (m as unknown as Record<string, unknown>)[f] = e[f];
      changes.push({ file: m.file, sheet: m.sheet, row: m.row, field: f, from: '', to: e[f] as string, why: INHERIT_WHY[f] });
    }
  }
  return { members, changes };
}
