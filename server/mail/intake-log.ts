/**
 * The census intake log (table census_intake_log, migration 4): one row per message the SMTP
 * intake takes. It answers two questions:
 *   - was this Message-ID from this envelope sender taken already? (an MTA retries a message whose
 *     250 it did not see; the retry must not make a second case)
 *   - how many messages did this sender, or this connecting IP, send in the last 24 hours?
 * Rows hold a sender address, so they are kept only as long as a retry can come: KEEP_DAYS.
 *
 * SQLite only for now (issue 13 ports it to PostgreSQL with the other stores).
 */
import type { Database } from 'better-sqlite3';

const DAY_MS = 86_400_000;
/** MTAs give up on a message after about five days; a retry after that is not expected. */
export const KEEP_DAYS = 7;

export interface IntakeLog {
  /** Records a message; its row id, or null when this Message-ID from this sender was taken already. */
  claim(entry: { sender: string; remoteIp: string; messageId: string | null }, now?: Date): number | null;
  /** Forgets a claim whose message was not taken after all (a temporary failure or a refusal). */
  release(id: number): void;
  /** Messages taken from this sender / this IP since the given time. */
  countFromSender(sender: string, since: Date): number;
  countFromIp(remoteIp: string, since: Date): number;
}

export function createIntakeLog(db: Database): IntakeLog {
  const insert = db.prepare(
    'INSERT INTO census_intake_log (sender, remote_ip, message_id, received_at) VALUES (?, ?, ?, ?) ON CONFLICT (message_id, sender) DO NOTHING',
  );
  const prune = db.prepare('DELETE FROM census_intake_log WHERE received_at < ?');
  const remove = db.prepare('DELETE FROM census_intake_log WHERE id = ?');
  const bySender = db.prepare('SELECT count(*) AS n FROM census_intake_log WHERE sender = ? AND received_at >= ?');
  const byIp = db.prepare('SELECT count(*) AS n FROM census_intake_log WHERE remote_ip = ? AND received_at >= ?');
  return {
    claim({ sender, remoteIp, messageId }, now = new Date()) {
      return db.transaction(() => {
        prune.run(new Date(now.getTime() - KEEP_DAYS * DAY_MS).toISOString());
        const r = insert.run(sender.toLowerCase(), remoteIp, messageId, now.toISOString());
        return r.changes === 1 ? Number(r.lastInsertRowid) : null;
      })();
    },
    release(id) {
      remove.run(id);
    },
    countFromSender(sender, since) {
      return (bySender.get(sender.toLowerCase(), since.toISOString()) as { n: number }).n;
    },
    countFromIp(remoteIp, since) {
      return (byIp.get(remoteIp, since.toISOString()) as { n: number }).n;
    },
  };
}
