/**
 * Whether a person should check the reading before relying on the figures (report.review), and why:
 * one plain sentence per reason. The aim: no file whose lives are badly wrong without review.needed.
 *
 * Reasons (each with the columns it is about):
 * - a table found with no header row, its columns named by their values alone (file-tables.ts);
 * - a column that decides the head count (ids, names, relationship, status, birth date) was chosen with
 *   low confidence, or against a close second choice;
 * - most rows collapsed as duplicates;
 * - a census table whose rows hold data yielded no member;
 * - lives are under half of the members;
 * - every member is an employee though a column holds codes that look like dependents, or many share an id;
 * - salaries are implausible for a year (most under $10,000: hourly or monthly amounts; or over $2M;
 *   or a tenth of them under $1,000 beside real salaries: a mixed column with no pay mode).
 */
import type { CensusReview } from '../../shared/census/report';
import { FIELDS, fieldLabel, mayMarkDependents, SALARY_FIELDS } from './fields';
import { WEAK_MAPPING_CONFIDENCE } from './rules';
import type { ColumnMapping, Member } from './types';
import { isLife } from './members';

/** A reason found while the tables were read (before the members were known). */
export interface ReviewItem {
  /** null: about the whole case. */
  file: string | null;
  reason: string;
  columns: { file: string; sheet: string; header: string }[];
  /** How much the figures change if the reading is wrong (REVIEW_WEIGHT); reasons are listed by it, highest first. */
  weight?: number;
}

/**
 * What a wrong reading would change, as an order of the review's reasons: who is counted at all
 * (lives, rows lost) first, then who is a dependent, then a whole distribution (gender, age), then pay,
 * then one uncertain column. Equal weights keep the order they were found in.
 */
export const REVIEW_WEIGHT = {
  lives: 50,
  rowsLost: 45,
  relationships: 40,
  distribution: 30,
  pay: 20,
  column: 10,
  /** A broker's check on values (checks.ts): a few members' cells, not the reading. */
  data: 5,
} as const;

/** Employees sharing an id with another, over this share of the members: households, not one person each. */
const SHARED_ID_SHARE = 0.1;

/** The unread values a review sentence names, most frequent first (the codeValues list shows them all). */
const UNREAD_CODES_NAMED = 5;

/** What a member with an unread value of a coded column was counted as: the figure that may be wrong. */
const UNREAD_CODE_CONSEQUENCE: Record<string, string> = {
  status: 'we counted those members as active (lives)',
  relationship: 'we read those members as employees, or as dependents where their employee is on a row above',
  coverageTier: 'those members have no coverage tier',
  gender: 'those members have no gender from this column (their first names may tell it)',
};

/**
 * A coded column (status, relationship, tier, gender) holding values the engine cannot read, all of
 * them or some: an unknown word in a coded column is never 'nothing to see' (a retiree's 'Pensionato'
 * read as nothing is a life). Names the column and its unread values, and what those members were
 * counted as. Weighted by what the column decides.
 */
export function unreadCodesReview(file: string, sheet: string, found: readonly { col: ColumnMapping; filled: number; unread: readonly { value: string; count: number }[] }[]): ReviewItem[] {
  const out: ReviewItem[] = [];
  for (const { col, filled, unread } of found) {
    if (!col.field || col.fromReading || unread.length === 0) continue;
    // A tier changes no figure unless it decides who is a dependent: its unread codes stay in codeValues.
    if (mayMarkDependents(col.field) && !col.alsoRelationship) continue;
    const rows = unread.reduce((a, u) => a + u.count, 0);
    const named = unread.slice(0, UNREAD_CODES_NAMED).map((u) => `'${u.value}' (${u.count} row${u.count === 1 ? '' : 's'})`).join(', ');
    const more = unread.length > UNREAD_CODES_NAMED ? ` and ${unread.length - UNREAD_CODES_NAMED} more` : '';
    const share = rows === filled ? 'any of its values' : `${rows} of its ${filled} values`;
    const stakes = col.alsoRelationship ? 'relationships' : FIELDS[col.field].stakes;
    const weight = stakes ? REVIEW_WEIGHT[stakes] : REVIEW_WEIGHT.distribution;
    out.push({
      file,
      reason: `Column '${col.header}' was read as the ${fieldLabel(col.field)}, but we could not read ${share}: ${named}${more}; ${UNREAD_CODE_CONSEQUENCE[col.field] ?? 'they were read as nothing'}. Say what these values mean.`,
      columns: [{ file, sheet, header: col.header }],
      weight,
    });
  }
  return out;
}

