/**
 * The job queue on SQLite (the default, one machine): the case rows are the queue. A due case (its
 * status not final, no live lease) is claimed with a conditional UPDATE that writes a lease (owner +
 * expiry); the lease is renewed while the job runs, so a job whose server died is taken again once
 * its lease runs out (by this server after its restart, or by another process on the same file).
 * The claim passes over a client that already runs its fair share while another client's case
 * waits (jobs/queue.ts, fairShare). See jobs/queue.ts for the verbs.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DataStore } from '../store/database';
import { createActiveJobs } from './active-jobs';
import { fairShare, type JobQueue, type WorkOptions, type Working } from './queue';

/** The wait between two looks for due cases when nothing said there is one. */
const POLL_MS = 500;

export function createSqliteQueue(data: DataStore, opts: { leaseMs: number; log: FastifyBaseLogger }): JobQueue {
  const { leaseMs, log } = opts;
  const cases = data.cases;
  return {
    enqueue: (tx, caseId, run) => tx.caseJobs.enqueue(caseId, run),
    ready: () => data.ping(),
    async sweepEvery(periodMs, sweep, _runsHere, log) {
      // One machine: the process sweeps itself.
      const run = () => sweep().catch((err) => log.error({ err }, 'retention sweep failed'));
      void run();
      const timer = setInterval(run, periodMs);
      timer.unref();
      return { stop: async () => clearInterval(timer) };
    },
    work(w: WorkOptions): Working {
      const owner = randomBytes(12).toString('base64url');
      const active = createActiveJobs();
      const share = fairShare(w.concurrency);
      let stopping = false;
      let deliveries = 0;

      /** Runs one claimed job under its lease, renewed while it runs. */
      function start(job: { caseId: string; run: number; attempts: number }): void {
        const lost = new AbortController();
        const heartbeat = setInterval(() => {
          cases.renew(job.caseId, job.run, owner, leaseMs).then(
            (ok) => ok || lost.abort(),
            (err) => log.error({ err, caseId: job.caseId }, 'could not renew a census job lease'),
          );
        }, Math.max(200, Math.floor(leaseMs / 3)));
        const run = (async () => {
          try {
            const end = await w.handler({ ...job, owner }, { lost: lost.signal, closing: active.closing });
            // Handed back at shutdown: the next start (or another process) takes it at once.
            if (end === 'handed-back') await cases.release(job.caseId, job.run, owner);
          } finally {
            clearInterval(heartbeat);
          }
        })().catch((err) => log.error({ err, caseId: job.caseId }, 'census job crashed'));
        // Keyed per delivery: a lease lost and claimed again here is a second delivery of the run.
        void active.track(`${job.caseId}:${job.run}:${++deliveries}`, run, () => void pump());
      }

      let pumping: Promise<void> | null = null;
      let pumpAgain = false;
      /** Claims due cases while there is room; a call during a pump makes it look once more. */
      function pump(): Promise<void> {
        if (!w.takesJobs || stopping) return Promise.resolve();
        if (pumping) {
          pumpAgain = true;
          return pumping;
        }
        pumping = (async () => {
          do {
            pumpAgain = false;
            while (!stopping && active.size() < w.concurrency) {
              let claim;
              try {
                claim = await cases.claim(owner, leaseMs, undefined, share);
              } catch (err) {
                log.error({ err }, 'could not take a census job');
                return;
              }
              if (!claim) break;
              start(claim);
            }
          } while (pumpAgain && !stopping);
        })().finally(() => {
          pumping = null;
        });
        return pumping;
      }

      const timer = setInterval(() => void pump(), POLL_MS);
      timer.unref();
      setImmediate(() => void pump());

      return {
        notify: () => setImmediate(() => void pump()),
        running: () => active.size(),
        async idle() {
          for (;;) {
            await pump();
            if (active.size() === 0) return;
            await active.whenNone();
          }
        },
        async drain(drainMs) {
          stopping = true;
          clearInterval(timer);
          await active.drain(drainMs);
        },
      };
    },
  };
}
