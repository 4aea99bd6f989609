/**
 * Short-lived signed links to a case's clean export: base64url(JSON payload) "." base64url(HMAC).
 * The key is derived for the purpose 'census-export-link'; the MAC is checked in constant time before
 * the payload is parsed. The payload names the case, the result it belongs to (a new run of the case
 * makes old links invalid) and the part (one file's export or the whole case's).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ExportLinkPayload {
  /** case id */
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

const B64URL = /^[A-Za-z0-9_-]+$/;

export function createLinkSigner(key: Buffer, ttlMs: number): LinkSigner {
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    sign(payload, now = Date.now()) {
      const body = Buffer.from(JSON.stringify({ ...payload, e: Math.floor((now + ttlMs) / 1000) })).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(token, now = Date.now()) {
      if (typeof token !== 'string' || token.length > 1024) return null;
      const [body, sig, extra] = token.split('.');
      if (extra !== undefined || !body || !sig || !B64URL.test(body) || !B64URL.test(sig)) return null;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
        if (typeof p.c !== 'string' || typeof p.k !== 'string' || typeof p.e !== 'number') return null;
        if (p.p !== 'all' && !(typeof p.p === 'number' && Number.isInteger(p.p) && p.p >= 0)) return null;
        if (p.e * 1000 <= now) return null;
        if (p.t !== undefined && (typeof p.t !== 'string' || !/^[a-z0-9-]{1,40}$/.test(p.t))) return null;
        return { c: p.c, k: p.k, p: p.p as number | 'all', ...(p.t ? { t: p.t } : {}) };
      } catch {
        return null;
      }
    },
  };
}
