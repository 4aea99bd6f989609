/**
 * Export targets (server/census/targets, docs/census-export.md), as a broker and the carrier see them:
 * every target exports the sample census and every real fixture without error, and reading each
 * exported file back through our own engine gives the same lives, employees, dependents and age
 * bands (a roster template that lists only lives is compared with the lives, the employee import with
 * the employees who are lives; the JSON target has one record per exported member), or, for the
 * templates without an id column, differs only where readiness said so beforehand. Template targets reproduce their template's title, notes and header
 * rows exactly (compared cell for cell with the fixture). Readiness finds the missing ZIPs of a census
 * without a ZIP column and the missing tiers of one without tiers.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeCensus, type CensusResult } from '../../../../server/census/engine';
import { TARGETS, readinessOf, targetById, writeTarget } from '../../../../server/census/targets';
import { membersFor } from '../../../../server/census/targets/rows';
import type { ExportTarget } from '../../../../server/census/targets/types';
import { ageAt } from '../../../../server/census/members';
import { AGE_BANDS } from '../../../../shared/census/report';
import { AS_OF, csv, repoRoot, sharedDir } from '../engine-helpers';

const realDir = path.join(sharedDir, 'fixtures/census-real/files');
const realFiles = fs.readdirSync(realDir).filter((f) => !f.endsWith('.truth.json') && !f.startsWith('.'));
const sample = path.join(repoRoot, 'examples/census/sample-census.xlsx');

const isEmployee = (m: CensusResult['members'][number]) => m.relationship === null || m.relationship === 'employee';

async function analyse(fileName: string, bytes: Uint8Array): Promise<CensusResult | null> {
  try {
    return await analyzeCensus([{ fileName, bytes }], { asOf: AS_OF });
  } catch (err) {
    if ((err as { code?: string }).code === 'no-census') return null;
    throw err;
  }
}

/** Lives by age band (the report's bands) of members who are all lives. */
function ageBands(members: CensusResult['members'], asOf: string): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(AGE_BANDS.map(([label]) => [label, 0]));
  for (const m of members) {
    const age = ageAt(m, asOf);
    if (age === null) continue;
    // An age under 0 (a birth date after the as-of date) counts in the first band, as the report does.
    const band = [...AGE_BANDS].reverse().find(([, from]) => age >= from) ?? AGE_BANDS[0];
    out[band[0]]++;
  }
  return out;
}

/** What a re-read must give: the counts of the members the target exports. */
function expected(target: ExportTarget, result: CensusResult) {
  const members = membersFor(target, result.members);
  // An employee census import lists the employees who are lives: its figures are theirs.
  const employeesOnly = target.members === 'employeeLives';
  return {
    lives: employeesOnly ? members.length : result.report.totalLives,
    employees: members.filter(isEmployee).length,
    dependents: members.filter((m) => !isEmployee(m)).length,
    ageBand: employeesOnly ? ageBands(members, result.asOf) : result.report.ageBand,
  };
}

/** An age distribution; {} (no ages in the files) and all zeros (an age column, every cell blank) both say 'no ages'. */
function bands(d: Record<string, number>): Record<string, number> {
  return Object.values(d).some((n) => n > 0) ? d : {};
}

/**
 * What readiness says beforehand when a file cannot read back the same: members without a name in a
 * template without an id column, dependents whose employee is missing or whose employee has no
 * coverage code (Principal marks who a dependent is with the employee's tier beside it), members
 * without a birth date that the carrier cannot tell apart.
 */
const EXPLAINS = new Set(['name', 'firstName', 'lastName', 'employee', 'coverageTier', 'dateOfBirthOrAge', 'dateOfBirth']);

/** Round trips made and those read back the same (the figures docs/census-export.md gives). */
export const tally = { made: 0, same: 0, flagged: [] as string[], withoutEmployee: [] as string[] };

/**
 * Exports a result to every target and reads each table file back; returns what differs, in words.
 * A file that differs is accepted only when its target's readiness said so beforehand (EXPLAINS).
 */
