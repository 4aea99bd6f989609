/**
 * Mailing-list subscriptions: one row per (lower(email), type, identifier); a repeat is a no-op.
 */
import type { Database } from 'better-sqlite3';

export interface Subscription {
  email: string;
  mailingListType: string;
  mailingListIdentifier: string;
}

export interface MailingListStore {
  /** True when a new row was written, false when the subscription already existed. */
  subscribe(s: Subscription, now?: Date): boolean;
  count(): number;
}

export function createMailingListStore(db: Database): MailingListStore {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO mailing_list (email, list_type, list_identifier, created_at) VALUES (?, ?, ?, ?)`,
  );
  const count = db.prepare('SELECT count(*) AS n FROM mailing_list');
  return {
    subscribe(s, now = new Date()) {
      // List codes are case-insensitive identifiers (PROMOTION, JAN2024): stored upper-case.
      const r = insert.run(s.email, s.mailingListType.toUpperCase(), s.mailingListIdentifier.toUpperCase(), now.toISOString());
      return r.changes === 1;
    },
    count() {
      return (count.get() as { n: number }).n;
    },
  };
}
