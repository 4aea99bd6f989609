/**
 * The names and job data of the pg-boss queues. Apart from store/postgres/index.ts so that the job
 * runner, the retention sweep and the health check can name them without loading pg and pg-boss in a
 * server that runs on SQLite (they load only with DATABASE_URL, app.ts).
 */

/** The pg-boss queue of census case runs. */
export const CASE_QUEUE = 'census-case';
/** The pg-boss queue of retention sweeps (one per RETENTION_SWEEP_MS, whichever server asks). */
export const SWEEP_QUEUE = 'retention-sweep';

export interface CaseJobData {
  caseId: string;
  run: number;
  /** How often fair sharing put this run back (jobs/queue.ts); absent on its first job. */
  deferrals?: number;
}