async function roundTrip(name: string, result: CensusResult): Promise<string[]> {
  const wrong: string[] = [];
  for (const target of TARGETS) {
    const before = wrong.length;
    // A breath between the files: a 10,000-member census is read six times here, and the test
    // runner's own messages must get through meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    await compare(name, result, target, wrong);
    tally.made++;
    if (wrong.length === before) {
      tally.same++;
      continue;
    }
    const problems = readinessOf(target, result).problems;
    const explained = problems.some((p) => EXPLAINS.has(p.field));
    if (explained) {
      tally.flagged.push(`${name} -> ${target.id}`);
      if (problems.some((p) => p.field === 'employee')) tally.withoutEmployee.push(`${name} -> ${target.id}`);
      wrong.length = before;
    }
  }
  return wrong;
}

/** Each target's file of a result, written once (the round trip, the count and the no-throw check read the same file). */
const written = new WeakMap<CensusResult, Map<string, Uint8Array>>();
function fileOf(target: ExportTarget, result: CensusResult): Uint8Array {
  let files = written.get(result);
  if (!files) written.set(result, (files = new Map()));
  let bytes = files.get(target.id);
  if (!bytes) files.set(target.id, (bytes = writeTarget(target, result)));
  return bytes;
}

async function compare(name: string, result: CensusResult, target: ExportTarget, wrong: string[]): Promise<void> {
  {
    const bytes = fileOf(target, result);
    const want = expected(target, result);
    if (target.format === 'json') {
      const doc = JSON.parse(new TextDecoder().decode(bytes)) as { members: Record<string, unknown>[] };
      if (doc.members.length !== want.employees + want.dependents) wrong.push(`${name} -> ${target.id}: ${doc.members.length} records`);
      return;
    }
    const back = await analyse(`${name}-${target.id}.${target.format}`, bytes);
    if (!back) {
      if (want.employees + want.dependents > 0) wrong.push(`${name} -> ${target.id}: no census read back`);
      return;
    }
    const got = {
      lives: back.report.totalLives,
      employees: back.members.filter(isEmployee).length,
      dependents: back.members.filter((m) => !isEmployee(m)).length,
      ageBand: back.report.ageBand,
    };
    for (const k of ['lives', 'employees', 'dependents'] as const) {
      if (got[k] !== want[k]) wrong.push(`${name} -> ${target.id}: ${k} ${got[k]}, want ${want[k]}`);
    }
    if (JSON.stringify(bands(got.ageBand)) !== JSON.stringify(bands(want.ageBand))) wrong.push(`${name} -> ${target.id}: age bands ${JSON.stringify(got.ageBand)}, want ${JSON.stringify(want.ageBand)}`);
  }
}

describe('every target, read back through the engine', () => {
  it('the sample census: same lives, employees, dependents and age bands for every target', async () => {
    const result = (await analyse('sample-census.xlsx', fs.readFileSync(sample)))!;
    expect(result.members.length).toBeGreaterThan(50);
    expect(await roundTrip('sample', result)).toEqual([]);
  }, 120_000);

  afterAll(() => {
    // Only the templates without an id column may differ (flagged by readiness beforehand): a row
    // without a name says nobody there, and members without a birth date cannot be told apart. And a
    // list of dependents whose employees are not in the census (readiness: 'employee'): a template
    // that lists each family under its employee has no place for a dependent without one.
    const NO_ID_COLUMN = ['principal-other', 'launchpad-census'];
    const byTarget = NO_ID_COLUMN.map((id) => `${tally.flagged.filter((f) => f.endsWith(`-> ${id}`)).length} ${id}`).join(', ');
    console.log(`export round trips: ${tally.same} of ${tally.made} the same; ${tally.flagged.length} differ as readiness said (${byTarget})`);
    expect(tally.flagged.filter((f) => !NO_ID_COLUMN.some((id) => f.endsWith(`-> ${id}`)) && !tally.withoutEmployee.includes(f))).toEqual([]);
  });

  it.each(realFiles)('real fixture %s', async (file) => {
    const result = await analyse(file, fs.readFileSync(path.join(realDir, file)));
    if (!result) {
      // A blank template: every target still writes its file, and readiness says there is nothing in it.
      for (const t of TARGETS) expect(readinessOf(t, { members: [], asOf: '2026-01-01' }).ready).toBe(false);
      return;
    }
    for (const t of TARGETS) expect(() => fileOf(t, result)).not.toThrow();
    for (const t of TARGETS) expect(membersInFile(t, result), `${t.id}: ${readinessOf(t, result).holds}`).toBe(heldCount(t, result));
    expect(await roundTrip(file, result)).toEqual([]);
  }, 120_000);
});

