/**
 * The job queue on PostgreSQL (several servers): one pg-boss job per case run (sent in the
 * transaction that stores the run), retries with backoff, expiry after which a dead worker's job is
 * handed to another worker. Each delivery take()s the run on the case row under an owner of its own,
 * which makes it the run's only writer. See jobs/queue.ts for the verbs.
 *
 * Fair sharing: a delivery whose client already runs its share while another client's case waits
 * puts itself back (a new job for the run, due a second later, under an id of its own) and
 * completes: no retry is spent. After MAX_DEFERRALS it runs anyway, so that a case whose row waits
 * without a job (none can be fetched) never holds another client back for good.
 *
 * The job loops are jobs/pgboss-loops.ts's (every mark awaited and retried).
 */
import { randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DataStore } from '../store/database';
import { CASE_QUEUE, SWEEP_QUEUE, type CaseJobData } from '../store/postgres/queues';
import { createActiveJobs } from './active-jobs';
import { workPgBoss } from './pgboss-loops';
import { fairShare, type JobQueue, type WorkOptions as QueueWork, type Working } from './queue';

/** The wait between fetches that found nothing (a job ending or sent here wakes the loops at once). */
const POLL_MS = 500;
/** The wait between fetches of the sweep queue that found nothing. */
const SWEEP_POLL_MS = 1000;
/** A deferred run is due again after this long... */
const DEFER_SECONDS = 1;
/** ...at most this many times (about two minutes), then it runs whatever its client's share. */
export const MAX_DEFERRALS = 120;

export function createPgBossQueue(boss: PgBoss, data: DataStore, opts: { log: FastifyBaseLogger }): JobQueue {
  const { log } = opts;
  const cases = data.cases;
  return {
    enqueue: (tx, caseId, run) => tx.caseJobs.enqueue(caseId, run),
    async ready() {
      await data.ping();
      if (!(await boss.getQueue(CASE_QUEUE))) throw new Error('no job queue');
    },
    async sweepEvery(periodMs, sweep, runsHere, log) {
      // Through the same loops as the case jobs, not boss.work(): pg-boss's own worker marks a job
      // without awaiting it, so a sweep that ended while the database was away killed the process.
      const sweeps = runsHere ? workPgBoss(boss, SWEEP_QUEUE, { concurrency: 1, pollMs: SWEEP_POLL_MS, log }, async () => sweep()) : null;
      // A throttled send: one job per period exists however many servers ask.
      const ask = () =>
        boss
          .send(SWEEP_QUEUE, {}, { singletonKey: 'sweep', singletonSeconds: Math.max(1, Math.round(periodMs / 1000)) })
          .catch((err) => log.error({ err }, 'could not ask for a retention sweep'));
      void ask();
      const timer = setInterval(ask, Math.min(periodMs, 60_000));
      timer.unref();
      return {
        async stop() {
          clearInterval(timer);
          await sweeps?.stop();
        },
      };
    },
    work(w: QueueWork): Working {
      const owner = randomBytes(12).toString('base64url');
      const active = createActiveJobs();
      const share = fairShare(w.concurrency);
      let stopping = false;
      const fetchAgainNow = () => {
        if (!stopping) loops?.notify();
      };
      // A run handed back at shutdown (or a crash) makes the handler throw: pg-boss retries the job
      // (backoff) and another worker takes it. The loops fetch again as a job ends: pg-boss would
      // wait out its polling interval after a job shorter than that (a 1 MB census takes ~0.4 s).
      const loops = w.takesJobs
        ? workPgBoss<CaseJobData>(boss, CASE_QUEUE, { concurrency: w.concurrency, pollMs: POLL_MS, log }, async (job) => {
            // After the drain (a job fetched while the loops stopped): back to pg-boss for another worker.
            if (active.closing.aborted) throw new Error('the worker is shutting down');
            const { caseId, run } = job.data;
            const deferrals = job.data.deferrals ?? 0;
            if (deferrals < MAX_DEFERRALS && (await cases.overFairShare(caseId, share))) {
              await data.caseJobs.enqueue(caseId, run, { n: deferrals + 1, afterSeconds: DEFER_SECONDS });
              return { deferred: deferrals + 1 };
            }
            // Each delivery of the job is its own owner: a redelivery makes the earlier one's writes fail.
            const jobOwner = `${owner}:${randomBytes(6).toString('base64url')}`;
            const claim = await cases.take(caseId, run, jobOwner);
            if (!claim) return { skipped: 'the run is over' };
            // pg-boss jobs expire on their own clock: nothing here takes the run away but the row.
            const lost = new AbortController();
            const end = await active.track(jobOwner, w.handler({ ...claim, owner: jobOwner }, { lost: lost.signal, closing: active.closing }), fetchAgainNow);
            if (end === 'handed-back') {
              await cases.release(caseId, run, jobOwner);
              throw new Error('handed back at shutdown');
            }
            return { attempts: claim.attempts };
          })
        : null;
      return {
        notify: fetchAgainNow,
        running: () => active.size(),
        idle: () => active.whenNone(),
        async drain(drainMs) {
          stopping = true;
          // The loops stop fetching now and end once their jobs are marked (after the drain).
          const loopsDone = loops?.stop();
          await active.drain(drainMs);
          await loopsDone;
        },
      };
    },
  };
}

