/**
 * Census files in PostgreSQL (with DATABASE_URL): one census_blobs row per file, the value sealed
 * (AES-256-GCM, security/vault.ts) before it leaves the process, so the database - and its backups -
 * only ever hold ciphertext. Files are at most a few MB (5 MB uploads), well within bytea's comfort.
 *
 * An upload is sealed in memory as it arrives and written when it joins its case (place): an
 * upload that is cut off never reaches the database, so nothing is left behind to sweep.
 */
import { createMemorySealer, generatedName, openSealed, sealBytes } from '../../security/vault';
import type { FileStore, IncomingFile } from '../files';
import type { Sql } from './pool';

const ORPHAN_AGE_MS = 3_600_000;

export function createPgFileStore(sql: Sql, key: Buffer): FileStore {
  /** Sealed uploads not yet placed in a case, by stored name. */
  const pending = new Map<string, Buffer>();
  const put = (caseId: string, name: string, sealed: Buffer) =>
    sql.run(
      `INSERT INTO census_blobs (case_id, name, bytes, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (case_id, name) DO UPDATE SET bytes = excluded.bytes, created_at = excluded.created_at`,
      [caseId, name, sealed, new Date().toISOString()],
    );

  return {
    async incoming() {
      const storedName = generatedName('f');
      const sealer = createMemorySealer(key, storedName);
      return {
        storedName,
        writer: {
          write: async (chunk) => sealer.write(chunk),
          finish: async () => {
            pending.set(storedName, sealer.finish());
          },
        },
        discard: async () => {
          pending.delete(storedName);
        },
      } satisfies IncomingFile;
    },
    async place(caseId, files) {
      for (const f of files) {
        const sealed = pending.get(f.storedName);
        if (!sealed) throw new Error(`upload ${f.storedName} is not finished`);
        await put(caseId, f.storedName, sealed);
        pending.delete(f.storedName);
      }
    },
    async read(caseId, name) {
      const row = await sql.one<{ bytes: Buffer }>('SELECT bytes FROM census_blobs WHERE case_id = ? AND name = ?', [caseId, name]);
      if (!row) throw new Error('no such file');
      return openSealed(key, name, row.bytes);
    },
    write: async (caseId, name, bytes) => {
      await put(caseId, name, sealBytes(key, name, bytes));
    },
    exists: async (caseId, name) => (await sql.one('SELECT 1 FROM census_blobs WHERE case_id = ? AND name = ?', [caseId, name])) !== undefined,
    removePrefix: async (caseId, prefix) => {
      // starts_with, not LIKE: a name is never a pattern.
      await sql.run('DELETE FROM census_blobs WHERE case_id = ? AND starts_with(name, ?)', [caseId, prefix]);
    },
    removeCase: async (caseId) => {
      await sql.run('DELETE FROM census_blobs WHERE case_id = ?', [caseId]);
    },
    moveCase: async (fromId, toId) => {
      await sql.run('UPDATE census_blobs SET case_id = ? WHERE case_id = ?', [toId, fromId]);
    },
    async sweepOrphans(now) {
      // Files whose case row is gone (a crash between the row's delete and the files').
      await sql.run(
        `DELETE FROM census_blobs b WHERE b.created_at < ? AND NOT EXISTS (SELECT 1 FROM census_cases c WHERE c.id = b.case_id)`,
        [new Date(now.getTime() - ORPHAN_AGE_MS).toISOString()],
      );
    },
  };
}