/** The members a readiness says its target's file holds ('86 members: ...', '34 employees; ...'). */
function heldCount(t: ExportTarget, result: CensusResult): number {
  return Number(/^([\d,]+) /.exec(readinessOf(t, result).holds)![1].replace(/,/g, ''));
}

/** The members a target's file holds, counted in the file itself: records, lines, or rows under the headers. */
function membersInFile(t: ExportTarget, result: CensusResult): number {
  const bytes = fileOf(t, result);
  if (t.format === 'json') return (JSON.parse(new TextDecoder().decode(bytes)) as { members: unknown[] }).members.length;
  if (t.format === 'csv') return new TextDecoder().decode(bytes).split('\r\n').filter((l) => l !== '').length - 1;
  const wb = XLSX.read(bytes, { type: 'array' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, blankrows: false });
  return rows.length - (t.sheet.topRows?.length ?? 0) - (t.sheet.extraHeaderRows?.length ?? 0) - 1;
}

/** A sheet's rows as text, exactly (line breaks and spaces kept), for header comparison. */
function rowsOf(bytes: Uint8Array | Buffer, sheet: string, count: number): unknown[][] {
  const wb = XLSX.read(bytes, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[sheet], { header: 1, raw: true, defval: null, blankrows: true });
  return rows.slice(0, count).map((r) => {
    let end = r.length;
    while (end > 0 && (r[end - 1] === null || r[end - 1] === '')) end--;
    return r.slice(0, end);
  });
}

describe('template targets reproduce their template', () => {
  const cases: [id: string, fixture: string, rows: number][] = [
    ['principal-other', 'principal-other-census.xls', 2],
    ['dchl', 'dchl-census-import.xlsx', 3],
    ['mahc', 'mahc-roster-upload-template.xlsx', 3],
  ];
  it('launchpad-census: the CSV header row equals the fixture\'s, with no BOM', async () => {
    const original = fs.readFileSync(path.join(realDir, 'launchpad-census-template.csv'), 'utf8').split(/\r?\n/)[0];
    const result = (await analyse('sample-census.xlsx', fs.readFileSync(sample)))!;
    const out = new TextDecoder('utf-8', { ignoreBOM: true }).decode(writeTarget(targetById('launchpad-census')!, result));
    expect(out.charCodeAt(0)).not.toBe(0xfeff);
    expect(out.split('\r\n')[0]).toBe(original);
  });

  it.each(cases)('%s: sheet names, title, notes and header rows equal the fixture %s', async (id, fixture, count) => {
    const target = targetById(id)!;
    const original = fs.readFileSync(path.join(realDir, fixture));
    const result = (await analyse('sample-census.xlsx', fs.readFileSync(sample)))!;
    const out = writeTarget(target, result);
    const a = XLSX.read(original, { type: 'buffer' });
    const b = XLSX.read(out, { type: 'array' });
    // Every sheet of the template but an empty one (DC Health Link's 'Sheet1' is left out: issue 28).
    expect(b.SheetNames).toEqual(a.SheetNames.filter((n) => (a.Sheets[n]['!ref'] ?? 'A1') !== 'A1' || n !== 'Sheet1'));
    const sheet = a.SheetNames[0];
    expect(rowsOf(Buffer.from(out), sheet, count)).toEqual(rowsOf(original, sheet, count));
  }, 60_000);
});

