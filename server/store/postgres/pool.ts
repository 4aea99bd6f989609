/**
 * The PostgreSQL connection pool (node-postgres) and the one query shape every PostgreSQL store
 * uses: SQL with `?` placeholders (the same SQL as the SQLite stores), numbered here ($1, $2, ...).
 */
import pg from 'pg';

/** A pool or one checked-out client (inside a transaction). */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export interface Sql {
  rows<R>(text: string, params?: unknown[]): Promise<R[]>;
  one<R>(text: string, params?: unknown[]): Promise<R | undefined>;
  /** Rows changed (UPDATE, DELETE, INSERT). */
  count(text: string, params?: unknown[]): Promise<number>;
}

/** `?` -> `$n`, outside quoted strings (our SQL has no `?` inside literals, but be safe). */
export function numbered(text: string): string {
  let n = 0;
  let quoted = false;
  let out = '';
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    out += ch === '?' && !quoted ? `$${++n}` : ch;
  }
  return out;
}

const cache = new Map<string, string>();
function prepared(text: string): string {
  let t = cache.get(text);
  if (t === undefined) {
    t = numbered(text);
    cache.set(text, t);
  }
  return t;
}

export function sqlOn(db: Queryable): Sql {
  const q = (text: string, params: unknown[] = []) => db.query(prepared(text), params);
  return {
    rows: async (text, params) => (await q(text, params)).rows,
    one: async (text, params) => (await q(text, params)).rows[0],
    count: async (text, params) => (await q(text, params)).rowCount ?? 0,
  };
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
