/**
 * Fair sharing of the job threads, over a real socket, on both queues (SQLite's case rows, and
 * pg-boss when PostgreSQL is reachable): client A (127.0.0.1) uploads four slow files, client B
 * (127.0.0.2, the same loopback) one small file while A's fill both threads. B's case waits for one
 * of A's jobs at most, then runs before A's cases still waiting; the clients are stored as keyed
 * hashes, never as their addresses; with pg-boss, putting A's cases back spends no retry.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers';
import { censusCsvUnder } from '../support/census-files';
import { multipart } from '../support/multipart';
import { freshDatabase, POSTGRES_SKIP } from '../support/postgres';
import { pollUntil } from '../../support/wait';

const FIXTURES = join(__dirname, '../../../../shared/fixtures/census');

let t: TestApp | undefined;
let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await t?.close();
  await drop?.();
  t = undefined;
  drop = undefined;
});

/** Uploads one file from the given local address; answers the case id. */
function upload(base: URL, from: string, name: string, bytes: Buffer): Promise<string> {
  const m = multipart([{ name: 'file', value: bytes, fileName: name }]);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: base.hostname, port: base.port, path: '/main/case', method: 'POST', localAddress: from, headers: { ...m.headers, 'content-length': m.body.length } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text).data.caseId) : reject(new Error(`${res.statusCode} ${text}`))));
      },
    );
    req.on('error', reject);
    req.end(m.body);
  });
}

interface Seen {
  uploaded: number;
  started?: number;
  ended?: number;
  status?: string;
}

const QUEUES = [
  { name: 'the SQLite queue', skip: false as string | false, env: async () => ({}) },
  {
    name: 'the pg-boss queue',
    skip: POSTGRES_SKIP,
    env: async () => {
      const db = await freshDatabase();
      drop = db.drop;
      return { DATABASE_URL: db.url, ENCRYPTION_KEY: randomBytes(32).toString('base64'), SMTP_INTAKE: 'false' };
    },
  },
];

describe.each(QUEUES)('fair sharing of the job threads on $name', ({ skip, env }) => {
  it.skipIf(skip)("runs client B's case after one of client A's jobs at most, before A's cases still waiting", async () => {
    t = await makeApp({ CENSUS_WORKERS: '2', RATE_LIMIT_CENSUS_STATUS: '100000', RATE_LIMIT_CENSUS_UPLOAD: '1000', ...(await env()) });
    const app = t;
    const base = new URL(await app.app.listen({ port: 0, host: '127.0.0.1' }));
    // The sample case is made at start: let it finish so that only A and B use the threads.
    await app.app.ctx.caseService.runner.idle();

    /** How often the statuses are sampled: when each case started and ended is read at this grain. */
    const SAMPLE_MS = 15;
    const seen = new Map<string, Seen>();
    let polling = true;
    const poll = (async () => {
      while (polling) {
        for (const [id, s] of seen) {
          if (s.ended) continue;
          const status = (await app.app.inject({ url: `/main/case/status?caseId=${id}` })).json().data.status as string;
          s.status = status;
          if (status !== 'classified' && !s.started) s.started = Date.now();
          if (status === 'completed' || status === 'error') s.ended = Date.now();
        }
        await new Promise((r) => setTimeout(r, SAMPLE_MS));
      }
    })();

    const { csv } = censusCsvUnder(2_000_000);
    const a: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await upload(base, '127.0.0.1', `a${i}.csv`, csv);
      a.push(id);
      seen.set(id, { uploaded: Date.now() });
    }
    // Both threads run A's cases before B comes.
    await pollUntil(() => a.slice(0, 2).every((id) => seen.get(id)!.started), Boolean, { timeoutMs: 30_000, intervalMs: 10 });
    const b = await upload(base, '127.0.0.2', 'b.csv', readFileSync(join(FIXTURES, 'long-csv.csv')));
    seen.set(b, { uploaded: Date.now() });
    // A's cases still waiting once B is queued, asked of the server now (the sampler above may lag
    // on a loaded machine: a case it has not yet seen start may be running already).
    const waitingA: string[] = [];
    for (const id of a) {
      if ((await app.app.inject({ url: `/main/case/status?caseId=${id}` })).json().data.status === 'classified') waitingA.push(id);
    }

    await pollUntil(() => [...seen.values()].every((s) => s.ended), Boolean, { timeoutMs: 120_000 });
    polling = false;
    await poll;
    for (const [id, s] of seen) expect(s.status, id).toBe('completed');

    const sb = seen.get(b)!;
    // Before every case of A's that was still waiting when B came (A's first two took both threads).
    expect(waitingA.length).toBeGreaterThan(0);
    for (const id of waitingA) expect(sb.ended!, `B ended before ${id}`).toBeLessThan(seen.get(id)!.ended!);
    // B waited for one of A's jobs at most (plus the polling's grain).
    const longestA = Math.max(...a.map((id) => seen.get(id)!.ended! - seen.get(id)!.started!));
    expect(sb.started! - sb.uploaded).toBeLessThanOrEqual(longestA + 250);

    // Two clients, stored as keyed hashes only.
    const keys = await app.app.ctx.data.query<{ k: string | null }>('SELECT DISTINCT client_key AS k FROM census_cases WHERE client_key IS NOT NULL');
    expect(keys).toHaveLength(2);
    for (const { k } of keys) expect(k).not.toMatch(/127\.0\.0|ip:/);
    if (app.config.databaseUrl) {
      // A's cases were put back as new jobs, and no job spent a retry.
      const jobs = await app.app.ctx.data.query<{ deferred: string; retried: string }>(
        `SELECT count(*) FILTER (WHERE output->>'deferred' IS NOT NULL) AS deferred, count(*) FILTER (WHERE retry_count > 0) AS retried
           FROM pgboss.job WHERE name = 'census-case'`,
      );
      expect(Number(jobs[0].deferred)).toBeGreaterThan(0);
      expect(Number(jobs[0].retried)).toBe(0);
    }
  }, 180_000);
});
