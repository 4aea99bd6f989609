/**
 * Helpers for the census engine tests: where the shared fixtures are, and small builders that make
 * census files in memory (CSV text, XLSX workbooks) so tests can use spellings no fixture has.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import * as XLSX from 'xlsx';
import type { Cell, LocatedTable, Member, NormalisedRow } from '../../../server/census/types';
import { emptyValues } from '../../../server/census/members';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const sharedDir = path.resolve(repoRoot, '../shared');
export const fixturesDir = path.join(sharedDir, 'fixtures/census');
export const AS_OF = '2026-01-01';

/** A case's truth file (../shared/fixtures/census/*.truth.json, and tests/fixtures/census-real). */
export interface CensusTruth {
  case?: string;
  asOf: string;
  files: string[];
  columns: { file: string; sheet: string; header: string; field: string | null }[];
  imputed?: { gender: number; dateOfBirth: number; annualSalary: number };
  expected: {
    totalLives: number;
    livesAdditionalInfo: { retired: number; excluded: number };
    gender: { male: number; female: number; unknown: number };
    ageBand: Record<string, number>;
    salaryBand: Record<string, number>;
    tenure: Record<string, number>;
    demographics: Record<string, number>;
  };
}

/** A fixture folder's index.json: each case with its files and truth file. */
export type FixtureIndex = { case: string; files: string[]; truth: string }[];

/** CSV text from rows (RFC 4180 quoting). */
export function csv(rows: (string | number | null)[][], delimiter = ','): Uint8Array {
  const field = (v: string | number | null) => {
    if (v === null) return '';
    const s = String(v);
    return /["\r\n]/.test(s) || s.includes(delimiter) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return new TextEncoder().encode(rows.map((r) => r.map(field).join(delimiter)).join('\r\n') + '\r\n');
}

/** An XLSX workbook from sheets of rows (Dates become real date cells). */
export function xlsx(sheets: Record<string, Cell[][]>): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), name);
  }
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** A located table straight from header + rows (for the map and normalise stages alone). */
export function table(headers: string[], rows: Cell[][], sheet = 'Sheet1'): LocatedTable {
  return { sheet, headerRow: 0, headers, rows, rowIndex: rows.map((_, i) => i + 1), skipped: [] };
}

/** A normalised row with the given values (for the merge stage alone). */
export function row(values: Partial<ReturnType<typeof emptyValues>>, extra: Partial<NormalisedRow> = {}): NormalisedRow {
  const v = { ...emptyValues(), ...values };
  const filled = Object.values(v).filter((x) => x !== null).length;
  return {
    ...v, file: 'f.csv', sheet: 'Sheet1', row: 2, spouseDates: null, childDates: null, extras: {}, filled,
    firstText: String(Object.values(v).find((x) => x !== null) ?? ''), relationshipGiven: v.relationship !== null, inHeaderlessTable: false, inUnnamedTable: false, ...extra,
  };
}

let uid = 1000;
/** A member with the given values (for dedupe, impute and analyse alone). */
export function member(values: Partial<Member> = {}): Member {
  return {
    ...emptyValues(),
    uid: uid++,
    file: 'f.csv',
    sheet: 'Sheet1',
    row: uid,
    files: [values.file ?? 'f.csv'],
    employeeUid: null,
    extras: {},
    imputed: { gender: false, dateOfBirth: false, annualSalary: false },
    column: null,
    relationship: 'employee',
    ...values,
  };
}

/** Runs the `census` command (bin/census.mjs) as a user would, in `cwd`. */
export function runCensus(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/census.mjs'), ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The command's way to fail: exit 2, nothing on stdout, one plain 'census: ...' line on stderr, no stack. */
export function expectOneLineError(r: ReturnType<typeof runCensus>, pattern: RegExp) {
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter(Boolean);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^census: /);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\bat .*\.(ts|js|mjs):\d+|Error:/);
}
