/**
 * Census by e-mail: a real SMTP conversation (nodemailer to the listener on a free port) ending with
 * the reply in the outbox; refusals for other recipients and oversized mail; a reply that says why
 * when no census is attached. And what a security probe found: replies go to the envelope sender
 * only and never quote what the message wrote; more than 10 census files are refused; a retried
 * Message-ID is taken once; daily limits per sender and per connecting IP.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failureCode, INTAKE_TEXT, MAX_MESSAGE_BYTES, startIntake, type Intake } from '../../../server/intake/smtp-intake';
import { BRAND } from '../../../shared/brand';
import { decodeQp, headersOf, makeApp, PUBLIC_URL, storedKey, type TestApp } from '../helpers';
import { pollUntil, waitUntil } from '../../support/wait';

const FIXTURES = join(__dirname, '../../../../shared/fixtures/census');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const SENDER = 'hr@acme-benefits.example';

let t: TestApp;
let intake: Intake;
beforeEach(async () => {
  t = await makeApp();
  intake = await startIntake(t.app.ctx, t.app.log, { ...t.config.smtpIntake!, port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await intake.close();
  await t.close();
});

function transport(port = intake.port) {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
}

const caseCount = async () => (await t.app.ctx.data.query<{ n: number }>('SELECT count(*) AS n FROM census_cases'))[0].n;

/** The outbox's mails once there are at least n (sent through the outbox sender). */
async function mailsAtLeast(n: number): Promise<string[]> {
  return waitUntil(() => t.mail(), (m) => m.length >= n, { timeoutMs: 20_000, what: `${n} mails` });
}

async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  return (await waitUntil(fn, (v) => v !== undefined, { timeoutMs })) as T;
}

const caseIdIn = (mail: string) => /\/tools\/census\/([A-Za-z0-9_-]{22})/.exec(decodeQp(mail))?.[1];
const completed = (stored: string) => async () => ((await t.app.ctx.data.cases.getIgnoringExpiry(stored))?.status === 'completed' ? true : undefined);

