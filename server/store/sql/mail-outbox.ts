/** The mail outbox, on either database: see store/mail-outbox.ts. */
import { newOutboxId, type MailMessage, type OutboxState, type OutboxStore } from '../mail-outbox';
import type { Sql } from './driver';

export function createOutboxStore(sql: Sql): OutboxStore {
  return {
    async enqueue(message, dedupeKey = null, now = new Date()) {
      const t = now.toISOString();
      const id = newOutboxId(now);
      const n = await sql.run(
        `INSERT INTO mail_outbox (id, dedupe_key, to_address, message, created_at, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
        [id, dedupeKey, message.to.address.toLowerCase(), JSON.stringify(message), t, t],
      );
      return n === 1 ? id : null;
    },
    async claimDue(leaseMs, limit, now = new Date()) {
      const t = now.toISOString();
      // One statement: the rows it leases are skipped by every other sender at the same moment.
      const rows = await sql.all<{ id: string; message: string; attempts: number; createdAt: string }>(
        `UPDATE mail_outbox SET lease_until = ?, attempts = attempts + 1
          WHERE id IN (SELECT id FROM mail_outbox
                        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
                        ORDER BY created_at, id LIMIT ?${sql.dialect.skipLocked})
          RETURNING id, message, attempts, created_at AS "createdAt"`,
        [new Date(now.getTime() + leaseMs).toISOString(), t, t, limit],
      );
      // RETURNING follows no ORDER BY: queueing order is restored here.
      return rows
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .map((r) => ({ id: r.id, message: JSON.parse(r.message) as MailMessage, attempts: r.attempts, createdAt: r.createdAt }));
    },
    markSent: async (id, now = new Date()) => {
      // A sent mail's body is dropped: it may carry a case link (a bearer secret) and is not needed
      // again; the row stays for the per-recipient cap and the dedupe key until its retention.
      await sql.run("UPDATE mail_outbox SET sent_at = ?, lease_until = NULL, last_error = NULL, message = '' WHERE id = ?", [now.toISOString(), id]);
    },
    retryLater: async (id, error, at) => {
      await sql.run('UPDATE mail_outbox SET next_attempt_at = ?, lease_until = NULL, last_error = ? WHERE id = ?', [at.toISOString(), error.slice(0, 500), id]);
    },
    giveUp: async (id, error, now = new Date()) => {
      await sql.run('UPDATE mail_outbox SET failed_at = ?, lease_until = NULL, last_error = ? WHERE id = ?', [now.toISOString(), error.slice(0, 500), id]);
    },
    countTo: async (address, since) =>
      (await sql.one<{ n: number }>('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ? AND created_at >= ?', [address.toLowerCase(), since.toISOString()]))!.n,
    get: (id) =>
      sql.one<OutboxState>('SELECT sent_at AS "sentAt", failed_at AS "failedAt", attempts, last_error AS "lastError" FROM mail_outbox WHERE id = ?', [id]),
    pending: async () => (await sql.one<{ n: number }>('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL'))!.n,
    purge: (before) => sql.run('DELETE FROM mail_outbox WHERE created_at < ? AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)', [before.toISOString()]),
  };
}
