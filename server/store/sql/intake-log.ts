/** The census intake log, on either database: see store/intake-log.ts. */
import { DAY_MS } from '../../../shared/constants';
import { INTAKE_KEEP_DAYS, existingClaim, type Claim, type IntakeLog } from '../intake-log';
import type { Sql } from './driver';

export function createIntakeLog(sql: Sql): IntakeLog {
  const count = async (text: string, params: unknown[]) => (await sql.one<{ n: number }>(text, params))!.n;
  return {
    claim: ({ sender, remoteIp, messageId }, now = new Date()) =>
      sql.transaction(async (q): Promise<Claim> => {
        const key = sender.toLowerCase();
        await q.run('DELETE FROM census_intake_log WHERE received_at < ?', [new Date(now.getTime() - INTAKE_KEEP_DAYS * DAY_MS).toISOString()]);
        if (messageId !== null) {
          // Locked (PostgreSQL): two api instances taking the same retry at once see one another's row.
          const row = await q.one<{ id: number; state: string; receivedAt: string }>(
            `SELECT id, state, received_at AS "receivedAt" FROM census_intake_log WHERE message_id = ? AND sender = ?${q.dialect.forUpdate}`,
            [messageId, key],
          );
          const seen = existingClaim(row, now);
          if (seen === 'taken' || seen === 'taking') return { duplicate: seen };
          if (row) await q.run('DELETE FROM census_intake_log WHERE id = ?', [row.id]);
        }
        // ON CONFLICT: a concurrent first delivery (another PostgreSQL client) inserted the same key
        // between the look and here.
        const inserted = await q.one<{ id: number }>(
          `INSERT INTO census_intake_log (sender, remote_ip, message_id, state, received_at) VALUES (?, ?, ?, 'taking', ?)
           ON CONFLICT (message_id, sender) DO NOTHING RETURNING id`,
          [key, remoteIp, messageId, now.toISOString()],
        );
        return inserted ? { id: Number(inserted.id) } : { duplicate: 'taking' };
      }),
    taken: async (id) => void (await sql.run("UPDATE census_intake_log SET state = 'taken' WHERE id = ?", [id])),
    release: async (id) => void (await sql.run('DELETE FROM census_intake_log WHERE id = ?', [id])),
    countFromSender: (sender, since) =>
      count('SELECT count(*) AS n FROM census_intake_log WHERE sender = ? AND received_at >= ?', [sender.toLowerCase(), since.toISOString()]),
    countFromIp: (remoteIp, since) => count('SELECT count(*) AS n FROM census_intake_log WHERE remote_ip = ? AND received_at >= ?', [remoteIp, since.toISOString()]),
  };
}
