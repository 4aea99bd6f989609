/** The mail outbox on PostgreSQL: see store/mail-outbox.ts (the same SQL as the SQLite store). */
import { newOutboxId, type MailMessage, type OutboxState, type OutboxStore } from '../mail-outbox';
import type { Sql } from './pool';

export function createPgOutboxStore(sql: Sql): OutboxStore {
  return {
    async enqueue(message, dedupeKey = null, now = new Date()) {
      const t = now.toISOString();
      const id = newOutboxId(now);
      const n = await sql.count(
        `INSERT INTO mail_outbox (id, dedupe_key, to_address, message, created_at, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
        [id, dedupeKey, message.to.address.toLowerCase(), JSON.stringify(message), t, t],
      );
      return n === 1 ? id : null;
    },
    async claimDue(leaseMs, limit, now = new Date()) {
      const t = now.toISOString();
      // One statement: the rows it leases are skipped by every other sender at the same moment.
      const rows = await sql.rows<{ id: string; message: string; attempts: number; createdAt: string }>(
        `UPDATE mail_outbox SET lease_until = ?, attempts = attempts + 1
          WHERE id IN (SELECT id FROM mail_outbox
                        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
                        ORDER BY created_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
          RETURNING id, message, attempts, created_at AS "createdAt"`,
        [new Date(now.getTime() + leaseMs).toISOString(), t, t, limit],
      );
      return rows
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .map((r) => ({ id: r.id, message: JSON.parse(r.message) as MailMessage, attempts: r.attempts, createdAt: r.createdAt }));
    },
    markSent: async (id, now = new Date()) => {
      // The sent body is dropped (it may carry a case link): see the SQLite store.
      await sql.count("UPDATE mail_outbox SET sent_at = ?, lease_until = NULL, last_error = NULL, message = '' WHERE id = ?", [now.toISOString(), id]);
    },
    retryLater: async (id, error, at) => {
      await sql.count('UPDATE mail_outbox SET next_attempt_at = ?, lease_until = NULL, last_error = ? WHERE id = ?', [at.toISOString(), error.slice(0, 500), id]);
    },
    giveUp: async (id, error, now = new Date()) => {
      await sql.count('UPDATE mail_outbox SET failed_at = ?, lease_until = NULL, last_error = ? WHERE id = ?', [now.toISOString(), error.slice(0, 500), id]);
    },
    countTo: async (address, since) =>
      (await sql.one<{ n: number }>('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ? AND created_at >= ?', [address.toLowerCase(), since.toISOString()]))!.n,
    get: (id) =>
      sql.one<OutboxState>(
        'SELECT sent_at AS "sentAt", failed_at AS "failedAt", attempts, last_error AS "lastError" FROM mail_outbox WHERE id = ?',
        [id],
      ),
    pending: async () => (await sql.one<{ n: number }>('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL'))!.n,
    purge: (before) =>
      sql.count('DELETE FROM mail_outbox WHERE created_at < ? AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)', [before.toISOString()]),
  };
}
