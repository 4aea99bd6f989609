import { afterEach, describe, expect, it } from 'vitest';
import { BRAND } from '../../../shared/brand';
import { MESSAGES } from '../../../shared/messages';
import { makeApp, type TestApp } from '../helpers';

const PARTNER = 'https://partner.example';
const STRANGER = 'https://stranger.example';
const subscription = { email: 'sam@broker-partners.com', ...BRAND.promotion };

let t: TestApp;
afterEach(() => t.close());

const rows = () => t.app.ctx.data.mailingList.count();

describe('with ALLOWED_ORIGINS set (production)', () => {
  const env = { ALLOWED_ORIGINS: `${PARTNER},https://benefold.test` };

  it('answers an allowed origin with its Access-Control-Allow-Origin', async () => {
    t = await makeApp(env);
    const res = await t.app.inject({ method: 'POST', url: '/main/mailing-list', headers: { origin: PARTNER }, payload: subscription });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers.vary).toMatch(/Origin/i);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(await rows()).toBe(1);
  });

  it('answers the preflight of an allowed origin', async () => {
    t = await makeApp(env);
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/main/case-study',
      headers: { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('refuses another origin with 403 {message} that the widget can read, and stores nothing', async () => {
    t = await makeApp(env);
    for (const url of ['/main/mailing-list', '/main/case-study']) {
      const payload = url.endsWith('mailing-list')
        ? subscription
        : { firstName: 'A', lastName: 'B', email: 'a@acme-insurance.com', caseStudyName: BRAND.caseStudyName };
      const res = await t.app.inject({ method: 'POST', url, headers: { origin: STRANGER }, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MESSAGES.caseStudy.forbidden });
      expect(res.headers['access-control-allow-origin']).toBe(STRANGER);
    }
    expect(await rows()).toBe(0);
    expect(t.outbox()).toHaveLength(0);
  });

  it('does not treat loopback origins as allowed', async () => {
    t = await makeApp(env);
    const res = await t.app.inject({ method: 'POST', url: '/main/mailing-list', headers: { origin: 'http://localhost:5173' }, payload: subscription });
    expect(res.statusCode).toBe(403);
  });

  // Issue 31: this test used to allow the call below ("a same-origin call whatever PUBLIC_URL says"):
  // the exception trusted the Host header, which the caller writes (DNS rebinding, any client).
  it('takes our own site by PUBLIC_URL, never by a Host header matching the Origin', async () => {
    t = await makeApp({ ...env, PUBLIC_URL: 'https://elsewhere.example' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/main/mailing-list',
      headers: { origin: 'http://api.internal:8080', host: 'api.internal:8080' },
      payload: subscription,
    });
    expect(res.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'POST', url: '/main/mailing-list', headers: { origin: 'https://elsewhere.example' }, payload: subscription });
    expect(own.statusCode).toBe(200);
  });

  it('lets calls without an Origin header through (not a browser cross-origin call)', async () => {
    t = await makeApp(env);
    const res = await t.app.inject({ method: 'POST', url: '/main/mailing-list', payload: subscription });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('without ALLOWED_ORIGINS (development)', () => {
  it.each(['https://benefold.test', 'http://localhost:5173', 'http://127.0.0.1:4000', 'http://[::1]:3000', 'http://localhost'])(
    'allows %s',
    async (origin) => {
      t = await makeApp();
      const res = await t.app.inject({ method: 'POST', url: '/main/mailing-list', headers: { origin }, payload: subscription });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    },
  );

  it.each(['https://localhost:5173', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example:80', 'null', STRANGER])(
    'refuses %s',
    async (origin) => {
      t = await makeApp();
      const res = await t.app.inject({ method: 'POST', url: '/main/mailing-list', headers: { origin }, payload: subscription });
      expect(res.statusCode).toBe(403);
    },
  );
});
