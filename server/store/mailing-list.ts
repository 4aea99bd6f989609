/**
 * Mailing-list subscriptions: one row per (lower(email), type, identifier); a repeat is a no-op.
 * Its SQL, once for both databases: store/sql/mailing-list.ts.
 */
export interface Subscription {
  email: string;
  mailingListType: string;
  mailingListIdentifier: string;
}

export interface MailingListStore {
  /** True when a new row was written, false when the subscription already existed. */
  subscribe(s: Subscription, now?: Date): Promise<boolean>;
  count(): Promise<number>;
  /** Deletes subscriptions made before the cut-off (retention); answers how many. */
  purge(before: Date): Promise<number>;
}

