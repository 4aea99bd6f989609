/**
 * The report's summary figures (server/census/summary.ts): lives split by relationship add up to the
 * total, tiers only when a tier column was read, rows and duplicates from the change log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCensus, resultForFile } from '../../../server/census/engine';
import { fixturesDir } from './engine-helpers';

const load = (...names: string[]) => names.map((f) => ({ fileName: f, bytes: new Uint8Array(fs.readFileSync(path.join(fixturesDir, f))) }));
const sum = (o: Record<string, number | undefined>) => Object.values(o).reduce<number>((a, b) => a + (b ?? 0), 0);

describe('census summary figures', () => {
  it('splits the lives by relationship, counts tiers, rows, members and duplicates', async () => {
    const { report } = await analyzeCensus(load('dups-missing-xlsx.xlsx'), { asOf: '2026-01-01' });
    expect(report.asOf).toBe('2026-01-01');
    expect(sum(report.relationships)).toBe(report.totalLives);
    expect(report.relationships.employee).toBeGreaterThan(0);
    expect(Object.keys(report.coverageTiers)).toEqual(['EE', 'ES', 'EC', 'EF']);
    expect(report.duplicatesRemoved).toBeGreaterThan(0);
    // Every member found is either kept or removed as a duplicate.
    const kept = report.totalLives + report.livesAdditionalInfo.retired + report.livesAdditionalInfo.excluded;
    expect(report.membersFound).toBe(kept + report.duplicatesRemoved);
    expect(report.rowsRead).toBeGreaterThanOrEqual(report.membersFound - report.relationships.spouse - report.relationships.child);
    expect(report.sheetsRead).toBe(1);
  });

  it('gives {} tiers without a tier column, and per-file figures in a file report', async () => {
    const age = await analyzeCensus(load('age-only-csv.csv'), { asOf: '2026-01-01' });
    expect(age.report.coverageTiers).toEqual({});
    const whole = await analyzeCensus(load('multi-file-part1.csv', 'multi-file-part2.xlsx'), { asOf: '2026-01-01' });
    const one = resultForFile(whole, 'multi-file-part1.csv').report;
    expect(one.sheetsRead).toBe(1);
    expect(whole.report.sheetsRead).toBeGreaterThanOrEqual(2);
    expect(one.rowsRead).toBeLessThan(whole.report.rowsRead);
  });
});
