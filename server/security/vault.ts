/**
 * Census files at rest: AES-256-GCM under a key derived from the master key ('census-files').
 *
 * File format: "BFC1" | 12-byte IV | ciphertext | 16-byte tag. The stored name is the additional
 * authenticated data, so a file moved or renamed on disk no longer opens. Files are written to a
 * temporary name (owner-only), fsynced, renamed into place and the folder fsynced: a crash leaves
 * either the whole file or none. Names are always generated here; a user's file name never
 * becomes a path.
 */
import { createCipheriv, createDecipheriv, randomBytes, type CipherGCM } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const MAGIC = Buffer.from('BFC1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const WRITE_BLOCK = 1024 * 1024;

/** A generated, path-safe name: 128 random bits, base64url. */
export function generatedName(prefix: string): string {
  return `${prefix}-${randomBytes(16).toString('base64url')}.bin`;
}

/**
 * Makes a rename in `dir` durable. Asynchronous (libuv's thread pool), so that the event loop keeps
 * parsing other uploads while the disk flushes: a synchronous fsync here blocked the server ~10 ms an
 * upload, 20 uploads in a row.
 */
export async function fsyncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    /* some file systems cannot fsync a directory; the rename itself is still atomic */
  } finally {
    await handle?.close().catch(() => {});
  }
}

/** A file being written encrypted; finish() makes it durable under its final path. */
export interface SealedWriter {
  readonly path: string;
  write(chunk: Buffer): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

export async function createSealedWriter(key: Buffer, path: string): Promise<SealedWriter> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle: FileHandle = await open(tmp, 'wx', 0o600);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv) as CipherGCM;
  cipher.setAAD(Buffer.from(basename(path)));
  await handle.write(Buffer.concat([MAGIC, iv]));
  // Encrypted output is written in blocks of WRITE_BLOCK: a 5 MB upload arrives in ~80 small chunks,
  // and one file-system call per chunk queues behind every other upload on libuv's 4 threads.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // writev hands the pieces to the kernel as they are: no copy into one block.
  const flush = async () => {
    if (pendingBytes === 0) return;
    const blocks = pending;
    const bytes = pendingBytes;
    pending = [];
    pendingBytes = 0;
    const { bytesWritten } = await handle.writev(blocks);
    if (bytesWritten !== bytes) throw new Error(`short write (${bytesWritten} of ${bytes} bytes)`);
  };
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    path,
    async write(chunk) {
      const out = cipher.update(chunk);
      if (out.length) {
        pending.push(out);
        pendingBytes += out.length;
        if (pendingBytes >= WRITE_BLOCK) await flush();
      }
    },
    async finish() {
      const last = cipher.final();
      const tag = cipher.getAuthTag();
      pending.push(last, tag);
      pendingBytes += last.length + tag.length;
      await flush();
      await handle.sync();
      await close();
      await rename(tmp, path);
      await fsyncDir(dirname(path));
    },
    async abort() {
      await close().catch(() => {});
      await rm(tmp, { force: true });
    },
  };
}

/** Writes bytes encrypted, durably (write, fsync, rename). */
export async function writeSealed(key: Buffer, path: string, bytes: Uint8Array): Promise<void> {
  const w = await createSealedWriter(key, path);
  try {
    await w.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    await w.finish();
  } catch (err) {
    await w.abort();
    throw err;
  }
}

/**
 * Seals bytes in memory, in the file format above (for a store that keeps files as database values):
 * write() as they arrive, finish() answers the whole sealed file.
 */
export function createMemorySealer(key: Buffer, name: string): { write(chunk: Buffer): void; finish(): Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv) as CipherGCM;
  cipher.setAAD(Buffer.from(name));
  const parts: Buffer[] = [MAGIC, iv];
  return {
    write(chunk) {
      const out = cipher.update(chunk);
      if (out.length) parts.push(out);
    },
    finish() {
      parts.push(cipher.final(), cipher.getAuthTag());
      return Buffer.concat(parts);
    },
  };
}

export function sealBytes(key: Buffer, name: string, bytes: Uint8Array): Buffer {
  const s = createMemorySealer(key, name);
  s.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return s.finish();
}

export function openSealed(key: Buffer, name: string, blob: Buffer): Buffer {
  if (blob.length < MAGIC.length + IV_BYTES + TAG_BYTES || !blob.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new Error('not a sealed file');
  }
  const iv = blob.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = blob.subarray(blob.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(name));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(blob.subarray(MAGIC.length + IV_BYTES, blob.length - TAG_BYTES)), decipher.final()]);
}

export async function readSealed(key: Buffer, path: string): Promise<Buffer> {
  return openSealed(key, basename(path), await readFile(path));
}

/** A short secret (a file's password) sealed into one base64url string for a database column. */
export function sealText(key: Buffer, text: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

export function openText(key: Buffer, sealed: string, context: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

export function caseDir(dataDir: string, caseId: string): string {
  return join(dataDir, 'cases', caseId);
}
