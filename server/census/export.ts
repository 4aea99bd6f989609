/**
 * Export stage: the clean member list as a file (CENSUS.md "The command line").
 *
 * Columns: the canonical fields (one row per member; age is the age at the as-of date, ssnLast4 the
 * only trace of an SSN), a flag column per imputed field, then the unmapped columns of the files
 * (by header, in order of first appearance), then where each member was read (file, sheet, row, and the
 * column for a wide-layout dependent). An XLSX also gets a "Changes" sheet: every change the engine
 * made (file, sheet, row, field, from, to, why). A CSV is UTF-8 with a BOM (Excel opens it right),
 * CRLF line ends, RFC 4180 quoting.
 *
 * Formula injection: a text cell whose first character is = + - @ tab CR LF or NUL would run as a
 * formula when a spreadsheet opens the file (or a CSV saved from it), so it gets a leading single
 * quote (the OWASP advice; Excel shows the quote, nothing runs). Numbers stay numbers.
 */
import { XLSX } from './read/sheetjs';
import { FORMULA_TRIGGERS } from './rules';
import type { Change, Member } from './types';
import { ageAt } from './impute';

type Out = string | number | boolean | null;

const CANONICAL_COLUMNS: [string, (m: Member, asOf: string) => Out][] = [
  ['employeeId', (m) => m.employeeId],
  ['firstName', (m) => m.firstName],
  ['lastName', (m) => m.lastName],
  ['relationship', (m) => m.relationship],
  ['dateOfBirth', (m) => m.dateOfBirth],
  ['age', (m, asOf) => ageAt(m, asOf)],
  ['gender', (m) => m.gender ?? 'unknown'],
  ['zip', (m) => m.zip],
  ['state', (m) => m.state],
  ['hireDate', (m) => m.hireDate],
  ['annualSalary', (m) => m.annualSalary],
  ['monthlySalary', (m) => m.monthlySalary],
  ['hourlyRate', (m) => m.hourlyRate],
  ['hoursPerWeek', (m) => m.hoursPerWeek],
  ['status', (m) => m.status],
  ['coverageTier', (m) => m.coverageTier],
  ['jobTitle', (m) => m.jobTitle],
  ['tobacco', (m) => (m.tobacco === null ? null : m.tobacco ? 'yes' : 'no')],
  ['ssnLast4', (m) => m.ssnLast4],
];
const FLAG_COLUMNS: [string, (m: Member) => Out][] = [
  ['genderImputed', (m) => m.imputed.gender],
  ['dateOfBirthImputed', (m) => m.imputed.dateOfBirth],
  ['annualSalaryImputed', (m) => m.imputed.annualSalary],
];
const SOURCE_COLUMNS: [string, (m: Member) => Out][] = [
  ['sourceFile', (m) => m.file],
  ['sourceSheet', (m) => m.sheet],
  ['sourceRow', (m) => m.row],
  ['sourceColumn', (m) => m.column],
];
const CHANGE_COLUMNS = ['file', 'sheet', 'row', 'field', 'from', 'to', 'why'] as const;

const TRIGGERS = new Set<string>(FORMULA_TRIGGERS);

/** A text cell a spreadsheet would run as a formula gets a leading single quote. */
export function neutralise(value: Out): Out {
  if (typeof value !== 'string' || value.length === 0) return value;
  return TRIGGERS.has(value[0]) ? `'${value}` : value;
}

/** The member list as rows (header row first), every text cell neutralised. */
export function memberRows(members: readonly Member[], asOf: string): Out[][] {
  const extraHeaders: string[] = [];
  const seen = new Set<string>();
  for (const m of members) {
    for (const k of Object.keys(m.extras)) {
      if (!seen.has(k)) {
        seen.add(k);
        extraHeaders.push(k);
      }
    }
  }
  // An extra column named like a canonical one would be ambiguous: it gets a prefix.
  const taken = new Set([...CANONICAL_COLUMNS, ...FLAG_COLUMNS, ...SOURCE_COLUMNS].map(([h]) => h));
  const extraLabels = extraHeaders.map((h) => (taken.has(h) ? `extra: ${h}` : h));
  const header: Out[] = [
    ...CANONICAL_COLUMNS.map(([h]) => h),
    ...FLAG_COLUMNS.map(([h]) => h),
    ...extraLabels,
    ...SOURCE_COLUMNS.map(([h]) => h),
  ].map(neutralise);
  const rows: Out[][] = [header];
  for (const m of members) {
    const row: Out[] = [];
    for (const [, get] of CANONICAL_COLUMNS) row.push(neutralise(get(m, asOf)));
    for (const [, get] of FLAG_COLUMNS) row.push(get(m));
    for (const h of extraHeaders) row.push(neutralise(m.extras[h] ?? null));
    for (const [, get] of SOURCE_COLUMNS) row.push(neutralise(get(m)));
    rows.push(row);
  }
  return rows;
}

export function changeRows(changes: readonly Change[]): Out[][] {
  const rows: Out[][] = [[...CHANGE_COLUMNS]];
  for (const c of changes) rows.push(CHANGE_COLUMNS.map((k) => neutralise(c[k])));
  return rows;
}

function csvField(v: Out): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const s = String(v);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: readonly Out[][]): string {
  return `\ufeff${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export interface ExportInput {
  members: readonly Member[];
  changes: readonly Change[];
  /** The as-of date of the analysis (the age column is the age then). */
  asOf: string;
}

/** The clean member list as an XLSX workbook (Members + Changes sheets) or a CSV file. */
export function exportCensus(result: ExportInput, format: 'xlsx' | 'csv'): Uint8Array {
  const members = memberRows(result.members, result.asOf);
  if (format === 'csv') return new TextEncoder().encode(toCsv(members));
  if (format !== 'xlsx') throw new TypeError(`Unknown export format '${String(format)}'.`);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(members), 'Members');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(changeRows(result.changes)), 'Changes');
  const out = XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Uint8Array(out);
}
