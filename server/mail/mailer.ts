/**
 * Outgoing mail (nodemailer). With SMTP_URL set, mail goes through that SMTP server. Without it,
 * every message is written as an .eml file into DATA_DIR/outbox/ (streamTransport, buffered), which
 * any mail client opens - nothing leaves the machine.
 *
 * nodemailer is loaded with the first mail, not at start: it is the biggest package of the server
 * bundle (~400 kB) and no request before the first mail needs it (cold start, docs/server.md).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { BRAND } from '../../shared/brand';
import { stripControl } from '../../shared/validation/schemas';
import type { Config } from '../config';
import type { MailMessage } from '../store/mail-outbox';

export const OUTBOX_DIR = 'outbox';

export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 } as const;

/** The message shape is the outbox's (the store keeps it; the store imports nothing from here). */
export type { MailMessage };

export interface SentMail {
  messageId: string;
  /** The .eml file written, when there is no SMTP server. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Sends one message. `id` (the outbox row's) fixes the Message-ID and the .eml file name, so that
   * sending the same outbox row again after a crash replaces the file instead of adding a second.
   */
  send(message: MailMessage, id?: string): Promise<SentMail>;
  close(): void;
}

function crlf(text: string): string {
  return text.replace(/\r?\n|\r/g, '\r\n');
}

/** Everything that reaches a header loses its control characters (no CR/LF header injection). */
function headerSafe(message: MailMessage, id?: string) {
  return {
    ...(id ? { messageId: `<${id}@${BRAND.domain}>` } : {}),
    ...(message.replyTo ? { replyTo: stripControl(message.replyTo) } : {}),
    from: { name: BRAND.name, address: BRAND.emails.noReply },
    to: { name: stripControl(message.to.name), address: stripControl(message.to.address) },
    subject: stripControl(message.subject),
    // CRLF line ends in the bodies too (nodemailer converts only what it writes itself).
    text: crlf(message.text),
    html: crlf(message.html),
  };
}

type TransportOptions = Parameters<typeof import('nodemailer').createTransport>[0];

/** A transport made on first use (see above); close() closes it if it was made. */
function lazyTransport(options: TransportOptions): { get(): Promise<Transporter>; close(): void } {
  let made: Promise<Transporter> | null = null;
  return {
    get: () => (made ??= import('nodemailer').then((m) => m.default.createTransport(options))),
    close() {
      void made?.then((t) => t.close(), () => {});
    },
  };
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: a stalled SMTP server delays the outbox, never a request, and is retried.
    const transport = lazyTransport({
      url: config.smtpUrl,
      connectionTimeout: SMTP_TIMEOUTS_MS.connection,
      greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
      socketTimeout: SMTP_TIMEOUTS_MS.socket,
    } as TransportOptions);
    return {
      kind: 'smtp',
      async send(message, id) {
        const info = await (await transport.get()).sendMail(headerSafe(message, id));
        return { messageId: info.messageId };
      },
      close() {
        transport.close();
      },
    };
  }

  const outbox = join(config.dataDir, OUTBOX_DIR);
  let seq = 0;
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'windows' } as TransportOptions);
  return {
    kind: 'outbox',
    async send(message, id) {
      const info = await (await transport.get()).sendMail(headerSafe(message, id));
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      // Names sort in sending order: an outbox row id starts with its time; otherwise time, then a
      // per-process counter, then randomness.
      seq = (seq + 1) % 1_000_000;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = id ? `${id}.eml` : `${stamp}-${String(seq).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outbox, name);
      // Write then rename: a reader of the outbox never sees half a message.
      // Durable before the outbox row is marked sent: write, fsync, rename.
      const fd = openSync(`${file}.tmp`, 'w', 0o600);
      try {
        writeSync(fd, info.message as Buffer);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}
