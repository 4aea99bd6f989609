/**
 * The durable mail outbox: every mail the server sends is first a row here (written in the same
 * transaction as whatever caused it), then sent by the outbox sender (mail/outbox-sender.ts) with
 * retries and backoff. A `dedupe_key` makes "queue this mail once" idempotent; the row id becomes the
 * Message-ID and the .eml file name, so a send repeated after a crash overwrites rather than doubles.
 * Its SQL, once for both databases: store/sql/mail-outbox.ts.
 */
import { randomBytes } from 'node:crypto';

/** One mail as the outbox keeps it and the mailer sends it. */
export interface MailMessage {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Where replies go (a help request: the requester). */
  replyTo?: string;
}

export interface OutboxRow {
  id: string;
  message: MailMessage;
  attempts: number;
  createdAt: string;
}

export interface OutboxState {
  sentAt: string | null;
  failedAt: string | null;
  attempts: number;
  lastError: string | null;
}

/** A new outbox id: sortable (the time first, so .eml names sort in queueing order), then random. */
export function newOutboxId(now: Date): string {
  return `${now.toISOString().replace(/[-:.TZ]/g, '')}-${randomBytes(8).toString('hex')}`;
}

export interface OutboxStore {
  /** Queues a mail; null when a mail with the same dedupe key was queued before. */
  enqueue(message: MailMessage, dedupeKey?: string | null, now?: Date): Promise<string | null>;
  /** Takes up to `limit` due mails under a lease (so that two senders never send the same one). */
  claimDue(leaseMs: number, limit: number, now?: Date): Promise<OutboxRow[]>;
  markSent(id: string, now?: Date): Promise<void>;
  retryLater(id: string, error: string, at: Date): Promise<void>;
  giveUp(id: string, error: string, now?: Date): Promise<void>;
  /** Mails queued to this address since `since` (for the per-recipient daily cap). */
  countTo(address: string, since: Date): Promise<number>;
  get(id: string): Promise<OutboxState | undefined>;
  /** Mails not yet sent or given up. */
  pending(): Promise<number>;
  /** Deletes sent or failed mails older than the cut-off (they hold addresses). */
  purge(before: Date): Promise<number>;
}

