/**
 * The file store's contract (store/files.ts) on both implementations: DATA_DIR on disk, and
 * census_blobs in PostgreSQL (when reachable). Files are sealed before they are stored: the bytes
 * at rest never contain the plain text.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskFileStore } from '../../../server/store/disk-files';
import type { FileStore } from '../../../server/store/files';
import { openPostgresStore, type PostgresDataStore } from '../../../server/store/postgres';
import { createPgFileStore } from '../../../server/store/postgres/files';
import { sqlOn } from '../../../server/store/postgres/pool';
import { freshDatabase, POSTGRES_SKIP } from '../support/postgres';

const KEY = randomBytes(32);
const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const SECRET = 'Employee ID,SSN\r\n1,123-45-6789\r\n';

interface Impl {
  name: string;
  skip: string | false;
  open(): Promise<{ files: FileStore; atRest(): Promise<Buffer[]> }>;
}
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const IMPLS: Impl[] = [
  {
    name: 'disk',
    skip: false,
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'benefold-files-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const caseDir = join(dir, 'cases', ID);
      return {
        files: createDiskFileStore(dir, KEY),
        atRest: async () => readdirSync(caseDir).map((n) => readFileSync(join(caseDir, n))),
      };
    },
  },
  {
    name: 'PostgreSQL',
    skip: POSTGRES_SKIP,
    async open() {
      const db = await freshDatabase();
      const data: PostgresDataStore = await openPostgresStore(db.url, { poolSize: 2, jobs: { expiryMs: 60_000, retryLimit: 1, retryDelayMs: 1000 } });
      cleanups.push(async () => {
        await data.close();
        await db.drop();
      });
      return {
        files: createPgFileStore(sqlOn(data.pool), KEY),
        atRest: async () => (await data.query<{ bytes: Buffer }>('SELECT bytes FROM census_blobs')).map((r) => r.bytes),
      };
    },
  },
];

for (const impl of IMPLS) {
  describe.skipIf(impl.skip)(`the ${impl.name} file store${impl.skip ? ` (skipped: ${impl.skip})` : ''}`, () => {
    it('stores an upload sealed, places it in its case, reads it back, and deletes by prefix and by case', async () => {
      const { files, atRest } = await impl.open();
      const up = await files.incoming();
      expect(up.storedName).toMatch(/^f-[A-Za-z0-9_-]{22}\.bin$/);
      await up.writer.write(Buffer.from(SECRET.slice(0, 10)));
      await up.writer.write(Buffer.from(SECRET.slice(10)));
      await up.writer.finish();
      await files.place(ID, [up]);
      expect((await files.read(ID, up.storedName)).toString()).toBe(SECRET);
      for (const blob of await atRest()) expect(blob.includes(Buffer.from('123-45-6789'))).toBe(false);

      await files.write(ID, 'r1a1-x-report.bin', Buffer.from('{"a":1}'));
      expect(await files.exists(ID, 'r1a1-x-report.bin')).toBe(true);
      await files.write(ID, 'r1a1-x-report.bin', Buffer.from('{"a":2}'));
      expect((await files.read(ID, 'r1a1-x-report.bin')).toString()).toBe('{"a":2}');
      await files.removePrefix(ID, 'r1a1-');
      expect(await files.exists(ID, 'r1a1-x-report.bin')).toBe(false);
      expect(await files.exists(ID, up.storedName)).toBe(true);
      await files.removeCase(ID);
      expect(await files.exists(ID, up.storedName)).toBe(false);
      await expect(files.read(ID, up.storedName)).rejects.toThrow();
    });

    it('throws away a discarded upload', async () => {
      const { files } = await impl.open();
      const up = await files.incoming();
      await up.writer.write(Buffer.from('half'));
      await up.discard();
      await expect(files.place(ID, [up])).rejects.toThrow();
    });
  });
}
