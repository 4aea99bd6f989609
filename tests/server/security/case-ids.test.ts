/**
 * Case ids are bearer secrets (whoever holds one reads the member list), so none is at rest (issue
 * 20): the rows, the file folders or blobs, the job queue and the sent outbox hold only the id's keyed
 * hash; the API finds the case by hashing the id it is given. Cases stored before are moved to their
 * hash at start-up and keep working. On SQLite and, when reachable, PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp, storedKey, type TestApp } from '../helpers';
import { multipart } from '../support/multipart';
import { freshDatabase, POSTGRES_SKIP } from '../support/postgres';
import { waitUntil } from '../../support/wait';

const FIXTURES = join(__dirname, '../../../../shared/fixtures/census');
const CSV = readFileSync(join(FIXTURES, 'long-csv.csv'));
const KEY = randomBytes(32).toString('base64');

const apps: TestApp[] = [];
let drop: (() => Promise<void>) | undefined;
let dbUrl: string | undefined;
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close().catch(() => {});
  await drop?.();
  drop = dbUrl = undefined;
});

async function upload(t: TestApp): Promise<string> {
  const m = multipart([{ name: 'file', value: CSV, fileName: 'census.csv' }]);
  const res = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.caseId;
}

async function final(t: TestApp, caseId: string): Promise<string> {
  return waitUntil(async () => (await t.app.inject({ url: `/main/case/status?caseId=${caseId}` })).json().data.status as string, (s) => s === 'completed' || s === 'error', {
    timeoutMs: 30_000,
    what: `case ${caseId} to finish`,
  });
}

/** Every value of every text column of the case tables and the outbox, as one string. */
async function everyValue(t: TestApp): Promise<string> {
  const tables = ['census_cases', 'census_files', 'census_contacts', 'mail_outbox'];
  const rows = await Promise.all(tables.map((table) => t.app.ctx.data.query(`SELECT * FROM ${table}`)));
  return JSON.stringify(rows);
}

for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && POSTGRES_SKIP)(`case ids at rest (${backend})`, () => {
    async function app(env: Record<string, string> = {}): Promise<TestApp> {
      let extra: Record<string, string> = {};
      if (backend === 'postgres') {
        if (!dbUrl) {
          const db = await freshDatabase();
          drop = db.drop;
          dbUrl = db.url;
        }
        extra = { DATABASE_URL: dbUrl };
      }
      const t = await makeApp({ ENCRYPTION_KEY: KEY, SMTP_INTAKE: 'false', ...extra, ...env });
      apps.push(t);
      return t;
    }

    it('stores only the keyed hash of a case id, and finds the case by its id', async () => {
      const t = await app();
      const caseId = await upload(t);
      expect(await final(t, caseId)).toBe('completed');
      const contact = multipart([{ name: 'email', value: 'hr@acme-benefits.example' }, { name: 'caseId', value: caseId }]);
      expect((await t.app.inject({ method: 'POST', url: '/main/case', payload: contact.body, headers: contact.headers })).statusCode).toBe(200);
      await t.mail(); // the notify mail is sent: its outbox row no longer holds the link
      const key = storedKey(t.config, caseId);
      expect(key).not.toContain(caseId);
      const atRest = await everyValue(t);
      expect(atRest).toContain(key);
      expect(atRest).not.toContain(caseId);
      if (backend === 'sqlite') expect(readdirSync(join(t.config.dataDir, 'cases'))).toEqual(expect.arrayContaining([key]));
      if (backend === 'sqlite') expect(readdirSync(join(t.config.dataDir, 'cases'))).not.toContain(caseId);
      else expect(JSON.stringify(await t.app.ctx.data.query('SELECT case_id FROM census_blobs'))).not.toContain(caseId);
      // A key is not an id: the API takes ids only.
      expect((await t.app.inject({ url: `/main/case/status?caseId=${key.slice(0, 22)}` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data.totalLives).toBe(61);
    });

    it('moves a case stored before ids were hashed to its hash at start-up; it keeps working', async () => {
      const first = await app();
      const caseId = await upload(first);
      expect(await final(first, caseId)).toBe('completed');
      const key = storedKey(first.config, caseId);
      // Make it a row from before: keyed by the id itself, no sealed id, its files under the id.
      const columns = 'status, message, code, run, attempts, lease_owner, lease_until, result_key, as_of, source, reply_to, smtp_id, created_at, updated_at, completed_at';
      const q = (sql: string, params: unknown[]) => first.app.ctx.data.query(sql, params);
      await q(`INSERT INTO census_cases (id, sealed_id, ${columns}) SELECT ?, NULL, ${columns} FROM census_cases WHERE id = ?`, [caseId, key]);
      await q('UPDATE census_files SET case_id = ? WHERE case_id = ?', [caseId, key]);
      await q('DELETE FROM census_cases WHERE id = ?', [key]);
      if (backend === 'sqlite') renameSync(join(first.config.dataDir, 'cases', key), join(first.config.dataDir, 'cases', caseId));
      else await first.app.ctx.data.query('UPDATE census_blobs SET case_id = ? WHERE case_id = ?', [caseId, key]);
      await first.app.close();
      apps.splice(apps.indexOf(first), 1);

      // The next start moves it; the id reads the same report, and is no longer at rest.
      const next = await app(backend === 'sqlite' ? { DATA_DIR: first.config.dataDir } : {});
      expect((await next.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data.totalLives).toBe(61);
      expect(await everyValue(next)).not.toContain(caseId);
      if (backend === 'sqlite') {
        expect(existsSync(join(next.config.dataDir, 'cases', caseId))).toBe(false);
        expect(existsSync(join(next.config.dataDir, 'cases', key))).toBe(true);
      }
      // Deleting it by its id deletes it.
      expect((await next.app.inject({ method: 'DELETE', url: `/main/case?caseId=${caseId}` })).statusCode).toBe(204);
      expect((await next.app.inject({ url: `/main/case/status?caseId=${caseId}` })).statusCode).toBe(404);
    });
  });
}