/**
 * An unmapped column of a few repeated words nothing reads, under a header no words name, in a table
 * with no status column (plan-facts.ts unreadWordColumnsOf): if it is the status or the relationship,
 * leavers were counted as lives or dependents as employees. Ask; never guess which word is which.
 */
export function unreadWordsReview(file: string, sheet: string, found: readonly { header: string; values: readonly { value: string; count: number }[] }[]): ReviewItem[] {
  return found.map(({ header, values }) => ({
    file,
    reason: `Column '${header}' holds a few words, repeated, that we could not read: ${values.map((v) => `'${v.value}' (${v.count} row${v.count === 1 ? '' : 's'})`).join(', ')}. If it is the status or the relationship, leavers and retirees were counted as lives and dependents as employees. Say what the column holds.`,
    columns: [{ file, sheet, header }],
    weight: REVIEW_WEIGHT.lives,
  }));
}

/** How a review sentence names a kind of person value (person-values.ts PersonKind). */
const PERSON_KIND_WORDS: Record<string, string> = {
  date: 'dates', age: 'ages', pay: 'amounts like pay, and no pay column was read', firstName: 'first names', gender: 'sex codes', state: 'states', zip: 'ZIP codes', ssn: 'SSNs', id: 'ids',
};

/**
 * Unmapped columns holding person values (dates, ids, first names ...) under headers no words name
 * (plan-facts.ts unreadPersonColumnsOf): left out of every figure. One sentence per table, naming them.
 */
export function unreadPersonValuesReview(file: string, sheet: string, found: readonly { header: string; kind: string }[]): ReviewItem[] {
  if (found.length === 0) return [];
  const named = found.map((c) => `'${c.header}' (${PERSON_KIND_WORDS[c.kind] ?? c.kind})`).join(', ');
  const one = found.length === 1;
  return [{
    file,
    reason: `${one ? 'Column' : 'Columns'} ${named} ${one ? 'holds' : 'hold'} values about people under ${one ? 'a header' : 'headers'} we could not read, so we left ${one ? 'it' : 'them'} out of the figures (a dependent's birth date, an id or pay left out changes the lives or the charts). Say what ${one ? 'it holds' : 'they hold'}.`,
    columns: found.map((c) => ({ file, sheet, header: c.header })),
    weight: REVIEW_WEIGHT.relationships,
  }];
}

/** A second choice this close to the chosen field's confidence makes the choice uncertain. */
const CLOSE_SECOND = 0.08;

