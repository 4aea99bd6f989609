/**
 * Columns of a table with no header row that values alone name only beside the others (issue 19).
 *
 * The date columns, told apart by how their dates sit on each row. With a header, 'Hire Date' and 'Termination Date' say which is which; without one, the
 * profiles see three columns of dates and give the birth date to the oldest, leaving the others as
 * extra columns. A person's dates keep an order, and that order names them:
 * - a hire date: a column filled on (nearly) every row whose dates fall at least MIN_WORKING_AGE years
 *   after the row's birth date and not after the as-of date;
 * - an exit date: a column left blank on some rows (most people have not left) whose every date falls
 *   on or after the row's hire date. It takes the exit-date role (roles.ts), so a member with one before
 *   the as-of date is counted as terminated, as 'Termination Date' would be. Its distinct dates are not
 *   counted (one leaver of eight has one date), and '00/00/0000' for the people still there is blank.
 *
 * A wide layout's member blocks (name, birth date ... relationship per dependent, on the employee's row):
 * told by its columns of dependents' relationship words (nameHeaderlessBlocks).
 *
 * The active flag: with no status and no exit date, the one yes/no column that is not the same on every
 * row and says yes on FLAG_MOSTLY_YES of them at least is read as active or not ('eligible_ind' Y/N,
 * 'ACTIVE' true/false; a plan's census that keeps its leavers says yes on about half its rows).
 * The other yes/no columns of a census (tobacco, disabled, HCE, COBRA) say yes on a few rows; with two
 * candidates or more, none is taken.
 *
 * The id: values that repeat far apart are no id (an id repeats only on a household's rows, one after
 * the other); a column of day rates read as the id made dedupe merge 584 of 1,470 people.
 *
 * All stay weak (under WEAK_MAPPING_CONFIDENCE): the review asks, as for every headerless column.
 * Linear: one parse per date cell of at most ROWS_READ rows.
 */
import { WEAK_MAPPING_CONFIDENCE } from '../rules';
import { isBlank } from '../text';
import type { Cell, ColumnMapping } from '../types';
import { isNamePart, isOwnBirthDate, linksHousehold, saysWhoIsDependent, saysWhoLeft, startsEmployment, tellsRelationship } from '../fields';
import { detectDayOrder, looksLikeDate, parseDate, shiftIso } from '../values/dates';
import { isYesNo, parseActiveFlag, parseRelationship } from '../values/codes';
import { cellText } from '../text';
import { isKnownFirstName } from '../names';
import type { ColumnStats } from './column-stats';

/** Rows read to compare dates: enough to see the order, bounded so a huge file costs no more. */
const ROWS_READ = 5_000;
/** The youngest age at hire the rule accepts (a hire date closer to the birth date is something else). */
const MIN_WORKING_AGE = 14;
/** A hire-date column is filled on this share of rows at least. */
const HIRE_FILLED = 0.9;
/** Rows whose dates must keep their order for a column to take its role (a typo or two allowed). */
const IN_ORDER = 0.95;
/**
 * Hire dates fall at a working age after the birth dates on this share of the rows at least: a list
 * keeps a few rows of typing slips or made-up data (hired at nine), and no other dates of a person
 * beside a birth date fall in that order on nearly every row.
 */
const HIRE_IN_ORDER = 0.9;
/** Under a header no pack reads, a hire or exit date column's values are this share distinct at least (people are hired on different days). */
const HEADED_DATES_DISTINCT = 0.5;
/** ... and, for a dependent's birth dates, span this many years at least (a plan's start dates fall within a year or two). */
const HEADED_BIRTHS_SPAN_YEARS = 3;

/** Under a header no pack reads: dates that differ from row to row and span years, as people's birth dates do. */
function spreadOut(d: readonly (string | null)[], st: ColumnStats | undefined): boolean {
  return !!st && st.distinct >= HEADED_DATES_DISTINCT && spansYears(d);
}

/** The dates span HEADED_BIRTHS_SPAN_YEARS years at least. */
function spansYears(d: readonly (string | null)[]): boolean {
  let min = '';
  let max = '';
  for (const x of d) {
    if (x === null) continue;
    if (!min || x < min) min = x;
    if (!max || x > max) max = x;
  }
  return min !== '' && shiftIso(max, HEADED_BIRTHS_SPAN_YEARS) >= min;
}

/**
 * Under a header no pack reads, hire or exit dates are distinct on HEADED_DATES_DISTINCT of the rows, or,
 * in a larger list whose people were hired in groups on the same days, take this many days at least over
 * years (a plan's or a load's dates fall on a day or a few).
 */
