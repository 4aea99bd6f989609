/**
 * The pg-boss job loops (jobs/pgboss-queue.ts runs the census jobs and the retention sweeps through them).
 *
 * Ours rather than `boss.work()`: pg-boss 10's worker marks a job done or
 * failed without awaiting it, so a database restart while a job ran rejected with no one listening
 * (an unhandled rejection) and killed the worker process. Here every call to the database is awaited
 * and caught: a fetch that fails waits and tries again, and a job's completion or failure is retried
 * with backoff until the database is back. A job that cannot be marked before this process stops
 * expires and is retried by pg-boss, which the case row makes harmless (the run's owner changes).
 */
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

export interface LoopOptions {
  /** Job loops (one job each at a time). */
  concurrency: number;
  /** The wait between fetches that found nothing. */
  pollMs: number;
  log: FastifyBaseLogger;
}

export interface WorkLoops {
  /** Fetch again now (a job just ended, or one was sent): no wait for the polling interval. */
  notify(): void;
  /** Stops fetching; resolves when every loop has marked its job (or given up because of stop). */
  stop(): Promise<void>;
}

/** The longest wait between two tries of a mark or a fetch while the database is away. */
const MAX_BACKOFF_MS = 5_000;

export function workPgBoss<T extends object>(
  boss: PgBoss,
  queue: string,
  opts: LoopOptions,
  handler: (job: PgBoss.Job<T>) => Promise<object | undefined>,
): WorkLoops {
  let stopping = false;
  const wakers = new Set<() => void>();
  /** The database is said to be away once per outage (a mark that succeeds ends it). */
  let away = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  /** Retries one mark (complete or fail) until it lands or the loops stop. */
  async function settle(what: string, mark: () => Promise<unknown>): Promise<void> {
    for (let delay = 250; ; delay = Math.min(MAX_BACKOFF_MS, delay * 2)) {
      try {
        await mark();
        if (away) opts.log.info({ queue }, 'the job queue answers again');
        away = false;
        return;
      } catch (err) {
        if (!away) opts.log.warn({ queue, code: (err as { code?: unknown }).code }, `could not ${what} a job: the database is away; retrying`);
        away = true;
        if (stopping) return; // pg-boss expires it and hands it to another worker
        await sleep(delay);
      }
    }
  }

  async function loop(): Promise<void> {
    let idleDelay = opts.pollMs;
    while (!stopping) {
      let jobs: PgBoss.Job<T>[] = [];
      try {
        jobs = await boss.fetch<T>(queue, { batchSize: 1 });
      } catch (err) {
        // pg-boss swallows a failed fetch itself; anything else (a stopped boss) is worth one line.
        if (!stopping) opts.log.warn({ err, queue }, 'could not fetch a job');
      }
      const job = jobs[0];
      if (!job) {
        await sleep(idleDelay);
        continue;
      }
      idleDelay = opts.pollMs;
      let outcome: { ok: true; value: object | undefined } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, value: await handler(job) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      if (outcome.ok) {
        const value = outcome.value;
        await settle('complete', () => boss.complete(queue, job.id, value));
      } else {
        const e = outcome.error as Error;
        await settle('fail', () => boss.fail(queue, job.id, { message: e?.message ?? String(e) }));
      }
    }
  }

  const loops = Array.from({ length: opts.concurrency }, () =>
    loop().catch((err) => opts.log.error({ err, queue }, 'a job loop stopped')),
  );

  return {
    notify() {
      for (const wake of [...wakers]) wake();
    },
    async stop() {
      stopping = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(loops);
    },
  };
}
