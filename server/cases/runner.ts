/**
 * Runs census jobs. A job is taken, run, and its result stored; what follows from the result (the
 * mail) is queued in the transaction that stores it. Where jobs come from:
 * - SQLite (the default): the case rows are the queue. A due case is taken under a lease (owner +
 *   expiry) that is renewed while it runs; after a crash the lease runs out and the case is taken
 *   again, by this server after its restart or by another.
 * - PostgreSQL: pg-boss hands out one job per case run (store/postgres), with retries and backoff;
 *   a job whose worker died expires and is handed to another worker. The worker take()s the run on
 *   the case row, which makes it the run's only writer.
 * Either way the case row is the truth of the status: each step is stored forward only, checked
 * against the run and the owner, so a stale worker cannot overwrite a newer state. The worker's
 * results are written under an attempt-specific key and only the attempt that commits is
 * referenced, so a case is completed - and its mail queued - exactly once. A case taken more than
 * MAX_ATTEMPTS times fails with a reason instead of looping.
 *
 * The threads are jobs/pool.ts's; the pg-boss job loops are jobs/pgboss-queue.ts's.
 */
import { randomBytes } from 'node:crypto';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { CensusErrorCode } from '../../shared/api/types';
import { CENSUS_UPLOAD } from '../../shared/constants';
import type { CaseFileRow, Claim } from '../store/census-cases';
import type { DataStore, Stores } from '../store/database';
import type { PostgresDataStore } from '../store/postgres';
import { CASE_QUEUE, type CaseJobData } from '../store/postgres/queues';
import type { FileStore } from '../store/files';
import { JOB_TEXT, STARTUP_ALLOWANCE_MS } from '../jobs/job-text';
import { createJobPool } from '../jobs/pool';
import { censusExport } from '../jobs/tasks/census-export';
import { taskFiles } from '../jobs/tasks/inputs';
import { workPgBoss } from '../jobs/pgboss-queue';
import { loadReading } from './reading';
import { reportName } from './result-files';
import type { CensusTask, CensusTaskResult, StageMessage } from './worker';

export { JOB_TEXT };
export const MAX_ATTEMPTS = 3;
export const DEFAULT_LEASE_MS = 15_000;
const POLL_MS = 500;
export interface RunnerOptions {
  data: DataStore;
  files: FileStore;
  dataDir: string;
  fileKey: Buffer;
  /** The key behind SSN pseudonyms, stored with the other keys (stable across restarts). */
  pseudonymKey: Buffer;
  workers: number;
  /**
   * The hard time limit, read when each run (or export) starts: one run's timer and its failure
   * message use the same value, and a change (the server passes its live config) applies from the
   * next run on. The time-limit test relies on that: it lowers the limit for a case that must be
   * stopped and raises it before the follow-up case that must complete, instead of betting on speed.
   */
  timeLimitMs: () => number;
  leaseMs?: number;
  /** False in an api process: it takes no jobs (it still makes exports when asked). */
  takesJobs?: boolean;
  /**
   * False in a worker process (ROLE=worker): nothing there answers requests, so the job threads keep
   * normal priority. Lowered, they lost the CPU to the other worker's nice-0 threads (its event loop,
   * V8's GC and compiler threads): two worker processes on two cores finished forty 1 MB cases no
   * sooner than one (each job took 200-290 ms instead of 75-110 ms).
   */
  servesRequests?: boolean;
  log: FastifyBaseLogger;
  /**
   * What follows from a stored result (completed or failed): runs inside the transaction that stores
   * it, with that transaction's stores (the service queues the notify mail there).
   */
  afterResult?: (tx: Stores, caseId: string) => Promise<void>;
}

export interface JobRunner {
  /** Look for work now (after an upload). */
  kick(): void;
  /**
   * Makes the clean XLSX of a completed case (or of one of its files) in the pool, under the same
   * time limit, or the file of another export target, or (target null) the readiness of every
   * target as JSON; resolves to null when written, or to the reason it failed.
   */
  exportFile(caseId: string, fileName: string | null, outName: string, target?: string | null): Promise<string | null>;
  /** Resolves when no job is running and none is due (tests). */
  idle(): Promise<void>;
  /** Jobs running in this process now. */
  running(): number;
  /**
   * Stops taking jobs, lets running ones finish for up to drainMs, then hands the rest back (the next
   * worker takes them at once), and stops the pool.
   */
  close(drainMs?: number): Promise<void>;
}

