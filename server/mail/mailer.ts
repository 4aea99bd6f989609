/**
 * Outgoing mail (nodemailer). With SMTP_URL set, mail goes through that SMTP server. Without it,
 * every message is written as an .eml file into DATA_DIR/outbox/ (streamTransport, buffered), which
 * any mail client opens - nothing leaves the machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { BRAND } from '../../shared/brand';
import { stripControl } from '../../shared/validation/schemas';
import type { Config } from '../config';

export const OUTBOX_DIR = 'outbox';

export interface MailMessage {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written, when there is no SMTP server. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

/** Everything that reaches a header loses its control characters (no CR/LF header injection). */
function headerSafe(message: MailMessage) {
  return {
    from: { name: BRAND.name, address: BRAND.emails.noReply },
    to: { name: stripControl(message.to.name), address: stripControl(message.to.address) },
    subject: stripControl(message.subject),
    text: message.text,
    html: message.html,
  };
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail(headerSafe(message));
        return { messageId: info.messageId };
      },
      close() {
        transport.close();
      },
    };
  }

  const outbox = join(config.dataDir, OUTBOX_DIR);
  let seq = 0;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(headerSafe(message));
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      // Names sort in sending order: time, then a per-process counter, then randomness.
      seq = (seq + 1) % 1_000_000;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(seq).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outbox, name);
      // Write then rename: a reader of the outbox never sees half a message.
      writeFileSync(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}