/** Reasons about one table's column plan. */
export function columnReview(file: string, sheet: string, columns: readonly ColumnMapping[]): ReviewItem[] {
  const out: ReviewItem[] = [];
  for (const c of columns) {
    if (!c.field || c.fromReading || !FIELDS[c.field].decidesHeadCount) continue;
    const label = fieldLabel(c.field);
    const second = c.candidates.find((x) => x.field !== c.field);
    const at = [{ file, sheet, header: c.header }];
    // An unsure relationship or status column changes who is counted, an unsure id or SSN rarely does.
    const stakes = FIELDS[c.field].stakes;
    const weight = stakes ? REVIEW_WEIGHT[stakes] : REVIEW_WEIGHT.column;
    if (c.confidence < WEAK_MAPPING_CONFIDENCE) {
      out.push({ file, reason: `We were not sure which column holds the ${label}: we used '${c.header}'.`, columns: at, weight });
    } else if (second && second.score >= 0.5 && c.confidence - second.score < CLOSE_SECOND && FIELDS[second.field].decidesHeadCount) {
      out.push({ file, reason: `Column '${c.header}' could hold the ${label} or the ${fieldLabel(second.field)}: we read it as the ${label}.`, columns: at, weight });
    }
  }
  for (const c of columns) {
    if (c.fromReading || !c.field) continue;
    const spec = FIELDS[c.field];
    const check = spec.checkReading?.(c);
    if (check) out.push({ file, reason: check, columns: [{ file, sheet, header: c.header }], weight: REVIEW_WEIGHT[spec.stakes ?? 'column'] });
    if (c.periodByMagnitude === 'monthly') {
      out.push({
        file,
        reason: `Column '${c.header}' does not say whether its amounts are per year, month or pay period: from their size we read them as monthly pay (x 12). Check the pay period.`,
        columns: [{ file, sheet, header: c.header }],
        weight: REVIEW_WEIGHT.pay,
      });
    }
  }
  return out;
}

type ReadColumn = { file: string; sheet: string; header: string; field: string | null };

/** Where the columns read as any of these fields are (file, sheet, header), for a reason to name them. */
function columnsOf(columns: readonly ReadColumn[], fields: readonly string[]): { file: string; sheet: string; header: string }[] {
  return columns.filter((c) => c.field !== null && fields.includes(c.field)).map(({ file, sheet, header }) => ({ file, sheet, header }));
}

