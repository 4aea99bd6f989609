/**
 * Signed, expiring tokens for the case-study link mailed to a visitor.
 *
 * Format: base64url(JSON payload) "." base64url(HMAC-SHA256(key, payload part)). The key is derived
 * from the master key for the purpose 'case-study-token'. Verification recomputes the MAC and
 * compares in constant time before the payload is even parsed; the payload carries no personal data
 * (a random request id, not the e-mail address).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CASE_STUDY_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface CaseStudyTokenPayload {
  caseStudyName: string;
  requestId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const B64URL = /^[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 1024;

export interface TokenSigner {
  sign(payload: Omit<CaseStudyTokenPayload, 'exp'>, now?: number): string;
  /** The payload of a valid, unexpired token; null for anything else (never throws). */
  verify(token: unknown, now?: number): CaseStudyTokenPayload | null;
}

export function createTokenSigner(key: Buffer, ttlMs: number = CASE_STUDY_TOKEN_TTL_MS): TokenSigner {
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();

  return {
    sign(payload, now = Date.now()) {
      const full: CaseStudyTokenPayload = {
        caseStudyName: payload.caseStudyName,
        requestId: payload.requestId,
        exp: Math.floor((now + ttlMs) / 1000),
      };
      const body = Buffer.from(JSON.stringify(full)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },

    verify(token, now = Date.now()) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
      const parts = token.split('.');
      if (parts.length !== 2) return null;
      const [body, sig] = parts;
      if (!B64URL.test(body) || !B64URL.test(sig)) return null;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!payload || typeof payload !== 'object') return null;
      const p = payload as Record<string, unknown>;
      if (typeof p.caseStudyName !== 'string' || typeof p.requestId !== 'string' || typeof p.exp !== 'number') return null;
      if (!Number.isFinite(p.exp) || p.exp * 1000 <= now) return null;
      return { caseStudyName: p.caseStudyName, requestId: p.requestId, exp: p.exp };
    },
  };
}
