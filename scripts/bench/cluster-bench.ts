/**
 * Cluster benchmark (`npm run bench -- cluster`), on the compiled server (run `npm run build` first):
 * forty uploads of a 1 MB census, sent alternating to two ROLE=api processes on one PostgreSQL,
 * processed by one ROLE=worker process and then by two (CENSUS_WORKERS=1 each, so that the process
 * count is what changes), and the same forty on the embedded SQLite store (one ROLE=all process,
 * CENSUS_WORKERS=1 and 2) for comparison. For each: time until all forty are completed, p95 time to
 * caseId, and p95 latency of the status calls made while they process (across both api instances).
 * Each configuration first processes WARM_UP uploads that are not measured (see there).
 * 'All completed' is the last case's completed_at in the store, from the first upload: the status
 * polling (once a second per case, like a busy widget) would add up to a second of its own.
 * Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Target (exit 1 when missed): two workers finish in under 0.6 of one worker's time.
 *
 *   node --import tsx scripts/bench/cluster-bench.ts
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DB_FILE } from '../../server/store/sqlite/db';
import { fileURLToPath } from 'node:url';
import { startProcess, type ClusterProcess } from '../../tests/e2e/support/cluster';
import { censusCsv } from '../../tests/server/support/census-files';
import { freshDatabase } from '../../tests/server/support/postgres';

const root = fileURLToPath(new URL('../..', import.meta.url));
const UPLOADS = 40;
/**
 * Uploads each configuration processes first, not measured: a fresh worker thread's first census
 * jobs run 2-8 times slower than later ones (the thread starts, loads the engine, V8 compiles it), so
 * without them a run of forty ~0.1 s jobs measures start-up as much as throughput.
 */
const WARM_UP = 10;
const FILE_BYTES = 1024 * 1024;
const CONCURRENT_UPLOADS = 8;
const TARGET_RATIO = 0.6;
const POLL_MS = 1000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

interface Result {
  label: string;
  allCompletedMs: number;
  caseIdP95: number;
  statusP95: number;
  statusCalls: number;
}

/** The last completed_at (epoch ms) of these cases, from the store itself. */
type LastCompleted = (caseIds: string[]) => Promise<number>;

async function runLoad(label: string, apis: string[], csv: Buffer, uploads: number, lastCompleted: LastCompleted): Promise<Result> {
  const caseIdMs: number[] = [];
  const statusMs: number[] = [];
  const pending = new Map<string, number>(); // caseId -> api it was sent to
  const started = Date.now();
  const caseIds: string[] = [];
  let next = 0;
  let failed = 0;

  async function uploader(): Promise<void> {
    while (next < uploads) {
      const i = next++;
      const to = i % apis.length;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(csv)]), `census-${i}.csv`);
      const t0 = performance.now();
      const res = await fetch(`${apis[to]}/main/case`, { method: 'POST', body: form });
      const body = (await res.json()) as { data?: { caseId: string } };
      caseIdMs.push(performance.now() - t0);
      if (res.status !== 200 || !body.data) throw new Error(`${label}: upload ${i} answered ${res.status}`);
      pending.set(body.data.caseId, to);
      caseIds.push(body.data.caseId);
    }
  }

  let uploadsDone = false;
  /**
   * Each pending case is asked for about once a second (the widget asks every 3 to 15 s: this is
   * heavier than real traffic, and gives completion times to within a second).
   */
  async function poller(): Promise<void> {
    while (!uploadsDone || pending.size > 0) {
      const ids = [...pending.keys()];
      if (ids.length === 0) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      for (const id of ids) {
        const to = pending.get(id);
        if (to === undefined) continue; // the other poller saw it finish
        // Read from the instance the case was not sent to.
        const api = apis[(to + 1) % apis.length];
        const t0 = performance.now();
        const res = await fetch(`${api}/main/case/status?caseId=${id}`);
        const { data } = (await res.json()) as { data: { status: string } };
        statusMs.push(performance.now() - t0);
        if (data.status === 'completed') pending.delete(id);
        else if (data.status === 'error') {
          failed++;
          pending.delete(id);
        }
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  const polling = [poller()];
  await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, uploader));
  uploadsDone = true;
  await Promise.all(polling);
  if (failed) throw new Error(`${label}: ${failed} cases failed`);
  const allCompletedMs = (await lastCompleted(caseIds)) - started;
  return { label, allCompletedMs, caseIdP95: pct(caseIdMs, 95), statusP95: pct(statusMs, 95), statusCalls: statusMs.length };
}

