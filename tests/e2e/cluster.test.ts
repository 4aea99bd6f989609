/**
 * Several servers, one PostgreSQL: the compiled server as two ROLE=api processes and one
 * ROLE=worker process on a fresh database. Twelve census fixtures (and one 5 MB census, so the
 * worker is surely mid-job) are uploaded alternating between the api instances and every status is
 * read from the other one; the worker is SIGKILLed while a case is processing and a new worker is
 * started. Every acknowledged case completes exactly once with its truth file's figures, every
 * notify request gets exactly one mail, and the retention sweep deletes an expired case once,
 * whichever instance runs it. Skipped with one line without PostgreSQL (a failure under CI=true).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CENSUS_UPLOAD, SAMPLE_CASE } from '../../shared/constants';
import { censusCsvUnder } from '../server/support/census-files';
import { freshDatabase, POSTGRES_SKIP } from '../server/support/postgres';
import { REDIS_SKIP, REDIS_URL } from '../server/support/redis';
import { tcpProxy, type TcpProxy } from '../server/support/tcp-proxy';
import { startProcess, storedKeyFor, type ClusterProcess } from './support/cluster';
import { pollUntil, waitUntil } from '../support/wait';

const FIXTURES = join(__dirname, '../../../shared/fixtures/census');
/** How long the database stays away (a restart): the behaviour under test, not a wait. */
const DATABASE_AWAY_MS = 3000;
const PROCESSING = ['preprocessing', 'deduplicating', 'postprocessing'];
type Truth = { expected: { totalLives: number; livesAdditionalInfo: { retired: number; excluded: number } } };
const INDEX = JSON.parse(readFileSync(join(FIXTURES, 'index.json'), 'utf8')) as { case: string; files: string[]; truth: string }[];

const processes: ClusterProcess[] = [];
const proxies: TcpProxy[] = [];
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  for (const p of processes) await p.kill();
  for (const p of proxies) await p.close();
  await drop?.();
});

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function upload(base: string, fileName: string, bytes: Buffer, caseId?: string): Promise<string> {
  const form = new FormData();
  if (caseId) form.append('caseId', caseId);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const res = await fetch(`${base}/main/case`, { method: 'POST', body: form });
  expect(res.status, `${fileName}: ${await res.clone().text()}`).toBe(200);
  return (await json<{ data: { caseId: string } }>(res)).data.caseId;
}

async function notify(base: string, caseId: string, email: string): Promise<void> {
  const form = new FormData();
  form.append('email', email);
  form.append('caseId', caseId);
  expect((await fetch(`${base}/main/case`, { method: 'POST', body: form })).status).toBe(200);
}

async function status(base: string, caseId: string): Promise<string> {
  const res = await fetch(`${base}/main/case/status?caseId=${caseId}`);
  if (res.status === 404) return 'gone';
  return (await json<{ data: { status: string } }>(res)).data.status;
}

