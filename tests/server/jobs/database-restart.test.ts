/**
 * The app on PostgreSQL rides out a database restart (issue 20): the database is taken away through a
 * TCP proxy (every connection ended, new ones refused, as a restart does) while a census job runs.
 * No unhandled rejection (pg-boss's own worker left its job marks unawaited, which killed worker
 * processes), uploads and readiness answer 503 with Retry-After while it is away, and once it is back
 * the case completes, once. Skipped with one line when PostgreSQL is not reachable.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CASE_QUEUE, SWEEP_QUEUE, caseJobId, type PostgresDataStore } from '../../../server/store/postgres';
import { createPgBossQueue } from '../../../server/jobs/pgboss-queue';
import { makeApp, storedKey, type TestApp } from '../helpers';
import { multipart } from '../support/multipart';
import { censusCsvUnder } from '../support/census-files';
import { freshDatabase, POSTGRES_SKIP } from '../support/postgres';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { pollUntil, waitUntil } from '../../support/wait';

const KEY = randomBytes(32).toString('base64');

let t: TestApp | undefined;
let proxy: TcpProxy | undefined;
let drop: (() => Promise<void>) | undefined;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
process.on('unhandledRejection', onRejection);

afterEach(async () => {
  proxy?.restore();
  await t?.close();
  await proxy?.close();
  await drop?.();
  t = proxy = drop = undefined;
});

async function appBehindProxy(env: Record<string, string> = {}): Promise<{ app: TestApp; proxy: TcpProxy }> {
  const db = await freshDatabase();
  drop = db.drop;
  const url = new URL(db.url);
  proxy = await tcpProxy(url.hostname, Number(url.port || 5432));
  url.port = String(proxy.port);
  t = await makeApp({ DATABASE_URL: url.href, ENCRYPTION_KEY: KEY, SMTP_INTAKE: 'false', ...env });
  return { app: t, proxy };
}

function uploadRequest(bytes: Buffer) {
  const m = multipart([{ name: 'file', value: bytes, fileName: 'census.csv' }]);
  return { method: 'POST' as const, url: '/main/case', payload: m.body, headers: m.headers };
}

async function statusOf(app: TestApp, caseId: string): Promise<string | undefined> {
  const res = await app.app.inject({ url: `/main/case/status?caseId=${caseId}` });
  return res.statusCode === 200 ? res.json().data.status : undefined;
}

describe.skipIf(POSTGRES_SKIP)(`a database restart${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`, () => {
  it('while a job runs: no unhandled rejection, 503 with Retry-After while away, the case completes once after', async () => {
    const { app, proxy } = await appBehindProxy({ CENSUS_WORKERS: '1' });
    const { csv } = censusCsvUnder(3 * 1024 * 1024);
    const res = await app.app.inject(uploadRequest(csv));
    expect(res.statusCode, res.body).toBe(200);
    const caseId = res.json().data.caseId as string;

    // Cut once the job is running (past 'classified': the worker has taken it).
    await pollUntil(() => statusOf(app, caseId), (s) => s !== 'classified', { timeoutMs: 4000, intervalMs: 10 });
    proxy.cut();

    // While it is away: an upload and a status call answer 503 with Retry-After; readiness says 503.
    const during = await app.app.inject(uploadRequest(censusCsvUnder(2000).csv));
    expect(during.statusCode, during.body).toBe(503);
    expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
    expect(during.json().message).toMatch(/unavailable/i);
    const status = await app.app.inject({ url: `/main/case/status?caseId=${caseId}` });
    expect(status.statusCode).toBe(503);
    const ready = await app.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toMatch(/database/);
    // The job ends, or tries to store its result, while the database is away: the runner is idle.
    await app.app.ctx.caseService.runner.idle();
    proxy.restore();

    const final = await pollUntil(() => statusOf(app, caseId).catch(() => undefined), (s) => s === 'completed' || s === 'error', { timeoutMs: 120_000, intervalMs: 100 });
    expect(final).toBe('completed');
    expect((await app.app.inject({ url: '/health/ready' })).statusCode).toBe(200);
    // The run's job was marked (completed on a later delivery), not left active for its expiry.
    const data = app.app.ctx.data as PostgresDataStore;
    const state = await pollUntil(async () => (await data.boss.getJobById(CASE_QUEUE, caseJobId(storedKey(app.config, caseId), 1)))?.state, (s) => s === 'completed', { timeoutMs: 10_000, intervalMs: 100 });
    expect(state).toBe('completed');
    expect(rejections).toEqual([]);
  }, 120_000);

  it('a retention sweep that fails while the database is away: no unhandled rejection, and its job is marked once it is back', async () => {
    // An api process (it only asks for sweeps): the sweep loop here is the test's own, whose sweep
    // takes the database away and fails, so that marking its job fails too until the database is back.
    const { app, proxy } = await appBehindProxy({ ROLE: 'api' });
    const data = app.app.ctx.data as PostgresDataStore;
    let swept = 0;
    // What the loop says, kept to check that it tried again and then marked the job.
    const said: string[] = [];
    const say = (_o: unknown, message: string) => void said.push(message);
    const log = { ...app.app.log, info: say, warn: say, error: say } as unknown as typeof app.app.log;
    const sweeps = await createPgBossQueue(data.boss, data, { log }).sweepEvery(
      60_000,
      async () => {
        // The first sweep: the database goes away under it. A later one (another ask's job) sweeps nothing.
        if (swept++ > 0) return {};
        proxy.cut();
        throw new Error('the database went away during the sweep');
      },
      true,
      log,
    );
    try {
      await pollUntil(() => swept, (n) => n > 0, { timeoutMs: 10_000, intervalMs: 20 });
      // Marking the job fails while the database is away (tried again with backoff): the database comes
      // back once the loop has said so.
      const retrying = 'could not fail a job: the database is away; retrying';
      await waitUntil(() => said.includes(retrying), Boolean, { timeoutMs: 30_000, intervalMs: 20, what: 'the loop to retry marking the job' });
      proxy.restore();
      // The pool's connections from before the cut fail once each: such a poll reads nothing.
      const states = async () =>
        (await data.pool.query<{ state: string }>('SELECT state FROM pgboss.job WHERE name = $1', [SWEEP_QUEUE]).then((r) => r.rows, () => [])).map((r) => r.state);
      const marked = await pollUntil(states, (s) => s.includes('retry') || s.includes('failed'), { timeoutMs: 30_000, intervalMs: 100 });
      expect(marked.some((s) => s === 'retry' || s === 'failed')).toBe(true);
      expect(said).toContain(retrying);
      expect(said).toContain('the job queue answers again');
      expect(rejections).toEqual([]);
    } finally {
      await sweeps.stop();
    }
  }, 120_000);

  it('the job expiry given at start applies, whatever an earlier start stored', async () => {
    const db = await freshDatabase();
    drop = db.drop;
    // The first start stores 2 s; the next one is started with 120 s.
    const first = await makeApp({ DATABASE_URL: db.url, ENCRYPTION_KEY: KEY, SMTP_INTAKE: 'false', CENSUS_JOB_EXPIRY_MS: '2000' });
    await first.close();
    t = await makeApp({ DATABASE_URL: db.url, ENCRYPTION_KEY: KEY, SMTP_INTAKE: 'false', CENSUS_JOB_EXPIRY_MS: '120000', ROLE: 'api' });
    const res = await t.app.inject(uploadRequest(censusCsvUnder(2000).csv));
    expect(res.statusCode, res.body).toBe(200);
    const data = t.app.ctx.data as PostgresDataStore;
    const job = await data.boss.getJobById(CASE_QUEUE, caseJobId(storedKey(t.config, res.json().data.caseId), 1));
    expect(Number(job?.expireInSeconds)).toBe(120);
    expect(Number((await data.boss.getQueue(CASE_QUEUE))?.expireInSeconds)).toBe(120);
  });
});
