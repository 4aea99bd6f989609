import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { BRAND } from '../../../shared/brand';
import { ERROR_TEXT } from '../../../server/http/errors';
import { makeApp, type TestApp } from '../helpers';
import { REDIS_SKIP, REDIS_URL } from '../support/redis';

let t: TestApp;
afterEach(() => t.close());

const caseStudy = { firstName: 'Jane', lastName: 'Doe', email: 'jane@acme-insurance.com', caseStudyName: BRAND.caseStudyName };
const subscription = { email: 'sam@broker-partners.com', ...BRAND.promotion };

describe('rate limits per client IP', () => {
  it('answers 429 {message} once the case-study limit is spent, per IP', async () => {
    t = await makeApp({ RATE_LIMIT_CASE_STUDY: '3' });
    const post = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/main/case-study', remoteAddress: ip, headers: { origin: 'http://localhost:3000' }, payload: caseStudy });
    for (let i = 0; i < 3; i++) expect((await post('10.0.0.1')).statusCode).toBe(200);
    const limited = await post('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: ERROR_TEXT.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The widget can read the 429 cross-origin.
    expect(limited.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    // The same address asked three times: one mail (a repeat is not mailed again).
    expect(await t.mail()).toHaveLength(1);
    expect((await post('10.0.0.2')).statusCode).toBe(200);
  });

  it('counts invalid requests too, and keeps the mailing-list limit separate', async () => {
    t = await makeApp({ RATE_LIMIT_CASE_STUDY: '2', RATE_LIMIT_MAILING_LIST: '2' });
    const bad = () => t.app.inject({ method: 'POST', url: '/main/case-study', payload: { ...caseStudy, email: 'x' } });
    expect((await bad()).statusCode).toBe(400);
    expect((await bad()).statusCode).toBe(400);
    expect((await bad()).statusCode).toBe(429);
    const sub = () => t.app.inject({ method: 'POST', url: '/main/mailing-list', payload: subscription });
    expect((await sub()).statusCode).toBe(200);
    expect((await sub()).statusCode).toBe(200);
    expect((await sub()).statusCode).toBe(429);
  });

  it('has the documented defaults: 10 a minute for the case study, 30 for the mailing list', async () => {
    t = await makeApp();
    const res = await t.app.inject({ method: 'POST', url: '/main/mailing-list', payload: subscription });
    expect(res.headers['x-ratelimit-limit']).toBe('30');
    const cs = await t.app.inject({ method: 'POST', url: '/main/case-study', payload: { ...caseStudy, email: 'x' } });
    expect(cs.headers['x-ratelimit-limit']).toBe('10');
  });
});

describe.skipIf(REDIS_SKIP)(`rate limits shared through Redis (REDIS_URL)${REDIS_SKIP ? ` (skipped: ${REDIS_SKIP})` : ''}`, () => {
  it('spends one budget across two instances', async () => {
    t = await makeApp({ REDIS_URL, RATE_LIMIT_CENSUS_STATUS: '3' });
    const other = await makeApp({ REDIS_URL, RATE_LIMIT_CENSUS_STATUS: '3' });
    try {
      // A fresh client address per run, so that earlier runs' counts in Redis do not matter.
      const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const status = (app: TestApp) => app.app.inject({ url: '/main/case/status?caseId=AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: ip });
      expect((await status(t)).statusCode).toBe(404);
      expect((await status(other)).statusCode).toBe(404);
      expect((await status(t)).statusCode).toBe(404);
      // Three spent across both: the fourth is refused by either instance.
      const limited = await status(other);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: ERROR_TEXT.tooManyRequests });
      expect((await status(t)).statusCode).toBe(429);
      // Another client still has its own budget.
      expect((await other.app.inject({ url: '/main/case/status?caseId=AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: '10.255.255.254' })).statusCode).not.toBe(429);
    } finally {
      await other.close();
    }
  });

  it('without REDIS_URL each instance counts its own', async () => {
    t = await makeApp({ RATE_LIMIT_CENSUS_STATUS: '1' });
    const other = await makeApp({ RATE_LIMIT_CENSUS_STATUS: '1' });
    try {
      const status = (app: TestApp) => app.app.inject({ url: '/main/case/status?caseId=AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: '10.1.1.1' });
      expect((await status(t)).statusCode).toBe(404);
      expect((await status(other)).statusCode).toBe(404);
      expect((await status(t)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
