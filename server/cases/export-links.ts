/**
 * Short-lived download links to one export of a case, as opaque tokens (issue 31): the payload is
 * sealed with AES-256-GCM under a key derived from the master key for 'census-export-link' (every
 * server of a cluster shares the master key: ENCRYPTION_KEY is required with DATABASE_URL), so a
 * token says nothing to whoever holds it and cannot be altered. Token: base64url("L1" version byte
 * pair | 12-byte IV | ciphertext | 16-byte tag); the plaintext is JSON {c, k, p, t?, e}.
 *
 * The payload names the case by its key at rest (its keyed hash, security/case-ref.ts), never by its
 * id: the id is the case's bearer secret (report, correction, deletion), while a token must serve its
 * one file only. Even a leaked link key would not give the id back. The result key binds the link to
 * the case's current run (a new run makes old links invalid), `p` the part (one file's export or the
 * whole case's), `t` the target.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface ExportLinkPayload {
  /** the case's key at rest (not its id) */
  c: string;
  /** result key of the completed run */
  k: string;
  /** file position in the case, or 'all' */
  p: number | 'all';
  /** export target id (absent: the clean census) */
  t?: string;
}

export interface LinkSigner {
  sign(payload: ExportLinkPayload, now?: number): string;
  verify(token: unknown, now?: number): ExportLinkPayload | null;
}

const VERSION = Buffer.from('L1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]+$/;
const AAD = Buffer.from('benefold:census-export-link');

export function createLinkSigner(key: Buffer, ttlMs: number): LinkSigner {
  if (key.length !== 32) throw new Error('the export link key must have 32 bytes');
  return {
    sign(payload, now = Date.now()) {
      const plain = Buffer.from(JSON.stringify({ ...payload, e: Math.floor((now + ttlMs) / 1000) }));
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(AAD);
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([VERSION, iv, sealed, cipher.getAuthTag()]).toString('base64url');
    },
    verify(token, now = Date.now()) {
      if (typeof token !== 'string' || token.length > 1024 || !B64URL.test(token)) return null;
      const raw = Buffer.from(token, 'base64url');
      // Node's decoder drops stray trailing characters: only the canonical spelling is the token.
      if (raw.toString('base64url') !== token) return null;
      if (raw.length <= VERSION.length + IV_BYTES + TAG_BYTES || !raw.subarray(0, VERSION.length).equals(VERSION)) return null;
      const iv = raw.subarray(VERSION.length, VERSION.length + IV_BYTES);
      const tag = raw.subarray(raw.length - TAG_BYTES);
      const body = raw.subarray(VERSION.length + IV_BYTES, raw.length - TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(AAD);
        decipher.setAuthTag(tag);
        const plain = Buffer.concat([decipher.update(body), decipher.final()]);
        const p = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
        if (typeof p.c !== 'string' || typeof p.k !== 'string' || typeof p.e !== 'number') return null;
        if (p.p !== 'all' && !(typeof p.p === 'number' && Number.isInteger(p.p) && p.p >= 0)) return null;
        if (p.e * 1000 <= now) return null;
        if (p.t !== undefined && (typeof p.t !== 'string' || !/^[a-z0-9-]{1,40}$/.test(p.t))) return null;
        return { c: p.c, k: p.k, p: p.p as number | 'all', ...(p.t ? { t: p.t } : {}) };
      } catch {
        // a tampered token, another key's token, or a truncated one: the tag check fails
        return null;
      }
    },
  };
}
