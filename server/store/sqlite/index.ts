/**
 * The SQLite data store (the default): DATA_DIR/benefold.db, every store on one better-sqlite3
 * connection, transactions kept apart from other calls by the gate (gate.ts).
 */
import type { Database } from 'better-sqlite3';
import type { DataStore, Stores } from '../database';
import { createSqliteCaseStore, type Run } from './census-cases';
import { createSqliteCaseStudyRequestStore } from './case-study-requests';
import { openDb } from './db';
import { createGate } from './gate';
import { createSqliteOutboxStore } from './mail-outbox';
import { createSqliteMailingListStore } from './mailing-list';

function stores(db: Database, run: Run): Stores {
  return {
    cases: createSqliteCaseStore(db, run),
    outbox: createSqliteOutboxStore(db, run),
    mailingList: createSqliteMailingListStore(db, run),
    caseStudyRequests: createSqliteCaseStudyRequestStore(db, run),
  };
}

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
  const gate = createGate();
  const inTx = stores(db, gate.inside);
  return {
    kind: 'sqlite',
    db,
    ...stores(db, gate.outside),
    transaction: (fn) =>
      gate.exclusive(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(inTx);
          db.exec('COMMIT');
          return result;
        } catch (err) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw err;
        }
      }),
    ping: () => gate.outside(() => void db.prepare('SELECT 1').get()),
    query: <R>(sql: string, params: unknown[] = []) =>
      gate.outside(() => {
        const stmt = db.prepare(sql);
        return (stmt.reader ? stmt.all(...params) : (stmt.run(...params), [])) as R[];
      }),
    close: async () => {
      db.close();
    },
  };
}
