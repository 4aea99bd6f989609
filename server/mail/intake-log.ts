/**
 * The census intake log (table census_intake_log, migration 4): one row per message the SMTP
 * intake takes. It answers two questions:
 *   - was this Message-ID from this envelope sender taken already? (an MTA retries a message whose
 *     250 it did not see; the retry must not make a second case)
 *   - how many messages did this sender, or this connecting IP, send in the last 24 hours?
 * A row is 'taking' while its message is being stored and 'taken' once it is. A retry that arrives
 * while the first delivery is still being stored is told to come back later (the first may still
 * fail); a 'taking' row older than STALE_MS belongs to a process that died and is taken over.
 * Rows hold a sender address, so they are kept only as long as a retry can come: KEEP_DAYS.
 *
 * SQLite only for now (issue 13 ports it to PostgreSQL with the other stores).
 */
import type { Database } from 'better-sqlite3';

const DAY_MS = 86_400_000;
/** MTAs give up on a message after about five days; a retry after that is not expected. */
export const KEEP_DAYS = 7;
/** Longer than storing the largest message takes; a 'taking' row older than this is abandoned. */
const STALE_MS = 10 * 60_000;

export type Claim = { id: number } | { duplicate: 'taken' | 'taking' };

/** Asynchronous, like the other stores will be (issue 13), so a PostgreSQL twin fits the same callers. */
export interface IntakeLog {
  /** Records a message as being taken; or says that it was taken already, or is being taken now. */
  claim(entry: { sender: string; remoteIp: string; messageId: string | null }, now?: Date): Promise<Claim>;
  /** The message of this claim is stored: a retry of it is answered 250 and not taken again. */
  taken(id: number): Promise<void>;
  /** Forgets a claim whose message was not taken after all (a temporary failure or a refusal). */
  release(id: number): Promise<void>;
  /** Messages taken (or being taken) from this sender / this IP since the given time. */
  countFromSender(sender: string, since: Date): Promise<number>;
  countFromIp(remoteIp: string, since: Date): Promise<number>;
}

export function createIntakeLog(db: Database): IntakeLog {
  const insert = db.prepare(
    "INSERT INTO census_intake_log (sender, remote_ip, message_id, state, received_at) VALUES (?, ?, ?, 'taking', ?)",
  );
  const existing = db.prepare('SELECT id, state, received_at AS receivedAt FROM census_intake_log WHERE message_id = ? AND sender = ?');
  const prune = db.prepare('DELETE FROM census_intake_log WHERE received_at < ?');
  const remove = db.prepare('DELETE FROM census_intake_log WHERE id = ?');
  const markTaken = db.prepare("UPDATE census_intake_log SET state = 'taken' WHERE id = ?");
  const bySender = db.prepare('SELECT count(*) AS n FROM census_intake_log WHERE sender = ? AND received_at >= ?');
  const byIp = db.prepare('SELECT count(*) AS n FROM census_intake_log WHERE remote_ip = ? AND received_at >= ?');
  return {
    async claim({ sender, remoteIp, messageId }, now = new Date()) {
      const key = sender.toLowerCase();
      return db.transaction((): Claim => {
        prune.run(new Date(now.getTime() - KEEP_DAYS * DAY_MS).toISOString());
        if (messageId !== null) {
          const row = existing.get(messageId, key) as { id: number; state: string; receivedAt: string } | undefined;
          if (row?.state === 'taken') return { duplicate: 'taken' };
          if (row && Date.parse(row.receivedAt) > now.getTime() - STALE_MS) return { duplicate: 'taking' };
          if (row) remove.run(row.id);
        }
        return { id: Number(insert.run(key, remoteIp, messageId, now.toISOString()).lastInsertRowid) };
      })();
    },
    async taken(id) {
      markTaken.run(id);
    },
    async release(id) {
      remove.run(id);
    },
    async countFromSender(sender, since) {
      return (bySender.get(sender.toLowerCase(), since.toISOString()) as { n: number }).n;
    },
    async countFromIp(remoteIp, since) {
      return (byIp.get(remoteIp, since.toISOString()) as { n: number }).n;
    },
  };
}
