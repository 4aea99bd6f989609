/**
 * The durable mail outbox: every mail the server sends is first a row here (written in the same
 * transaction as whatever caused it), then sent by the outbox sender (mail/outbox-sender.ts) with
 * retries and backoff. A `dedupe_key` makes "queue this mail once" idempotent; the row id becomes the
 * Message-ID and the .eml file name, so a send repeated after a crash overwrites rather than doubles.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { MailMessage } from '../mail/mailer';

export interface OutboxRow {
  id: string;
  message: MailMessage;
  attempts: number;
  createdAt: string;
}

export interface OutboxStore {
  /** Queues a mail; null when a mail with the same dedupe key was queued before. */
  enqueue(message: MailMessage, dedupeKey?: string | null, now?: Date): string | null;
  /** Takes up to `limit` due mails under a lease (so that two senders never send the same one). */
  claimDue(leaseMs: number, limit: number, now?: Date): OutboxRow[];
  markSent(id: string, now?: Date): void;
  retryLater(id: string, error: string, at: Date): void;
  giveUp(id: string, error: string, now?: Date): void;
  /** Mails queued to this address since `since` (for the per-recipient daily cap). */
  countTo(address: string, since: Date): number;
  get(id: string): { sentAt: string | null; failedAt: string | null; attempts: number; lastError: string | null } | undefined;
  /** Mails not yet sent or given up. */
  pending(): number;
  /** Deletes sent or failed mails older than the cut-off (they hold addresses). */
  purge(before: Date): number;
}

export function createOutboxStore(db: Database): OutboxStore {
  const insert = db.prepare(
    `INSERT INTO mail_outbox (id, dedupe_key, to_address, message, created_at, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
  );
  const due = db.prepare(
    `SELECT id, message, attempts, created_at AS createdAt FROM mail_outbox
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
      ORDER BY created_at, id LIMIT ?`,
  );
  const lease = db.prepare(
    `UPDATE mail_outbox SET lease_until = ?, attempts = attempts + 1
      WHERE id = ? AND sent_at IS NULL AND failed_at IS NULL AND (lease_until IS NULL OR lease_until < ?)`,
  );
  const sent = db.prepare('UPDATE mail_outbox SET sent_at = ?, lease_until = NULL, last_error = NULL WHERE id = ?');
  const retry = db.prepare('UPDATE mail_outbox SET next_attempt_at = ?, lease_until = NULL, last_error = ? WHERE id = ?');
  const fail = db.prepare('UPDATE mail_outbox SET failed_at = ?, lease_until = NULL, last_error = ? WHERE id = ?');
  const countTo = db.prepare('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ? AND created_at >= ?');
  const byId = db.prepare(
    'SELECT sent_at AS sentAt, failed_at AS failedAt, attempts, last_error AS lastError FROM mail_outbox WHERE id = ?',
  );
  const pending = db.prepare('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL');
  const purge = db.prepare(
    'DELETE FROM mail_outbox WHERE created_at < ? AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)',
  );

  return {
    enqueue(message, dedupeKey = null, now = new Date()) {
      const t = now.toISOString();
      // Sortable ids: the time first, so .eml names sort in queueing order.
      const id = `${t.replace(/[-:.TZ]/g, '')}-${randomBytes(8).toString('hex')}`;
      const r = insert.run(id, dedupeKey, message.to.address.toLowerCase(), JSON.stringify(message), t, t);
      return r.changes === 1 ? id : null;
    },
    claimDue(leaseMs, limit, now = new Date()) {
      const t = now.toISOString();
      const until = new Date(now.getTime() + leaseMs).toISOString();
      const rows = due.all(t, t, limit) as { id: string; message: string; attempts: number; createdAt: string }[];
      const out: OutboxRow[] = [];
      for (const r of rows) {
        if (lease.run(until, r.id, t).changes !== 1) continue;
        out.push({ id: r.id, message: JSON.parse(r.message) as MailMessage, attempts: r.attempts + 1, createdAt: r.createdAt });
      }
      return out;
    },
    markSent(id, now = new Date()) {
      sent.run(now.toISOString(), id);
    },
    retryLater(id, error, at) {
      retry.run(at.toISOString(), error.slice(0, 500), id);
    },
    giveUp(id, error, now = new Date()) {
      fail.run(now.toISOString(), error.slice(0, 500), id);
    },
    countTo(address, since) {
      return (countTo.get(address.toLowerCase(), since.toISOString()) as { n: number }).n;
    },
    get(id) {
      return byId.get(id) as ReturnType<OutboxStore['get']>;
    },
    pending() {
      return (pending.get() as { n: number }).n;
    },
    purge(before) {
      return purge.run(before.toISOString()).changes;
    },
  };
}
