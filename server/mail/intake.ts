/**
 * Census by e-mail: an SMTP listener (smtp-server + mailparser) on SMTP_INTAKE_PORT (default 2525)
 * for the intake address of BRAND.md. Put it behind the public MX (or a relay that forwards that
 * address); it speaks plain SMTP without AUTH or STARTTLS.
 *
 *  - RCPT TO anything but the intake address: refused (550).
 *  - A message over MAX_MESSAGE_BYTES: refused (552), nothing kept.
 *  - Each attachment named .xlsx, .xls or .csv whose content matches its name and that is at most
 *    5 MB becomes a file of ONE new case (its smtpId is the message's Message-ID). When the case is
 *    processed the sender gets a reply with the report link (or with the reason it failed).
 *  - A message with no usable attachment is accepted and answered with a reply that says why.
 *  - No reply to bounces (empty MAIL FROM), auto-submitted mail, or our own domain (no mail loops).
 * Every reply goes through the outbox like all other mail.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { ParsedMail } from 'mailparser';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { BRAND } from '../../shared/brand';
import { CENSUS_UPLOAD } from '../../shared/constants';
import type { AppContext } from '../context';
import { contentMismatch, uploadKind } from '../cases/upload-check';
import type { StoredFile } from '../cases/service';
import { checkAddress } from '../security/email-address';
import { intakeRefusedMail } from './templates/census';

/** The largest message taken: several 5 MB files, base64-encoded (4/3) with some room. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;

export const INTAKE_TEXT = {
  wrongRecipient: `This server takes census files for ${BRAND.emails.censusIntake} only`,
  tooBig: `Message too large: at most ${MAX_MESSAGE_BYTES / 1024 / 1024} MB`,
  noAttachment: 'Your message had no census file attached, so there was nothing for us to process.',
  nothingUsable: (skipped: string[]) =>
    `None of the attached files could be used: ${skipped.join('; ')}.`,
} as const;

export interface Intake {
  port: number;
  close(): Promise<void>;
}

function fail(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** The address replies go to: the From header when it is a valid address, else the envelope sender. */
function replyAddress(mail: ParsedMail, session: SMTPServerSession): string | null {
  const envelope = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  if (!envelope) return null; // a bounce: never answer
  const header = mail.from?.value?.[0]?.address ?? '';
  const address = checkAddress(header) ?? checkAddress(envelope);
  if (!address || address.toLowerCase().endsWith(`@${BRAND.domain}`)) return null;
  const auto = String(mail.headers.get('auto-submitted') ?? 'no').toLowerCase();
  if (auto !== 'no') return null;
  return address;
}

export async function startIntake(ctx: AppContext, log: FastifyBaseLogger, listen: { port: number; host: string }): Promise<Intake> {
  // Loaded here, not at the top: they are large and the web server should answer before they load.
  const [{ simpleParser }, { SMTPServer }] = await Promise.all([import('mailparser'), import('smtp-server')]);
  const intakeAddress = BRAND.emails.censusIntake.toLowerCase();

  async function take(mail: ParsedMail, session: SMTPServerSession): Promise<void> {
    const replyTo = replyAddress(mail, session);
    const messageId = (mail.messageId ?? `<${createHash('sha256').update(session.id).digest('hex').slice(0, 24)}@intake>`).slice(0, 250);
    const skipped: string[] = [];
    const files: StoredFile[] = [];
    try {
      for (const att of mail.attachments.slice(0, MAX_ATTACHMENTS)) {
        const name = (att.filename ?? '').slice(0, 255);
        const kind = uploadKind(name);
        if (!kind) {
          if (name) skipped.push(`${name} is not an .xlsx, .xls or .csv file`);
          continue;
        }
        if (att.content.length === 0) {
          skipped.push(`${name} is empty`);
          continue;
        }
        if (att.content.length > CENSUS_UPLOAD.maxBytes) {
          skipped.push(`${name} is larger than ${CENSUS_UPLOAD.maxMb} MB`);
          continue;
        }
        const mismatch = contentMismatch(kind, att.content.subarray(0, 8192));
        if (mismatch) {
          skipped.push(`${name}: ${mismatch.replace(/\.$/, '')}`);
          continue;
        }
        const incoming = await ctx.caseService.incoming();
        await incoming.writer.write(att.content);
        await incoming.writer.finish();
        files.push({ incoming, fileName: name, size: att.content.length });
      }
      if (files.length === 0) {
        if (replyTo) {
          const reason = skipped.length ? INTAKE_TEXT.nothingUsable(skipped) : INTAKE_TEXT.noAttachment;
          await ctx.mail.queue(intakeRefusedMail(replyTo, reason), `intake:${messageId}:refused`);
        }
        return;
      }
      const caseId = await ctx.caseService.createCase(files, 'email', { replyTo, smtpId: messageId });
      log.info({ caseId, files: files.length }, 'census received by e-mail');
    } catch (err) {
      for (const f of files) await ctx.caseService.discard(f.incoming).catch(() => {});
      throw err;
    }
  }

  const server = new SMTPServer({
    name: BRAND.domain,
    banner: `${BRAND.name} census intake`,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    maxClients: 50,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    logger: false,
    onMailFrom(address, _session, callback) {
      // An empty reverse path (a bounce) is allowed; anything else must be a plausible address.
      if (address.address !== '' && !checkAddress(address.address)) return callback(fail('Sender address rejected', 553));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() !== intakeAddress) return callback(fail(INTAKE_TEXT.wrongRecipient, 550));
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_MESSAGE_BYTES) chunks.push(c);
      });
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > MAX_MESSAGE_BYTES) return callback(fail(INTAKE_TEXT.tooBig, 552));
        simpleParser(Buffer.concat(chunks))
          .then((mail) => take(mail, session))
          .then(
            () => callback(),
            (err) => {
              log.error({ err }, 'census intake failed');
              callback(fail('Temporary failure, please try again later', 451));
            },
          );
      });
    },
  });
  server.on('error', (err) => log.error({ err }, 'census intake listener error'));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
