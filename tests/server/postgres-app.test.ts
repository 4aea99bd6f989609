/**
 * The whole app on PostgreSQL (DATABASE_URL, a fresh database per test, dropped after): a census
 * goes in, runs as a pg-boss job, and comes out with its figures; the file never reaches the
 * database as plain text; the notify mail goes out once; export, delete and the health checks work.
 * Skipped with one line when PostgreSQL is not reachable (a failure under CI=true).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config';
import { CASE_QUEUE, caseJobId, type PostgresDataStore } from '../../server/store/postgres';
import { makeApp, PUBLIC_URL, storedKey, uploadCase, type TestApp } from './helpers';
import { multipart } from './support/multipart';
import { censusCsvUnder } from './support/census-files';
import { freshDatabase, POSTGRES_SKIP } from './support/postgres';
import { pollUntil, waitUntil } from '../support/wait';

const FIXTURES = join(__dirname, '../../../shared/fixtures/census');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const KEY = randomBytes(32).toString('base64');

let t: TestApp | undefined;
let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await t?.close();
  await drop?.();
  t = undefined;
  drop = undefined;
});

async function pgApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await freshDatabase();
  drop = db.drop;
  t = await makeApp({ DATABASE_URL: db.url, ENCRYPTION_KEY: KEY, SMTP_INTAKE: 'false', ...env });
  return t;
}


async function final(app: TestApp, caseId: string) {
  return waitUntil(
    async () => (await app.app.inject({ url: `/main/case/status?caseId=${caseId}` })).json().data,
    (data) => data?.status === 'completed' || data?.status === 'error',
    { timeoutMs: 60_000, what: `case ${caseId} to finish` },
  );
}

/** The job's state once pg-boss has settled it (it marks a job done after its handler returns). */
async function jobState(data: PostgresDataStore, id: string): Promise<string | undefined> {
  return pollUntil(async () => (await data.boss.getJobById(CASE_QUEUE, id))?.state, (state) => state !== 'active' && state !== 'created', { timeoutMs: 10_000, intervalMs: 100 });
}

describe('configuration for PostgreSQL', () => {
  it('refuses DATABASE_URL without ENCRYPTION_KEY, in one sentence saying why', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/^DATABASE_URL needs ENCRYPTION_KEY, the same on every server, because [^.]+$/);
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE=worker needs DATABASE_URL/);
    expect(() => loadConfig({ ROLE: 'boss' })).toThrow(/ROLE must be all, api or worker/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ENCRYPTION_KEY: KEY, ROLE: 'api' })).toMatchObject({ role: 'api', databaseUrl: 'postgres://u@h/db' });
  });
});

