import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_FILE, migrate, openDb } from '../../../server/store/sqlite/db';
import { MIGRATIONS } from '../../../server/store/sqlite/migrations';
import { sqliteStore } from '../../../server/store/sqlite';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'benefold-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite database', () => {
  it('opens in WAL mode, owner-only, with every migration applied once', () => {
    const db = openDb(dir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(statSync(join(dir, DB_FILE)).mode & 0o777).toBe(0o600);
    const ids = (db.prepare('SELECT id FROM schema_migrations ORDER BY id').all() as { id: number }[]).map((r) => r.id);
    expect(ids).toEqual(MIGRATIONS.map((m) => m.id));
    expect(migrate(db)).toEqual([]);
    db.close();
    const again = openDb(dir);
    expect(migrate(again)).toEqual([]);
    again.close();
  });

  it('applies a later migration on the next open (how census cases will be added)', () => {
    openDb(dir).close();
    const extra = [...MIGRATIONS, { id: 100, name: 'test table', up: 'CREATE TABLE t (x INTEGER)' }];
    const db = openDb(dir, extra);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 't'").get()).toBeTruthy();
    db.close();
  });

  it('applies a migration once when two connections migrate the same file', () => {
    openDb(dir).close();
    const extra = [...MIGRATIONS, { id: 102, name: 'once', up: 'CREATE TABLE once (x INTEGER)' }];
    const a = openDb(dir);
    const b = openDb(dir);
    expect(migrate(a, extra)).toEqual([102]);
    expect(migrate(b, extra)).toEqual([]);
    a.close();
    b.close();
  });

  it('rolls a failing migration back entirely', () => {
    const db = openDb(dir);
    const bad = [...MIGRATIONS, { id: 101, name: 'half', up: 'CREATE TABLE half (x INTEGER); NOT SQL' }];
    expect(() => migrate(db, bad)).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(db.prepare('SELECT id FROM schema_migrations WHERE id = 101').get()).toBeUndefined();
    db.close();
  });

  it('keeps a call from outside a transaction out of it until it has committed', async () => {
    const data = sqliteStore(openDb(dir));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = data.transaction(async (t) => {
      await t.mailingList.subscribe({ email: 'in@b.co', mailingListType: 'P', mailingListIdentifier: 'X' });
      await held;
      throw new Error('roll back');
    });
    const outside = data.mailingList.subscribe({ email: 'out@b.co', mailingListType: 'P', mailingListIdentifier: 'X' });
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect(await outside).toBe(true);
    expect(await data.query('SELECT email FROM mailing_list')).toEqual([{ email: 'out@b.co' }]);
    await data.close();
  });
});
