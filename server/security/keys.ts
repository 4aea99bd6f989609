/**
 * The master encryption key and the keys derived from it.
 *
 * ENCRYPTION_KEY (32 bytes, base64) wins; without it the key lives in DATA_DIR/keys/encryption.key,
 * generated on first start (directory 0700, file 0600) and read on every later start. Each use gets
 * its own key derived with HKDF-SHA256 and a purpose label, so no two features share key material.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENCRYPTION_KEY_BYTES, parseKey, type Config } from '../config';

export const KEY_FILE = join('keys', 'encryption.key');

/** The purposes keys are derived for; add one per feature (e.g. 'census-files'). */
export type KeyPurpose = 'case-study-token' | 'census-files' | (string & {});

export function keyFilePath(dataDir: string): string {
  return join(dataDir, KEY_FILE);
}

/** Returns the master key: the configured one, the stored one, or a new one written exclusively. */
export function loadOrCreateMasterKey(config: Pick<Config, 'encryptionKey' | 'dataDir'>): Buffer {
  if (config.encryptionKey) return config.encryptionKey;
  const file = keyFilePath(config.dataDir);
  try {
    return parseKey(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(join(config.dataDir, 'keys'), { recursive: true, mode: 0o700 });
  const key = randomBytes(ENCRYPTION_KEY_BYTES);
  try {
    // 'wx': never overwrite a key another process wrote in the meantime.
    writeFileSync(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return parseKey(readFileSync(file, 'utf8'), file);
    throw err;
  }
}

/** A 32-byte key for one purpose, derived from the master key (HKDF-SHA256, no salt). */
export function deriveKey(master: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `benefold:${purpose}`, 32));
}
