import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BRAND } from '../../../shared/brand';
import { MESSAGES } from '../../../shared/messages';
import { createServer, type Socket } from 'node:net';
import { BAD_TEXT, MAIL_WAIT_MS, undeliverableMessage } from '../../../server/routes/case-study';
import { MAIL_PER_RECIPIENT_PER_DAY } from '../../../server/mail/queue';
import { decodeQp, headersOf, makeApp, PUBLIC_URL, type TestApp } from '../helpers';

const API = '/main/case-study';
const cs = MESSAGES.caseStudy;
const valid = { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@acme-insurance.com', caseStudyName: BRAND.caseStudyName };
const PDF_LINK = `${PUBLIC_URL}/files/case-study/${BRAND.caseStudyName}`;

let t: TestApp;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(() => t.close());

const requests = () => t.app.ctx.data.query('SELECT * FROM case_study_requests');
const post = (payload: unknown) => t.app.inject({ method: 'POST', url: API, payload: payload as object });

/** The viewer link in the only mail in the outbox. */
async function mailedLink(): Promise<string> {
  const [mail] = await t.mail();
  const m = decodeQp(mail).match(/https:\/\/benefold\.test\/case-study\/download\?token=([A-Za-z0-9_.%-]+)/);
  if (!m) throw new Error('no link in the mail');
  return m[0];
}

describe('POST /main/case-study', () => {
  it('records the request, mails exactly one message with the viewer link, and answers the success message', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: cs.success });

    const mails = (await t.mail());
    expect(mails).toHaveLength(1);
    const headers = headersOf(mails[0]);
    expect(headers).toContain('To: Jane Doe <jane.doe@acme-insurance.com>');
    expect(headers.find((h) => h.startsWith('From:'))).toContain(BRAND.emails.noReply);
    expect(headers.some((h) => h.startsWith('Subject:'))).toBe(true);
    const body = decodeQp(mails[0]);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('Hi Jane,');
    expect(await mailedLink()).toMatch(/^https:\/\/benefold\.test\/case-study\/download\?token=/);

    const rows = await requests();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ first_name: 'Jane', last_name: 'Doe', email: valid.email, case_study_name: BRAND.caseStudyName });
    expect(rows[0].mailed_at).toBeTruthy();
  });

  it('the mailed link opens the case study', async () => {
    await post(valid);
    const token = new URL(await mailedLink()).searchParams.get('token')!;
    const res = await t.app.inject({ method: 'GET', url: API, query: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: PDF_LINK });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    [{ ...valid, firstName: '' }, cs.firstNameRequired],
    [{ ...valid, firstName: '   ' }, cs.firstNameRequired],
    [{ ...valid, firstName: undefined }, cs.firstNameRequired],
    [{ ...valid, lastName: '' }, cs.lastNameRequired],
    [{ ...valid, email: '' }, cs.emailRequired],
    [{ ...valid, email: 'jane.doe' }, cs.emailInvalid],
    [{ ...valid, email: 'jane@acme' }, cs.emailInvalid],
    [{ caseStudyName: BRAND.caseStudyName }, cs.firstNameRequired],
    [{ ...valid, firstName: '', email: 'x' }, cs.firstNameRequired],
    [{ ...valid, lastName: '', email: 'x@gmail.com' }, cs.lastNameRequired],
  ])('answers 400 with the first message for %j', async (payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await t.mail())).toHaveLength(0);
    expect(await requests()).toHaveLength(0);
  });

  it.each([
    ['jane@gmail.com', 'gmail.com'],
    ['Jane@GMAIL.COM', 'gmail.com'],
    ['jane@mail.yahoo.com', 'mail.yahoo.com'],
    ['jane@yahoo.co.uk', 'yahoo.co.uk'],
    ['jane@hotmail.fr', 'hotmail.fr'],
    ['jane@OUTLOOK.com.au', 'outlook.com.au'],
  ])('refuses the free-mail address %s with the domain message', async (email, domain) => {
    const res = await post({ ...valid, email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: cs.domainNotAllowed(domain) });
    expect((await t.mail())).toHaveLength(0);
  });

  it.each([
    ['ann@acme.invalid', 'acme.invalid'],
    ['ann@Mail.Acme.TEST', 'mail.acme.test'],
    ['ann@localhost.localhost', 'localhost.localhost'],
  ])('refuses %s, which can never receive mail, with a message naming the domain', async (email, domain) => {
    const res = await post({ ...valid, email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: undeliverableMessage(domain) });
    expect(res.json().message).toContain(domain);
    expect((await t.mail())).toHaveLength(0);
    expect(await requests()).toHaveLength(0);
  });

  it.each([['other.pdf'], [''], [undefined], [42]])('answers 404 for the case study name %j', async (caseStudyName) => {
    const res = await post({ ...valid, caseStudyName });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: cs.notFound });
    expect((await t.mail())).toHaveLength(0);
  });

  it('answers a filled honeypot like a success and sends nothing', async () => {
    const res = await post({ ...valid, website: 'https://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: cs.success });
    expect((await t.mail())).toHaveLength(0);
    expect(await requests()).toHaveLength(0);
  });

  it('keeps header injection out of the mail: a name with CR/LF adds no header', async () => {
    const res = await post({
      ...valid,
      firstName: 'Eve\r\nBcc: victim@elsewhere.example',
      lastName: 'Doe\nSubject: hijacked\r\n\r\nbody',
    });
    expect(res.statusCode).toBe(200);
    const [mail] = (await t.mail());
    const headers = headersOf(mail);
    expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
    expect(headers.filter((h) => /^subject:/i.test(h))).toHaveLength(1);
    expect(headers.find((h) => /^subject:/i.test(h))).not.toContain('hijacked');
    expect(headers.filter((h) => /^to:/i.test(h))).toHaveLength(1);
    expect(mail).not.toMatch(/^bcc:/im);
    const [row] = await requests();
    expect(row.first_name).toBe('Eve Bcc: victim@elsewhere.example');
    expect(String(row.last_name)).not.toMatch(/[\r\n]/);
  });

  it('refuses a name made only of zero-width characters, and keeps bidi overrides out of stored names', async () => {
    for (const [field, message] of [['firstName', cs.firstNameRequired], ['lastName', cs.lastNameRequired]] as const) {
      const res = await post({ ...valid, [field]: '\u200b\u200c\u200d\u2060\ufeff\u200e' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ message });
    }
    expect(await requests()).toHaveLength(0);
    const ok = await post({ ...valid, firstName: 'Jane\u202e', lastName: '\u2066Doe\u2069' });
    expect(ok.statusCode).toBe(200);
    expect((await requests())[0]).toMatchObject({ first_name: 'Jane', last_name: 'Doe' });
  });

  it('escapes HTML in names', async () => {
    await post({ ...valid, firstName: '<img src=x onerror=alert(1)>' });
    const mail = decodeQp((await t.mail())[0]);
    const html = mail.slice(mail.indexOf('Content-Type: text/html'));
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('&lt;img');
    // Markup is not a name: the visitor's text stays out of the mail.
    expect(html).toContain('Hi there,');
  });

  it('refuses anything but JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(valid),
    });
    expect(res.statusCode).toBe(415);
    expect((await t.mail())).toHaveLength(0);
  });
});

