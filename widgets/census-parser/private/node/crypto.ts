/**
 * The browser twin of `node:crypto` for the engine worker (private mode), chosen by the worker's
 * bundle (rollup.widgets.config.mjs aliases `node:crypto` here): the three calls the engine makes.
 *  - createHash('sha256'): a file's short id (engine.ts fileId), over its name and bytes;
 *  - createHmac('sha256', key): SSN pseudonyms and keyed row tags (text.ts), under the tab's key;
 *  - randomBytes(n): that key, made once per worker (per tab): pseudonyms need only be stable
 *    within one run of one tab, and the key never leaves the worker.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

type Encoding = 'hex' | 'base64' | 'base64url';
const encoder = new TextEncoder();

function bytesOf(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? encoder.encode(data) : data;
}

function encode(bytes: Uint8Array, encoding: Encoding): string {
  if (encoding === 'hex') return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const b64 = btoa(String.fromCharCode(...bytes));
  return encoding === 'base64' ? b64 : b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface Hash {
  update(data: string | Uint8Array): Hash;
  digest(encoding: Encoding): string;
}

/** @noble/hashes' incremental hash (audited, synchronous: the browser's SubtleCrypto is async only). */
interface Incremental {
  update(data: Uint8Array): unknown;
  digest(): Uint8Array;
}

function wrap(h: Incremental): Hash {
  const hash: Hash = {
    update(data) {
      h.update(bytesOf(data));
      return hash;
    },
    digest: (encoding) => encode(h.digest(), encoding),
  };
  return hash;
}

function sha256Only(algorithm: string): void {
  if (algorithm !== 'sha256') throw new Error(`Only sha256 is available in the browser engine (asked for ${algorithm}).`);
}

export function createHash(algorithm: string): Hash {
  sha256Only(algorithm);
  return wrap(sha256.create());
}

export function createHmac(algorithm: string, key: string | Uint8Array): Hash {
  sha256Only(algorithm);
  return wrap(hmac.create(sha256, bytesOf(key)));
}

export function randomBytes(size: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(size));
}
