/** Mailing-list subscriptions, on either database: see store/mailing-list.ts. */
import type { MailingListStore } from '../mailing-list';
import type { Sql } from './driver';

export function createMailingListStore(sql: Sql): MailingListStore {
  return {
    // List codes are case-insensitive identifiers (PROMOTION, JAN2024): stored upper-case.
    subscribe: async (s, now = new Date()) =>
      (await sql.run(`INSERT INTO mailing_list (email, list_type, list_identifier, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`, [
        s.email,
        s.mailingListType.toUpperCase(),
        s.mailingListIdentifier.toUpperCase(),
        now.toISOString(),
      ])) === 1,
    count: async () => (await sql.one<{ n: number }>('SELECT count(*) AS n FROM mailing_list'))!.n,
    purge: (before) => sql.run('DELETE FROM mailing_list WHERE created_at < ?', [before.toISOString()]),
  };
}
