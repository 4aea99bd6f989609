/**
 * Applies the PostgreSQL migrations once per database, whichever server starts first: every
 * server runs this at start-up, under a transaction-scoped advisory lock, so the others wait and
 * then find the migrations recorded.
 */
import type pg from 'pg';
import { PG_MIGRATIONS, type PgMigration } from './migrations';

/** The advisory lock's key: any constant the other users of the database do not use ("bf-migr"). */
export const MIGRATION_LOCK_KEY = 0x62662d6d69677200n;

export async function migratePostgres(pool: pg.Pool, migrations: PgMigration[] = PG_MIGRATIONS): Promise<number[]> {
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length) throw new Error('Duplicate migration id');
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL
    )`);
    const done = new Set((await client.query<{ id: number }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
    for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(m.id)) continue;
      await client.query(m.up);
      await client.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [m.id, m.name, new Date().toISOString()]);
      applied.push(m.id);
    }
    await client.query('COMMIT');
    return applied;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
