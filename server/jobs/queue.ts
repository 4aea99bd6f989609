/**
 * The job queue of census case runs: one interface, two backends, and nothing outside the backends
 * knows which one runs (app.ts picks it where it opens the database).
 * - jobs/sqlite-queue.ts (the default, one machine): the case rows are the queue. A due case is
 *   claimed under a lease (owner + expiry) that is renewed while the job runs.
 * - jobs/pgboss-queue.ts (PostgreSQL, several servers): one pg-boss job per case run, fetched by
 *   our own loops; the delivery then take()s the run on the case row.
 *
 * The verbs, as each backend does them:
 * - enqueue: in the caller's transaction (`tx.caseJobs`): a pg-boss job committed with the row; with
 *   SQLite the stored run is due by being stored.
 * - claim: the backend hands a job to the handler under an owner of its own; the owner is the only
 *   writer of the run on the case row (a stale one's writes fail).
 * - complete / fail: the task stores the run's outcome on the case row (which also ends a SQLite
 *   lease); pg-boss's job is then completed. A handler that throws fails the pg-boss job (retried
 *   with backoff) or, with SQLite, leaves the lease to run out.
 * - retry: a job handed back at shutdown is released on the row (taken again at once) and, with
 *   pg-boss, failed so that another worker gets it.
 * - expire: a dead worker's lease runs out (SQLite) or its pg-boss job expires: taken again; the
 *   task fails a run delivered more than MAX_ATTEMPTS times instead of looping.
 * - drain: stop taking jobs, let running ones finish for a while, hand the rest back.
 * Fair sharing (docs/decisions.md): while another client's case waits, a client already running
 * fairShare(threads) jobs is passed over; the claim does it in SQL (SQLite), the pg-boss delivery
 * defers itself (a new job a second later, no retry spent).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Stores } from '../store/database';

/** Deliveries of one run before its task fails it ('interrupted several times'). */
export const MAX_ATTEMPTS = 3;

/** The jobs one client may run while another client's case waits: half the threads, rounded up. */
export function fairShare(threads: number): number {
  return Math.max(1, Math.ceil(threads / 2));
}

/** One delivery of a case run. */
export interface Job {
  /** The case's key at rest. */
  caseId: string;
  run: number;
  /** Deliveries of this run so far, this one included. */
  attempts: number;
  /** This delivery's name on the case row: every write of the run names it. */
  owner: string;
}

export interface JobSignals {
  /** Aborted when the run is no longer this delivery's (its lease was lost). */
  lost: AbortSignal;
  /** Aborted when the worker stops after its drain: the job is to stop, and is handed back. */
  closing: AbortSignal;
}

/**
 * What a handler answers: 'done' when the run's outcome is stored (or the run was no longer its
 * own), 'handed-back' when the worker stopped it before it finished (the queue retries it).
 */
export type JobEnd = 'done' | 'handed-back';
export type JobHandler = (job: Job, signals: JobSignals) => Promise<JobEnd>;

/** A backend taking jobs in this process. */
export interface Working {
  /** Look for work now (a run was just stored): no wait for the polling interval. */
  notify(): void;
  /** Jobs running in this process now. */
  running(): number;
  /** Resolves when no job is running here and (SQLite) none is due (tests). */
  idle(): Promise<void>;
  /** Stops taking jobs, lets running ones finish for up to drainMs, then hands the rest back. */
  drain(drainMs: number): Promise<void>;
}

export interface WorkOptions {
  /** Jobs at once (the job threads). */
  concurrency: number;
  /** False in an api process: it takes no jobs (it still answers idle/drain). */
  takesJobs: boolean;
  handler: JobHandler;
}

export interface JobQueue {
  /** Queues a run of a case in the caller's transaction: the run and its job commit together. */
  enqueue(tx: Stores, caseId: string, run: number): Promise<void>;
  /** Starts taking jobs. */
  work(opts: WorkOptions): Working;
  /** Resolves when the queue can take and hand out jobs (GET /health/ready); rejects otherwise. */
  ready(): Promise<void>;
  /**
   * The retention sweep, once per period for the whole deployment: SQLite runs it on this process's
   * timer (at start, then every periodMs); pg-boss asks for one throttled job per period (every
   * server asks, one job exists, one worker runs it). `runsHere` false (an api process): only asks.
   */
  sweepEvery(periodMs: number, sweep: () => Promise<object>, runsHere: boolean, log: FastifyBaseLogger): Promise<{ stop(): Promise<void> }>;
}
