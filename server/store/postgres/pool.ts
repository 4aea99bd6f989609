/**
 * The PostgreSQL connection pool (node-postgres) and the SQL driver (sql/driver.ts) over it: the
 * stores' SQL with `?` placeholders, numbered here ($1, $2, ...; sql/dialect.ts).
 */
import pg from 'pg';
import type { Sql } from '../sql/driver';
import { POSTGRES } from '../sql/dialect';

export type { Sql };

/** A pool or one checked-out client (inside a transaction). */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

const cache = new Map<string, string>();
function prepared(text: string): string {
  let t = cache.get(text);
  if (t === undefined) {
    t = POSTGRES.placeholders(text);
    cache.set(text, t);
  }
  return t;
}

function queries(db: Queryable): Omit<Sql, 'transaction'> {
  const q = (text: string, params: unknown[] = []) => db.query(prepared(text), params);
  return {
    dialect: POSTGRES,
    all: async (text, params) => (await q(text, params)).rows,
    one: async (text, params) => (await q(text, params)).rows[0],
    run: async (text, params) => (await q(text, params)).rowCount ?? 0,
  };
}

/** The driver on the pool: each call on whichever client is free, a transaction on one of its own. */
export function sqlOn(pool: pg.Pool): Sql {
  return { ...queries(pool), transaction: (fn) => withTransaction(pool, (client) => fn(clientSql(client))) };
}

/** The driver on a client in a transaction: a store's own transaction is part of it. */
export function clientSql(client: pg.PoolClient): Sql {
  const sql: Sql = { ...queries(client), transaction: (fn) => fn(sql) };
  return sql;
}

/** Runs fn on one client between BEGIN and COMMIT (ROLLBACK when it throws). */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** count(*) and other bigints come back as numbers (our counts are far below 2^53). */
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export function createPool(url: string, max: number): pg.Pool {
  // A connect that waits longer than this is a database that is away: the caller answers 503 (http/unavailable.ts)
  // rather than holding the request (node-postgres waits forever by default).
  const pool = new pg.Pool({ connectionString: url, max, types, application_name: 'benefold', connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection emits here; without a listener it would crash the process.
  pool.on('error', () => {});
  // A client checked out of the pool (a transaction, the start-up advisory lock) emits on itself when
  // the database goes away between two of its queries: an unhandled 'error' event killed a worker
  // during a database restart (the cluster test, once in three runs). The failure still reaches the
  // caller through its next query; the listener only keeps the process alive.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