const HEADED_DATES_MIN_DAYS = 12;

function peopleDates(d: readonly (string | null)[], st: ColumnStats | undefined): boolean {
  return !!st && (st.distinct >= HEADED_DATES_DISTINCT || (st.distinct * st.n >= HEADED_DATES_MIN_DAYS && spansYears(d)));
}
/** A date column is one whose sampled values are dates at this share. */
const DATE_SHARE = 0.8;

/**
 * An active flag says yes on this share of its rows at least: most members of a census are active, and a
 * plan's census that keeps its leavers still says yes on about half (planwise-census-import: 99 of 200).
 * A tobacco, HCE or COBRA flag says yes on a few rows, well under it.
 */
const FLAG_MOSTLY_YES = 0.4;
/** A yes/no column holds yes/no values at this share of its sampled values. */
const YES_NO_SHARE = 0.9;

/** A dependent's birth-date column: this share of its sampled values are plainly dates at least (the others may be serials). */
const DEPENDENT_DATE_SHARE = 0.3;
/** Columns looked back from a dependent's birth date for the first name beside it (first, last, gender ...). */
const NAME_LOOKBACK = 10;
/** A dependent's birth-date column and its name column are filled on the same rows (this share at least). */
const SAME_ROWS = 0.9;
/** Known first names in a dependent's name column (this share at least). */
const FIRST_NAME_SHARE = 0.5;
/** Distinct names among a dependent's name column's filled rows (this share at least). */
const DISTINCT_NAMES = 0.5;

const SPOUSE_REASON = 'a date column after the employee\'s birth date, beside first names on the same rows, with dates near the employee\'s birth date: read as a spouse\'s birth date (a wide layout)';
const CHILD_REASON = 'a date column after the employee\'s birth date, beside first names on the same rows, with dates years after the employee\'s birth date: read as a child\'s birth date (a wide layout)';

const FLAG_REASON = 'no header row: the one yes/no column that says yes on many rows, read as an active flag (yes: active; no: not active, left out of the lives); please check';
const HIRE_REASON = 'no header row: its dates fall years after each row\'s birth date and not after the as-of date, as hire dates do';
/** A reason of these rules said of a column under a header no pack reads, not of a table with no header row. */
function underUnreadHeader(reason: string): string {
  return reason.replace(/^no header row: /, 'its header is in no words we read: ');
}
const EXIT_REASON = 'no header row: blank on some rows, and each date falls on or after the row\'s hire date: read as an exit date (a date before the as-of date makes the member terminated)';

/** Runs the rules above on a headerless table's columns once each column has its own field. */
export function nameHeaderlessColumns(columns: ColumnMapping[], rows: readonly Cell[][], samples: readonly Cell[][], stats: readonly ColumnStats[], asOf: string, unread?: Open): void {
  // A table with a header row: only its columns whose header no pack reads are open to these rules.
  const headed = unread !== undefined;
  const open: Open = unread ?? (() => true);
  const read = rows.length > ROWS_READ ? rows.slice(0, ROWS_READ) : rows;
  const dates = rowDates(read, samples, asOf);
  // A wide layout's blocks first: its dependents' relationship columns would read as the row's own.
  if (!headed) nameHeaderlessBlocks(columns, read, stats, open);
  ownBirthDateFirst(columns, read, open);
  birthBeforeHire(columns, read, stats, dates, open);
  // Dependents first: a child's birth-date column, blank on some rows, would otherwise read as an exit date.
  nameHeaderlessDependents(columns, read, stats, dates, open, headed);
  // Under a header, a yes/no column says what it flags in its own words ('401k_enrolled'): not read as active.
  // Before the dates: an exit date filled on a few rows (nameHeaderlessDates) leaves the flag its column.
  if (!headed) nameHeaderlessFlag(columns, samples, stats, open);
  nameHeaderlessDates(columns, read, stats, asOf, dates, open, headed);
  dropScatteredId(columns, read, open);
}

/**
 * The columns these rules may name: every column of a table with no header row; in a table with one,
 * the columns whose header words no pack knows (map/index.ts isUnreadHeader).
 */
export type Open = (c: ColumnMapping) => boolean;

/** Repeated values over this share of the rows read ... */
const ID_REPEATS = 0.1;
/** ... of which fewer than this share follow the same value on the row above: no household's rows. */
const ID_ADJACENT = 0.5;
const SCATTERED_ID_REASON = 'no header row: its values repeat on rows far apart, as amounts or codes do; an id repeats only on one household\'s rows';

