/**
 * The BUILT engine worker (dist/widgets/chunks/census-engine-worker-*.js, private mode, issue 29) run
 * in a bare context with only what a browser worker has (no Buffer, no require, no process): for any
 * census CSV, its report has the same figures as the engine's in Node (the server's job). Keyed tags
 * differ by design (the worker's pseudonym key is its own).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../server/census/engine';
import { storedReports } from '../../server/jobs/census-outcome';
import type { EngineAnswer } from '../../widgets/internal/engine-protocol';
import { dist, ensureBuilt } from '../support/built-widgets';

type Analyse = (fileName: string, bytes: Uint8Array) => Promise<EngineAnswer[]>;
let analyseInWorker: Analyse;

beforeAll(() => {
  ensureBuilt();
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as { engineWorker: string };
  const code = readFileSync(join(dist, manifest.engineWorker), 'utf8');
  let onMessage: ((e: { data: unknown }) => void) | null = null;
  let answers: EngineAnswer[] = [];
  let settle: (() => void) | null = null;
  const self = {
    addEventListener: (_type: string, fn: (e: { data: unknown }) => void) => (onMessage = fn),
    postMessage: (m: EngineAnswer) => {
      answers.push(m);
      if (m.type !== 'stage') settle?.();
    },
  };
  // What a dedicated worker's global scope offers that the bundle may use; nothing of Node.
  const context = createContext({ self, TextEncoder, TextDecoder, crypto: globalThis.crypto, console, setTimeout, clearTimeout, queueMicrotask, performance, btoa, atob, URL });
  runInContext(code, context);
  expect(runInContext('typeof Buffer', context)).toBe('function'); // the bundle's own (the buffer package)
  expect(runInContext('typeof require + typeof process', context)).toBe('undefinedundefined');
  analyseInWorker = (fileName, bytes) =>
    new Promise((resolve) => {
      answers = [];
      settle = () => resolve(answers);
      const copy = new Uint8Array(bytes);
      onMessage!({ data: { type: 'analyse', id: 7, fileName, bytes: copy.buffer, asOf: '2026-06-30' } });
    });
}, 300_000);

const untagged = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/#[A-Za-z0-9_-]{8}\b/g, '#<tag>'));

const row = fc.record({
  id: fc.integer({ min: 1, max: 40 }),
  first: fc.constantFrom('Ann', 'Bo', 'Maria', 'José', 'Jean-Luc', 'Kim', ''),
  last: fc.constantFrom('Lee', 'Ray', 'Núñez', "O'Neil"),
  rel: fc.constantFrom('EE', 'Employee', 'SP', 'Spouse', 'CH', 'Child', 'DP', ''),
  dob: fc.oneof(fc.date({ min: new Date('1940-01-01'), max: new Date('2025-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.constantFrom('', '13/45/1990', '01/02/1980')),
  gender: fc.constantFrom('M', 'F', 'Male', 'female', 'U', ''),
  zip: fc.constantFrom('02134', '10001', '94105', '7302', ''),
  salary: fc.oneof(fc.integer({ min: 0, max: 400_000 }).map(String), fc.constantFrom('', '$55,000', 'n/a')),
  ssn: fc.oneof(fc.constantFrom(''), fc.integer({ min: 100_000_000, max: 899_999_999 }).map((n) => `${String(n).slice(0, 3)}-${String(n).slice(3, 5)}-${String(n).slice(5)}`)),
});
const census = fc.array(row, { minLength: 1, maxLength: 30 }).map((rows) =>
  ['Employee ID,First Name,Last Name,Relationship,Date of Birth,Gender,Zip,Annual Salary,SSN', ...rows.map((r) => [r.id, r.first, r.last, r.rel, r.dob, r.gender, r.zip, r.salary, r.ssn].map((c) => (/[,"]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : c)).join(','))].join('\r\n'),
);

describe('the built engine worker', () => {
  it('reports a census as the engine does in Node (figures, columns, review, not counted), for any CSV', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(census, async (text) => {
        const bytes = new TextEncoder().encode(text);
        const answers = await analyseInWorker('census.csv', bytes);
        const stages = answers.filter((a) => a.type === 'stage').map((a) => (a as { stage: string }).stage);
        const end = answers.at(-1)!;
        let node: Awaited<ReturnType<typeof analyzeCensus>>;
        try {
          node = await analyzeCensus([{ fileName: 'census.csv', bytes: new Uint8Array(bytes) }], { asOf: '2026-06-30' });
        } catch (err) {
          expect(end.type, String(err)).toBe('failed');
          return;
        }
        expect(end.type).toBe('done');
        expect(stages).toEqual(['preprocessing', 'deduplicating', 'postprocessing']);
        const whole = (end as Extract<EngineAnswer, { type: 'done' }>).reports.whole;
        expect(untagged(whole)).toEqual(untagged(storedReports(node, ['census.csv'], undefined, null).whole));
        compared++;
      }),
      { numRuns: 100 },
    );
    // Not a vacuous pass: most generated files are censuses both read.
    expect(compared).toBeGreaterThan(50);
  }, 120_000);
});
