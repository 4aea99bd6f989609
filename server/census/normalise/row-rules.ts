/**
 * The business rules a normalised row follows once its cells are read (CENSUS.md "Members",
 * docs/census-engine.md), apart from the cell loop in index.ts:
 * - a tier column that also marks dependents gives the row its relationship;
 * - a member sequence (00 subscriber, 01, 02 ... dependents) where there is no relationship column;
 * - the pay mode of a row (hourly, weekly, monthly ... to annual), and a salary-or-hourly-rate column's
 *   small amounts read as hourly rates; then the annual salary derived from monthly or hourly pay;
 * - an exit date before the as-of date ends employment (unless the status says otherwise, or a later
 *   rehire date brings the member back);
 * - the state from the ZIP code where the row has none.
 * Every rule that changes a value logs a Change; the exit-date rule also one Issue per table.
 */
import { DEFAULT_HOURS_PER_WEEK, HOURLY_RATE_LIMIT, MONTHS_PER_YEAR, WEEKS_PER_YEAR } from '../rules';
import { cellText, isBlank, redact } from '../text';
import type { CanonicalField, Cell, Change, ColumnMapping, Issue, LocatedTable, MemberValues } from '../types';
import { PAY_MODE_FACTOR, isEmploymentClass, parsePayMode } from '../values/codes';
import { detectDayOrder, parseDate, type DateContext } from '../values/dates';
import { stateFromZip } from '../values/states';
import { sampleColumn } from '../values/columns';
import { isPlaceholder, VALUE_PLACEHOLDERS } from './placeholders';
import { decidesLives, isYearlyPay } from '../fields';

export interface RowRuleContext {
  table: LocatedTable;
  columns: ColumnMapping[];
  ctx: { file: string; asOf: string };
  /** The table's change log: the rules append to it. */
  changes: Change[];
  /** The fields some column of the table was read as. */
  mapped: ReadonlySet<CanonicalField>;
  /** A coverage-tier column also gives dependents' relationships. */
  relationshipFromTier: boolean;
}

export interface RowRules {
  /** Applies the rules to one row (its values and its cells); true when the row's relationship is now given. */
  apply(v: MemberValues, cells: readonly Cell[], row: number): boolean;
  /** What the rules say about the whole table, once every row is done. */
  issues(): Issue[];
}

export function createRowRules({ table, columns, ctx, changes, mapped, relationshipFromTier }: RowRuleContext): RowRules {
  const file = ctx.file;
  const sheet = table.sheet;
  const hasState = mapped.has('state');
  const payMode = columns.find((c) => c.field && c.payModeIndex !== undefined);
  const mixedPay = columns.some((c) => isYearlyPay(c.field) && c.mixedByMagnitude);
  // Date columns read for their role (exit, rehire), each with the day order its own values show.
  const datesOf = (role: 'exitDate' | 'rehireDate') =>
    columns
      .filter((c) => c.role === role)
      .map((c) => ({ index: c.index, header: c.header, ctx: { asOf: ctx.asOf, order: detectDayOrder(sampleColumn(table.rows, c.index, 500)) } as DateContext }));
  /** The day a role column gives in a row (null: blank, a placeholder, or no date). */
  const dayIn = (cell: Cell, x: { ctx: DateContext }): string | null =>
    isBlank(cell) || (typeof cell === 'string' && isPlaceholder(cell, VALUE_PLACEHOLDERS)) ? null : parseDate(cell, x.ctx);
  // A status column of employment classes (Full-Time, Salaried) does not stop the exit-date rule.
  const statusCol = columns.find((c) => decidesLives(c.field) && c.codes !== 'activeFlag');
  const classes = new Map<Cell, boolean>();
  const employmentClass = (cell: Cell): boolean => {
    let b = classes.get(cell);
    if (b === undefined) classes.set(cell, (b = isEmploymentClass(cellText(cell))));
    return b;
  };
  const exitDates = datesOf('exitDate');
  const rehireDates = datesOf('rehireDate');
  /** The row's latest rehire date, or null. */
  const rehiredOn = (cells: readonly Cell[]): string | null => {
    let latest: string | null = null;
    for (const r of rehireDates) {
      const day = dayIn(cells[r.index], r);
      if (day !== null && (latest === null || day > latest)) latest = day;
    }
    return latest;
  };
  // No relationship column but a member sequence (00 subscriber, 01, 02 ... dependents).
  const sequence = mapped.has('relationship') ? undefined : columns.find((c) => c.role === 'memberSequence');
  let sequenceFirst = 1;
  if (sequence) for (const c of sampleColumn(table.rows, sequence.index, 500)) if (Number(cellText(c)) === 0) sequenceFirst = 0;
  let exited = 0;


  return {
    apply(v, cells, row) {
      let given = false;
      if (relationshipFromTier && v.relationship !== null) given = true;
      if (sequence && v.relationship === null) {
        const t = cellText(cells[sequence.index]).trim();
        if (/^\d{1,3}$/.test(t)) {
          v.relationship = Number(t) === sequenceFirst ? 'employee' : 'other';
          given = true;
          if (v.relationship === 'other') changes.push({ file, sheet, row, field: 'relationship', from: t, to: 'other', why: `member sequence ${t} in '${sequence.header}': a dependent` });
        }
      }
      if (payMode && v.annualSalary !== null) applyPayMode(v, cells[payMode.payModeIndex!], changes, file, sheet, row);
      else if (mixedPay && v.annualSalary !== null && v.annualSalary < HOURLY_RATE_LIMIT) {
        // 'Salary or Hourly Rate' with no pay mode: a small amount is an hourly rate (map.ts).
        changes.push({ file, sheet, row, field: 'annualSalary', from: String(v.annualSalary), to: '', why: `an amount under ${HOURLY_RATE_LIMIT} in a salary-or-hourly-rate column: read as an hourly rate` });
        v.hourlyRate = v.annualSalary;
        v.annualSalary = null;
      }
      deriveAnnualSalary(v, changes, file, sheet, row);
      // An exit date before the as-of date ends employment, unless the row's status says otherwise.
      if (exitDates.length > 0 && (v.status === null || (v.status === 'active' && statusCol !== undefined && employmentClass(cells[statusCol.index])))) {
        for (const x of exitDates) {
          const day = dayIn(cells[x.index], x);
          if (day !== null && day < ctx.asOf) {
            const back = rehireDates.length > 0 ? rehiredOn(cells) : null;
            if (back !== null && back >= day && back <= ctx.asOf) continue; // left, then came back
            v.status = 'terminated';
            exited++;
            changes.push({ file, sheet, row, field: 'status', from: '', to: 'terminated', why: `'${x.header}' ${day} is before the as-of date and the row has no status: terminated` });
            break;
          }
        }
      }
      // State from the ZIP code where the file has no state (column, or value).
      if (v.state === null && v.zip !== null) {
        const st = stateFromZip(v.zip);
        if (st) {
          v.state = st;
          changes.push({ file, sheet, row, field: 'state', from: '', to: st, why: hasState ? 'state blank: taken from the ZIP code' : 'no state column: state from the ZIP code' });
        }
      }
      return given;
    },
    issues() {
      const issues: Issue[] = [];
      if (exited > 0) {
        issues.push({
          file, sheet, row: null,
          message: `${exited} member${exited === 1 ? ' has' : 's have'} an exit date ('${exitDates.map((x) => x.header).join("', '")}') before the as-of date and no status: counted as terminated.`,
        });
      }
      return issues;
    },
  };
}

