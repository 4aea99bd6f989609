import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BRAND } from '../../../shared/brand';
import { MESSAGES } from '../../../shared/messages';
import { makeApp, type TestApp } from '../helpers';

const API = '/main/mailing-list';
const valid = { email: 'Jane.Doe@acme-insurance.com', ...BRAND.promotion };

let t: TestApp;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(() => t.close());

const rows = () => t.app.ctx.data.query('SELECT email, list_type AS type, list_identifier AS id FROM mailing_list');

describe('POST /main/mailing-list', () => {
  it('stores a valid subscription and answers {ok: true}', async () => {
    const res = await t.app.inject({ method: 'POST', url: API, payload: valid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await rows()).toEqual([{ email: valid.email, type: 'PROMOTION', id: 'JAN2024' }]);
  });

  it('is idempotent per e-mail (any case), type and identifier', async () => {
    await t.app.inject({ method: 'POST', url: API, payload: valid });
    const again = await t.app.inject({ method: 'POST', url: API, payload: { ...valid, email: 'jane.doe@ACME-insurance.com ' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
    expect(await rows()).toHaveLength(1);
    await t.app.inject({ method: 'POST', url: API, payload: { ...valid, mailingListIdentifier: 'WEBINAR1' } });
    expect(await rows()).toHaveLength(2);
  });

  it.each([
    [{ ...valid, email: '' }, MESSAGES.webinar.emailRequired],
    [{ ...valid, email: undefined }, MESSAGES.webinar.emailRequired],
    [{ ...valid, email: 'not-an-email' }, MESSAGES.webinar.emailInvalid],
    [{ ...valid, email: 'a b@c.com' }, MESSAGES.webinar.emailInvalid],
  ])('answers 400 with the message for %j', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: API, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await rows()).toHaveLength(0);
  });

  it('answers 400 with a message when the list fields are missing or malformed', async () => {
    for (const payload of [{ email: valid.email }, { ...valid, mailingListType: 'no spaces allowed' }]) {
      const res = await t.app.inject({ method: 'POST', url: API, payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await rows()).toHaveLength(0);
  });

  it('answers 200 to a filled honeypot and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: API, payload: { ...valid, website: 'http://spam.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ['text/plain', JSON.stringify(valid)],
    ['application/x-www-form-urlencoded', 'email=a%40b.co&mailingListType=PROMOTION&mailingListIdentifier=JAN2024'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--\r\n'],
  ])('refuses %s with 415', async (type, payload) => {
    const res = await t.app.inject({ method: 'POST', url: API, headers: { 'content-type': type }, payload });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('message');
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a body without a content type with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: API });
    expect(res.statusCode).toBe(415);
  });

  it('answers 400 to broken JSON and to JSON that is not an object', async () => {
    for (const payload of ['{"email":', '[1,2]', '"text"', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: API, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toHaveProperty('message');
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('answers 413 to a body over 16 KB', async () => {
    const res = await t.app.inject({ method: 'POST', url: API, payload: { ...valid, padding: 'x'.repeat(17 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('message');
  });
});