function dropScatteredId(columns: ColumnMapping[], read: readonly Cell[][], open: Open): void {
  const id = columns.find((c) => linksHousehold(c.field));
  if (!id || !open(id)) return;
  const seen = new Set<string>();
  let repeats = 0;
  let adjacent = 0;
  let previous = '';
  for (const row of read) {
    const t = cellText(row[id.index] ?? null).trim();
    if (t && seen.has(t)) {
      repeats++;
      if (t === previous) adjacent++;
    }
    seen.add(t);
    previous = t;
  }
  if (repeats > ID_REPEATS * read.length && adjacent < ID_ADJACENT * repeats) {
    id.field = null;
    id.confidence = 0;
    id.reason = SCATTERED_ID_REASON;
  }
}

function nameHeaderlessFlag(columns: ColumnMapping[], samples: readonly Cell[][], stats: readonly ColumnStats[], open: Open): void {
  if (saysWhoLeft(columns)) return;
  const flags = columns.filter((c) => {
    const st = stats[c.index];
    if (!open(c) || c.field || c.role || !st || st.n < 3 || st.distinct * st.n < 2) return false;
    const sample = samples[c.index];
    let yesNo = 0;
    let yes = 0;
    for (const x of sample) {
      if (typeof x !== 'boolean' && !isYesNo(cellText(x))) continue;
      yesNo++;
      if (parseActiveFlag(cellText(x)) === 'active') yes++;
    }
    return yesNo >= YES_NO_SHARE * sample.length && yes >= FLAG_MOSTLY_YES * yesNo;
  });
  if (flags.length !== 1) return;
  const flag = flags[0];
  flag.field = 'status';
  flag.codes = 'activeFlag';
  flag.confidence = WEAK_MAPPING_CONFIDENCE - 0.2;
  flag.reason = FLAG_REASON;
}

const OWN_BIRTH_REASON = 'no header row: birth dates filled on more rows than the other birth-date column, and left of it: the employee\'s own (a spouse\'s or a child\'s is blank where there is none)';

/**
 * Of two columns of birth dates, the employee's is filled on every row and comes first; a spouse's is
 * blank where there is none. The profiles choose by how cleanly the values read as dates, so a column
 * of the employee's dates mixed with Excel serial numbers lost to the spouse's (a wide layout read its
 * spouses as employees). The column filled on more rows, left of the chosen one, takes it.
 */
function ownBirthDateFirst(columns: ColumnMapping[], read: readonly Cell[][], open: Open): void {
  const birth = columns.find((c) => isOwnBirthDate(c.field));
  if (!birth) return;
  const filled = (index: number) => {
    let n = 0;
    for (const r of read) if (!isBlank(r[index] ?? null)) n++;
    return n;
  };
  const chosen = filled(birth.index);
  const own = columns.find((c) => c.index < birth.index && open(c) && !c.field && !c.role && isOwnBirthDate(c.candidates[0]?.field) && filled(c.index) > chosen);
  if (!own) return;
  own.field = 'dateOfBirth';
  own.confidence = Math.min(birth.confidence, WEAK_MAPPING_CONFIDENCE - 0.1);
  own.reason = OWN_BIRTH_REASON;
  birth.field = null;
  birth.confidence = 0;
  birth.reason = `no header row: '${own.header}' holds the employee's birth dates (filled on more rows, and first)`;
}

const BIRTH_BEFORE_HIRE_REASON = 'its dates fall years before each row\'s dates in the column read first as the birth date: a person is born before being hired, so these are the birth dates (please check)';

/**
 * Of two date columns, the birth dates are the earlier on each row, by MIN_WORKING_AGE years at least.
 * The profiles give the birth date to the column whose dates sit furthest back as a whole, so a hire date
 * of decades ago ('Data di Assunzione' 1987) took it from the birth dates beside it. A free date column
 * whose dates fall MIN_WORKING_AGE years or more before the chosen column's on IN_ORDER of the rows both
 * fill takes the birth date; the other is left for the hire-date rule below.
 */
