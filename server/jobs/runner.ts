/**
 * The census job runner: the queue (jobs/queue.ts, whichever backend app.ts chose), the worker
 * threads (jobs/pool.ts) and the tasks (jobs/tasks/) put together. The queue hands each run to
 * tasks/census-run.ts; exports are made in the same threads by tasks/census-export.ts when a
 * request asks for one. Nothing here knows which database runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DataStore } from '../store/database';
import type { FileStore } from '../store/files';
import { createJobPool } from './pool';
import type { JobQueue } from './queue';
import { censusExport } from './tasks/census-export';
import type { MailHelpers } from '../mail/census-result-mail';
import { censusRun } from './tasks/census-run';

export interface RunnerOptions {
  queue: JobQueue;
  data: DataStore;
  files: FileStore;
  fileKey: Buffer;
  /** The key behind SSN pseudonyms, stored with the other keys (stable across restarts). */
  pseudonymKey: Buffer;
  workers: number;
  /** The heap limit of one job thread, in MB (pool.ts). */
  memoryMb: number;
  /**
   * The hard time limit, read when each run (or export) starts: one run's timer and its failure
   * message use the same value, and a change (the server passes its live config) applies from the
   * next run on. The time-limit test relies on that: it lowers the limit for a case that must be
   * stopped and raises it before the follow-up case that must complete, instead of betting on speed.
   */
  timeLimitMs: () => number;
  /** False in an api process: it takes no jobs (it still makes exports when asked). */
  takesJobs?: boolean;
  /**
   * False in a worker process (ROLE=worker): nothing there answers requests, so the job threads keep
   * normal priority. Lowered, they lost the CPU to the other worker's nice-0 threads (its event loop,
   * V8's GC and compiler threads): two worker processes on two cores finished forty 1 MB cases no
   * sooner than one (each job took 200-290 ms instead of 75-110 ms).
   */
  servesRequests?: boolean;
  /** What the mail a stored result causes is composed with (mail/census-result-mail.ts). */
  mail: MailHelpers;
  log: FastifyBaseLogger;
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
  const pool = createJobPool({ workers: opts.workers, memoryMb: opts.memoryMb, lowerPriority: opts.servesRequests ?? true });
  const helpers = { pool, data, files, fileKey: opts.fileKey, pseudonymKey: opts.pseudonymKey, timeLimitMs: opts.timeLimitMs, memoryMb: opts.memoryMb, log };
  const working = opts.queue.work({
    concurrency: opts.workers,
    takesJobs: opts.takesJobs ?? true,
    handler: (job, signals) => censusRun({ ...helpers, mail: opts.mail }, job, signals),
  });
  let closing: Promise<void> | null = null;
  return {
    kick: () => working.notify(),
    exportFile: (caseId, fileName, outName, target) => censusExport({ ...helpers, cases: data.cases }, caseId, fileName, outName, target),
    idle: () => working.idle(),
    running: () => working.running(),
    close(drainMs = 0) {
      closing ??= working.drain(drainMs).then(() => pool.destroy());
      return closing;
    },
  };
}
