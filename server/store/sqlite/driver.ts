/**
 * The SQL driver (sql/driver.ts) over one better-sqlite3 connection. better-sqlite3 is synchronous:
 * each call is one statement that nothing in the process can interleave with, so the only care is
 * a transaction, which is asynchronous and stays open across awaits. The gate (gate.ts) keeps every
 * other call out of it until it ends; the calls made inside it go straight through.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { Sql } from '../sql/driver';
import { SQLITE } from '../sql/dialect';
import { createGate, type Gate } from './gate';

export function sqliteSql(db: Database, gate: Gate = createGate()): Sql {
  // Prepared once per text: the stores' SQL is a small fixed set.
  const cache = new Map<string, Statement>();
  const prepare = (text: string) => {
    let s = cache.get(text);
    if (!s) cache.set(text, (s = db.prepare(text)));
    return s;
  };

  const on = (call: Gate['outside']): Omit<Sql, 'transaction'> => ({
    dialect: SQLITE,
    all: <R>(text: string, params: unknown[] = []) =>
      call(() => {
        const s = prepare(text);
        return (s.reader ? s.all(...params) : (s.run(...params), [])) as R[];
      }),
    one: <R>(text: string, params: unknown[] = []) => call(() => prepare(text).get(...params) as R | undefined),
    run: (text, params = []) => call(() => prepare(text).run(...params).changes),
  });

  // Inside a transaction, a store's own transaction is part of it (as in PostgreSQL: no savepoint).
  const inside: Sql = { ...on(gate.inside), transaction: (fn) => fn(inside) };
  return {
    ...on(gate.outside),
    transaction: (fn) =>
      gate.exclusive(async () => {
        // IMMEDIATE: the write lock at once, so another process's writer waits (busy_timeout) rather
        // than this transaction failing when it first writes.
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(inside);
          db.exec('COMMIT');
          return result;
        } catch (err) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw err;
        }
      }),
  };
}