function birthBeforeHire(columns: ColumnMapping[], read: readonly Cell[][], stats: readonly ColumnStats[], dates: RowDates, open: Open): void {
  const birth = columns.find((c) => isOwnBirthDate(c.field));
  if (!birth || !open(birth)) return;
  const births = dates(birth.index);
  for (const c of columns) {
    if (c === birth || !open(c) || c.field || c.role || (stats[c.index]?.dates ?? 0) < DATE_SHARE) continue;
    const d = dates(c.index);
    const { filled, inOrder } = order(births, d, (b, x) => x <= shiftIso(b, MIN_WORKING_AGE));
    if (filled < HIRE_FILLED * read.length || inOrder < IN_ORDER * filled) continue;
    c.field = 'dateOfBirth';
    c.confidence = Math.min(birth.confidence, WEAK_MAPPING_CONFIDENCE - 0.1);
    c.reason = BIRTH_BEFORE_HIRE_REASON;
    birth.field = null;
    birth.confidence = 0;
    birth.reason = `its dates fall years after the birth dates in '${c.header}' on each row: not the birth date`;
    return;
  }
}

type RowDates = (index: number) => (string | null)[];

/** Each column's dates per row (null: blank or no date), parsed once, in its own day order. */
function rowDates(read: readonly Cell[][], samples: readonly Cell[][], asOf: string): RowDates {
  const datesOf = new Map<number, (string | null)[]>();
  return (index) => {
    let out = datesOf.get(index);
    if (!out) {
      const ctx = { asOf, order: detectDayOrder(samples[index] ?? []) };
      out = read.map((r) => (isBlank(r[index]) ? null : parseDate(r[index], ctx)));
      datesOf.set(index, out);
    }
    return out;
  };
}

/**
 * A wide layout's dependents (the employee's columns, then the spouse's, then each child's on the same
 * row): with no header row, a dependent's block shows as a column of birth dates with a column of first
 * names filled on the same rows a few columns before it, after the employee's birth date. Its dates near the employee's make it the spouse's (the first such column),
 * dates MIN_WORKING_AGE years or more after it a child's.
 */
function nameHeaderlessDependents(columns: ColumnMapping[], read: readonly Cell[][], stats: readonly ColumnStats[], dates: RowDates, open: Open, headed: boolean): void {
  const birth = columns.find((c) => isOwnBirthDate(c.field));
  if (!birth || columns.some((c) => c.field !== null && saysWhoIsDependent(c.field))) return;
  const births = dates(birth.index);
  const byIndex = new Map(columns.map((c) => [c.index, c]));
  let spouse = false;
  for (const c of columns) {
    // DEPENDENT_DATE_SHARE of its values plainly dates: the others may be Excel serials, which parse too.
    if (c.index <= birth.index || !open(c) || (headed && !spreadOut(dates(c.index), stats[c.index])) || c.role || (c.field && !startsEmployment(c.field)) || (stats[c.index]?.dates ?? 0) < DEPENDENT_DATE_SHARE) continue;
    const d = dates(c.index);
    const { filled, inOrder: younger } = order(births, d, (b, x) => x >= shiftIso(b, -MIN_WORKING_AGE));
    // The name must come after the employee's birth date: the employee's own name is before it.
    if (filled === 0 || !namesOnSameRows(read, c.index, birth.index + 1, d, byIndex)) continue;
    const isChild = younger >= 0.5 * filled;
    if (!isChild && spouse) continue;
    spouse ||= !isChild;
    c.field = isChild ? 'childDateOfBirth' : 'spouseDateOfBirth';
    c.confidence = WEAK_MAPPING_CONFIDENCE - 0.1;
    c.reason = `${headed ? `no header words for it (header '${c.header}')` : 'no header row'}: ${isChild ? CHILD_REASON : SPOUSE_REASON}`;
  }
}

/** A column of first names, filled on the rows the date column is, within NAME_LOOKBACK columns before it. */
function namesOnSameRows(read: readonly Cell[][], index: number, from: number, d: readonly (string | null)[], byIndex: Map<number, ColumnMapping>): boolean {
  for (let k = index - 1; k >= Math.max(from, index - NAME_LOOKBACK); k--) {
    const col = byIndex.get(k);
    if (col?.field && !isNamePart(col.field)) continue;
    let both = 0;
    let either = 0;
    let known = 0;
    const distinct = new Set<string>();
    for (let i = 0; i < read.length; i++) {
      const name = read[i][k];
      // A first name, or a full name that starts with one ('Isla Okafor'); a manager's or a plan's
      // repeats from row to row (DISTINCT_NAMES below).
      const hasName = typeof name === 'string' && /^[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F'’.\-]{0,40}(?: [A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F'’.\-]{0,40}){0,2}$/.test(name.trim());
      const hasDate = d[i] !== null;
      if (hasName || hasDate) either++;
      if (hasName && hasDate) {
        both++;
        distinct.add(name.trim().toLowerCase());
        if (isKnownFirstName(name.trim().split(' ')[0])) known++;
      }
    }
    // Dependents' names vary from row to row; a manager's or a recruiter's repeat.
    if (both > 0 && both >= SAME_ROWS * either && known >= FIRST_NAME_SHARE * both && distinct.size >= DISTINCT_NAMES * both) return true;
  }
  return false;
}

