/**
 * The data store the server runs on: every kind of row behind one small asynchronous interface.
 *
 * One schema (sql/schema.ts) and one set of queries (sql/*.ts) over a tiny driver (sql/driver.ts),
 * with the few differences between the databases in sql/dialect.ts; two thin drivers:
 * - store/sqlite/ (the default): DATA_DIR/benefold.db through better-sqlite3, one machine;
 * - store/postgres/ (DATABASE_URL): one PostgreSQL database shared by several servers.
 * Callers never see which one they have (the tests run the same cases against both).
 */
import type { CaseStore } from './census-cases';
import type { CaseStudyRequestStore } from './case-study-requests';
import type { IntakeLog } from './intake-log';
import type { OutboxStore } from './mail-outbox';
import type { MailingListStore } from './mailing-list';

/**
 * The job queue's door for new work: a run of a case is due. With PostgreSQL it is a pg-boss job,
 * sent in the transaction that stores the run (one job per case run); with SQLite the case rows
 * are the queue and there is nothing to send.
 */
export interface CaseJobs {
  /**
   * `deferred`: a run put back by fair sharing (jobs/queue.ts), its job due `afterSeconds` from now
   * under an id of its own (the n-th deferral), so that it spends none of the job's retries.
   */
  enqueue(caseId: string, run: number, deferred?: { n: number; afterSeconds: number }): Promise<void>;
}

/** The stores, as a transaction or the whole database sees them. */
export interface Stores {
  cases: CaseStore;
  caseJobs: CaseJobs;
  outbox: OutboxStore;
  mailingList: MailingListStore;
  caseStudyRequests: CaseStudyRequestStore;
  /** The census-by-e-mail intake's de-duplication and daily limits. */
  intakeLog: IntakeLog;
}

export interface DataStore extends Stores {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Runs fn in one transaction: the stores it is given write together or not at all (a completed
   * case and the mail it causes, a request and its mail). Keep it short and touch nothing but the
   * given stores inside it (with SQLite, a call on the outer stores from inside waits for the
   * transaction to end: it never would).
   */
  transaction<T>(fn: (tx: Stores) => Promise<T>): Promise<T>;
  /** Resolves when the database answers (GET /health/ready). */
  ping(): Promise<void>;
  /**
   * Runs one SQL statement with `?` placeholders and answers its rows: for tests and maintenance
   * (both stores use the same table and column names), never for the server's own work.
   */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}
