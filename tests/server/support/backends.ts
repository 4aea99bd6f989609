/**
 * The data store implementations the store tests run against. SQLite always; PostgreSQL is added by
 * the PostgreSQL store (step by step: see docs/deploy.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataStore } from '../../../server/store/database';
import { openSqliteStore } from '../../../server/store/sqlite';

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

export const BACKENDS: Backend[] = [sqlite];
