import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_FILE, migrate, openDb } from '../../server/store/db';
import { MIGRATIONS } from '../../server/store/migrations';
import { createCaseStudyRequestStore } from '../../server/store/case-study-requests';
import { createMailingListStore } from '../../server/store/mailing-list';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'benefold-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the database', () => {
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

  it('rolls a failing migration back entirely', () => {
    const db = openDb(dir);
    const bad = [...MIGRATIONS, { id: 101, name: 'half', up: 'CREATE TABLE half (x INTEGER); NOT SQL' }];
    expect(() => migrate(db, bad)).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(db.prepare('SELECT id FROM schema_migrations WHERE id = 101').get()).toBeUndefined();
    db.close();
  });

  it('keeps one subscription per e-mail (any case), type and identifier', () => {
    const db = openDb(dir);
    const store = createMailingListStore(db);
    expect(store.subscribe({ email: 'A@b.co', mailingListType: 'promotion', mailingListIdentifier: 'jan2024' })).toBe(true);
    expect(store.subscribe({ email: 'a@B.CO', mailingListType: 'PROMOTION', mailingListIdentifier: 'JAN2024' })).toBe(false);
    expect(store.subscribe({ email: 'a@b.co', mailingListType: 'PROMOTION', mailingListIdentifier: 'FEB2024' })).toBe(true);
    expect(store.count()).toBe(2);
    db.close();
  });

  it('records case-study requests with random ids and their mail state', () => {
    const db = openDb(dir);
    const store = createCaseStudyRequestStore(db);
    const id = store.create({ firstName: 'A', lastName: 'B', email: 'a@b.co', caseStudyName: 'x.pdf' });
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(store.get(id)).toMatchObject({ firstName: 'A', mailedAt: null });
    store.markMailed(id);
    expect(store.get(id)?.mailedAt).toBeTruthy();
    expect(store.create({ firstName: 'A', lastName: 'B', email: 'a@b.co', caseStudyName: 'x.pdf' })).not.toBe(id);
    db.close();
  });
});
