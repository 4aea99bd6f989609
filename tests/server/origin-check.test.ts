/**
 * GET /main/origin (issue 21): a widget asks at load whether its page may use the API. 204 for an
 * allowed origin, our own site and a call with no Origin; 403 with the forbidden sentence for any
 * other, answered before the route; and the refusal is logged once per origin and hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { REFUSED_ORIGIN_LOG_MS, refusedOriginLogger } from '../../server/http/cors';
import { makeApp, type TestApp } from './helpers';

const PARTNER = 'https://partner.example';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ ALLOWED_ORIGINS: PARTNER });
});
afterAll(() => t.close());

const check = (origin?: string) => t.app.inject({ method: 'GET', url: '/main/origin', headers: origin ? { origin } : {} });

describe('GET /main/origin', () => {
  it('answers 204 to an allowed origin and to a call without one, with CORS so the widget can read it', async () => {
    const allowed = await check(PARTNER);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(allowed.headers['cache-control']).toBe('no-store');
    expect((await check()).statusCode).toBe(204);
  });

  it('answers 403 with the forbidden sentence to an origin not on the list, readable by the page', async () => {
    const refused = await check('https://stranger.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGES.caseStudy.forbidden });
    expect(refused.headers['access-control-allow-origin']).toBe('https://stranger.example');
  });

  it('logs a refused origin once an hour, each origin on its own', () => {
    let now = 0;
    const shouldLog = refusedOriginLogger(() => now);
    expect(shouldLog('https://a.example')).toBe(true);
    expect(shouldLog('https://a.example')).toBe(false);
    expect(shouldLog('https://b.example')).toBe(true);
    now = REFUSED_ORIGIN_LOG_MS - 1;
    expect(shouldLog('https://a.example')).toBe(false);
    now = REFUSED_ORIGIN_LOG_MS;
    expect(shouldLog('https://a.example')).toBe(true);
  });

  it('remembers a bounded number of origins (a flood of made-up ones costs no memory)', () => {
    const shouldLog = refusedOriginLogger(() => 0);
    for (let i = 0; i < 5000; i++) shouldLog(`https://x${i}.example`);
    // The first ones were forgotten, so they are logged again; the newest are still remembered.
    expect(shouldLog('https://x0.example')).toBe(true);
    expect(shouldLog('https://x4999.example')).toBe(false);
  });
});