/** The amount of a row read by its pay mode: hourly -> a rate (annualised with the hours), else x periods. */
function applyPayMode(v: MemberValues, cell: Cell, changes: Change[], file: string, sheet: string, row: number): void {
  if (isBlank(cell)) return;
  const mode = parsePayMode(cellText(cell));
  const amount = v.annualSalary!;
  if (mode === null) {
    // "Paycheck", "Daily": an amount whose period we cannot tell is no salary.
    v.annualSalary = null;
    changes.push({ file, sheet, row, field: 'annualSalary', from: String(amount), to: '', why: `pay mode '${redact(cellText(cell))}' unknown: the amount's period cannot be told, left blank` });
    return;
  }
  if (mode === 'annual') return;
  // An amount far too large for its period is already a year's pay (a file that mixes them up).
  if ((mode === 'hourly' && amount >= 1000) || (mode !== 'hourly' && amount >= 20_000)) {
    changes.push({ file, sheet, row, field: 'annualSalary', from: String(amount), to: String(Math.round(amount)), why: `pay mode ${mode}, but ${amount} is a year's pay: kept as annual` });
    return;
  }
  if (mode === 'hourly') {
    v.hourlyRate = amount;
    v.annualSalary = null;
    return;
  }
  v.annualSalary = Math.round(amount * PAY_MODE_FACTOR[mode]);
  changes.push({ file, sheet, row, field: 'annualSalary', from: String(amount), to: String(v.annualSalary), why: `pay mode ${mode}: annual salary = ${amount} x ${PAY_MODE_FACTOR[mode]}` });
}

/** annual = the annual salary; else 12 x monthly; else rate x hours (40 when missing) x 52; whole dollars. */
export function deriveAnnualSalary(values: MemberValues, changes: Change[], file: string, sheet: string, row: number): void {
  if (values.annualSalary !== null) {
    values.annualSalary = Math.round(values.annualSalary);
    return;
  }
  if (values.monthlySalary !== null) {
    values.annualSalary = Math.round(values.monthlySalary * MONTHS_PER_YEAR);
    changes.push({ file, sheet, row, field: 'annualSalary', from: String(values.monthlySalary), to: String(values.annualSalary), why: 'annual salary = 12 x monthly salary' });
    return;
  }
  if (values.hourlyRate !== null) {
    const hours = values.hoursPerWeek ?? DEFAULT_HOURS_PER_WEEK;
    values.annualSalary = Math.round(values.hourlyRate * hours * WEEKS_PER_YEAR);
    changes.push({
      file, sheet, row, field: 'annualSalary', from: String(values.hourlyRate), to: String(values.annualSalary),
      why: `annual salary = hourly rate x ${hours} hours${values.hoursPerWeek === null ? ' (no hours given: 40 assumed)' : ''} x 52 weeks`,
    });
  }
}
