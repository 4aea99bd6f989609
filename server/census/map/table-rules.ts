/**
 * The map stage's table-level rules (issue 26): once every column has its own field, these rules weigh
 * the columns of a table together, in order, each with the evidence that made it. Like VETOES and
 * VALUE_RULES, a rule is an entry of a list: its name, what it does to the columns, and why.
 */
import { HOURLY_RATE_LIMIT, WEAK_MAPPING_CONFIDENCE } from '../rules';
import { isYearlyPay, mayMarkDependents, SALARY_FIELDS, tellsRelationship } from '../fields';
import type { Cell, ColumnMapping, LocatedTable } from '../types';
import { markRepeatedBlocks, pairBlockRelationships } from './blocks';
import { headerWords, medianAmount, type ColumnStats } from './column-stats';
import { scoreHeader } from './headers';
import { nameHeaderlessColumns } from './headerless';
import { keepOnePerField } from './one-per-field';
import { says } from './role-words';
import { runValueRules } from './value-rules';
import { HEADER_EVIDENCE, VETO_WORDS } from './vetoes';

export interface TableRuleContext {
  table: LocatedTable;
  samples: readonly Cell[][];
  stats: readonly ColumnStats[];
  asOf: string;
  /** Each mapped column's header and value evidence for its field (one-per-field.ts breaks ties by it). */
  evidenceOf: ReadonlyMap<number, { header: number; values: number }>;
  /** Columns whose header words no pack knows (map/index.ts isUnreadHeader). */
  unread: ReadonlySet<number>;
  /** Columns the value rules may name: every column of a table with no header row, else the unread ones. */
  open: (c: ColumnMapping) => boolean;
}

export interface TableRule {
  name: string;
  run: (columns: ColumnMapping[], ctx: TableRuleContext) => void;
  evidence: string;
}

/**
 * Amounts under a pay header that names no period, read as a month's pay when their median is here:
 * below a year's pay anyone is hired at, above an hourly rate or a week's part-time pay (a review says so).
 */
const MONTHLY_BY_MAGNITUDE = { min: 1_000, max: 15_000 };
/** A coverage column marks dependents when its relationship codes (SP, CH) fill this share of its rows ... */
const TIER_DEPENDENT_CODES = 0.05;
/** ... and digits fill less than this share (a tier's digits are its own codes). */
const TIER_DIGITS_MAX = 0.5;
/** An amount column found by its header for a pay mode holds numbers on this share of its rows. */
const AMOUNT_NUMBERS = 0.8;
/** ... or, under a header no pack reads, sits this many columns from the pay mode at most. */
const AMOUNT_BESIDE_MODE = 1;
/** ... and its amounts' median is at least an hourly wage (a full-time equivalent of 1.0 or 0.5 is no pay). */
const PAY_AMOUNT_MIN = 5;

const pct = (x: number) => `${Math.round(x * 100)}%`;
const salaryColumnsOf = (columns: readonly ColumnMapping[]) => columns.filter((c) => c.field && SALARY_FIELDS.includes(c.field));

/**
 * A pay mode column: the amount column beside it is read per row (hourly x hours x 52, weekly x 52 ...).
 * "Pay Type" (Salary/Hourly) says what the amount is; "Pay Frequency" only how often it is paid.
 */
function readAmountByPayMode(columns: ColumnMapping[], { stats, unread, samples }: TableRuleContext): void {
  const salaryColumns = salaryColumnsOf(columns);
  const modes = columns.filter((c) => c.role === 'payMode');
  const mode = modes.find((c) => !says('paySchedule', c.header)) ?? modes[0];
  for (const other of modes) {
    if (other === mode) continue;
    other.role = undefined;
    other.reason = `pay schedule: not a census field ('${mode.header}' says what the amount is)`;
  }
  if (!mode) return;
  let amount: ColumnMapping | undefined;
  // "Annual Salary" says its own period; "Salary or Hourly Rate" is the mixed column a pay mode explains.
  const ownPeriod = (h: string) => says('period', h) && !says('twoChoices', h);
  if (salaryColumns.length === 1 && !ownPeriod(salaryColumns[0].header)) amount = salaryColumns[0];
  let beside = false;
  if (salaryColumns.length === 0) {
    amount = columns.find((c) => !c.field && !c.role && says('payAmount', c.header) && !headerWords(c.header).some((w) => VETO_WORDS.has(w)) && (stats[c.index]?.numbers ?? 0) >= AMOUNT_NUMBERS);
    // The amount a pay mode explains sits beside it: a column of numbers under a header no pack reads ('Jahresgehalt').
    if (!amount) {
      amount = columns.find((c) => !c.field && !c.role && unread.has(c.index) && Math.abs(c.index - mode.index) <= AMOUNT_BESIDE_MODE && (stats[c.index]?.numbers ?? 0) >= AMOUNT_NUMBERS && (medianAmount(samples[c.index] ?? []) ?? 0) >= PAY_AMOUNT_MIN);
      beside = !!amount;
    }
  }
  if (amount) {
    amount.field = 'annualSalary';
    amount.confidence = beside ? WEAK_MAPPING_CONFIDENCE - 0.1 : Math.max(amount.confidence, 0.8);
    amount.payModeIndex = mode.index;
    const per = `read per row by '${mode.header}' (hourly x weekly hours x 52, weekly x 52, biweekly x 26, semi-monthly x 24, monthly x 12)`;
    amount.reason = beside ? `its header is in no words we read, but its numbers sit beside the pay mode '${mode.header}': a pay amount, ${per} (please check)` : `header '${amount.header}' is a pay amount; ${per}`;
    mode.reason = `pay mode: not a census field, but it says per row what '${amount.header}' is (hourly, weekly, biweekly, semi-monthly, monthly or annual)`;
  } else if (salaryColumns.length > 0) {
    mode.reason = `pay mode: the file's amount column${salaryColumns.length > 1 ? 's say' : ' says'} its own period ('${salaryColumns.map((c) => c.header).join("', '")}'), so it is not applied`;
    mode.role = undefined;
  } else mode.role = undefined;
}

