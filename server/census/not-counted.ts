/**
 * Who is not counted in the lives, and why (issue 21): every member whose status keeps them out of
 * the lives (retired; terminated, waived, deceased, or terminated by an exit date), every row removed
 * (duplicates, rows that are not people: titles, totals, notes, examples, repeated headers) and every
 * sheet not read. Built from the engine's finished result (members, change log, skipped sheets), like
 * summary-figures.ts, so the stages stay as they are and the figures cannot move. One pass over each list.
 *
 * The report carries the counts and the first entries of each reason (report.notCounted); the clean
 * export's 'Not counted' sheet carries every entry (targets/clean.ts).
 */
import {
  NOT_COUNTED_REASONS,
  NOT_COUNTED_SHOWN_PER_REASON,
  type CensusNotCounted,
  type CensusNotCountedEntry,
  type CensusSkippedSheet,
  type NotCountedReason,
} from '../../shared/census/report';
import { isLife } from './members';
import type { Change, Member, MemberStatus } from './types';
import { decidesLives } from './fields';
import { RowFlags } from './row-flags';

export interface NotCountedInput {
  /** The members of the report (the whole case, or those a file names). */
  members: readonly Member[];
  changes: readonly Change[];
  skippedSheets?: readonly CensusSkippedSheet[];
  /**
   * A file's own report: the rows and sheets of that file (members are already those it names; the
   * change log stays whole, since a member that file names may have been kept from another).
   */
  fileName?: string;
  /** Where a document's row is printed (CensusResult.placeOf): its entries say 'page N, line M'. */
  placeOf?: (file: string, sheet: string, row: number) => { page: number; line: number } | undefined;
}

/** The change log's words this module reads (written by dedupe.ts, merge.ts, file-tables.ts, normalise/). */
const ROW_FIELD = '(row)';
const DUPLICATE_WHY = /^duplicate person/;
const NOT_A_MEMBER_WHY = /^not a member: /;
const EXIT_DATE_WHY = /before the as-of date/;
const INHERITED_WHY = /takes its employee's/;

const STATUS_REASON: Record<Exclude<MemberStatus, 'active' | 'cobra' | 'leave'>, NotCountedReason> = {
  retired: 'retired',
  terminated: 'terminated',
  waived: 'waived',
  deceased: 'deceased',
};

const STATUS_DETAIL: Record<NotCountedReason, string> = {
  retired: 'status retired',
  terminated: 'status terminated',
  'exit-date': 'no status, and an exit date before the as-of date',
  waived: 'status waived',
  deceased: 'status deceased',
  duplicate: '',
  'not-a-person': '',
  'skipped-sheet': '',
};
const INHERITED_DETAIL = ', taken from their employee (none on the row)';

const RELATIONSHIP_WHO: Record<string, string> = {
  employee: 'an employee', spouse: 'a spouse', domesticPartner: 'a domestic partner', child: 'a child', other: 'a dependent',
};

/** A member as the report names people: their name, else their (never an SSN) id, else what they are. */
export function whoOf(m: Pick<Member, 'firstName' | 'lastName' | 'employeeId' | 'relationship'>): string {
  const name = [m.firstName, m.lastName].filter(Boolean).join(' ');
  if (name) return name;
  const rel = RELATIONSHIP_WHO[m.relationship ?? 'other'];
  if (m.employeeId) return m.relationship && m.relationship !== 'employee' ? `${rel} of ID ${m.employeeId}` : `ID ${m.employeeId}`;
  return `${rel}, no name or id`;
}

/** How a row's status came to keep it out: from an exit date, or taken from its employee. */
const EXIT = 1;
const INHERITED = 2;

/**
 * A member left out, not yet written as an entry: the report shows only the first few of each reason,
 * so the words (whoOf, the detail) are built for those alone (some 15,000 of 75,000 members on the
 * bench's CSV are retired or terminated; their entries' strings were garbage).
 */
interface MemberLeftOut {
  file: string;
  sheet: string;
  row: number;
  reason: NotCountedReason;
  member: Member;
  inherited: boolean;
}
type Pending = CensusNotCountedEntry | MemberLeftOut;

function entryOf(p: Pending): CensusNotCountedEntry {
  if (!('member' in p)) return p;
  const m = p.member;
  return {
    file: p.file, sheet: p.sheet, row: p.row, ...(m.column !== null ? { column: m.column } : {}),
    who: whoOf(m), reason: p.reason, detail: STATUS_DETAIL[p.reason] + (p.inherited ? INHERITED_DETAIL : ''),
  };
}

/** Every entry, in NOT_COUNTED_REASONS order, each reason in the order of the files, sheets and rows. */
export function notCountedEntries(input: NotCountedInput): CensusNotCountedEntry[] {
  const out: CensusNotCountedEntry[] = [];
  for (const list of pendingByReason(input)) for (const p of list) out.push(placed(entryOf(p), input.placeOf));
  return out;
}

/** An entry of a document's row with its page and line (the sheet and row stay, for the export and the reading). */
function placed(e: CensusNotCountedEntry, placeOf: NotCountedInput['placeOf']): CensusNotCountedEntry {
  const at = placeOf && e.row !== null ? placeOf(e.file, e.sheet, e.row) : undefined;
  return at ? { ...e, page: at.page, line: at.line } : e;
}