export function startJobRunner(opts: RunnerOptions): JobRunner {
  const { data, files, log } = opts;
  const cases = data.cases;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const owner = randomBytes(12).toString('base64url');
  const pool = createJobPool({ workers: opts.workers, lowerPriority: opts.servesRequests ?? true });
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const takesJobs = opts.takesJobs ?? true;
  const boss = data.kind === 'postgres' ? (data as PostgresDataStore).boss : null;
  /** Set when the runner stops taking jobs (close), then `closed` when running ones are handed back. */
  let stopping = false;
  let closed = false;
  let closing: Promise<void> | null = null;
  let idleWaiters: (() => void)[] = [];

  const checkIdle = () => {
    if (active.size > 0) return;
    // Anything still due? (A claim that finds nothing leaves the queue untouched.)
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  /** The case's files, decrypted, for the worker thread (which sees no store). */
  const inputsOf = (caseId: string, rows: CaseFileRow[]) => taskFiles(files, opts.fileKey, caseId, rows);

  async function cleanup(caseId: string, resultKey: string): Promise<void> {
    await files.removePrefix(caseId, `${resultKey}-`);
    // A case deleted while it ran: its result may have been written after the delete.
    if (!(await cases.getIgnoringExpiry(caseId))) await files.removeCase(caseId);
  }

  type Outcome = { resultKey: string } | { message: string; code: CensusErrorCode | null };
  /** Stores a run's result and what follows from it, in one transaction; false when the run is no longer ours. */
  function storeOutcome(claim: Claim, owner: string, outcome: Outcome): Promise<boolean> {
    const { caseId, run } = claim;
    return data.transaction(async (tx) => {
      const ok = 'resultKey' in outcome
        ? await tx.cases.complete(caseId, run, owner, outcome.resultKey)
        : await tx.cases.fail(caseId, run, owner, outcome.message, outcome.code);
      if (ok) await opts.afterResult?.(tx, caseId);
      return ok;
    });
  }

  /** Runs one taken run; answers 'handed-back' when the runner stopped before it finished. */
  async function runJob(claim: Claim, owner: string, controller: AbortController): Promise<'done' | 'handed-back'> {
    const { caseId, run } = claim;
    const storeResult = (outcome: Outcome) => storeOutcome(claim, owner, outcome);
    if (claim.attempts > MAX_ATTEMPTS) {
      await storeResult({ message: JOB_TEXT.interrupted, code: null });
      return 'done';
    }
    // Results of an earlier attempt that never committed (its server died) are worthless now.
    await files.removePrefix(caseId, 'r');
    const row = await cases.getIgnoringExpiry(caseId);
    const inputs = await inputsOf(caseId, await cases.files(caseId));
    const resultKey = `r${run}a${claim.attempts}-${randomBytes(6).toString('base64url')}`;
    const { port1, port2 } = new MessageChannel();
    const timeLimitMs = opts.timeLimitMs();
    let reason: 'time' | 'lost' | null = null;
    let limitTimer: NodeJS.Timeout | undefined;
    const stop = (why: 'time' | 'lost') => {
      if (reason) return;
      reason = why;
      controller.abort();
    };
    const startTimer = setTimeout(() => stop('time'), timeLimitMs + STARTUP_ALLOWANCE_MS);
    // Status steps are stored one after the other, in the order the worker reached them.
    let steps: Promise<void> = Promise.resolve();
    port1.on('message', (m: StageMessage) => {
      if (m === 'started') {
        clearTimeout(startTimer);
        limitTimer = setTimeout(() => stop('time'), timeLimitMs);
        return;
      }
      steps = steps.then(async () => {
        if (!(await cases.advance(caseId, run, owner, m))) stop('lost');
      }).catch((err) => log.error({ err, caseId }, 'could not store a census status'));
    });
    // The embedded queue's lease is kept alive while the job runs (pg-boss jobs expire on their own clock).
    const heartbeat = boss
      ? undefined
      : setInterval(() => {
          cases.renew(caseId, run, owner, leaseMs).then(
            (ok) => ok || stop('lost'),
            (err) => log.error({ err, caseId }, 'could not renew a census job lease'),
          );
        }, Math.max(200, Math.floor(leaseMs / 3)));

    const task: Omit<CensusTask, 'port'> = {
      pseudonymKey: new Uint8Array(opts.pseudonymKey),
      files: inputs,
      asOf: row?.asOf ?? new Date().toISOString().slice(0, 10),
      smtpId: row?.smtpId ?? null,
      maxBytes: CENSUS_UPLOAD.maxBytes,
      reading: await loadReading(files, caseId),
    };
    let result: CensusTaskResult | null = null;
    let error: unknown = null;
    try {
      result = (await pool.run({ ...task, port: port2 }, { signal: controller.signal, transferList: [port2] })) as CensusTaskResult;
    } catch (err) {
      error = err;
    } finally {
      clearTimeout(startTimer);
      clearTimeout(limitTimer);
      clearInterval(heartbeat);
      port1.close();
    }
    await steps;

    if (reason === 'time') {
      log.warn({ caseId }, 'census job stopped at the time limit');
      await storeResult({ message: JOB_TEXT.timeLimit(timeLimitMs), code: null });
      return 'done';
    }
    if (reason === 'lost') return 'done'; // deleted, given a new file, or taken by another worker
    if (closed && (error || !result)) {
      // The server is shutting down: give the run back untouched; the next worker takes it at once.
      await cases.release(caseId, run, owner);
      return 'handed-back';
    }
    if (error || !result) {
      log.error({ err: error, caseId }, 'census job failed');
      await storeResult({ message: JOB_TEXT.failed, code: null });
      return 'done';
    }
    if (!result.ok) {
      await storeResult({ message: result.message, code: result.code });
      return 'done';
    }
    // The report is stored under this attempt's key first; only the attempt that commits is referenced.
    await files.write(caseId, reportName(resultKey), result.reports);
    if (!(await storeResult({ resultKey }))) await cleanup(caseId, resultKey);
    return 'done';
  }

  /** Runs a job as one of `active`, so that idle() and close() see it. */
  function track(caseId: string, controller: AbortController, job: Promise<unknown>): Promise<void> {
    const done = job
      .then(() => undefined)
      .catch((err) => log.error({ err, caseId }, 'census job crashed'))
      .finally(() => {
        active.delete(caseId);
        if (!boss) void pump();
        checkIdle();
      });
    active.set(caseId, { controller, done });
    return done;
  }

  let pumping = false;
  let pumpAgain = false;
  /** The embedded queue (SQLite): take due cases while there is room. */
  async function pump(): Promise<void> {
    if (boss || !takesJobs) return checkIdle();
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = true;
    try {
      do {
        pumpAgain = false;
        while (!stopping && active.size < opts.workers) {
          let claim: Claim | undefined;
          try {
            claim = await cases.claim(owner, leaseMs);
          } catch (err) {
            log.error({ err }, 'could not take a census job');
            return;
          }
          if (!claim) break;
          const controller = new AbortController();
          void track(claim.caseId, controller, runJob(claim, owner, controller));
        }
      } while (pumpAgain && !stopping);
    } finally {
      pumping = false;
    }
    checkIdle();
  }

  const timer = setInterval(() => void pump(), POLL_MS);
  timer.unref();
  setImmediate(() => void pump());

  /**
   * pg-boss: `workers` job loops (jobs/pgboss-queue.ts), each taking one case run at a time. A run
   * handed back at shutdown (or a crash) makes the handler throw: pg-boss retries the job (backoff),
   * another worker takes it. The loops notify themselves as a job ends: pg-boss would wait out its
   * polling interval after a job shorter than that (a 1 MB census takes ~0.4 s).
   */
  const bossLoops =
    boss && takesJobs
      ? workPgBoss<CaseJobData>(boss, CASE_QUEUE, { concurrency: opts.workers, pollMs: POLL_MS, log }, async (job) => {
          if (closed) throw new Error('the worker is shutting down');
          const { caseId, run } = job.data;
          // Each delivery of the job is its own owner: a redelivery makes the earlier one's writes fail.
          const jobOwner = `${owner}:${randomBytes(6).toString('base64url')}`;
          const claim = await cases.take(caseId, run, jobOwner);
          if (!claim) return { skipped: 'the run is over' };
          const controller = new AbortController();
          const running = runJob(claim, jobOwner, controller);
          const tracked = track(caseId, controller, running);
          // A crash (the database went away mid-way) throws here too: pg-boss retries the job.
          const outcome = await running.finally(fetchAgainNow);
          await tracked;
          if (outcome === 'handed-back') throw new Error('handed back at shutdown');
          return { attempts: claim.attempts };
        })
      : null;
  const fetchAgainNow = () => {
    if (!stopping) bossLoops?.notify();
  };

  const exportFile = (caseId: string, fileName: string | null, outName: string, target?: string | null) =>
    censusExport({ pool, cases, files, fileKey: opts.fileKey, pseudonymKey: opts.pseudonymKey, timeLimitMs: opts.timeLimitMs, log }, caseId, fileName, outName, target);

  return {
    exportFile,
    kick: () => setImmediate(() => void pump()),
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        void pump();
      }),
    running: () => active.size,
    close(drainMs = 0) {
      closing ??= closeRunner(drainMs);
      return closing;
    },
  };

  async function closeRunner(drainMs: number): Promise<void> {
    {
      // Stop taking jobs first.
      stopping = true;
      clearInterval(timer);
      // The loops stop fetching now and end once their jobs are marked (after the drain below).
      const loopsDone = bossLoops?.stop();
      // Let running jobs finish for a while, then hand the rest back.
      if (active.size && drainMs > 0) {
        let t: NodeJS.Timeout | undefined;
        await Promise.race([Promise.all([...active.values()].map((a) => a.done)), new Promise((r) => (t = setTimeout(r, drainMs)))]);
        clearTimeout(t);
      }
      closed = true;
      for (const { controller } of active.values()) controller.abort();
      await Promise.all([...active.values()].map((a) => a.done));
      await loopsDone;
      await pool.destroy();
    }
  }
}
