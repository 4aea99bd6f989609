/**
 * A database made by the schema as it shipped before the one list (legacy-schema.ts) opens with
 * today's code on both databases: nothing is made twice, every row is still there and readable
 * through the stores, new rows can be written, and the tables end up with the columns a new
 * database gets.
 */
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataStore } from '../../../server/store/database';
import { openPostgresStore } from '../../../server/store/postgres';
import { migratePostgres } from '../../../server/store/postgres/migrate';
import { numbered, POSTGRES } from '../../../server/store/sql/dialect';
import { schemaFor } from '../../../server/store/sql/schema';
import { DB_FILE } from '../../../server/store/sqlite/db';
import { MIGRATIONS } from '../../../server/store/sqlite/migrations';
import { openSqliteStore } from '../../../server/store/sqlite';
import { OLD_PG_MIGRATIONS, OLD_SQLITE_MIGRATIONS } from './legacy-schema';
import { freshDatabase, POSTGRES_SKIP } from '../support/postgres';

const T = new Date().toISOString();
const KEY = 'hashed-case-key';
/** Every step of the one schema is recorded after the upgrade (the old ones renumbered, the rest run). */
const PG_IDS = schemaFor(POSTGRES).map((m) => m.id);
type Exec = (sql: string, params?: unknown[]) => Promise<unknown>;

/** What the old code did on open: each migration run and recorded. */
async function oldMigrate(exec: Exec, migrations: { id: number; name: string; up: string }[]) {
  await exec('CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const m of migrations) {
    await exec(m.up);
    await exec('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)', [m.id, m.name, T]);
  }
}

/** A row in every table. */
async function seed(exec: Exec) {
  await exec('INSERT INTO mailing_list (email, list_type, list_identifier, created_at) VALUES (?, ?, ?, ?)', ['a@b.co', 'P', 'X', T]);
  await exec('INSERT INTO case_study_requests (id, first_name, last_name, email, case_study_name, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
    'req-1', 'Ann', 'Lee', 'a@b.co', 'x.pdf', T,
  ]);
  await exec(
    `INSERT INTO census_cases (id, sealed_id, status, run, attempts, as_of, source, created_at, updated_at, result_key, completed_at)
     VALUES (?, ?, 'completed', 2, 1, ?, 'web', ?, ?, 'r2', ?)`,
    [KEY, 'sealed', T.slice(0, 10), T, T, T],
  );
  await exec('INSERT INTO census_files (id, case_id, position, file_name, stored_name, size, password, created_at) VALUES (?, ?, 0, ?, ?, 10, NULL, ?)', [
    'f1', KEY, 'x.csv', 'f-1.bin', T,
  ]);
  await exec("INSERT INTO census_contacts (case_id, email, kind, created_at) VALUES (?, 'n@b.co', 'notify', ?)", [KEY, T]);
  await exec("INSERT INTO mail_outbox (id, dedupe_key, to_address, message, created_at, next_attempt_at) VALUES ('m1', 'k1', 'a@b.co', '{}', ?, ?)", [T, T]);
  await exec("INSERT INTO census_intake_log (sender, remote_ip, message_id, state, received_at) VALUES ('hr@acme.example', '192.0.2.7', '<m@x>', 'taken', ?)", [T]);
}

