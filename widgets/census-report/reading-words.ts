/**
 * 'How we read your file' in plain words, from the report's columns, issues and imputed counts.
 * No jargon: fields get everyday names, confidence becomes 'Sure' / 'Fairly sure' / 'Please check'.
 */
import type { CanonicalField, CensusColumn, CensusReport } from '../../shared/census/report';
import { formatCount } from '../internal/format';

export const FIELD_NAMES: Record<CanonicalField, string> = {
  employeeId: 'Employee ID',
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  relationship: 'Relationship (employee, spouse, child)',
  dateOfBirth: 'Date of birth',
  age: 'Age',
  gender: 'Gender',
  zip: 'ZIP code',
  state: 'State',
  hireDate: 'Hire date',
  annualSalary: 'Yearly salary',
  monthlySalary: 'Monthly salary',
  hourlyRate: 'Hourly pay',
  hoursPerWeek: 'Hours per week',
  status: 'Employment status',
  coverageTier: 'Coverage tier',
  jobTitle: 'Job title',
  tobacco: 'Tobacco use',
  ssn: 'Social Security number',
  spouseDateOfBirth: "Spouse's date of birth",
  childDateOfBirth: "Child's date of birth",
};

/**
 * How a sheet is named to a person: a text file (CSV, TXT, TSV) has no sheets, so its one table is
 * 'the whole file', not the engine's internal 'Sheet1'.
 */
export function sheetLabel(file: string, sheet: string): string {
  return /\.(csv|txt|tsv)$/i.test(file) ? 'the whole file' : sheet;
}

export function confidenceWords(confidence: number): string {
  if (confidence >= 0.9) return 'Sure';
  if (confidence >= 0.7) return 'Fairly sure';
  return 'Please check';
}

export interface ReadingRow {
  key: string;
  where: string;
  header: string;
  became: string;
  confidence: string;
  reason: string;
}

/** One row per column: where it was, what it became, how sure we are, and why. */
export function readingRows(columns: readonly CensusColumn[], files: number): ReadingRow[] {
  return columns.map((c, i) => ({
    key: `${c.file}\u0000${c.sheet}\u0000${c.header}\u0000${i}`,
    where: files > 1 ? `${c.file}, ${c.sheet}` : c.sheet,
    header: c.header || '(no heading)',
    became: c.field ? FIELD_NAMES[c.field] ?? c.field : 'Not used',
    confidence: c.field ? `${confidenceWords(c.confidence)} (${Math.round(c.confidence * 100)}%)` : '',
    reason: c.reason ?? '',
  }));
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The sentences about filled-in values; empty when nothing was estimated. */
export function imputedLines(imputed: CensusReport['imputed'] | undefined): string[] {
  if (!imputed) return [];
  const lines: string[] = [];
  if (imputed.dateOfBirth > 0) lines.push(`We estimated ${plural(imputed.dateOfBirth, 'missing date of birth', 'missing dates of birth')}.`);
  if (imputed.gender > 0) lines.push(`We estimated ${plural(imputed.gender, 'missing gender', 'missing genders')} from first names.`);
  if (imputed.annualSalary > 0) lines.push(`We estimated ${plural(imputed.annualSalary, 'missing salary', 'missing salaries')}.`);
  return lines;
}

/** Issues that mention duplicates (the engine reports removed duplicates among its issues). */
export function duplicateIssues(issues: CensusReport['issues'] | undefined): number {
  return (issues ?? []).filter((i) => /duplicate/i.test(i.message)).length;
}

export function issueWhere(issue: CensusReport['issues'][number]): string {
  return [issue.file, issue.sheet, issue.row !== null ? `row ${issue.row}` : null].filter(Boolean).join(', ');
}