/** 'Salary or Hourly Rate' and no column says which each amount is: its size does. */
function readMixedPayBySize(columns: ColumnMapping[]): void {
  if (columns.some((c) => c.payModeIndex !== undefined)) return;
  const salaryColumns = salaryColumnsOf(columns);
  const mixed = salaryColumns.length === 1 && says('mixedPay', headerWords(salaryColumns[0].header).join(' ')) ? salaryColumns[0] : undefined;
  if (!mixed) return;
  mixed.field = 'annualSalary';
  mixed.mixedByMagnitude = true;
  mixed.reason = `header '${mixed.header}' holds salaries or hourly rates and no column says which: an amount under ${HOURLY_RATE_LIMIT} is read as an hourly rate (x weekly hours x 52), a larger one as a year's pay`;
}

/** 'Salary' or 'Gross Pay' that says no period, and amounts of a month's pay: their size says the period. */
function readMonthlyPayBySize(columns: ColumnMapping[], { samples }: TableRuleContext): void {
  if (columns.some((c) => c.payModeIndex !== undefined || c.mixedByMagnitude)) return;
  const pay = columns.filter((c) => c.field && SALARY_FIELDS.includes(c.field) && !c.fromReading);
  const only = pay.length === 1 && isYearlyPay(pay[0].field) ? pay[0] : undefined;
  if (!only || says('period', headerWords(only.header).join(' '))) return;
  const med = medianAmount(samples[only.index]);
  if (med === null || med < MONTHLY_BY_MAGNITUDE.min || med >= MONTHLY_BY_MAGNITUDE.max) return;
  only.field = 'monthlySalary';
  only.periodByMagnitude = 'monthly';
  only.reason = `header '${only.header}' does not say the period, and its amounts (median ${Math.round(med)}) are a month's pay, not a year's: read as monthly (x 12)`;
}

/** No relationship column, but a coverage column whose dependent rows read SP/CH: those rows are dependents. */
function markDependentsByTier(columns: ColumnMapping[], { stats }: TableRuleContext): void {
  if (columns.some((c) => tellsRelationship(c.field))) return;
  const tier = columns.find((c) => c.field && mayMarkDependents(c.field) && (scoreHeader(c.header).get(c.field) ?? 0) >= HEADER_EVIDENCE && stats[c.index] && stats[c.index].dependentCodes >= TIER_DEPENDENT_CODES && stats[c.index].digits < TIER_DIGITS_MAX);
  if (!tier) return;
  tier.alsoRelationship = true;
  tier.reason += `; its relationship codes (SP, CH ...) on ${pct(stats[tier.index].dependentCodes)} of rows mark dependents`;
}

export const TABLE_RULES: readonly TableRule[] = [
  {
    name: 'member blocks',
    run: (columns) => {
      markRepeatedBlocks(columns);
      pairBlockRelationships(columns);
    },
    evidence: "a wide layout repeats a block of columns per dependent ('Dep1 DOB', 'Dep2 DOB'): each block's relationship is paired with its birth date (blocks.ts)",
  },
  {
    name: 'one column per field',
    run: (columns, { samples, stats, evidenceOf }) => keepOnePerField(columns, samples, stats, evidenceOf),
    evidence: 'two columns that claim one field: the best keeps it, the others become extra columns, with tie-breaks per field (one-per-field.ts)',
  },
  {
    name: 'dates and flags by their order',
    run: (columns, { table, samples, stats, asOf, unread }) => {
      if (table.headerless) nameHeaderlessColumns(columns, table.rows, samples, stats, asOf);
      else if (unread.size > 0) nameHeaderlessColumns(columns, table.rows, samples, stats, asOf, (c) => unread.has(c.index));
    },
    evidence: "no header row, or headers no pack reads: birth, hire and exit dates are told apart by each row's order of dates, and an active flag by its yes/no values (headerless.ts)",
  },
  { name: 'amount read by its pay mode', run: readAmountByPayMode, evidence: "'Pay Type' (Salary/Hourly) beside one amount column: the amount is read per row by its mode" },
  { name: 'mixed pay by size', run: readMixedPayBySize, evidence: "'Salary or Hourly Rate' with no mode column: an amount under the hourly limit is an hourly rate" },
  { name: 'monthly pay by size', run: readMonthlyPayBySize, evidence: "'Gross Pay' that says no period, with a median between a month's pay bounds: monthly" },
  { name: 'dependents marked by the tier', run: markDependentsByTier, evidence: "no relationship column, but 'Coverage' holds SP and CH on the dependents' rows" },
  {
    name: 'values name what words did not',
    run: (columns, { table, asOf, open }) => runValueRules(columns, table.rows, asOf, open),
    evidence: 'what the columns hold names those no words did: a table with no header row, or headers no pack reads (map/value-rules/index.ts VALUE_RULES)',
  },
];