describe.skipIf(POSTGRES_SKIP)(`a cluster of two api servers and a worker on one PostgreSQL${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`, () => {
  it('completes every case exactly once across a killed worker, a database restart and a Redis stop, mails each notify request once, and sweeps an expired case once', async () => {
    const db = await freshDatabase();
    drop = db.drop;
    const masterKey = randomBytes(32).toString('base64');
    // Case ids are stored as their keyed hash: what the database shows of a case is this.
    const storedKey = storedKeyFor(masterKey);
    // PostgreSQL and Redis reached through TCP proxies, so the test can take each away (a restart,
    // a stop) without touching the shared servers.
    const dbUrl = new URL(db.url);
    const pgProxy = await tcpProxy(dbUrl.hostname, Number(dbUrl.port || 5432));
    proxies.push(pgProxy);
    dbUrl.port = String(pgProxy.port);
    const redisTarget = new URL(REDIS_URL);
    const redisProxy = await tcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    proxies.push(redisProxy);
    const shared = {
      DATABASE_URL: dbUrl.href,
      ENCRYPTION_KEY: masterKey,
      // Jobs of a dead worker go to another after 20 s (the time limit is 15 s).
      CENSUS_TIME_LIMIT_MS: '15000',
      CENSUS_JOB_EXPIRY_MS: '20000',
      CENSUS_WORKERS: '1',
      RETENTION_SWEEP_MS: '3000',
      RATE_LIMIT_CENSUS_STATUS: '100000',
      RATE_LIMIT_CENSUS_UPLOAD: '100000',
      // Shared limits (when Redis is here): a small mailing-list budget to spend across both instances.
      ...(REDIS_SKIP ? {} : { REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`, RATE_LIMIT_MAILING_LIST: '3', TRUST_PROXY: 'true' }),
    };
    // All three start at once: the schema is migrated once, under its lock.
    const launch = async (name: string, env: Record<string, string>) => {
      const p = await startProcess(name, env);
      processes.push(p);
      return p;
    };
    // allSettled: when one fails to start, the others are still registered for afterAll to kill
    // (with Promise.all they finished starting after the cleanup and kept running).
    const started = await Promise.allSettled([
      launch('api1', { ...shared, ROLE: 'api' }),
      launch('api2', { ...shared, ROLE: 'api' }),
      launch('worker1', { ...shared, ROLE: 'worker' }),
    ]);
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [api1, api2, worker1] = started.map((r) => (r as PromiseFulfilledResult<ClusterProcess>).value);
    const apis = [api1.url, api2.url];
    if (!REDIS_SKIP) {
      // One client (a fresh address per run) spends one budget across both api instances.
      const client = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
      const subscribe = (base: string) =>
        fetch(`${base}/main/mailing-list`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          body: JSON.stringify({ email: 'sam@broker-partners.com', mailingListType: 'PROMOTION', mailingListIdentifier: 'JAN2024' }),
        });
      expect((await subscribe(apis[0])).status).toBe(200);
      expect((await subscribe(apis[1])).status).toBe(200);
      expect((await subscribe(apis[0])).status).toBe(200);
      expect((await subscribe(apis[1])).status).toBe(429);
      expect((await subscribe(apis[0])).status).toBe(429);
    }
    // A worker answers health checks only.
    expect((await fetch(`${worker1.url}/main/case/status?caseId=${'A'.repeat(22)}`)).status).toBe(404);

    // The big census first, so that the worker is busy with it when it is killed.
    const { csv, rows } = censusCsvUnder(CENSUS_UPLOAD.maxBytes);
    const cases: { caseId: string; uploadedTo: number; totalLives: number; info?: Truth['expected']['livesAdditionalInfo']; email: string }[] = [];
    const bigId = await upload(apis[0], 'big-census.csv', csv);
    cases.push({ caseId: bigId, uploadedTo: 0, totalLives: rows, email: 'hr-big@acme-benefits.example' });
    for (const [i, c] of INDEX.entries()) {
      const to = i % 2;
      const truth = JSON.parse(readFileSync(join(FIXTURES, c.truth), 'utf8')) as Truth;
      let caseId = await upload(apis[to], c.files[0], readFileSync(join(FIXTURES, c.files[0])));
      // A second file goes to the other instance, beside the case id.
      for (const more of c.files.slice(1)) caseId = await upload(apis[1 - to], more, readFileSync(join(FIXTURES, more)), caseId);
      cases.push({ caseId, uploadedTo: to, totalLives: truth.expected.totalLives, info: truth.expected.livesAdditionalInfo, email: `hr-${c.case}@acme-benefits.example` });
    }
    expect(cases).toHaveLength(13);
    for (const c of cases) await notify(apis[1 - c.uploadedTo], c.caseId, c.email);

    // Kill the worker while the big case is processing (read from the instance it was not sent to).
    const seen = await pollUntil(() => status(apis[1], bigId), (s) => PROCESSING.includes(s), { timeoutMs: 60_000, intervalMs: 20 });
    expect(PROCESSING).toContain(seen);
    // A normal start, uploads and notify requests included, log no error (checked before anything is
    // taken away: from here on errors are expected).
    for (const p of [api1, api2, worker1]) expect(p.log(), p.name).not.toMatch(/"level":(50|60)/);
    const dead = new Promise((r) => worker1.proc.once('exit', r));
    worker1.proc.kill('SIGKILL');
    await dead;

    const worker2 = await launch('worker2', { ...shared, ROLE: 'worker' });

    // The database restarts while worker2 runs the cases (every connection ended, none taken for
    // 3 s): the api answers 503 with Retry-After meanwhile, no process dies, and every case still
    // completes exactly once (checked below). Cut once worker2 runs one of them.
    const others = cases.slice(1);
    await waitUntil(() => Promise.all(others.map((c) => status(apis[0], c.caseId))), (all) => all.some((s) => s !== 'classified'), {
      timeoutMs: 60_000,
      intervalMs: 50,
      what: 'worker2 to take a case',
    });
    pgProxy.cut();
    const away = await fetch(`${apis[0]}/main/case/status?caseId=${bigId}`);
    expect(away.status).toBe(503);
    expect(Number(away.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${apis[1]}/health/ready`)).status).toBe(503);
    await new Promise((r) => setTimeout(r, DATABASE_AWAY_MS));
    pgProxy.restore();
    for (const p of [api1, api2, worker2]) expect(p.proc.exitCode, `${p.name} exited:\n${p.log()}`).toBeNull();

    if (!REDIS_SKIP) {
      // Redis stops: each limited call answers within milliseconds (counted per process meanwhile),
      // and readiness says so.
      redisProxy.cut();
      // Both api instances noticed (readiness says so).
      for (const api of apis) {
        await waitUntil(async () => (await json<{ rateLimits?: string }>(await fetch(`${api}/health/ready`))).rateLimits ?? '', (r) => /Redis/.test(r), {
          timeoutMs: 10_000,
          intervalMs: 20,
          what: `${api} to notice Redis is away`,
        });
      }
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        const res = await fetch(`${apis[i % 2]}/main/case/status?caseId=${bigId}`);
        times.push(performance.now() - start);
        expect(res.status).toBe(200);
      }
      times.sort((a, b) => a - b);
      expect(times[Math.floor(times.length * 0.95)], `status calls with Redis away: ${times.map(Math.round).join(', ')} ms`).toBeLessThan(250);
      expect(((await json<{ rateLimits?: string }>(await fetch(`${apis[0]}/health/ready`))).rateLimits ?? '')).toMatch(/Redis/);
      redisProxy.restore();
    }

    // Every case completes, read from the other instance, with its truth file's figures.
    const deadline = Date.now() + 150_000;
    for (const c of cases) {
      const other = apis[1 - c.uploadedTo];
      const s = await pollUntil(() => status(other, c.caseId), (st) => ['completed', 'error'].includes(st), { timeoutMs: Math.max(0, deadline - Date.now()), intervalMs: 200 });
      expect(s, c.email).toBe('completed');
      const report = (await json<{ data: { totalLives: number; livesAdditionalInfo: unknown } }>(await fetch(`${other}/main/case?caseId=${c.caseId}`))).data;
      expect(report.totalLives, c.email).toBe(c.totalLives);
      if (c.info) expect(report.livesAdditionalInfo, c.email).toEqual(c.info);
    }

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // Exactly once: one stored report per case (only the attempt that committed), the big case's
      // run taken twice (the killed worker's attempt and the new worker's), the others once.
      // (The sample case, which every server makes at start-up when missing, is not one of ours.)
      const reports = await client.query<{ case_id: string; n: number }>(
        `SELECT case_id, count(*)::int AS n FROM census_blobs WHERE name LIKE '%-report.bin' AND case_id <> $1 GROUP BY case_id`,
        [storedKey(SAMPLE_CASE.id)],
      );
      expect(reports.rows).toHaveLength(13);
      for (const r of reports.rows) expect(r.n).toBe(1);
      const big = await client.query<{ attempts: number; status: string }>('SELECT attempts, status FROM census_cases WHERE id = $1', [storedKey(bigId)]);
      expect(big.rows[0]).toEqual({ attempts: 2, status: 'completed' });

      // One mail per notify request, whichever worker sent it (.eml files named by the outbox row):
      // read once the outbox has nothing left to send and every request has its mail.
      const sentMails = () => {
        const mails = new Map<string, Set<string>>();
        for (const w of [worker1, worker2]) {
          const dir = join(w.dataDir, 'outbox');
          let names: string[] = [];
          try {
            names = readdirSync(dir).filter((f) => f.endsWith('.eml'));
          } catch {
            /* this worker sent nothing */
          }
          for (const f of names) {
            const to = /^To: (.+)$/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1].trim() ?? '';
            mails.set(to, (mails.get(to) ?? new Set()).add(f));
          }
        }
        return mails;
      };
      const unsent = async () => (await client.query('SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL')).rows[0].n as number;
      await pollUntil(async () => ({ mails: sentMails(), unsent: await unsent() }), ({ mails, unsent: n }) => n === 0 && cases.every((c) => mails.has(c.email)), {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      const mails = sentMails();
      for (const c of cases) expect(mails.get(c.email)?.size, c.email).toBe(1);
      expect((await client.query('SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL')).rows[0].n).toBe(0);

      // Retention: one case made old is deleted once, by one sweep, whichever instance ran it.
      const expired = cases[1].caseId;
      await client.query(`UPDATE census_cases SET created_at = '2000-01-01T00:00:00.000Z' WHERE id = $1`, [storedKey(expired)]);
      await pollUntil(async () => (await client.query('SELECT 1 FROM census_cases WHERE id = $1', [storedKey(expired)])).rowCount, (n) => !n, { timeoutMs: 30_000, intervalMs: 200 });
      expect(await status(apis[0], expired)).toBe('gone');
      // (pg-boss marks a sweep job done just after its handler returns: wait for that.)
      const completedSweeps = () =>
        client.query<{ output: { cases?: number } | null; singleton_on: Date }>(
          `SELECT output, singleton_on FROM pgboss.job WHERE name = 'retention-sweep' AND state = 'completed'`,
        );
      const sweeps = await pollUntil(completedSweeps, (s) => s.rows.some((r) => (r.output?.cases ?? 0) > 0), { timeoutMs: 10_000, intervalMs: 200 });
      const deleted = sweeps.rows.map((r) => r.output?.cases ?? 0);
      expect(deleted.reduce((a, b) => a + b, 0)).toBe(1);
      // One sweep per period for the whole cluster, not one per instance.
      const slots = sweeps.rows.map((r) => r.singleton_on.getTime());
      expect(new Set(slots).size).toBe(slots.length);
    } finally {
      await client.end();
    }

    // SIGTERM: the worker drains and exits cleanly.
    expect(await worker2.stop()).toBe(0);
  }, 300_000);
});
