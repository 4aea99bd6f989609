/**
 * Census files on disk (the default): DATA_DIR/incoming/ for uploads not yet part of a case,
 * DATA_DIR/cases/<caseId>/ after. See store/files.ts for the interface and security/vault.ts for the
 * file format and the crash safety (write to a temporary name, fsync, rename, fsync the folder).
 */
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { caseDir, createSealedWriter, fsyncDir, generatedName, readSealed, writeSealed } from '../security/vault';
import type { FileStore, IncomingFile } from './files';

export const INCOMING_DIR = 'incoming';
/** An interrupted upload's leftovers are removed after this long (a newer one may still be arriving). */
const ORPHAN_AGE_MS = 3_600_000;

export function createDiskFileStore(dataDir: string, key: Buffer): FileStore {
  const incomingDir = join(dataDir, INCOMING_DIR);
  const pathOf = (caseId: string, name: string) => join(caseDir(dataDir, caseId), name);

  return {
    async incoming() {
      const storedName = generatedName('f');
      const writer = await createSealedWriter(key, join(incomingDir, storedName));
      return {
        storedName,
        writer,
        async discard() {
          await writer.abort();
          await rm(writer.path, { force: true });
        },
      } satisfies IncomingFile;
    },
    async place(caseId, files) {
      const dir = caseDir(dataDir, caseId);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Same file system: an atomic move; the name (the cipher's additional data) stays the same.
      for (const f of files) await rename(join(incomingDir, f.storedName), join(dir, f.storedName));
      // The move is part of "stored durably": flush the case folder before the row points at it.
      await fsyncDir(dir);
    },
    read: (caseId, name) => readSealed(key, pathOf(caseId, name)),
    write: (caseId, name, bytes) => writeSealed(key, pathOf(caseId, name), bytes),
    async exists(caseId, name) {
      return (await stat(pathOf(caseId, name)).catch(() => null)) !== null;
    },
    async removePrefix(caseId, prefix) {
      const dir = caseDir(dataDir, caseId);
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => rm(join(dir, n), { force: true })));
    },
    async removeCase(caseId) {
      await rm(caseDir(dataDir, caseId), { recursive: true, force: true });
    },
    async moveCase(fromId, toId) {
      await rename(caseDir(dataDir, fromId), caseDir(dataDir, toId)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
      await fsyncDir(join(dataDir, 'cases')).catch(() => {});
    },
    async sweepOrphans(now, hasCase) {
      const casesDir = join(dataDir, 'cases');
      for (const d of await readdir(casesDir).catch(() => [] as string[])) {
        const s = await stat(join(casesDir, d)).catch(() => null);
        if (s && now.getTime() - s.mtimeMs > ORPHAN_AGE_MS && !(await hasCase(d))) {
          await rm(join(casesDir, d), { recursive: true, force: true });
        }
      }
      // Incoming files older than an hour belong to no request any more.
      for (const f of await readdir(incomingDir).catch(() => [] as string[])) {
        const s = await stat(join(incomingDir, f)).catch(() => null);
        if (s && now.getTime() - s.mtimeMs > ORPHAN_AGE_MS) await rm(join(incomingDir, f), { force: true });
      }
    },
  };
}
