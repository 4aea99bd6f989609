/**
 * The PostgreSQL data store (DATABASE_URL): every table of the SQLite store plus the files
 * (census_blobs), on one connection pool shared by the stores and the job queue (pg-boss, whose
 * tables live in the schema "pgboss" of the same database).
 *
 * Opening it migrates the schema once per database (migrate.ts, under an advisory lock) and starts
 * pg-boss (which migrates its own schema under its own lock). A transaction checks out one client;
 * the stores it hands out, and a job sent through tx.caseJobs, run on that client, so a case's row
 * and its job commit together.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { CaseJobs, DataStore } from '../database';
import { sqlStores } from '../sql/stores';
import { MIGRATION_LOCK_KEY, migratePostgres } from './migrate';

/** The advisory lock around pg-boss's start-up (its schema and our queues). */
const BOSS_LOCK_KEY = MIGRATION_LOCK_KEY + 1n;
import { clientSql, createPool, sqlOn, withTransaction, type Queryable, type Sql } from './pool';

import { CASE_QUEUE, SWEEP_QUEUE, type CaseJobData } from './queues';
export { CASE_QUEUE, SWEEP_QUEUE, type CaseJobData } from './queues';

export interface JobSettings {
  /** How long a job may run before pg-boss hands it to another worker (a dead worker's case). */
  expiryMs: number;
  /** Retries after a job failed (a crash, a lost database): with backoff, from retryDelayMs. */
  retryLimit: number;
  retryDelayMs: number;
}

/** A case run's job id: a UUID made from the case and the run, so a second send of the same run is a no-op. */
export function caseJobId(caseId: string, run: number, deferral = 0): string {
  const h = createHash('sha256').update(`census-case:${caseId}:${run}${deferral ? `:d${deferral}` : ''}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface PostgresDataStore extends DataStore {
  readonly kind: 'postgres';
  readonly pool: pg.Pool;
  readonly boss: PgBoss;
}

export async function openPostgresStore(url: string, opts: { poolSize?: number; jobs: JobSettings; maintenanceSeconds?: number }): Promise<PostgresDataStore> {
  const pool = createPool(url, opts.poolSize ?? 10);
  try {
    await migratePostgres(pool);
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  let closed = false;
  // pg-boss does some bookkeeping without awaiting it (marking a job done or failed as its worker
  // loop stops): after close() that would hit an ended pool and reject with no one listening (an
  // unhandled rejection). It is dropped instead, answering no rows - which pg-boss reads as "nothing
  // changed" and its awaited paths (a worker loop's fetch) report through its error event. An
  // unmarked job expires and is retried, which the case row makes harmless.
  const executor = (db: Queryable): PgBoss.Db => ({
    executeSql: (text, values) =>
      closed ? Promise.resolve({} as { rows: unknown[] }) : (db.query(text, values) as Promise<{ rows: unknown[] }>),
  });
  const expireInSeconds = Math.max(1, Math.ceil(opts.jobs.expiryMs / 1000));
  const boss = new PgBoss({
    db: executor(pool),
    // Expired jobs (a worker that died) are failed and retried at this pace, once per cluster.
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? Math.min(60, Math.max(1, Math.floor(expireInSeconds / 2))),
    monitorStateIntervalSeconds: 60,
    // We schedule with throttled sends, not cron (see cases/queue/pg-boss.ts).
    schedule: false,
  });
  boss.on('error', () => {}); // reported through the jobs that fail; a lost connection is retried
  const queueOptions = {
    retryLimit: opts.jobs.retryLimit,
    retryDelay: Math.max(1, Math.round(opts.jobs.retryDelayMs / 1000)),
    retryBackoff: true,
    expireInSeconds,
  };
  // pg-boss creates its schema without a lock when it is given our pool (two servers starting at
  // once collided on CREATE SCHEMA): start it, and create the queues, under an advisory lock of ours.
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [BOSS_LOCK_KEY.toString()]);
    await boss.start();
    // createQueue keeps a queue that exists as it is: the first server's settings stayed in the
    // database and later values were ignored. The queue is brought to this start's settings, and each
    // job carries them too (below), so what this process was started with is what its jobs get.
    await boss.createQueue(CASE_QUEUE, { name: CASE_QUEUE, ...queueOptions });
    await boss.updateQueue(CASE_QUEUE, { name: CASE_QUEUE, ...queueOptions });
    await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 });
  } catch (err) {
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    lock.release();
    await pool.end().catch(() => {});
    throw err;
  }
  await lock.query('SELECT pg_advisory_unlock($1)', [BOSS_LOCK_KEY.toString()]).catch(() => {});
  lock.release();

  const caseJobsOn = (db: Queryable): CaseJobs => ({
    async enqueue(caseId, run, deferred) {
      const data: CaseJobData = deferred ? { caseId, run, deferrals: deferred.n } : { caseId, run };
      const id = caseJobId(caseId, run, deferred?.n);
      const after = deferred ? { startAfter: deferred.afterSeconds } : {};
      await boss.send(CASE_QUEUE, data, { id, db: executor(db), ...queueOptions, ...after });
    },
  });
  const sql = sqlOn(pool);

  return {
    kind: 'postgres',
    pool,
    boss,
    ...sqlStores(sql, caseJobsOn(pool)),
    // One client for the whole transaction: the stores and the job they send (pg-boss on the same
    // client) commit together.
    transaction: (fn) => withTransaction(pool, (client) => fn(sqlStores(clientSql(client), caseJobsOn(client)))),
    async ping() {
      await pool.query('SELECT 1');
    },
    query: <R>(text: string, params?: unknown[]) => sql.all<R>(text, params),
    async close() {
      if (closed) return;
      await boss.stop({ graceful: false, close: false, wait: true }).catch(() => {});
      closed = true;
      await pool.end();
    },
  };
}

export type { Sql };
