/**
 * Every case of ../shared/fixtures/census against its truth file: every column mapped to its field
 * (null ones to null), and every figure equal, except where the truth lists imputed values: a field's
 * figures may then differ by at most twice the imputed count in total (fixtures README).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCensus, resultForFile } from '../../../server/census/engine';
import { fixturesDir, type CensusTruth, type FixtureIndex } from './engine-helpers';


const index: FixtureIndex = JSON.parse(fs.readFileSync(path.join(fixturesDir, 'index.json'), 'utf8'));

/** Total absolute difference between two distributions (missing buckets count as 0). */
function distance(expected: Record<string, number>, actual: Record<string, number>): number {
  let d = 0;
  for (const k of new Set([...Object.keys(expected), ...Object.keys(actual)])) d += Math.abs((expected[k] ?? 0) - (actual[k] ?? 0));
  return d;
}

function expectDistribution(name: string, expected: Record<string, number>, actual: Record<string, number>, tolerance: number) {
  if (Object.keys(expected).length === 0) {
    expect(actual, `${name} is {} when the files do not carry it`).toEqual({});
    return;
  }
  expect(distance(expected, actual), `${name}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`).toBeLessThanOrEqual(tolerance);
}

function load(files: string[]) {
  return files.map((f) => ({ fileName: f, bytes: new Uint8Array(fs.readFileSync(path.join(fixturesDir, f))) }));
}

describe('census fixtures match their truth files', () => {
  it.each(index.map((c) => [c.case, c] as const))('%s', async (_name, c) => {
    // The shared truth files always list what was imputed (the figures' tolerance).
    const truth: Required<CensusTruth> = JSON.parse(fs.readFileSync(path.join(fixturesDir, c.truth), 'utf8'));
    const { report } = await analyzeCensus(load(c.files), { asOf: truth.asOf });

    for (const col of truth.columns) {
      const got = report.columns.find((x) => x.file === col.file && x.sheet === col.sheet && x.header === col.header);
      expect(got, `column ${col.file} / ${col.sheet} / ${col.header}`).toBeDefined();
      expect(got!.field, `column ${col.header}`).toBe(col.field);
      if (col.field) expect(got!.confidence, `confidence of ${col.header}`).toBeGreaterThanOrEqual(0.6);
    }
    expect(report.columns.filter((x) => x.field !== null)).toHaveLength(truth.columns.filter((x) => x.field !== null).length);

    const e = truth.expected;
    expect(report.totalLives).toBe(e.totalLives);
    expect(report.livesAdditionalInfo).toEqual(e.livesAdditionalInfo);
    const gender = { male: report.genderRatio.male.value, female: report.genderRatio.female.value, unknown: report.genderRatio.unknown.value };
    expectDistribution('gender', e.gender, gender, 2 * truth.imputed.gender);
    expectDistribution('ageBand', e.ageBand, report.ageBand, 2 * truth.imputed.dateOfBirth);
    expectDistribution('salaryBand', e.salaryBand, report.salaryBand, 2 * truth.imputed.annualSalary);
    expectDistribution('tenure', e.tenure, report.tenure, 0);
    expectDistribution('demographics', e.demographics, report.demographics, 0);

    // Report shape: every file named, lives per file add up, percentages of lives.
    expect(report.files.map((f) => f.fileName)).toEqual(c.files);
    expect(report.livesPerFile.reduce((s, f) => s + f.lives, 0)).toBe(report.totalLives);
    const pct = report.genderRatio.male.percentage + report.genderRatio.female.percentage + report.genderRatio.unknown.percentage;
    expect(Math.abs(pct - 100)).toBeLessThanOrEqual(0.2);
  });

  it('multi-file: duplicates across files count once; a per-file report covers the members that file names', async () => {
    const files = ['multi-file-part1.csv', 'multi-file-part2.xlsx'];
    const whole = await analyzeCensus(load(files), { asOf: '2026-01-01' });
    const part1 = resultForFile(whole, files[0]);
    const part2 = await analyzeCensus(load(files), { asOf: '2026-01-01', fileName: files[1] });
    expect(part1.report.totalLives).toBeGreaterThan(whole.report.livesPerFile[0].lives - 1);
    expect(part1.report.totalLives + part2.report.totalLives).toBeGreaterThan(whole.report.totalLives);
    expect(part1.report.columns.every((c) => c.file === files[0])).toBe(true);
    expect(part2.members.every((m) => m.files.includes(files[1]))).toBe(true);
    expect(part1.report.files).toEqual(whole.report.files);
    expect(whole.report.livesPerFile[0].lives).toBe(part1.report.totalLives);
  });

  it('smtpId is stable and distinct per file', async () => {
    const a = await analyzeCensus(load(['long-csv.csv', 'age-only-csv.csv']), { asOf: '2026-01-01' });
    const b = await analyzeCensus(load(['long-csv.csv', 'age-only-csv.csv']), { asOf: new Date(Date.UTC(2026, 0, 1)) });
    expect(a.report.files).toEqual(b.report.files);
    expect(new Set(a.report.files.map((f) => f.smtpId)).size).toBe(2);
  });
});
