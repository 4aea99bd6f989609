/**
 * The "real templates" fixture set (tests/fixtures/census-real, written by its generate.mjs): files
 * shaped like carrier quoting censuses, exchange rosters, 834 extracts, PEO RFP workbooks, payroll,
 * HRIS and HR-analytics exports. Every column must map to its true field (null ones to null) with a
 * reason, and every figure must be exact (these files hide no values, so no gender or salary is imputed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../server/census/engine';
import { repoRoot, type CensusTruth, type FixtureIndex } from './engine-helpers';

const dir = path.join(repoRoot, 'tests/fixtures/census-real');


const index: FixtureIndex = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
const load = (files: string[]) => files.map((f) => ({ fileName: f, bytes: new Uint8Array(fs.readFileSync(path.join(dir, f))) }));
export async function analyzeCase(name: string) {
  const c = index.find((x) => x.case === name)!;
  const truth: CensusTruth = JSON.parse(fs.readFileSync(path.join(dir, c.truth), 'utf8'));
  return { truth, result: await analyzeCensus(load(c.files), { asOf: truth.asOf }) };
}

describe('real-template fixtures match their truth files', () => {
  it('has at least 15 cases', () => {
    expect(index.length).toBeGreaterThanOrEqual(15);
  });

  it.each(index.map((c) => [c.case] as const))('%s', async (name) => {
    const { truth, result } = await analyzeCase(name);
    const { report } = result;
    // Every column of the census tables, and only those (instruction and list sheets add none).
    expect(report.columns.map((c) => `${c.sheet}/${c.header}`).sort()).toEqual(truth.columns.map((c) => `${c.sheet}/${c.header}`).sort());
    for (const col of truth.columns) {
      const got = report.columns.find((x) => x.file === col.file && x.sheet === col.sheet && x.header === col.header)!;
      expect(got.field, `column ${col.header}: ${got.reason}`).toBe(col.field);
      if (col.field) expect(got.confidence, `confidence of ${col.header}`).toBeGreaterThanOrEqual(0.6);
      expect(got.reason, `reason of ${col.header}`).toBeTruthy();
    }
    const e = truth.expected;
    expect(report.totalLives).toBe(e.totalLives);
    expect(report.livesAdditionalInfo).toEqual(e.livesAdditionalInfo);
    expect({ male: report.genderRatio.male.value, female: report.genderRatio.female.value, unknown: report.genderRatio.unknown.value }).toEqual(e.gender);
    expect(report.ageBand).toEqual(e.ageBand);
    expect(report.salaryBand).toEqual(e.salaryBand);
    expect(report.tenure).toEqual(e.tenure);
    expect(report.demographics).toEqual(e.demographics);
    // Nothing guessed (a birth date set from a given age is the file's own answer).
    expect(report.imputed.gender).toBe(0);
    expect(report.imputed.annualSalary).toBe(0);
  });
});
