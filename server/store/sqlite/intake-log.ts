/** The census intake log on SQLite: see store/intake-log.ts. */
import type { Database } from 'better-sqlite3';
import { DAY_MS, INTAKE_KEEP_DAYS, existingClaim, type Claim, type IntakeLog } from '../intake-log';
import type { Run } from './census-cases';

export function createSqliteIntakeLog(db: Database, run: Run): IntakeLog {
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
    claim: ({ sender, remoteIp, messageId }, now = new Date()) =>
      run(() => {
        const key = sender.toLowerCase();
        // One synchronous better-sqlite3 transaction: no other claim can come between the look and the insert.
        return db.transaction((): Claim => {
          prune.run(new Date(now.getTime() - INTAKE_KEEP_DAYS * DAY_MS).toISOString());
          if (messageId !== null) {
            const row = existing.get(messageId, key) as { id: number; state: string; receivedAt: string } | undefined;
            const seen = existingClaim(row, now);
            if (seen === 'taken' || seen === 'taking') return { duplicate: seen };
            if (row) remove.run(row.id);
          }
          return { id: Number(insert.run(key, remoteIp, messageId, now.toISOString()).lastInsertRowid) };
        })();
      }),
    taken: (id) => run(() => void markTaken.run(id)),
    release: (id) => run(() => void remove.run(id)),
    countFromSender: (sender, since) => run(() => (bySender.get(sender.toLowerCase(), since.toISOString()) as { n: number }).n),
    countFromIp: (remoteIp, since) => run(() => (byIp.get(remoteIp, since.toISOString()) as { n: number }).n),
  };
}
