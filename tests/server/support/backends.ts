/**
 * The data store implementations the store tests run against: SQLite always, PostgreSQL in a fresh
 * database per test when it is reachable (support/postgres.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataStore } from '../../../server/store/database';
import { openPostgresStore } from '../../../server/store/postgres';
import { openSqliteStore } from '../../../server/store/sqlite';
import { freshDatabase, POSTGRES_SKIP } from './postgres';

export interface Backend {
  name: string;
  /** Why it is skipped (one line), or false. */
  skip: string | false;
  open(): Promise<DataStore>;
  cleanup?(): Promise<void>;
}

let dir: string | null = null;
const sqlite: Backend = {
  name: 'SQLite',
  skip: false,
  async open() {
    dir = mkdtempSync(join(tmpdir(), 'benefold-store-'));
    return openSqliteStore(dir);
  },
  async cleanup() {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  },
};

let drop: (() => Promise<void>) | null = null;
const postgres: Backend = {
  name: 'PostgreSQL',
  skip: POSTGRES_SKIP,
  async open() {
    const db = await freshDatabase();
    drop = db.drop;
    return openPostgresStore(db.url, { poolSize: 4, jobs: { expiryMs: 60_000, retryLimit: 4, retryDelayMs: 1000 } });
  },
  async cleanup() {
    await drop?.();
    drop = null;
  },
};

export const BACKENDS: Backend[] = [sqlite, postgres];
