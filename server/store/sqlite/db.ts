/**
 * The SQLite database (better-sqlite3): DATA_DIR/benefold.db in WAL mode, migrated on open (the schema:
 * sql/schema.ts).
 */
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_TABLE, inOrder } from '../sql/schema';
import { MIGRATIONS, type Migration } from './migrations';

export type { Database };

export const DB_FILE = 'benefold.db';

export function openDb(dataDir: string, migrations: Migration[] = MIGRATIONS): Database {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, DB_FILE);
  // Create the file owner-only first: SQLite gives its -wal and -shm files the same permissions.
  closeSync(openSync(file, 'a', 0o600));
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

/**
 * Applies the migrations not yet recorded, in id order; returns the ids it applied. Each one runs in
 * its own IMMEDIATE transaction (SQLite's write lock) and checks again under that lock whether it is
 * recorded, so two processes opening the same file at once apply it once.
 */
export function migrate(db: Database, migrations: Migration[] = MIGRATIONS): number[] {
  const steps = inOrder(migrations);
  db.exec(MIGRATIONS_TABLE);
  const isDone = db.prepare('SELECT 1 FROM schema_migrations WHERE id = ?');
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  const applied: number[] = [];
  for (const m of steps) {
    const ran = db
      .transaction(() => {
        if (isDone.get(m.id)) return false;
        if (m.up) db.exec(m.up);
        record.run(m.id, m.name, new Date().toISOString());
        return true;
      })
      .immediate();
    if (ran) applied.push(m.id);
  }
  return applied;
}