/** The first mailed-in case once processed: its stored key, the id its reply links to, and its report. */
async function firstMailedCase(timeoutMs?: number): Promise<{ stored: string; caseId: string; report: { files: { fileName: string }[]; totalLives: number } }> {
  const { id: stored } = await waitFor(async () => (await t.app.ctx.data.query<{ id: string }>('SELECT id FROM census_cases'))[0]);
  await waitFor(completed(stored), timeoutMs);
  const [reply] = await mailsAtLeast(1);
  const caseId = caseIdIn(reply)!;
  return { stored, caseId, report: (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data };
}

/** The second mailed-in case once processed (the first's key and id given): the names of its files. */
async function secondMailedCaseFiles(firstStored: string, firstId: string): Promise<string[]> {
  await waitFor(async () => ((await caseCount()) === 2 ? true : undefined));
  const rows = await t.app.ctx.data.query<{ id: string }>('SELECT id FROM census_cases');
  await waitFor(completed(rows.find((r) => r.id !== firstStored)!.id));
  const ids = (await mailsAtLeast(2)).map(caseIdIn).filter((id): id is string => Boolean(id) && id !== firstId);
  expect(ids).toHaveLength(1);
  const files = (await t.app.inject({ url: `/main/case?caseId=${ids[0]}` })).json().data.files as { fileName: string }[];
  return files.map((f) => f.fileName);
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
    // The row holds the case id's keyed hash, not the id: the id comes from the reply's link.
    await waitFor(async () => ((await t.app.ctx.data.cases.getIgnoringExpiry(row.id))?.status === 'completed' ? true : undefined));
    const [reply] = await mailsAtLeast(1);
    const caseId = /\/tools\/census\/([A-Za-z0-9_-]{22})/.exec(decodeQp(reply))![1];
    expect(row.id).not.toBe(caseId);
    expect(row.id).toBe(storedKey(t.config, caseId));

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
    const replies = await pollUntil(() => t.mail(), (m) => m.length > 0, { timeoutMs: 10_000 });
    expect(replies).toHaveLength(1);
    expect(decodeQp(replies[0])).toContain(INTAKE_TEXT.noAttachment);
    expect(await t.app.ctx.data.query('SELECT count(*) AS n FROM census_cases')).toEqual([{ n: 0 }]);
  });

  it('never replies to a bounce or to auto-submitted mail', async () => {
    await transport().sendMail({ envelope: { from: '', to: BRAND.emails.censusIntake }, from: SENDER, to: BRAND.emails.censusIntake, subject: 'x', text: 'x' });
    await transport().sendMail({ from: SENDER, to: BRAND.emails.censusIntake, subject: 'x', text: 'x', headers: { 'Auto-Submitted': 'auto-replied' } });
    // The SMTP answer comes after the message was handled, a reply queued included: nothing was queued.
    expect(await t.app.ctx.data.query('SELECT count(*) AS n FROM mail_outbox')).toEqual([{ n: 0 }]);
    expect(await t.mail()).toHaveLength(0);
  });

  it('replies to the envelope sender only, never to the From header', async () => {
    await transport().sendMail({
      envelope: { from: SENDER, to: BRAND.emails.censusIntake },
      from: 'Someone <victim@elsewhere.example>',
      replyTo: 'victim@elsewhere.example',
      to: BRAND.emails.censusIntake,
      subject: 'census',
      text: 'x',
    });
    const [reply] = await mailsAtLeast(1);
    expect(headersOf(reply)).toContain(`To: ${SENDER}`);
    expect(reply).not.toContain('victim@elsewhere.example');
  });

  it('never quotes the subject or attachment names in a reply, and names refused files by position', async () => {
    await transport().sendMail({
      from: SENDER,
      to: BRAND.emails.censusIntake,
      subject: 'Claim your prize at prize.example',
      text: 'x',
      attachments: [
        { filename: 'Call 555-0100 to claim your prize.csv', content: Buffer.alloc(0) },
        { filename: 'Visit prize.example now.pdf', content: Buffer.from('%PDF-1.4') },
        { filename: 'Prize form.xlsx', content: Buffer.from('Name,Age\r\nAnn,40\r\n') },
      ],
    });
    const [reply] = await mailsAtLeast(1);
    const body = decodeQp(reply);
    expect(body).toContain(INTAKE_TEXT.nothingUsable([
      'file 1 (.csv) is empty',
      'file 2 is named .xlsx but is really a text (CSV) file',
      INTAKE_TEXT.notCensus(1),
    ]));
    expect(body).not.toMatch(/prize|555-0100/i);
    expect(await caseCount()).toBe(0);
  });

  it('takes a census PDF sent alone, and leaves a PDF beside a spreadsheet out (a cover letter)', async () => {
    const pdf = readFileSync(join(__dirname, '../../fixtures/documents/acp-sample-census.pdf'));
    await transport().sendMail({
      from: SENDER,
      to: BRAND.emails.censusIntake,
      subject: 'census',
      text: 'x',
      attachments: [{ filename: 'census.pdf', content: pdf }],
    });
    const { caseId, stored, report } = await firstMailedCase();
    expect(report.files.map((f) => f.fileName)).toEqual(['census.pdf']);
    expect(report.totalLives).toBe(29);

    await transport().sendMail({
      from: SENDER,
      to: BRAND.emails.censusIntake,
      subject: 'census 2',
      text: 'x',
      attachments: [
        { filename: 'long-csv.csv', content: fixture('long-csv.csv') },
        { filename: 'cover letter.pdf', content: pdf },
      ],
    });
    expect(await secondMailedCaseFiles(stored, caseId)).toEqual(['long-csv.csv']);
  }, 60_000);

  it('takes a scanned page sent alone, never an inline image (a logo), and leaves a scan beside a spreadsheet out', async () => {
    const scan = readFileSync(join(__dirname, '../../fixtures/documents/scans/life-census-broker-abbrev.png'));
    const logo = readFileSync(join(__dirname, '../../fixtures/documents/scans/gmc-member-coded-rel.png'));
    await transport().sendMail({
      from: SENDER,
      to: BRAND.emails.censusIntake,
      subject: 'census',
      html: '<p>x</p><img src="cid:logo@x">',
      attachments: [
        { filename: 'logo.png', content: logo, cid: 'logo@x' },
        { filename: 'census scan.png', content: scan },
      ],
    });
    const { caseId, stored, report } = await firstMailedCase(90_000);
    expect(report.files.map((f) => f.fileName)).toEqual(['census scan.png']);
    expect(report.totalLives).toBe(7);

    await transport().sendMail({
      from: SENDER,
      to: BRAND.emails.censusIntake,
      subject: 'census 2',
      text: 'x',
      attachments: [
        { filename: 'long-csv.csv', content: fixture('long-csv.csv') },
        { filename: 'photo.png', content: scan },
      ],
    });
    expect(await secondMailedCaseFiles(stored, caseId)).toEqual(['long-csv.csv']);
  }, 120_000);

  it('takes the usable files and says at once which census files were not used', async () => {
    await transport().sendMail({
      from: SENDER,
      to: BRAND.emails.censusIntake,
      subject: 'census',
      text: 'x',
      attachments: [
        { filename: 'long-csv.csv', content: fixture('long-csv.csv') },
        { filename: 'Call 555-0100.csv', content: Buffer.alloc(0) },
      ],
    });
    const [partial] = await mailsAtLeast(1);
    expect(decodeQp(partial)).toContain('We took 1 of the 2 census files you sent; the others could not be used: file 2 (.csv) is empty.');
    expect(decodeQp(partial)).not.toContain('555-0100');
    expect(await caseCount()).toBe(1);
  });

  it('leaves the file name out of the failure reply', async () => {
    await transport().sendMail({
      from: SENDER,
      to: BRAND.emails.censusIntake,
      subject: 'census',
      text: 'x',
      attachments: [{ filename: 'Wire 5000 USD to account 12345.csv', content: Buffer.from('hello,world\r\n1,2\r\n') }],
    });
    const row = await waitFor(async () => (await t.app.ctx.data.query<{ id: string }>('SELECT id FROM census_cases'))[0]);
    const failed = await waitFor(async () => {
      const c = await t.app.ctx.data.cases.getIgnoringExpiry(row.id);
      return c?.status === 'error' ? c : undefined;
    });
    expect(failed.message).toContain('Wire 5000 USD'); // the case page (its link holder) sees the name...
    const [reply] = await mailsAtLeast(1);
    expect(decodeQp(reply)).toContain('We could not process the census file you sent us');
    expect(decodeQp(reply)).not.toMatch(/Wire|12345/); // ...the mail to an unverified address does not
  });

  it('refuses a message with more than 10 census files, and keeps nothing', async () => {
    const attachments = Array.from({ length: 11 }, (_, i) => ({ filename: `part${i + 1}.csv`, content: fixture('long-csv.csv') }));
    await expect(transport().sendMail({ from: SENDER, to: BRAND.emails.censusIntake, subject: 'x', text: 'x', attachments })).rejects.toThrow(/552.*at most 10/);
    expect(await caseCount()).toBe(0);
    const incoming = join(t.config.dataDir, 'incoming');
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
    // Ten are fine, and other attachments (a signature logo) do not count.
    const ten = [...attachments.slice(0, 10), { filename: 'logo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }];
    await transport().sendMail({ from: SENDER, to: BRAND.emails.censusIntake, subject: 'x', text: 'x', attachments: ten });
    expect(await caseCount()).toBe(1);
  });

  it('takes the same Message-ID from the same sender once (an MTA retry)', async () => {
    const message = {
      from: SENDER,
      to: BRAND.emails.censusIntake,
      subject: 'census',
      text: 'x',
      messageId: '<retry-1@acme-benefits.example>',
      attachments: [{ filename: 'long-csv.csv', content: fixture('long-csv.csv') }],
    };
    const first = await transport().sendMail(message);
    const again = await transport().sendMail(message);
    expect(first.accepted).toEqual([BRAND.emails.censusIntake]);
    expect(again.accepted).toEqual([BRAND.emails.censusIntake]);
    expect(await caseCount()).toBe(1);
    // The same Message-ID from another sender is another message.
    await transport().sendMail({ ...message, from: 'payroll@acme-benefits.example' });
    expect(await caseCount()).toBe(2);
  });

  it('asks a retry to come back later while the first delivery is still being taken, and takes over an abandoned one', async () => {
    const insert = (messageId: string, at: Date) =>
      t.app.ctx.data.query("INSERT INTO census_intake_log (sender, remote_ip, message_id, state, received_at) VALUES (?, '127.0.0.1', ?, 'taking', ?)", [SENDER, messageId, at.toISOString()]);
    await insert('<busy@acme-benefits.example>', new Date());
    await insert('<died@acme-benefits.example>', new Date(Date.now() - 11 * 60_000));
    const message = (messageId: string) => ({
      from: SENDER,
      to: BRAND.emails.censusIntake,
      subject: 'census',
      text: 'x',
      messageId,
      attachments: [{ filename: 'long-csv.csv', content: fixture('long-csv.csv') }],
    });
    await expect(transport().sendMail(message('<busy@acme-benefits.example>'))).rejects.toThrow(new RegExp(`451.*${INTAKE_TEXT.beingTaken}`));
    expect(await caseCount()).toBe(0);
    await transport().sendMail(message('<died@acme-benefits.example>'));
    expect(await caseCount()).toBe(1);
  });

  it('limits intake per envelope sender and per connecting IP per day (451: the MTA tries again later)', async () => {
    const limited = await startIntake(t.app.ctx, t.app.log, { port: 0, host: '127.0.0.1', perSenderPerDay: 2, perIpPerDay: 3 });
    try {
      const send = (from: string) => transport(limited.port).sendMail({ from, to: BRAND.emails.censusIntake, subject: 'x', text: 'x', headers: { 'Auto-Submitted': 'auto-generated' } });
      await send(SENDER);
      await send(SENDER);
      await expect(send(SENDER)).rejects.toThrow(new RegExp(`451.*${INTAKE_TEXT.senderLimit}`));
      await send('payroll@acme-benefits.example');
      await expect(send('benefits@other-broker.example')).rejects.toThrow(new RegExp(`451.*${INTAKE_TEXT.ipLimit}`));
    } finally {
      await limited.close();
    }
  });
});

describe('a message the intake cannot take', () => {
  it('is answered 451 only when a retry can succeed (database or disk away), else 554', () => {
    expect(failureCode(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(451);
    expect(failureCode(new Error('Connection terminated unexpectedly'))).toBe(451);
    expect(failureCode(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(451);
    expect(failureCode(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))).toBe(451);
    // The same message would fail the same way on every retry: a permanent answer.
    expect(failureCode(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }))).toBe(554);
    expect(failureCode(new TypeError("Cannot read properties of undefined (reading 'length')"))).toBe(554);
  });
});