describe('readiness', () => {
  const NO_ZIP_NO_TIER = [
    ['Employee ID', 'First Name', 'Last Name', 'Relationship', 'DOB', 'Gender'],
    ['1', 'Ann', 'Lee', 'EE', '01/02/1980', 'F'],
    ['1', 'Bo', 'Lee', 'SP', '03/04/1981', 'M'],
    ['2', 'Cy', 'Ray', 'EE', '05/06/1990', 'M'],
    ['3', 'Di', 'Fox', 'EE', '07/08/1975', 'F'],
  ];
  it('finds the missing ZIPs and tiers, counted and in words, blocking for the carrier census', async () => {
    const result = (await analyse('no-zip.csv', csv(NO_ZIP_NO_TIER)))!;
    const r = readinessOf(targetById('generic-carrier')!, result);
    expect(r.ready).toBe(false);
    const zip = r.problems.find((p) => p.field === 'zip')!;
    expect(zip).toMatchObject({ count: 3, blocking: true });
    expect(zip.message).toMatch(/^3 employees have no ZIP code: the carrier rates by ZIP/);
    const tier = r.problems.find((p) => p.field === 'coverageTier')!;
    expect(tier).toMatchObject({ count: 3, blocking: true });
    expect(tier.message).toMatch(/needed for the medical, dental and vision quotes/);
    // Advice never blocks: salary is only advised for life and disability.
    expect(r.problems.find((p) => p.field === 'annualSalary')).toMatchObject({ blocking: false, count: 3 });
    // Counts and fields only: no name, no date of anyone.
    expect(JSON.stringify(r)).not.toMatch(/Ann|Lee|Cy|Ray|1980|1990/);
  });

  it('a census with ZIPs and tiers is ready for the carrier census', async () => {
    const rows = NO_ZIP_NO_TIER.map((r, i) => [...r, i === 0 ? 'ZIP' : '02139', i === 0 ? 'Tier' : r[3] === 'SP' ? '' : i === 1 ? 'ES' : 'EE', i === 0 ? 'Salary' : '50000', i === 0 ? 'Hire Date' : '01/01/2020']);
    const result = (await analyse('full.csv', csv(rows)))!;
    const r = readinessOf(targetById('generic-carrier')!, result);
    expect(r).toEqual({ target: 'generic-carrier', ready: true, holds: '4 members: the lives counted in the report.', problems: [] });
  });

  it('exchange rosters always ask the employer for SSNs: we never keep them', async () => {
    const result = (await analyse('no-zip.csv', csv(NO_ZIP_NO_TIER)))!;
    const r = readinessOf(targetById('dchl')!, result);
    expect(r.problems[0]).toMatchObject({ field: 'ssn', count: 3, blocking: true });
  });
});

describe('safe output', () => {
  it('formula text gets a quote, plain text and signed numbers do not; XLSX has no formula cells; JSON one record per member', async () => {
    const rows = [
      ['Employee ID', 'First Name', 'Last Name', 'DOB', 'Gender', 'ZIP', 'Job Title'],
      ['E1', '=HYPERLINK("http://x","y")', 'Lee', '01/02/1980', 'F', '02139', '-Sales'],
      ['E2', 'Bob', '@SUM(A1)', '1981-03-04', 'M', '10001', 'Sales - East'],
    ];
    const result = (await analyse('hostile.csv', csv(rows)))!;
    for (const target of TARGETS) {
      const bytes = writeTarget(target, result);
      if (target.format === 'json') {
        const doc = JSON.parse(new TextDecoder().decode(bytes));
        expect(doc.members).toHaveLength(2);
        expect(doc.members[0].firstName).toBe(`'=HYPERLINK("http://x","y")`);
        continue;
      }
      const wb = XLSX.read(bytes, { type: 'array' });
      const cells = Object.values(wb.Sheets).flatMap((ws) => Object.entries(ws).filter(([k]) => !k.startsWith('!')).map(([, c]) => c as XLSX.CellObject));
      for (const c of cells) expect(c.f).toBeUndefined();
      const texts = cells.map((c) => String(c.v));
      expect(texts.filter((t) => t.includes('HYPERLINK')).every((t) => t.startsWith("'="))).toBe(true);
      if (target.id === 'clean' || target.id === 'generic-carrier') {
        expect(texts).toContain("'-Sales");
        expect(texts).toContain('Sales - East');
        // A ZIP keeps its leading zero: a text cell.
        expect(texts).toContain('02139');
      }
    }
  });
});
