/**
 * Linear cost (issue 19): whatever one cell holds, the engine's time grows with the file's bytes, not
 * faster. A run of capitals in a header cell made the camelCase split backtrack quadratically (32 s
 * for 200 KB), a run of spaces after 'A+B' in a data cell did the same in the joined-code value
 * pattern (8 minutes for 256 KB). Each hostile shape goes into a header cell and into data cells at
 * 32 KB and at 1 MB (32 times the bytes): linear growth stays near 32x (less: fixed costs), quadratic
 * growth is 1024x. The bound is a ratio, 4x the linear one, so a busy machine does not fail it; each
 * time is the best of two runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../server/census/engine';
import { AS_OF } from './engine-helpers';

const enc = new TextEncoder();

/** Cell shapes that made (or could make) a backtracking pattern quadratic. */
const SHAPES: Record<string, (n: number) => string> = {
  capitals: (n) => 'A'.repeat(n),
  camelCase: (n) => 'Ab'.repeat(n >> 1),
  joinedCodeSpaces: (n) => 'A+B' + ' '.repeat(n) + '!',
  commaSpaces: (n) => 'Lee,' + ' '.repeat(n) + '1',
  repeatedCodeWords: (n) => 'sp '.repeat(Math.floor(n / 3)),
  openParenthesis: (n) => 'Date (' + 'a,'.repeat(n >> 1),
  slashes: (n) => 'a/'.repeat(n >> 1),
  digits: (n) => '1'.repeat(n),
};

function censusWith(long: string, where: 'header' | 'data'): Uint8Array {
  const q = `"${long.replace(/"/g, '""')}"`;
  const text =
    where === 'header'
      ? `First Name,Last Name,${q},Date of Birth,Relationship\nAnn,Lee,x,1980-01-02,E\nBob,Ray,y,1975-03-04,SP\nCy,Li,z,1970-01-01,CH\n`
      : `First Name,Last Name,Relationship,Date of Birth,Notes\nAnn,Lee,${q},1980-01-02,${q}\nBob,${q},E,1975-03-04,a\n${q},Li,SP,1970-01-01,b\n`;
  return enc.encode(text);
}

async function bestTime(bytes: Uint8Array): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    await analyzeCensus([{ fileName: 'long.csv', bytes }], { asOf: AS_OF });
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

const SMALL = 32 * 1024;
const LARGE = 1024 * 1024;

describe('linear cost', () => {
  // The named shapes, and repeated units drawn at random (fast-check, fixed seed): a cell is the unit
  // repeated to the size.
  const units = fc.sample(fc.string({ minLength: 1, maxLength: 4, unit: fc.constantFrom('A', 'a', ' ', ',', '+', '/', '(', ')', '1', '-', '.', 'é', '\n') }), { numRuns: 4, seed: 19 });
  const shapes: [string, (n: number) => string][] = [
    ...Object.entries(SHAPES),
    ...units.map((u): [string, (n: number) => string] => [`repeated ${JSON.stringify(u)}`, (n) => u.repeat(Math.ceil(n / u.length))]),
  ];
  for (const where of ['header', 'data'] as const) {
    it(`property: a ${where} cell of 1 KB to 1 MB costs time linear in its bytes`, async () => {
      // Warm up the engine (compiling, tables) so the first measurement is not its start-up.
      await bestTime(censusWith('x'.repeat(1024), where));
      const seen: string[] = [];
      for (const [shape, make] of shapes) {
        const tiny = await bestTime(censusWith(make(1024), where));
        const small = await bestTime(censusWith(make(SMALL), where));
        const large = await bestTime(censusWith(make(LARGE), where));
        seen.push(`${shape}: ${tiny.toFixed(0)} / ${small.toFixed(0)} / ${large.toFixed(0)} ms`);
        // 32x the bytes: at most 4 x 32 the time, above a floor of fixed costs (a few ms per run).
        const floor = Math.max(small, tiny, 5);
        expect(large / floor, `${shape} in a ${where} cell: ${tiny.toFixed(0)} ms at 1 KB, ${small.toFixed(0)} ms at 32 KB, ${large.toFixed(0)} ms at 1 MB`).toBeLessThan(4 * (LARGE / SMALL));
      }
      console.log(`linear cost, ${where} cell (1 KB / 32 KB / 1 MB):\n  ${seen.join('\n  ')}`);
    }, 240_000);
  }
});