/** WARM_UP uploads, not measured, then the UPLOADS that are. */
async function warmThenRun(label: string, apis: string[], csv: Buffer, lastCompleted: LastCompleted): Promise<Result> {
  await runLoad(`${label} (warm-up)`, apis, csv, WARM_UP, lastCompleted);
  return runLoad(label, apis, csv, UPLOADS, lastCompleted);
}

/** Every process started, so that a failure anywhere still stops them all. */
const started: ClusterProcess[] = [];
async function launch(name: string, env: Record<string, string>): Promise<ClusterProcess> {
  const p = await startProcess(name, env);
  started.push(p);
  return p;
}
process.on('exit', () => {
  for (const p of started) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
});

async function withProcesses<T>(start: () => Promise<ClusterProcess[]>, fn: (ps: ClusterProcess[]) => Promise<T>): Promise<T> {
  const ps = await start();
  try {
    return await fn(ps);
  } finally {
    for (const p of ps) await p.kill();
  }
}

const COMMON = { RATE_LIMIT_CENSUS_STATUS: '100000', RATE_LIMIT_CENSUS_UPLOAD: '100000', CENSUS_WORKERS: '1', LOG_LEVEL: 'error' };

async function clusterRun(workers: number, csv: Buffer): Promise<Result> {
  const db = await freshDatabase();
  try {
    const env = { ...COMMON, DATABASE_URL: db.url, ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    return await withProcesses(
      async () => {
        const apis = await Promise.all([launch('bench-api1', { ...env, ROLE: 'api' }), launch('bench-api2', { ...env, ROLE: 'api' })]);
        const ws = await Promise.all(Array.from({ length: workers }, (_, i) => launch(`bench-worker${i + 1}`, { ...env, ROLE: 'worker' })));
        return [...apis, ...ws];
      },
      (ps) => warmThenRun(`PostgreSQL, 2 api + ${workers} worker${workers > 1 ? 's' : ''}`, [ps[0].url, ps[1].url], csv, async (ids) => {
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        try {
          const r = await client.query<{ last: string }>('SELECT max(completed_at) AS last FROM census_cases WHERE id = ANY($1)', [ids]);
          return Date.parse(r.rows[0].last);
        } finally {
          await client.end();
        }
      }),
    );
  } finally {
    await db.drop();
  }
}

async function sqliteRun(threads: number, csv: Buffer): Promise<Result> {
  return withProcesses(
    async () => [await launch('bench-sqlite', { ...COMMON, CENSUS_WORKERS: String(threads) })],
    (ps) =>
      warmThenRun(`SQLite, 1 process, CENSUS_WORKERS=${threads}`, [ps[0].url], csv, async (ids) => {
        const db = new Database(join(ps[0].dataDir, DB_FILE), { readonly: true });
        try {
          const r = db.prepare(`SELECT max(completed_at) AS last FROM census_cases WHERE id IN (${ids.map(() => '?').join(',')})`).get(...ids) as { last: string };
          return Date.parse(r.last);
        } finally {
          db.close();
        }
      }),
  );
}

if (!existsSync(`${root}/dist/server/main.mjs`)) {
  console.error('cluster bench: run `npm run build` first');
  process.exit(1);
}
/** The most rows (in hundreds) that stay within FILE_BYTES. */
let rows = 10_000;
while (censusCsv(rows + 100).length <= FILE_BYTES) rows += 100;
const csv = censusCsv(rows);
console.log(`${UPLOADS} uploads (after ${WARM_UP} not measured) of a ${(csv.length / 1048576).toFixed(2)} MB census (${rows} rows), ${CONCURRENT_UPLOADS} at a time`);
const results: Result[] = [];
for (const run of [() => clusterRun(1, csv), () => clusterRun(2, csv), () => sqliteRun(1, csv), () => sqliteRun(2, csv)]) {
  const r = await run();
  results.push(r);
  console.log(
    `${r.label.padEnd(42)} all completed ${ms(r.allCompletedMs).padStart(9)}   p95 caseId ${ms(r.caseIdP95).padStart(7)}   p95 status ${ms(r.statusP95).padStart(6)} (${r.statusCalls} calls)`,
  );
}
const ratio = results[1].allCompletedMs / results[0].allCompletedMs;
console.log(`two workers / one worker: ${ratio.toFixed(2)} (target < ${TARGET_RATIO})`);
process.exit(ratio < TARGET_RATIO ? 0 : 1);