describe('POST /main/case-study when the mail cannot be sent', () => {
  it('answers at once from a stalled SMTP server and keeps the mail in the outbox for a retry', async () => {
    // An SMTP server that accepts the connection and never says a word.
    const sockets: Socket[] = [];
    const stalled = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => stalled.listen(0, '127.0.0.1', () => r()));
    const port = (stalled.address() as { port: number }).port;
    const down = await makeApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const started = Date.now();
      const res = await down.app.inject({ method: 'POST', url: API, payload: valid });
      expect(Date.now() - started).toBeLessThan(MAIL_WAIT_MS + 1500);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: cs.success });
      expect(res.headers['cache-control']).toBe('no-store');
      const [mail] = await down.app.ctx.data.query('SELECT sent_at, failed_at FROM mail_outbox');
      expect(mail).toEqual({ sent_at: null, failed_at: null });
    } finally {
      for (const s of sockets) s.destroy();
      stalled.close();
      await down.close();
    }
  });
});

describe('POST /main/case-study, hardened', () => {
  it('mails a repeated request only once and caps mails per recipient per day', async () => {
    expect((await post(valid)).statusCode).toBe(200);
    expect((await post(valid)).json()).toEqual({ message: cs.success });
    expect(await t.mail()).toHaveLength(1);
    // Different studies are not a repeat, but the daily cap still holds for one address.
    for (let i = 0; i < MAIL_PER_RECIPIENT_PER_DAY + 2; i++) {
      await t.app.ctx.mail.queue({ to: { name: '', address: valid.email }, subject: 's', text: 't', html: 'h' }, `test:${i}`);
    }
    expect(await t.app.ctx.data.query('SELECT count(*) AS n FROM mail_outbox')).toEqual([{ n: MAIL_PER_RECIPIENT_PER_DAY }]);
  });

  it('keeps visitor-written text out of the mail body', async () => {
    await post({ ...valid, firstName: 'Visit https://evil.example/win now', lastName: 'Prize' });
    const mail = decodeQp((await t.mail())[0]);
    expect(mail).not.toContain('evil.example');
    expect(mail).toContain('Hi there,');
  });

  it.each([
    ['jane@[127.0.0.1]'],
    ['.jane@acme-insurance.com'],
    ['jane.@acme-insurance.com'],
    ['ja..ne@acme-insurance.com'],
    ['jane,doe@acme-insurance.com'],
    ['jane\u200b@acme-insurance.com'],
    [`${'j'.repeat(65)}@acme-insurance.com`],
    [`jane@${'a'.repeat(64)}.com`],
    ['jane@-acme.com'],
  ])('refuses %s (RFC 5321/5322 limits) before storing or sending', async (email) => {
    const res = await post({ ...valid, email });
    expect(res.statusCode).toBe(400);
    expect(await requests()).toHaveLength(0);
    expect(await t.mail()).toHaveLength(0);
  });

  it('refuses strings with lone surrogates with 400 and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid, firstName: 'X' }).replace('"X"', '"\\ud800"'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BAD_TEXT });
    expect(await requests()).toHaveLength(0);
  });

  it('answers a field of the wrong type with the schema message, not a JavaScript error', async () => {
    await t.close();
    t = await makeApp({ RATE_LIMIT_CASE_STUDY: '1000' });
    for (const [field, message] of [
      ['firstName', cs.firstNameRequired],
      ['lastName', cs.lastNameRequired],
      ['email', cs.emailRequired],
    ] as const) {
      for (const value of [['a'], { a: 1 }, 42, true, null]) {
        const res = await post({ ...valid, [field]: value });
        expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(res.json()).toEqual({ message });
      }
    }
  });
});

