/**
 * Applies the schema (sql/schema.ts) once per PostgreSQL database, whichever server starts first:
 * every server runs this at start-up, under a transaction-scoped advisory lock, so the others wait
 * and then find the migrations recorded.
 */
import type pg from 'pg';
import { POSTGRES } from '../sql/dialect';
import { MIGRATIONS_TABLE, inOrder, schemaFor, type Migration } from '../sql/schema';
import { withTransaction } from './pool';

/** The advisory lock's key: any constant the other users of the database do not use ("bf-migr"). */
export const MIGRATION_LOCK_KEY = 0x62662d6d69677200n;

export async function migratePostgres(pool: pg.Pool, migrations: Migration[] = schemaFor(POSTGRES)): Promise<number[]> {
  const steps = inOrder(migrations);
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await client.query(MIGRATIONS_TABLE);
    await renumberLegacy(client, migrations);
    const done = new Set((await client.query<{ id: number }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
    const applied: number[] = [];
    for (const m of steps) {
      if (done.has(m.id)) continue;
      if (m.up) await client.query(m.up);
      await client.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [m.id, m.name, new Date().toISOString()]);
      applied.push(m.id);
    }
    return applied;
  });
}

/**
 * Before the one schema, PostgreSQL had its own numbering: 1 made every table of the time (with the
 * blobs and the mailing list's created_at index), 2 the intake log, 3 the sealed ids, and 4 (on the
 * job queue's branch) the client key. Such a database, known by its first record's name, gets the
 * records of the steps that made the same things (their first applied_at kept), so nothing is made
 * twice and the steps since run as usual.
 */
const LEGACY_FIRST = 'mailing list, case-study requests, census cases, files, contacts, mail outbox, file blobs';
const LEGACY_IDS: Record<number, number[]> = { 1: [1, 2, 3, 7, 8], 2: [4], 3: [5], 4: [6] };

async function renumberLegacy(client: pg.PoolClient, migrations: Migration[]): Promise<void> {
  const old = (await client.query<{ id: number; name: string; applied_at: string }>('SELECT id, name, applied_at FROM schema_migrations')).rows;
  if (!old.some((r) => r.id === 1 && r.name === LEGACY_FIRST)) return;
  await client.query('DELETE FROM schema_migrations');
  for (const r of old) {
    for (const id of LEGACY_IDS[r.id] ?? []) {
      const name = migrations.find((m) => m.id === id)?.name ?? r.name;
      await client.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [id, name, r.applied_at]);
    }
  }
}