function nameHeaderlessDates(columns: ColumnMapping[], read: readonly Cell[][], stats: readonly ColumnStats[], asOf: string, dates: RowDates, open: Open, headed: boolean): void {
  const birth = columns.find((c) => isOwnBirthDate(c.field));
  // One date on every row is the file's own (a report or load date), no one's hire or exit. Under a header
  // no pack reads, a date shared by many rows ('add_date', 'coverage_start') is a load or plan date too.
  const free = columns.filter((c) => open(c) && !c.field && !c.role && (stats[c.index]?.dates ?? 0) >= DATE_SHARE && stats[c.index].distinct * stats[c.index].n >= 2 && (!headed || peopleDates(dates(c.index), stats[c.index])));
  let hire = columns.find((c) => startsEmployment(c.field));
  if (!hire && birth) {
    const births = dates(birth.index);
    for (const c of free) {
      const d = dates(c.index);
      const { filled, inOrder } = order(births, d, (b, x) => x >= shiftIso(b, -MIN_WORKING_AGE) && x <= asOf);
      if (filled >= HIRE_FILLED * read.length && inOrder >= HIRE_IN_ORDER * filled) {
        c.field = 'hireDate';
        c.confidence = WEAK_MAPPING_CONFIDENCE - 0.1;
        c.reason = headed ? underUnreadHeader(HIRE_REASON) : HIRE_REASON;
        hire = c;
        break;
      }
    }
  }
  if (!hire || columns.some((c) => c.role === 'exitDate')) return;
  const hires = dates(hire.index);
  // With no header row, an exit date filled on a few rows only (one person of eight has left), or whose
  // blanks are written as zeros ('00/00/0000'), is a candidate too: it is blank on some rows by nature.
  const exits = headed ? free : columns.filter((c) => free.includes(c) || (open(c) && !c.field && !c.role && sparseDates(read, c.index, asOf)));
  for (const c of exits) {
    if (c === hire) continue;
    const d = dates(c.index);
    const { filled, inOrder } = order(hires, d, (h, x) => x >= h);
    if (filled > 0 && filled < read.length && inOrder >= IN_ORDER * filled) {
      c.role = 'exitDate';
      c.confidence = WEAK_MAPPING_CONFIDENCE - 0.1;
      c.reason = headed ? underUnreadHeader(EXIT_REASON) : EXIT_REASON;
      return;
    }
  }
}

/** A date written as zeros only ('00/00/0000', '0000-00-00'): no date, as a blank cell is. */
const ZERO_DATE = /^[0\s/.\-]+$/;

/**
 * A column of dates once its blanks and zero dates are left aside: DATE_SHARE of its other cells are
 * dates, and it has one at least. Its distinct dates are not counted, so one exit date on one row of
 * eight is read; rows left blank keep a load date of every row out (nameHeaderlessDates asks for blanks).
 */
function sparseDates(read: readonly Cell[][], index: number, asOf: string): boolean {
  let given = 0;
  let dated = 0;
  for (const r of read) {
    const cell = r[index] ?? null;
    if (isBlank(cell) || (typeof cell === 'string' && ZERO_DATE.test(cell.trim()))) continue;
    given++;
    if (looksLikeDate(cell, asOf)) dated++;
  }
  return dated > 0 && dated >= DATE_SHARE * given;
}

/** A wide layout's blocks are told by this many columns of relationship words at least (one per member). */
const MIN_BLOCKS = 2;
/** A relationship column: this share of its filled cells read as relationships at least. */
const RELATIONSHIP_SHARE = 0.9;
/** The runner-up a block's birth date keeps: its member may be a spouse (the block's cell decides, as in blocks.ts). */
const BLOCK_SPOUSE_CANDIDATE = 0.6;

const BLOCK_DATE_REASON = 'no header row: the last dates before a column of dependents\' relationships (spouse, child ...) in a row of member blocks: that member\'s birth date, a dependent of the row\'s person (a wide layout)';
const BLOCK_OTHER_REASON = 'no header row: in a later member block of a wide layout, it describes that member, not the row\'s own person';

