/**
 * The SQLite data store (the default): DATA_DIR/benefold.db, every store on one better-sqlite3
 * connection (driver.ts), transactions kept apart from other calls by the gate (gate.ts).
 */
import type { Database } from 'better-sqlite3';
import type { CaseJobs, DataStore } from '../database';
import { sqlStores } from '../sql/stores';
import { openDb } from './db';
import { sqliteSql } from './driver';

// The case rows are the queue (claim/renew/release): a stored run is due by being stored.
const caseJobs: CaseJobs = { enqueue: async () => {} };

export interface SqliteDataStore extends DataStore {
  readonly kind: 'sqlite';
  /** The connection itself (the SQLite-only tests look at pragmas and files). */
  readonly db: Database;
}

/** Opens (creating and migrating) DATA_DIR/benefold.db. */
export function openSqliteStore(dataDir: string): SqliteDataStore {
  return sqliteStore(openDb(dataDir));
}

export function sqliteStore(db: Database): SqliteDataStore {
  const sql = sqliteSql(db);
  return {
    kind: 'sqlite',
    db,
    ...sqlStores(sql, caseJobs),
    transaction: (fn) => sql.transaction((tx) => fn(sqlStores(tx, caseJobs))),
    ping: async () => void (await sql.one('SELECT 1')),
    query: <R>(text: string, params?: unknown[]) => sql.all<R>(text, params),
    close: async () => {
      db.close();
    },
  };
}