/** Every row seeded is read back through the stores, and new rows go in beside them. */
async function expectKeptAndWritable(data: DataStore) {
  expect(await data.mailingList.count()).toBe(1);
  expect(await data.caseStudyRequests.get('req-1')).toMatchObject({ firstName: 'Ann', email: 'a@b.co' });
  expect(await data.cases.getIgnoringExpiry(KEY)).toMatchObject({ status: 'completed', run: 2, resultKey: 'r2', sealedId: 'sealed' });
  expect((await data.cases.files(KEY)).map((f) => f.fileName)).toEqual(['x.csv']);
  const since = new Date(Date.parse(T) - 60_000);
  expect(await data.outbox.countTo('a@b.co', since)).toBe(1);
  expect(await data.outbox.enqueue({ to: { name: '', address: 'a@b.co' }, subject: 's', text: 't', html: 'h' }, 'k1')).toBeNull();
  expect(await data.intakeLog.claim({ sender: 'hr@acme.example', remoteIp: '192.0.2.7', messageId: '<m@x>' })).toEqual({ duplicate: 'taken' });
  expect(await data.intakeLog.claim({ sender: 'hr@acme.example', remoteIp: '192.0.2.7', messageId: '<m2@x>' })).toHaveProperty('id');
  const [old] = await data.cases.contacts(KEY);
  const added = await data.cases.addContact(KEY, 'h@b.co', 'help');
  expect(added!.id).toBeGreaterThan(old.id);
  expect(await data.mailingList.subscribe({ email: 'c@b.co', mailingListType: 'P', mailingListIdentifier: 'X' })).toBe(true);
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a SQLite database made by the old migrations', () => {
  const columns = (db: BetterSqlite3.Database) =>
    db
      .prepare(
        `SELECT m.name AS t, p.name AS c, p.type, p."notnull" AS nn, p.pk FROM sqlite_master m, pragma_table_info(m.name) p
          WHERE m.type = 'table' ORDER BY m.name, p.cid`,
      )
      .all();

  it('opens with every row kept, the new steps applied once, and the columns of a new database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benefold-upgrade-'));
    const fresh = mkdtempSync(join(tmpdir(), 'benefold-upgrade-'));
    cleanups.push(async () => [dir, fresh].forEach((d) => rmSync(d, { recursive: true, force: true })));
    const old = new BetterSqlite3(join(dir, DB_FILE));
    const exec: Exec = async (sql, params) => (params ? old.prepare(sql).run(...params) : old.exec(sql));
    await oldMigrate(exec, OLD_SQLITE_MIGRATIONS);
    await seed(exec);
    old.close();

    const data = openSqliteStore(dir);
    cleanups.push(() => data.close());
    expect((await data.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id')).map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id));
    await expectKeptAndWritable(data);

    const made = openSqliteStore(fresh);
    cleanups.push(() => made.close());
    expect(columns(data.db)).toEqual(columns(made.db));
  });
});

describe.skipIf(POSTGRES_SKIP)(`a PostgreSQL database made by the old migrations${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`, () => {
  const JOBS = { expiryMs: 60_000, retryLimit: 4, retryDelayMs: 1000 };
  const columns = async (q: (sql: string) => Promise<unknown[]>) =>
    q(`SELECT table_name AS t, column_name AS c, data_type, is_nullable FROM information_schema.columns
        WHERE table_schema = 'public' ORDER BY table_name, column_name`);

  it('opens with its records renumbered to the one schema, every row kept, and the columns of a new database', async () => {
    const [db, fresh] = [await freshDatabase(), await freshDatabase()];
    cleanups.push(db.drop, fresh.drop);
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const exec: Exec = (sql, params) => pool.query(numbered(sql), params);
    await oldMigrate(exec, OLD_PG_MIGRATIONS);
    await seed(exec);
    await exec("INSERT INTO census_blobs (case_id, name, bytes, created_at) VALUES (?, 'f-1.bin', ?, ?)", [KEY, Buffer.from('sealed bytes'), T]);
    await pool.end();

    const data = await openPostgresStore(db.url, { poolSize: 2, jobs: JOBS });
    cleanups.push(() => data.close());
    const records = await data.query<{ id: number; applied_at: string }>('SELECT id, applied_at FROM schema_migrations ORDER BY id');
    expect(records.map((r) => r.id)).toEqual(PG_IDS);
    // The renumbered records keep when the old steps ran.
    expect(records.filter((r) => [1, 2, 3, 4, 5, 7, 8].includes(r.id)).every((r) => r.applied_at === T)).toBe(true);
    expect(await migratePostgres(data.pool)).toEqual([]);
    await expectKeptAndWritable(data);
    expect(await data.query('SELECT name FROM census_blobs WHERE case_id = ?', [KEY])).toEqual([{ name: 'f-1.bin' }]);

    const made = await openPostgresStore(fresh.url, { poolSize: 2, jobs: JOBS });
    cleanups.push(() => made.close());
    expect(await columns((sql) => data.query(sql))).toEqual(await columns((sql) => made.query(sql)));
  });

  it('applies a step the old list did not have (the sealed ids) on a database made before it', async () => {
    const db = await freshDatabase();
    cleanups.push(db.drop);
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    await oldMigrate((sql, params) => pool.query(numbered(sql), params), OLD_PG_MIGRATIONS.slice(0, 2));
    await pool.end();
    const data = await openPostgresStore(db.url, { poolSize: 2, jobs: JOBS });
    cleanups.push(() => data.close());
    expect((await data.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id')).map((r) => r.id)).toEqual(PG_IDS);
    expect(await data.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'census_cases' AND column_name = 'sealed_id'")).toHaveLength(1);
  });
});
