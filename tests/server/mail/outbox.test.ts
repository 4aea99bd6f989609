/**
 * The durable outbox: a mail cut off by a crash is sent after the restart, exactly once; a failed
 * send is retried later with backoff; retention removes old form rows and old mail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepOnce } from '../../../server/retention';
import { backoffMs } from '../../../server/mail/outbox-sender';
import { BRAND } from '../../../shared/brand';
import { makeApp, type TestApp } from '../helpers';

const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const mail = (address: string) => ({ to: { name: '', address }, subject: 'Hello', text: 'Line one\nLine two', html: '<p>Hi</p>' });

describe('the outbox', () => {
  it('sends a mail interrupted by a crash after the restart, exactly once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'benefold-outbox-'));
    dirs.push(dataDir);
    const first = await makeApp({ DATA_DIR: dataDir });
    // Queue directly in the store (no kick), then play the sender up to the crash: the mail is
    // written but the row is never marked sent.
    const id = (await first.app.ctx.data.outbox.enqueue(mail('ann@acme-benefits.example'), 'crash-test'))!;
    const [row] = await first.app.ctx.data.outbox.claimDue(60_000, 10);
    expect(row.id).toBe(id);
    await first.app.ctx.mailer.send(row.message, row.id);
    expect(first.outbox()).toHaveLength(1);
    await first.app.close();

    // The dead process's lease runs out; a restarted server sends it again, under the same name.
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(join(dataDir, 'benefold.db'));
    db.prepare('UPDATE mail_outbox SET lease_until = ?').run(new Date(Date.now() - 1000).toISOString());
    db.close();
    const second = await makeApp({ DATA_DIR: dataDir });
    apps.push(second);
    const mails = await second.mail();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Message-ID: <${id}@${BRAND.domain}>`);
    expect((await second.app.ctx.data.outbox.get(id))?.sentAt).toBeTruthy();
    // CRLF throughout, body included.
    expect(mails[0].replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps a mail it could not send and tries again later, with backoff', async () => {
    const t = await makeApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    apps.push(t);
    const id = (await t.app.ctx.mail.queue(mail('ann@acme-benefits.example'), 'retry-test'))!;
    await t.app.ctx.outboxSender!.flush();
    const [row] = await t.app.ctx.data.query('SELECT attempts, next_attempt_at, sent_at, last_error FROM mail_outbox WHERE id = ?', [id]);
    expect(row.attempts).toBe(1);
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toBeTruthy();
    expect(Date.parse(String(row.next_attempt_at)) - Date.now()).toBeGreaterThan(backoffMs(1) - 5000);
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    // Queued twice with one key: one row.
    expect(await t.app.ctx.mail.queue(mail('ann@acme-benefits.example'), 'retry-test')).toBeNull();
  });

  it('retention deletes form rows after FORM_RETENTION_DAYS and old sent mail', async () => {
    const t = await makeApp({ FORM_RETENTION_DAYS: '30' });
    apps.push(t);
    await t.app.ctx.data.mailingList.subscribe({ email: 'old@acme.example', ...BRAND.promotion }, new Date(Date.now() - 31 * 86_400_000));
    await t.app.ctx.data.mailingList.subscribe({ email: 'new@acme.example', ...BRAND.promotion });
    await t.app.ctx.data.caseStudyRequests.create({ firstName: 'A', lastName: 'B', email: 'old@acme.example', caseStudyName: BRAND.caseStudyName }, new Date(Date.now() - 31 * 86_400_000));
    await sweepOnce(t.app.ctx);
    // (The sweep started with the app may be the one that deleted them: check the state.)
    expect(await t.app.ctx.data.mailingList.count()).toBe(1);
    expect(await t.app.ctx.data.query('SELECT count(*) AS n FROM case_study_requests')).toEqual([{ n: 0 }]);
  });
});

describe('rate limits on the census API', () => {
  it('limits status calls per IP with 429 {message}', async () => {
    const t = await makeApp({ RATE_LIMIT_CENSUS_STATUS: '2' });
    apps.push(t);
    const call = () => t.app.inject({ url: '/main/case/status?caseId=AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: '10.0.0.9' });
    expect((await call()).statusCode).toBe(404);
    expect((await call()).statusCode).toBe(404);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(Object.keys(limited.json())).toEqual(['message']);
  });
});
