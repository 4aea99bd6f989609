/**
 * Census by e-mail: an SMTP listener (smtp-server + mailparser) on SMTP_INTAKE_PORT (default 2525)
 * for the intake address of BRAND.md. Put it behind the public MX (or a relay that forwards that
 * address); it speaks plain SMTP without AUTH or STARTTLS.
 *
 *  - RCPT TO anything but the intake address: refused (550).
 *  - More than perSenderPerDay messages from one envelope sender, or perIpPerDay from one connecting
 *    IP, in 24 hours: refused at MAIL FROM with 451 (the sending MTA tries again later).
 *  - A message over MAX_MESSAGE_BYTES: refused (552), nothing kept.
 *  - A message with more than MAX_ATTACHMENTS census files: refused (552), nothing kept, so no file
 *    is dropped without a word.
 *  - The same Message-ID from the same envelope sender again (an MTA retry after a lost 250):
 *    answered 250 and not taken again; 451 while the first delivery is still being stored
 *    (store/intake-log.ts).
 *  - Each attachment named .xlsx, .xls or .csv goes through the same intake as an upload
 *    (server/cases/incoming-file.ts); those it takes become the files of ONE new case (its smtpId is the
 *    message's Message-ID). When the case is processed the sender gets a reply with the report link
 *    (or with the reason it failed); files it refused are named by position in a reply at once.
 *  - A message with no usable attachment is accepted and answered with a reply that says why.
 *  - Replies go to the envelope sender only, and never quote what the message wrote (see replyAddress).
 * Every reply goes through the outbox like all other mail (with its per-recipient daily cap).
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { ParsedMail } from 'mailparser';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { BRAND } from '../../shared/brand';
import { DAY_MS, CENSUS_UPLOAD } from '../../shared/constants';
import type { Config } from '../config';
import { cleanFileName, IntakeRefusal, takeFile } from '../cases/incoming-file';
import type { CensusService, StoredFile } from '../cases/service';
import { isImageKind, uploadKind } from '../cases/upload-check';
import { isDatabaseUnavailable } from '../http/unavailable';
import { mailClient } from '../security/client-key';
import { checkAddress } from '../security/email-address';
import type { MailQueue } from '../mail/queue';
import { intakePartialMail, intakeRefusedMail } from '../mail/templates/census';
import type { DataStore } from '../store/database';

/** The largest message taken: several 5 MB files, base64-encoded (4/3) with some room. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** The most census files (attachments named .xlsx, .xls or .csv) one message may carry. */
export const MAX_ATTACHMENTS = 10;

export const INTAKE_TEXT = {
  wrongRecipient: `This server takes census files for ${BRAND.emails.censusIntake} only`,
  cannotTake: 'This message cannot be processed; it will not be taken on a retry either',
  tooBig: `Message too large: at most ${MAX_MESSAGE_BYTES / 1024 / 1024} MB`,
  tooManyFiles: `Too many census files: at most ${MAX_ATTACHMENTS} per message. Send the others in another message`,
  senderLimit: 'Too many census messages from this sender today; try again later',
  ipLimit: 'Too many census messages from this host today; try again later',
  beingTaken: 'This message is being received on another connection; try again later',
  noAttachment: 'Your message had no census file attached, so there was nothing for us to process.',
  nothingUsable: (notes: string[]) => `None of the attached files could be used: ${notes.join('; ')}.`,
  notCensus: (n: number) => `${n === 1 ? 'one attachment is' : `${n} attachments are`} not an .xlsx, .xls or .csv file`,
  /** A census file we could not take, by its position among the census files of the message (never by its name). */
  fileNote: (position: number, kind: string, refusal: IntakeRefusal) => {
    switch (refusal.reason) {
      case 'empty':
        return `file ${position} (.${kind}) is empty`;
      case 'too-large':
        return `file ${position} (.${kind}) is larger than ${CENSUS_UPLOAD.maxMb} MB`;
      case 'unsafe':
        // The read stage's sentence can name a part inside the file: the reply quotes nothing of it.
        return `file ${position} (.${kind}) is a damaged or unsafe workbook (too many parts, too large unpacked, or XML entity declarations)`;
      default:
        // "This file is named .csv but is really a PNG image. Open it..." -> its first sentence.
        return `file ${position} ${refusal.message.split('. ')[0].replace(/^This file /, '').replace(/\.$/, '')}`;
    }
  },
} as const;