/**
 * A wide layout with no header row (each row: the employee's columns, then each dependent's block of
 * name, birth date ... relationship): two columns of relationship words or more. A column whose every
 * value is a dependent's (spouse, child, partner; never the employee's own 'Self') ends a dependent's
 * block; the last date column before it, after the block before, is that dependent's birth date, paired
 * with it (relationshipIndex) so each row's cell says spouse or child. The row's own relationship is the
 * column that says the employee ('Self'), or none. Blocks are looked for after the employee's own birth
 * date, and number codes (1, 2) are no relationship words: a list of one member per row, whose tier says
 * 'Employee+Spouse', has no blocks. A block between two relationship columns describes its member
 * only: its other columns lose their fields. With a header, markRepeatedBlocks (blocks.ts)
 * reads the same from the repeated headers.
 */
function nameHeaderlessBlocks(columns: ColumnMapping[], read: readonly Cell[][], stats: readonly ColumnStats[], open: Open): void {
  if (columns.some((c) => c.field !== null && !tellsRelationship(c.field) && saysWhoIsDependent(c.field))) return;
  const rels: { col: ColumnMapping; dependent: boolean }[] = [];
  for (const c of columns) {
    if (!open(c) || c.role) continue;
    let filled = 0;
    let said = 0;
    let own = 0;
    for (const r of read) {
      const t = cellText(r[c.index] ?? null).trim();
      if (!t) continue;
      filled++;
      // Words, not number codes (1, 2 are anything's codes: a tier's, a plan's).
      if (!/\p{L}/u.test(t)) continue;
      const rel = parseRelationship(t);
      if (rel === null) continue;
      said++;
      if (rel === 'employee') own++;
    }
    if (filled > 0 && said >= RELATIONSHIP_SHARE * filled) rels.push({ col: c, dependent: own === 0 });
  }
  if (rels.length < MIN_BLOCKS || !rels.some((r) => r.dependent)) return;
  const own = rels.find((r) => !r.dependent)?.col;
  // A dependent's block comes after the employee's own birth date (the first block is the row's person).
  const birth = columns.find((c) => isOwnBirthDate(c.field));
  let from = birth?.index ?? -1;
  let changed = false;
  for (const { col, dependent } of rels) {
    if (col.index <= from) continue;
    const start = from;
    from = col.index;
    if (!dependent) continue;
    const block = columns.filter((c) => c.index > start && c.index < col.index);
    const date = [...block].reverse().find((c) => open(c) && !c.role && (stats[c.index]?.dates ?? 0) >= DEPENDENT_DATE_SHARE);
    if (!date) continue;
    date.field = 'childDateOfBirth';
    date.candidates = [{ field: 'spouseDateOfBirth', score: BLOCK_SPOUSE_CANDIDATE }];
    date.confidence = WEAK_MAPPING_CONFIDENCE - 0.1;
    date.reason = BLOCK_DATE_REASON;
    date.relationshipIndex = col.index;
    changed = true;
    if (start > (birth?.index ?? -1)) {
      for (const c of block) {
        if (c === date || !c.field || !open(c)) continue;
        c.field = null;
        c.codes = undefined;
        c.confidence = 0;
        c.reason = BLOCK_OTHER_REASON;
      }
    }
    col.field = null;
    col.codes = undefined;
    col.confidence = 0;
    col.reason = `no header row: the relationship of the member whose birth date is '${date.header}' (a wide layout's dependent block)`;
  }
  if (!changed || !own || columns.some((c) => tellsRelationship(c.field))) return;
  own.field = 'relationship';
  own.confidence = WEAK_MAPPING_CONFIDENCE - 0.1;
  own.reason = 'no header row: the relationship column that says the employee (\'Self\'), before the dependents\' blocks of a wide layout';
}

/** Rows where the column has a date, and of those, rows where it keeps its order with the anchor's date. */
function order(anchor: readonly (string | null)[], col: readonly (string | null)[], ok: (a: string, x: string) => boolean): { filled: number; inOrder: number } {
  let filled = 0;
  let inOrder = 0;
  for (let i = 0; i < col.length; i++) {
    const x = col[i];
    if (x === null) continue;
    filled++;
    const a = anchor[i];
    if (a !== null && ok(a, x)) inOrder++;
  }
  return { filled, inOrder };
}
