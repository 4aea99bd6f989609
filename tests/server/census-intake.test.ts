/**
 * Census by e-mail: a real SMTP conversation (nodemailer to the listener on a free port) ending with
 * the reply in the outbox; refusals for other recipients and oversized mail; a reply that says why
 * when no census is attached.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTAKE_TEXT, MAX_MESSAGE_BYTES, startIntake, type Intake } from '../../server/mail/intake';
import { BRAND } from '../../shared/brand';
import { decodeQp, headersOf, makeApp, PUBLIC_URL, type TestApp } from './helpers';

const FIXTURES = join(__dirname, '../../../shared/fixtures/census');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const SENDER = 'hr@acme-benefits.example';

let t: TestApp;
let intake: Intake;
beforeEach(async () => {
  t = await makeApp();
  intake = await startIntake(t.app.ctx, t.app.log, { port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await intake.close();
  await t.close();
});

function transport() {
  return nodemailer.createTransport({ host: '127.0.0.1', port: intake.port, secure: false, ignoreTLS: true });
}

async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('census by e-mail', () => {
  it('makes one case of the attachments and replies with the report link once it is processed', async () => {
    const info = await transport().sendMail({
      from: `HR <${SENDER}>`,
      to: BRAND.emails.censusIntake,
      subject: 'Our census',
      text: 'Attached.',
      attachments: [
        { filename: 'multi-file-part1.csv', content: fixture('multi-file-part1.csv') },
        { filename: 'multi-file-part2.xlsx', content: fixture('multi-file-part2.xlsx') },
        { filename: 'logo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      ],
    });
    expect(info.accepted).toEqual([BRAND.emails.censusIntake]);

    const row = await waitFor(async () => (await t.app.ctx.data.query<Record<string, string>>('SELECT id, source, reply_to, smtp_id FROM census_cases'))[0]);
    expect(row).toMatchObject({ source: 'email', reply_to: SENDER, smtp_id: info.messageId });
    const caseId = row.id;
    await waitFor(async () => ((await t.app.ctx.data.cases.getIgnoringExpiry(caseId))?.status === 'completed' ? true : undefined));

    const report = (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data;
    expect(report.files).toEqual([
      { fileName: 'multi-file-part1.csv', smtpId: info.messageId },
      { fileName: 'multi-file-part2.xlsx', smtpId: info.messageId },
    ]);
    const truth = JSON.parse(fixture('multi-file.truth.json').toString('utf8'));
    expect(report.totalLives).toBe(truth.expected.totalLives);

    const mails = await t.mail();
    expect(mails).toHaveLength(1);
    expect(headersOf(mails[0])).toContain(`To: ${SENDER}`);
    expect(decodeQp(mails[0])).toContain(`${PUBLIC_URL}/tools/census/${caseId}`);
  });

  it('refuses other recipients at RCPT TO', async () => {
    await expect(
      transport().sendMail({ from: SENDER, to: `someone@${BRAND.domain}`, subject: 'x', text: 'x' }),
    ).rejects.toThrow(/550/);
    expect(await t.app.ctx.data.query('SELECT count(*) AS n FROM census_cases')).toEqual([{ n: 0 }]);
  });

  it('refuses a message over the size limit and keeps nothing', async () => {
    const big = Buffer.alloc(Math.ceil((MAX_MESSAGE_BYTES * 3) / 4) + 1024, 1);
    await expect(
      transport().sendMail({ from: SENDER, to: BRAND.emails.censusIntake, subject: 'x', text: 'x', attachments: [{ filename: 'big.csv', content: big }] }),
    ).rejects.toThrow(/552/);
    expect(await t.app.ctx.data.query('SELECT count(*) AS n FROM census_cases')).toEqual([{ n: 0 }]);
  }, 60_000);

  it('answers a message with no census attached with a reply that says why', async () => {
    await transport().sendMail({ from: SENDER, to: BRAND.emails.censusIntake, subject: 'census', text: 'here it is' });
    const replies = await (async () => {
      const end = Date.now() + 10_000;
      for (;;) {
        const m = await t.mail();
        if (m.length || Date.now() > end) return m;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    expect(replies).toHaveLength(1);
    expect(decodeQp(replies[0])).toContain(INTAKE_TEXT.noAttachment);
    expect(await t.app.ctx.data.query('SELECT count(*) AS n FROM census_cases')).toEqual([{ n: 0 }]);
  });

  it('never replies to a bounce or to auto-submitted mail', async () => {
    await transport().sendMail({ envelope: { from: '', to: BRAND.emails.censusIntake }, from: SENDER, to: BRAND.emails.censusIntake, subject: 'x', text: 'x' });
    await transport().sendMail({ from: SENDER, to: BRAND.emails.censusIntake, subject: 'x', text: 'x', headers: { 'Auto-Submitted': 'auto-replied' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.mail()).toHaveLength(0);
  });
});
