/** Mailing-list subscriptions on SQLite: see store/mailing-list.ts. */
import type { Database } from 'better-sqlite3';
import type { MailingListStore } from '../mailing-list';
import type { Run } from './census-cases';

export function createSqliteMailingListStore(db: Database, run: Run): MailingListStore {
  const insert = db.prepare(
    `INSERT INTO mailing_list (email, list_type, list_identifier, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const count = db.prepare('SELECT count(*) AS n FROM mailing_list');
  const purge = db.prepare('DELETE FROM mailing_list WHERE created_at < ?');
  return {
    // List codes are case-insensitive identifiers (PROMOTION, JAN2024): stored upper-case.
    subscribe: (s, now = new Date()) =>
      run(() => insert.run(s.email, s.mailingListType.toUpperCase(), s.mailingListIdentifier.toUpperCase(), now.toISOString()).changes === 1),
    count: () => run(() => (count.get() as { n: number }).n),
    purge: (before) => run(() => purge.run(before.toISOString()).changes),
  };
}
