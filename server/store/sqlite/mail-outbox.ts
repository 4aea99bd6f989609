/** The mail outbox on SQLite: see store/mail-outbox.ts. */
import type { Database } from 'better-sqlite3';
import { newOutboxId, type MailMessage, type OutboxRow, type OutboxState, type OutboxStore } from '../mail-outbox';
import type { Run } from './census-cases';

export function createSqliteOutboxStore(db: Database, run: Run): OutboxStore {
  const insert = db.prepare(
    `INSERT INTO mail_outbox (id, dedupe_key, to_address, message, created_at, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
  );
  const due = db.prepare(
    `SELECT id, message, attempts, created_at AS "createdAt" FROM mail_outbox
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
      ORDER BY created_at, id LIMIT ?`,
  );
  const lease = db.prepare(
    `UPDATE mail_outbox SET lease_until = ?, attempts = attempts + 1
      WHERE id = ? AND sent_at IS NULL AND failed_at IS NULL AND (lease_until IS NULL OR lease_until < ?)`,
  );
  // A sent mail's body is dropped: it may carry a case link (a bearer secret) and is not needed again;
  // the row stays for the per-recipient cap and the dedupe key until its retention.
  const sent = db.prepare("UPDATE mail_outbox SET sent_at = ?, lease_until = NULL, last_error = NULL, message = '' WHERE id = ?");
  const retry = db.prepare('UPDATE mail_outbox SET next_attempt_at = ?, lease_until = NULL, last_error = ? WHERE id = ?');
  const fail = db.prepare('UPDATE mail_outbox SET failed_at = ?, lease_until = NULL, last_error = ? WHERE id = ?');
  const countTo = db.prepare('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ? AND created_at >= ?');
  const byId = db.prepare(
    'SELECT sent_at AS "sentAt", failed_at AS "failedAt", attempts, last_error AS "lastError" FROM mail_outbox WHERE id = ?',
  );
  const pending = db.prepare('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL');
  const purge = db.prepare(
    'DELETE FROM mail_outbox WHERE created_at < ? AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)',
  );

  return {
    enqueue: (message, dedupeKey = null, now = new Date()) =>
      run(() => {
        const t = now.toISOString();
        const id = newOutboxId(now);
        const r = insert.run(id, dedupeKey, message.to.address.toLowerCase(), JSON.stringify(message), t, t);
        return r.changes === 1 ? id : null;
      }),
    claimDue: (leaseMs, limit, now = new Date()) =>
      run(() => {
        const t = now.toISOString();
        const until = new Date(now.getTime() + leaseMs).toISOString();
        const rows = due.all(t, t, limit) as { id: string; message: string; attempts: number; createdAt: string }[];
        const out: OutboxRow[] = [];
        for (const r of rows) {
          if (lease.run(until, r.id, t).changes !== 1) continue;
          out.push({ id: r.id, message: JSON.parse(r.message) as MailMessage, attempts: r.attempts + 1, createdAt: r.createdAt });
        }
        return out;
      }),
    markSent: (id, now = new Date()) => run(() => void sent.run(now.toISOString(), id)),
    retryLater: (id, error, at) => run(() => void retry.run(at.toISOString(), error.slice(0, 500), id)),
    giveUp: (id, error, now = new Date()) => run(() => void fail.run(now.toISOString(), error.slice(0, 500), id)),
    countTo: (address, since) => run(() => (countTo.get(address.toLowerCase(), since.toISOString()) as { n: number }).n),
    get: (id) => run(() => byId.get(id) as OutboxState | undefined),
    pending: () => run(() => (pending.get() as { n: number }).n),
    purge: (before) => run(() => purge.run(before.toISOString()).changes),
  };
}