describe.skipIf(POSTGRES_SKIP)(`the app on PostgreSQL${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`, () => {
  it('processes a census as a pg-boss job, stores it sealed, reports its figures and mails the notify request once', async () => {
    const app = await pgApp();
    const caseId = await uploadCase(app.app, 'long-csv.csv', fixture('long-csv.csv'));
    const contact = multipart([
      { name: 'email', value: 'hr@acme-benefits.example' },
      { name: 'caseId', value: caseId },
    ]);
    expect((await app.app.inject({ method: 'POST', url: '/main/case', payload: contact.body, headers: contact.headers })).statusCode).toBe(200);
    expect((await final(app, caseId)).status).toBe('completed');
    const data = (await app.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data;
    expect(data.totalLives).toBe(61);

    const data_ = app.app.ctx.data as PostgresDataStore;
    // One job for the run, marked done by pg-boss just after the case row (the truth of the status).
    expect(await jobState(data_, caseJobId(storedKey(app.config, caseId), 1))).toBe('completed');
    // Nothing in the database is plain text of the file or the report.
    const blobs = await data_.query<{ bytes: Buffer }>('SELECT bytes FROM census_blobs WHERE case_id = ?', [storedKey(app.config, caseId)]);
    expect(blobs.length).toBeGreaterThanOrEqual(2);
    for (const b of blobs) {
      expect(b.bytes.includes(Buffer.from('Employee'))).toBe(false);
      expect(b.bytes.includes(Buffer.from('totalLives'))).toBe(false);
    }
    const mails = (await app.mail()).filter((m) => m.includes('hr@acme-benefits.example'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`${PUBLIC_URL}/tools/census/${caseId}`);

    // A second file starts run 2, a job of its own, and the merged case completes.
    const again = await uploadCase(app.app, 'multi-file-part2.xlsx', fixture('multi-file-part2.xlsx'), [{ name: 'caseId', value: caseId }]);
    expect(again).toBe(caseId);
    expect((await final(app, caseId)).status).toBe('completed');
    expect(await jobState(data_, caseJobId(storedKey(app.config, caseId), 2))).toBe('completed');

    // The export link works from the database too; delete removes rows and files.
    const link = (await app.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file` })).json().data.fileURL as string;
    const file = await app.app.inject({ url: link.slice(PUBLIC_URL.length) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect((await app.app.inject({ method: 'DELETE', url: `/main/case?caseId=${caseId}` })).statusCode).toBe(204);
    expect(await data_.query('SELECT count(*) AS n FROM census_blobs')).toEqual([{ n: 0 }]);
  });

  it('hands a running case back when a worker stops (SIGTERM drain), and another worker completes it once', async () => {
    const app = await pgApp();
    const { csv, rows } = censusCsvUnder(2 * 1024 * 1024);
    const caseId = await uploadCase(app.app, 'big.csv', csv);
    const s = await pollUntil(
      async () => (await app.app.inject({ url: `/main/case/status?caseId=${caseId}` })).json().data.status as string,
      (status) => ['preprocessing', 'deduplicating', 'postprocessing'].includes(status),
      { timeoutMs: 12_000, intervalMs: 20 },
    );
    expect(['preprocessing', 'deduplicating', 'postprocessing']).toContain(s);
    // Stop taking jobs, no time to finish: the run is handed back untouched (status kept, attempt not counted).
    await app.app.ctx.caseService.runner.close(0);
    const row = (await app.app.ctx.data.cases.getIgnoringExpiry(storedKey(app.config, caseId)))!;
    expect(['preprocessing', 'deduplicating', 'postprocessing']).toContain(row.status);
    expect(row.attempts).toBe(0);
    // Another worker on the same database takes it (pg-boss retries the handed-back job) and completes it.
    const worker = await makeApp({ DATABASE_URL: app.config.databaseUrl!, ENCRYPTION_KEY: KEY, SMTP_INTAKE: 'false', ROLE: 'worker' });
    try {
      expect((await final(app, caseId)).status).toBe('completed');
      expect((await app.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data.totalLives).toBe(rows);
      expect((await app.app.ctx.data.cases.getIgnoringExpiry(storedKey(app.config, caseId)))!.attempts).toBe(1);
    } finally {
      await worker.close();
    }
  }, 120_000);

  it('answers the health checks: live always, ready while the database and the queue answer', async () => {
    const app = await pgApp();
    expect((await app.app.inject({ url: '/health/live' })).json()).toEqual({ ok: true });
    expect((await app.app.inject({ url: '/health/ready' })).json()).toEqual({ ok: true });
    expect((await app.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('a worker process answers only the health checks', async () => {
    const app = await pgApp({ ROLE: 'worker' });
    expect((await app.app.inject({ url: '/health/ready' })).statusCode).toBe(200);
    const other = await app.app.inject({ url: '/main/case/status?caseId=AAAAAAAAAAAAAAAAAAAAAA' });
    expect(other.statusCode).toBe(404);
    expect(Object.keys(other.json())).toEqual(['message']);
    expect((await app.app.inject({ method: 'POST', url: '/main/mailing-list', payload: {} })).statusCode).toBe(404);
  });
});