/** The entries to be, each reason's list in sheet order, the reasons in NOT_COUNTED_REASONS order. */
function pendingByReason({ members, changes, skippedSheets = [], fileName }: NotCountedInput): Pending[][] {
  const groups = new Map<NotCountedReason, Pending[]>();
  const add = (e: Pending) => {
    let list = groups.get(e.reason);
    if (!list) groups.set(e.reason, (list = []));
    list.push(e);
  };

  const inFile = (file: string) => fileName === undefined || file === fileName;
  for (const s of skippedSheets) if (inFile(s.file)) add({ file: s.file, sheet: s.sheet, row: null, who: '', reason: 'skipped-sheet', detail: s.reason });

  // Status changes that left a member out (exit dates, inherited statuses): keyed by row, only for
  // statuses that are not lives (a large census inherits tens of thousands of 'active').
  const statusHow = new RowFlags();
  for (let ri = 0; ri < changes.length; ri++) {
    const c = changes[ri];
    if (decidesLives(c.field)) {
      if (isLife(c.to as MemberStatus)) continue;
      const how = EXIT_DATE_WHY.test(c.why) ? EXIT : INHERITED_WHY.test(c.why) ? INHERITED : 0;
      if (how) statusHow.set(c.file, c.sheet, c.row, how);
      continue;
    }
    if (c.field !== ROW_FIELD || !inFile(c.file)) continue;
    if (DUPLICATE_WHY.test(c.why)) {
      // 'same person as FILE SHEET row N': within one sheet the row says it all.
      const here = `same person as ${c.file} ${c.sheet} row `;
      add({ file: c.file, sheet: c.sheet, row: c.row, who: c.from, reason: 'duplicate', detail: c.to.startsWith(here) ? `same person as row ${c.to.slice(here.length)}` : c.to });
    }
    else if (NOT_A_MEMBER_WHY.test(c.why)) add({ file: c.file, sheet: c.sheet, row: c.row, who: c.from, reason: 'not-a-person', detail: c.why.replace(NOT_A_MEMBER_WHY, '') });
  }

  for (let ri = 0; ri < members.length; ri++) {
    const m = members[ri];
    if (isLife(m.status)) continue;
    const how = statusHow.get(m.file, m.sheet, m.row);
    // Only a dependent inherits; a wide layout's dependent shares its employee's row (and its exit date).
    const inherited = m.relationship !== 'employee' && (how & INHERITED) !== 0 && (m.column !== null || (how & EXIT) === 0);
    const byExit = m.column === null && (how & EXIT) !== 0 && m.status === 'terminated';
    const reason = byExit ? 'exit-date' : STATUS_REASON[m.status as keyof typeof STATUS_REASON];
    add({ file: m.file, sheet: m.sheet, row: m.row, reason, member: m, inherited });
  }

  const out: Pending[][] = [];
  for (const reason of Object.keys(NOT_COUNTED_REASONS) as NotCountedReason[]) {
    const list = groups.get(reason);
    if (list) out.push(inSheetOrder(list));
  }
  return out;
}

/**
 * Sheets in the order they first appear, rows in the spreadsheet's order within a sheet (duplicates
 * are logged in member order, which a kept later row can change).
 */
function inSheetOrder(list: Pending[]): Pending[] {
  // Ranks of the sheets, a Map lookup only where the sheet changes from one entry to the next.
  const sheetRank = new Map<string, Map<string, number>>();
  const rank = new Int32Array(list.length);
  let sorted = true;
  let next = 0;
  for (let i = 0, r = 0; i < list.length; i++) {
    const e = list[i];
    if (i === 0 || e.file !== list[i - 1].file || e.sheet !== list[i - 1].sheet) {
      let sheets = sheetRank.get(e.file);
      if (!sheets) sheetRank.set(e.file, (sheets = new Map()));
      let known = sheets.get(e.sheet);
      if (known === undefined) sheets.set(e.sheet, (known = next++));
      r = known;
    }
    rank[i] = r;
    if (i > 0 && (rank[i] < rank[i - 1] || (rank[i] === rank[i - 1] && (e.row ?? 0) < (list[i - 1].row ?? 0)))) sorted = false;
  }
  // Most lists come in the spreadsheet's order already (members and rows are read in order).
  if (sorted) return list;
  const order = list.map((_, i) => i);
  order.sort((a, b) => rank[a] - rank[b] || (list[a].row ?? 0) - (list[b].row ?? 0) || a - b);
  return order.map((i) => list[i]);
}

/** The report's part: counts per reason, the first entries of each, and the orphan dependents counted. */
export function notCountedReport(input: NotCountedInput): CensusNotCounted {
  const byReason: Partial<Record<NotCountedReason, number>> = {};
  const shown: CensusNotCountedEntry[] = [];
  let total = 0;
  // Each list holds one reason: its count is its length, its first entries the ones shown.
  for (const list of pendingByReason(input)) {
    byReason[list[0].reason] = list.length;
    total += list.length;
    for (let i = 0; i < list.length && i < NOT_COUNTED_SHOWN_PER_REASON; i++) shown.push(placed(entryOf(list[i]), input.placeOf));
  }
  let orphansCounted = 0;
  for (let ri = 0; ri < input.members.length; ri++) {
    const m = input.members[ri];
    if (m.relationship !== 'employee' && m.relationship !== null && m.employeeUid === null && isLife(m.status)) orphansCounted++;
  }
  return { total, byReason, entries: shown, orphansCounted };
}