export interface Intake {
  port: number;
  close(): Promise<void>;
}

/**
 * What the intake uses, and nothing more: the intake log, the case service's ways in (a file taken,
 * a case made, a file let go) and the outbox. The app's context (routes/context.ts) has all of it and is
 * passed as it is.
 */
export interface IntakeDeps {
  data: Pick<DataStore, 'intakeLog'>;
  caseService: Pick<CensusService, 'incoming' | 'discard' | 'createCase'>;
  mail: Pick<MailQueue, 'queue'>;
}

/** Where to listen, and the daily limits (config.smtpIntake: SMTP_INTAKE_PER_SENDER_PER_DAY, SMTP_INTAKE_PER_IP_PER_DAY). */
export type IntakeOptions = NonNullable<Config['smtpIntake']>;

/**
 * The answer to a message whose taking threw: 451 (the MTA tries again later) only when a retry can
 * succeed - the database or the disk is away or full for now; otherwise 554, since the same message
 * would fail the same way for the days an MTA keeps retrying, and its sender hears nothing meanwhile.
 */
const TEMPORARY_CODES = new Set(['ENOSPC', 'EIO', 'EMFILE', 'ENFILE', 'EBUSY', 'EAGAIN', 'ENOMEM']);
export function failureCode(err: unknown): 451 | 554 {
  const code = (err as { code?: unknown } | null)?.code;
  return isDatabaseUnavailable(err) || (typeof code === 'string' && TEMPORARY_CODES.has(code)) ? 451 : 554;
}

