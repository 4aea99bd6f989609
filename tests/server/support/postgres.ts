/**
 * A fresh PostgreSQL database per test (created, then dropped after), on the server at
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, the development and CI
 * machines' PostgreSQL 15). When it does not answer, the tests that need it are skipped with one
 * line saying so - except under CI=true, where a missing PostgreSQL fails the run.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(): Promise<string | false> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return false;
  } catch (err) {
    return `PostgreSQL is not reachable at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')} (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

const why = await reachable();
if (why && process.env.CI === 'true') throw new Error(`${why}: CI=true needs it (see .ci/run)`);
if (why) console.warn(`skipping the PostgreSQL tests: ${why}`);
/** Why the PostgreSQL tests are skipped (one line), or false. */
export const POSTGRES_SKIP: string | false = why;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database; answers its URL and a drop() that removes it (closing what still uses it). */
export async function freshDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `bf_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
