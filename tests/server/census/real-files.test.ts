/**
 * The 35 real census files (../shared/fixtures/census-real/files, byte copies from public
 * repositories, each with a hand-made truth file) graded as ../shared/tools/eval_real.py grades the
 * `census` command: columns by (sheet, header) with whitespace and case folded ('' sheet: any sheet;
 * altHeaders; repeated headers pair up in order; optional columns not scored when absent), lives within
 * livesTolerance, employees (relationship employee or blank) and dependents among the exported members,
 * and the checks (salary bounds on annual pay, noState, firstNameNot, issueMentions).
 *
 * The targets of issue 12 are asserted (98% of columns, 32 of 35 files), not every file: the failing
 * files are listed in the assertion message, so a regression names them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCensus, type CensusResult } from '../../../server/census/engine';
import { sharedDir } from './engine-helpers';

import type { RealTruth } from '../../../scripts/census-variants';

const dir = path.join(sharedDir, 'fixtures/census-real/files');
const MIN_COLUMN_SHARE = 0.98;
const MIN_FILES_RIGHT = 32;

const norm = (s: unknown) => String(s ?? '').split(/\s+/).filter(Boolean).join(' ').toLowerCase();

function gradeColumns(truth: RealTruth, result: CensusResult): { right: number; total: number; wrong: string[] } {
  const byKey = new Map<string, (string | null)[]>();
  const byHeader = new Map<string, (string | null)[]>();
  for (const c of result.report.columns) {
    const k = `${norm(c.sheet)}\u0000${norm(c.header)}`;
    byKey.set(k, [...(byKey.get(k) ?? []), c.field]);
    byHeader.set(norm(c.header), [...(byHeader.get(norm(c.header)) ?? []), c.field]);
  }
  const used = new Map<string, number>();
  let right = 0;
  let total = 0;
  const wrong: string[] = [];
  for (const col of truth.columns) {
    const sheet = norm(col.sheet ?? '');
    let got: string | null = null;
    let found = false;
    for (const h of [col.header, ...(col.altHeaders ?? [])]) {
      const key = sheet === '' ? `*\u0000${norm(h)}` : `${sheet}\u0000${norm(h)}`;
      const pool = (sheet === '' ? byHeader.get(norm(h)) : byKey.get(key)) ?? [];
      const n = used.get(key) ?? 0;
      if (n < pool.length) {
        used.set(key, n + 1);
        got = pool[n];
        found = true;
        break;
      }
    }
    if (!found && col.optional) continue;
    total++;
    const ok = found && (Array.isArray(col.field) ? col.field.includes(got) : col.field === got);
    if (ok) right++;
    else wrong.push(`${col.header.split('\n')[0].slice(0, 40)}->${found ? String(got) : 'MISSING'}`);
  }
  return { right, total, wrong };
}

/** Annual pay of the exported members that have one (the grader's reading of the export). */
function annualPay(result: CensusResult): number[] {
  const out: number[] = [];
  for (const m of result.members) {
    let a = m.annualSalary;
    if (a === null && m.monthlySalary !== null) a = m.monthlySalary * 12;
    if (a === null && m.hourlyRate !== null) a = m.hourlyRate * (m.hoursPerWeek ?? 40) * 52;
    if (a !== null) out.push(a);
  }
  return out;
}

function gradeChecks(truth: RealTruth, result: CensusResult): string[] {
  const failed: string[] = [];
  for (const chk of truth.checks ?? []) {
    if (chk.kind === 'maxAnnualSalary' || chk.kind === 'minAnnualSalary') {
      const bound = Number(chk.value);
      const bad = annualPay(result).filter((s) => (chk.kind === 'maxAnnualSalary' ? s > bound : s < bound));
      if (bad.length) failed.push(`${chk.kind} ${bound}: ${bad.length} outside`);
    } else if (chk.kind === 'noState') {
      const n = result.members.filter((m) => m.state).length;
      if (n) failed.push(`noState: ${n} members have a state`);
    } else if (chk.kind === 'firstNameNot') {
      const n = result.members.filter((m) => norm(m.firstName) === norm(chk.value)).length;
      if (n) failed.push(`firstNameNot '${chk.value}': ${n} members`);
    } else if (chk.kind === 'issueMentions') {
      const texts = Array.isArray(chk.text) ? chk.text : [chk.text ?? ''];
      const messages = result.report.issues.map((i) => norm(i.message));
      if (!texts.some((t) => messages.some((m) => m.includes(norm(t))))) failed.push(`issueMentions '${texts.join('|')}'`);
    } else failed.push(`unknown check ${chk.kind}`);
  }
  return failed;
}

const truths: RealTruth[] = fs.existsSync(dir)
  ? fs.readdirSync(dir).filter((f) => f.endsWith('.truth.json')).sort().map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
  : [];

describe('real census files (../shared/fixtures/census-real) against their truth', () => {
  it('has the 35 real files', () => {
    expect(truths.length).toBeGreaterThanOrEqual(35);
  });

  it(`maps at least ${MIN_COLUMN_SHARE * 100}% of columns right and gets at least ${MIN_FILES_RIGHT} files fully right`, async () => {
    let right = 0;
    let total = 0;
    const failing: string[] = [];
    for (const truth of truths) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(dir, truth.file)));
      const result = await analyzeCensus([{ fileName: truth.file, bytes }], { asOf: truth.asOf ?? '2026-01-01' });
      const cols = gradeColumns(truth, result);
      right += cols.right;
      total += cols.total;
      const problems: string[] = [];
      if (Math.abs(result.report.totalLives - truth.lives) > (truth.livesTolerance ?? 0)) problems.push(`lives ${result.report.totalLives}/${truth.lives}`);
      const employees = result.members.filter((m) => m.relationship === null || m.relationship === 'employee').length;
      const dependents = result.members.length - employees;
      if (Math.abs(employees - truth.employees) > (truth.employeesTolerance ?? 0)) problems.push(`employees ${employees}/${truth.employees}`);
      if (Math.abs(dependents - truth.dependents) > (truth.dependentsTolerance ?? 0)) problems.push(`dependents ${dependents}/${truth.dependents}`);
      problems.push(...gradeChecks(truth, result));
      if (cols.wrong.length) problems.push(`columns ${cols.wrong.slice(0, 5).join(', ')}`);
      if (problems.length) failing.push(`${truth.file}: ${problems.join('; ')}`);
    }
    const share = total ? right / total : 0;
    const filesRight = truths.length - failing.length;
    const summary = `columns right ${(share * 100).toFixed(1)}%, files right ${filesRight}/${truths.length}${failing.length ? `; failing:\n${failing.join('\n')}` : ''}`;
    console.info(`real census: ${summary}`);
    expect(share, summary).toBeGreaterThanOrEqual(MIN_COLUMN_SHARE);
    expect(filesRight, summary).toBeGreaterThanOrEqual(MIN_FILES_RIGHT);
  }, 300_000);
});