describe('GET /main/case-study', () => {
  it('answers a token it signed with the PDF link', async () => {
    const token = t.app.ctx.caseStudyTokens.sign({ caseStudyName: BRAND.caseStudyName, requestId: 'r' });
    const res = await t.app.inject({ method: 'GET', url: API, query: { token, other: 'ignored' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: PDF_LINK });
  });

  it('answers 404 to a tampered, expired, foreign or garbage token', async () => {
    const signer = t.app.ctx.caseStudyTokens;
    const good = signer.sign({ caseStudyName: BRAND.caseStudyName, requestId: 'r' });
    const [body, sig] = good.split('.');
    const tamperedBody = Buffer.from(JSON.stringify({ caseStudyName: BRAND.caseStudyName, requestId: 'other', exp: 9e9 })).toString('base64url');
    const expired = signer.sign({ caseStudyName: BRAND.caseStudyName, requestId: 'r' }, Date.now() - 31 * 86_400_000);
    const otherStudy = signer.sign({ caseStudyName: 'other.pdf', requestId: 'r' });
    const cases: (Record<string, string> | undefined)[] = [
      { token: `${tamperedBody}.${sig}` },
      { token: `${body}.${sig.split('').reverse().join('')}` },
      { token: expired },
      { token: otherStudy },
      { token: 'garbage' },
      { token: '' },
      {},
      undefined,
    ];
    for (const query of cases) {
      const res = await t.app.inject({ method: 'GET', url: API, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(404);
      expect(res.json()).toEqual({ message: cs.notFound });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('does not accept a token signed by another server key', async () => {
    const other = await makeApp();
    try {
      const token = other.app.ctx.caseStudyTokens.sign({ caseStudyName: BRAND.caseStudyName, requestId: 'r' });
      const res = await t.app.inject({ method: 'GET', url: API, query: { token } });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
