/**
 * Form-endpoint hardening found by an attacker's look: framework errors in our JSON with our
 * headers, POST answers never cached, .d.ts files served as text, wrong types answered with the
 * schema's message, lone surrogates refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/brand';
import { MESSAGES } from '../../shared/messages';
import { BAD_TEXT } from '../../server/routes/case-study';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(() => t.close());

describe('hardening', () => {
  it('answers a malformed URL with our JSON error body and our security headers', async () => {
    for (const url of ['/main/%', '/main/case/status?caseId=%E0%A4%A', '/%c0%ae%c0%ae/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.headers['content-type']?.toString().includes('json')) {
        expect(Object.keys(res.json())).toEqual(['message']);
      }
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const bad = await t.app.inject({ url: '/main/%' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.any(String) });
  });

  it('sends Cache-Control: no-store on POST answers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/main/mailing-list',
      payload: { email: 'sam@broker-partners.com', ...BRAND.promotion },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const bad = await t.app.inject({ method: 'POST', url: '/main/mailing-list', payload: { email: 'x' } });
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('serves .d.ts files as text', async () => {
    t.dist('widgets/benefold-widgets.d.ts', 'export declare const x: number;\n');
    const res = await t.app.inject({ url: '/widgets/benefold-widgets.d.ts' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('answers a wrong type in a mailing-list field with the schema message', async () => {
    for (const email of [['a@b.example'], { a: 1 }, 7]) {
      const res = await t.app.inject({ method: 'POST', url: '/main/mailing-list', payload: { email, ...BRAND.promotion } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.webinar.emailRequired });
    }
  });

  it('refuses lone surrogates and RFC-invalid addresses on the mailing list; stores nothing', async () => {
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/main/mailing-list',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"sam@broker-partners.com","mailingListType":"PROMOTION","mailingListIdentifier":"JAN\\udc00"}`,
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({ message: BAD_TEXT });
    for (const email of ['sam@[10.0.0.1]', 'sam..x@broker-partners.com', 'sam@broker_partners.com']) {
      const res = await t.app.inject({ method: 'POST', url: '/main/mailing-list', payload: { email, ...BRAND.promotion } });
      expect(res.statusCode, email).toBe(400);
    }
    expect(await t.app.ctx.data.mailingList.count()).toBe(0);
  });
});
