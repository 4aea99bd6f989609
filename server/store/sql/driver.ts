/**
 * The one thing every store is written against: a tiny SQL driver that SQLite (sqlite/driver.ts)
 * and PostgreSQL (postgres/pool.ts) each implement thinly. Stores write SQL once, with `?`
 * placeholders, in the portable subset both databases run; what differs lives in dialect.ts.
 */
import type { Dialect } from './dialect';

export interface Sql {
  readonly dialect: Dialect;
  /** The rows a statement answers (none for a statement without RETURNING). */
  all<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** The first row, or undefined. */
  one<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R | undefined>;
  /** Rows changed (INSERT, UPDATE, DELETE). */
  run(text: string, params?: unknown[]): Promise<number>;
  /**
   * Runs fn in one transaction: the one this driver is in, when it is a transaction's (its work then
   * commits or rolls back with the caller's), else a new one. SQLite's keeps every other call of
   * the process out until it ends (sqlite/gate.ts); PostgreSQL's runs on one pooled client.
   */
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
}