function fail(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * The address replies go to: the envelope sender (MAIL FROM), when it is a valid address. Never the
 * From header, which nothing checks. Nobody has verified the envelope sender either, so a reply
 * carries only our own words: never the subject, a file name or anything else the message wrote.
 * No reply to a bounce (empty MAIL FROM), to our own domain (no loops), or to automatic or bulk mail
 * (RFC 3834).
 */
export function replyAddress(mail: Pick<ParsedMail, 'headers'>, envelopeSender: string): string | null {
  const address = checkAddress(envelopeSender);
  if (!address || address.toLowerCase().endsWith(`@${BRAND.domain}`)) return null;
  const auto = String(mail.headers.get('auto-submitted') ?? 'no').toLowerCase();
  if (auto !== 'no') return null;
  const precedence = String(mail.headers.get('precedence') ?? '').toLowerCase();
  if (['bulk', 'junk', 'list'].includes(precedence)) return null;
  return address;
}

/**
 * The attachments named like a census file (.xlsx, .xls, .csv, .pdf, .png, .jpg, .jpeg), in the
 * order of the message. A document (a PDF, or a scanned page as an image) is taken only when no
 * spreadsheet is attached: beside a spreadsheet it is more often a cover letter, a plan summary or a
 * photo than the census, and a document without a table would fail the whole case. An image shown
 * inside the message (a signature's logo: inline, or referenced by the HTML) is never a census.
 */
const censusAttachments = (mail: ParsedMail) => {
  const named = mail.attachments.filter((a) => {
    const kind = uploadKind(cleanFileName(a.filename ?? ''));
    if (kind === null) return false;
    return !(isImageKind(kind) && (a.related || a.contentDisposition === 'inline'));
  });
  const sheets = named.filter((a) => {
    const kind = uploadKind(cleanFileName(a.filename ?? ''));
    return kind !== 'pdf' && !isImageKind(kind);
  });
  return sheets.length ? sheets : named;
};

const envelopeSender = (session: SMTPServerSession) => (session.envelope.mailFrom ? session.envelope.mailFrom.address : '');

export async function startIntake(ctx: IntakeDeps, log: FastifyBaseLogger, listen: IntakeOptions): Promise<Intake> {
  // Loaded here, not at the top: they are large and the web server should answer before they load.
  const [{ simpleParser }, { SMTPServer }] = await Promise.all([import('mailparser'), import('smtp-server')]);
  const intakeAddress = BRAND.emails.censusIntake.toLowerCase();
  const intakeLog = ctx.data.intakeLog;
  const { perSenderPerDay: perSender, perIpPerDay: perIp } = listen;

  /** Every census file of the message through the shared intake; notes for the ones refused. */
  async function take(mail: ParsedMail, session: SMTPServerSession, messageId: string): Promise<void> {
    const replyTo = replyAddress(mail, envelopeSender(session));
    const refused: string[] = [];
    const files: StoredFile[] = [];
    const census = censusAttachments(mail);
    // Other named attachments (a signature logo, a PDF beside a spreadsheet) are only counted.
    const others = mail.attachments.filter((a) => a.filename && !census.includes(a)).length;
    try {
      for (const [i, att] of census.entries()) {
        try {
          files.push(await takeFile(ctx.caseService, att.filename ?? '', att.content));
        } catch (err) {
          if (!(err instanceof IntakeRefusal)) throw err;
          refused.push(INTAKE_TEXT.fileNote(i + 1, uploadKind(cleanFileName(att.filename ?? '')) ?? '', err));
        }
      }
      if (files.length === 0) {
        if (replyTo) {
          const notes = others ? [...refused, INTAKE_TEXT.notCensus(others)] : refused;
          const reason = notes.length ? INTAKE_TEXT.nothingUsable(notes) : INTAKE_TEXT.noAttachment;
          await ctx.mail.queue(intakeRefusedMail(replyTo, reason), `intake:${messageId}:refused`);
        }
        return;
      }
      const caseId = await ctx.caseService.createCase(files, 'email', { replyTo, smtpId: messageId }, { client: mailClient(envelopeSender(session), session.remoteAddress) });
      // Some census files could not be used: say which at once (the report link follows when it is ready).
      if (replyTo && refused.length) await ctx.mail.queue(intakePartialMail(replyTo, files.length, census.length, refused), `intake:${messageId}:partial`);
      log.info({ caseId, files: files.length, refused: refused.length }, 'census received by e-mail');
    } catch (err) {
      for (const f of files) await ctx.caseService.discard(f.incoming).catch(() => {});
      throw err;
    }
  }

  /** A parsed message: refused, taken once, or recognised as a retry of one already taken. */
  async function receive(mail: ParsedMail, session: SMTPServerSession): Promise<void> {
    if (censusAttachments(mail).length > MAX_ATTACHMENTS) throw fail(INTAKE_TEXT.tooManyFiles, 552);
    const sender = envelopeSender(session);
    const messageId = mail.messageId ? mail.messageId.slice(0, 250) : null;
    const claim = await intakeLog.claim({ sender, remoteIp: session.remoteAddress, messageId });
    if ('duplicate' in claim) {
      // Taken already: 250, so the MTA stops retrying. Still being taken (the first delivery may yet
      // fail): come back later.
      if (claim.duplicate === 'taking') throw fail(INTAKE_TEXT.beingTaken, 451);
      log.info('census e-mail already taken (same Message-ID and sender): not taken again');
      return;
    }
    try {
      await take(mail, session, messageId ?? `<${createHash('sha256').update(session.id).digest('hex').slice(0, 24)}@intake>`);
      await intakeLog.taken(claim.id);
    } catch (err) {
      // Not taken: a retry of this message must be taken then.
      await intakeLog.release(claim.id);
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
    onMailFrom(address, session, callback) {
      // An empty reverse path (a bounce) is allowed; anything else must be a plausible address.
      if (address.address !== '' && !checkAddress(address.address)) return callback(fail('Sender address rejected', 553));
      // Daily limits, checked before the message is sent. 451: a sender over the limit is not lost,
      // its MTA tries again later.
      const since = new Date(Date.now() - DAY_MS);
      void (async () => {
        if ((await intakeLog.countFromIp(session.remoteAddress, since)) >= perIp) return fail(INTAKE_TEXT.ipLimit, 451);
        if (address.address !== '' && (await intakeLog.countFromSender(address.address, since)) >= perSender) return fail(INTAKE_TEXT.senderLimit, 451);
        return undefined;
      })().then(
        (refusal) => callback(refusal),
        (err) => {
          log.error({ err }, 'census intake could not check its limits');
          callback(fail('Temporary failure, please try again later', 451));
        },
      );
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
          .then((mail) => receive(mail, session))
          .then(
            () => callback(),
            (err: Error & { responseCode?: number }) => {
              if (err.responseCode) return callback(err);
              const code = failureCode(err);
              if (code === 451) log.warn({ code: (err as { code?: unknown }).code }, 'census intake could not store a message: the sender will retry');
              else log.error({ err }, 'census intake cannot take a message');
              callback(fail(code === 451 ? 'Temporary failure, please try again later' : INTAKE_TEXT.cannotTake, code));
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