/** Reasons about the members and figures of a report (whole case or one file). */
export function memberReview(args: {
  members: readonly Member[];
  lives: number;
  rowsRead: number;
  duplicatesRemoved: number;
  columns: readonly { file: string; sheet: string; header: string; field: string | null; dependentShare?: number }[];
}): ReviewItem[] {
  const out: ReviewItem[] = [];
  const { members, lives } = args;
  if (args.rowsRead >= 4 && args.duplicatesRemoved > 0.5 * args.rowsRead) {
    out.push({ file: null, reason: `Most rows (${args.duplicatesRemoved} of ${args.rowsRead}) were read as duplicates of other rows and removed: check that the id and name columns are the right ones.`, columns: [], weight: REVIEW_WEIGHT.lives });
  }
  if (members.length >= 4 && lives < 0.5 * members.length) {
    const status = columnsOf(args.columns, ['status']);
    out.push({
      file: null,
      reason: `Only ${lives} of the ${members.length} members count as lives: check the column read as the status${status.length ? ` ('${status[0].header}')` : ''} and any termination dates.`,
      columns: status,
      weight: REVIEW_WEIGHT.lives,
    });
  }
  if (members.length >= 3 && members.every((m) => m.relationship === null || m.relationship === 'employee')) {
    const marker = args.columns.find((c) => (c.field === null || mayMarkDependents(c.field)) && (c.dependentShare ?? 0) >= 0.1);
    if (marker) {
      out.push({
        file: marker.file,
        reason: `Every member was read as an employee, but column '${marker.header}' holds codes that look like dependents (spouse, child): check the relationship column.`,
        columns: [{ file: marker.file, sheet: marker.sheet, header: marker.header }],
        weight: REVIEW_WEIGHT.relationships,
      });
    } else {
      // No code column says so, but members on consecutive rows share an id: a household's rows under one
      // id (a family id, or per-row tier codes the file does not explain) may be dependents counted as
      // employees. Ids repeated far apart are a duplicate-id problem, which dedupe reports.
      let sharing = 0;
      for (let i = 1; i < members.length; i++) {
        const id = members[i].employeeId;
        if (id && id === members[i - 1].employeeId) sharing += members[i - 2]?.employeeId === id ? 1 : 2;
      }
      if (sharing >= 2 && sharing >= SHARED_ID_SHARE * members.length) {
        const id = columnsOf(args.columns, ['employeeId']);
        out.push({
          file: null,
          reason: `Every member was read as an employee, but ${sharing} of them share an employee id with the member on the row before or after: they may be families, their dependents counted as employees. Check the relationship.`,
          columns: id,
          weight: REVIEW_WEIGHT.relationships,
        });
      }
    }
  }
  // A relationship column read so that no member is an employee: its codes were surely misread.
  if (members.length >= 2 && members.every((m) => m.relationship !== null && m.relationship !== 'employee')) {
    const rel = columnsOf(args.columns, ['relationship']);
    out.push({ file: null, reason: `No member was read as an employee: check what the codes of the relationship column${rel.length ? ` ('${rel[0].header}')` : ''} mean.`, columns: rel, weight: REVIEW_WEIGHT.relationships });
  }
  // No gender for most lives (no gender column, and first names that tell none): the gender split,
  // which prices a group, is mostly 'unknown'.
  if (lives >= 4 && columnsOf(args.columns, ['gender']).length === 0) {
    let unknown = 0;
    for (let ri = 0; ri < members.length; ri++) {
      const m = members[ri];
      if ((m.gender === null || m.gender === 'unknown') && isLife(m.status)) unknown++;
    }
    if (unknown > 0.5 * lives) {
      out.push({ file: null, reason: `The file has no gender column, and ${unknown} of the ${lives} lives have no gender we could tell from their first names: the gender split is mostly unknown.`, columns: [], weight: REVIEW_WEIGHT.distribution });
    }
  }
  // A typed array sorts numbers without a comparator call per pair (60,000 members: a few ms).
  let k = 0;
  const all = new Float64Array(members.length);
  for (let ri = 0; ri < members.length; ri++) {
    const m = members[ri];
    if (m.annualSalary !== null && (m.relationship === null || m.relationship === 'employee')) all[k++] = m.annualSalary;
  }
  const salaries = all.subarray(0, k).sort();
  if (salaries.length >= 3) {
    const median = salaries[Math.floor(salaries.length / 2)];
    const pay = columnsOf(args.columns, SALARY_FIELDS);
    if (median < 10_000) {
      out.push({ file: null, reason: `Most annual salaries are under $10,000 (median $${Math.round(median)}): the pay column may hold hourly, weekly or monthly amounts.`, columns: pay, weight: REVIEW_WEIGHT.pay });
    } else if (median > 2_000_000) {
      out.push({ file: null, reason: `Most annual salaries are over $2,000,000 (median $${Math.round(median)}): the pay column may not hold salaries.`, columns: pay, weight: REVIEW_WEIGHT.pay });
    } else {
      // A mixed column ("Salary or Hourly Rate") with no pay mode read per row: hourly rates and
      // annual salaries side by side, the rates counted as a year's pay.
      let tiny = 0;
      while (tiny < salaries.length && salaries[tiny] < 1_000) tiny++;
      if (tiny >= 2 && tiny >= 0.1 * salaries.length) {
        out.push({ file: null, reason: `${tiny} of ${salaries.length} annual salaries are under $1,000 while the median is $${Math.round(median)}: the pay column may mix hourly or weekly amounts with annual salaries.`, columns: pay, weight: REVIEW_WEIGHT.pay });
      }
    }
  }
  return out;
}

/** The review of a report: its items, one sentence each, and the columns they are about. */
export function toReview(items: readonly ReviewItem[]): CensusReview {
  const reasons: string[] = [];
  const columns: CensusReview['columns'] = [];
  const seen = new Set<string>();
  // Stable: equal weights keep the order they were found in (Array.prototype.sort is stable).
  const ordered = [...items].sort((a, b) => (b.weight ?? REVIEW_WEIGHT.column) - (a.weight ?? REVIEW_WEIGHT.column));
  for (const it of ordered) {
    if (!reasons.includes(it.reason)) reasons.push(it.reason);
    for (const c of it.columns) {
      const k = `${c.file}\u0000${c.sheet}\u0000${c.header}`;
      if (seen.has(k)) continue;
      seen.add(k);
      columns.push(c);
    }
  }
  return { needed: reasons.length > 0, reasons, columns };
}
