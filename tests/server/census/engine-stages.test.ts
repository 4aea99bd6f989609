/**
 * The case statuses are the engine's stages as a contract (shared/census/status.ts ENGINE_STAGES):
 * analyzeCensus reports exactly those, in order, once each - not its timing names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCensus, PIPELINE } from '../../../server/census/engine';
import { ENGINE_STAGES } from '../../../shared/census/status';
import { fixturesDir } from './engine-helpers';

describe('engine stages', () => {
  it('reports ENGINE_STAGES in order as each begins', async () => {
    const stages: string[] = [];
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixturesDir, 'long-csv.csv')));
    await analyzeCensus([{ fileName: 'long-csv.csv', bytes }], { asOf: '2025-01-01', onStage: (s) => stages.push(s) });
    expect(stages).toEqual([...ENGINE_STAGES]);
  });

  it('runs the declared pipeline: its timings in PIPELINE order, its statuses where PIPELINE puts them, every module there', async () => {
    const stages: string[] = [];
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixturesDir, 'long-csv.csv')));
    const result = await analyzeCensus([{ fileName: 'long-csv.csv', bytes }], { asOf: '2025-01-01', onStage: (s) => stages.push(s) });
    const declared = [...new Set(PIPELINE.map((p) => p.timing))];
    expect(Object.keys(result.timings)).toEqual(declared);
    expect(PIPELINE.flatMap((p) => ('status' in p ? [p.status] : []))).toEqual(stages);
    const census = path.join(__dirname, '../../../server/census');
    for (const p of PIPELINE) expect(fs.existsSync(path.join(census, p.module)), p.module).toBe(true);
  });
});
