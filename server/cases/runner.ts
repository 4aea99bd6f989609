/**
 * Runs census jobs: takes due cases from the queue (the case rows, under a lease), runs each in the
 * worker pool (piscina) with a hard time limit, stores every status step, and commits the outcome
 * - with the mail it causes - in one transaction.
 *
 * Crash safety: the lease is renewed while a job runs; after a crash it runs out and the case is
 * taken again (by this server after its restart, or by another one). The worker's results are
 * written under an attempt-specific key and only the attempt that commits is referenced, so a case
 * is completed - and its mail queued - exactly once. A case taken more than MAX_ATTEMPTS times
 * fails with a reason instead of looping.
 *
 * The worker file: from TypeScript source (tests, `npm run dev`) ./worker.ts under tsx
 * (execArgv --import tsx); from the build, dist/server/census-worker.mjs beside dist/server/main.mjs.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { FastifyBaseLogger } from 'fastify';
import { CENSUS_UPLOAD } from '../../shared/constants';
import type { CaseStore, Claim } from '../store/census-cases';
import { caseDir, openText } from './vault';
import type { CensusTask, CensusTaskResult, ExportTask, StageMessage } from './worker';

export const MAX_ATTEMPTS = 3;
export const DEFAULT_LEASE_MS = 15_000;
const POLL_MS = 500;
/** Starting a worker thread (and, from source, compiling it) is not part of the time limit. */
const STARTUP_ALLOWANCE_MS = 30_000;

function seconds(ms: number): string {
  const n = ms / 1000;
  return `${Number.isInteger(n) ? n : n.toFixed(1)} second${n === 1 ? '' : 's'}`;
}

export const JOB_TEXT = {
  timeLimit: (ms: number) =>
    `Processing this census took longer than the ${seconds(ms)} allowed, so it was stopped. Split the file into smaller files or save it as CSV, and upload it again.`,
  interrupted: 'Processing this census was interrupted several times, so it was stopped. Please upload the file again.',
  failed: 'We could not process this census file. Please check the file and upload it again, or e-mail it to us.',
} as const;

export interface RunnerOptions {
  store: CaseStore;
  dataDir: string;
  fileKey: Buffer;
  /** The key behind SSN pseudonyms, stored with the other keys (stable across restarts). */
  pseudonymKey: Buffer;
  workers: number;
  timeLimitMs: number;
  leaseMs?: number;
  log: FastifyBaseLogger;
  /** Runs inside the completing transaction (queue the notify mail there). */
  onCompleted?: (caseId: string) => void;
  /** Runs inside the failing transaction. */
  onFailed?: (caseId: string, message: string) => void;
}

export interface JobRunner {
  /** Look for work now (after an upload). */
  kick(): void;
  /**
   * Makes the clean XLSX of a completed case (or of one of its files) in the pool, under the same
   * time limit; resolves to null when written, or to the reason it failed.
   */
  exportFile(caseId: string, fileName: string | null, outName: string): Promise<string | null>;
  /** Resolves when no job is running and none is due (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

function workerFile(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { filename: new URL('./worker.ts', here).href, execArgv: ['--import', 'tsx'] };
  return { filename: new URL('./census-worker.mjs', here).href, execArgv: [] };
}

export function startJobRunner(opts: RunnerOptions): JobRunner {
  const { store, log } = opts;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const owner = randomBytes(12).toString('base64url');
  const { filename, execArgv } = workerFile();
  const pool = new Piscina({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads: opts.workers,
    idleTimeout: 60_000,
  });
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  const checkIdle = () => {
    if (active.size > 0) return;
    // Anything still due? (A claim that finds nothing leaves the queue untouched.)
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  async function removeResults(caseId: string, prefix: string): Promise<void> {
    const dir = caseDir(opts.dataDir, caseId);
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => rm(join(dir, n), { force: true })));
  }

  async function cleanup(caseId: string, resultKey: string): Promise<void> {
    const dir = caseDir(opts.dataDir, caseId);
    await removeResults(caseId, `${resultKey}-`);
    // A case deleted while it ran: the worker may have re-created its folder.
    if (!store.get(caseId, '')) await rm(dir, { recursive: true, force: true });
  }

  async function run(claim: Claim, controller: AbortController): Promise<void> {
    const { caseId, run } = claim;
    if (claim.attempts > MAX_ATTEMPTS) {
      store.fail(caseId, run, owner, JOB_TEXT.interrupted, null, () => opts.onFailed?.(caseId, JOB_TEXT.interrupted));
      return;
    }
    // Results of an earlier attempt that never committed (its server died) are worthless now.
    await removeResults(caseId, 'r');
    const files = store.files(caseId);
    const row = store.get(caseId, '');
    const resultKey = `r${run}a${claim.attempts}-${randomBytes(6).toString('base64url')}`;
    const { port1, port2 } = new MessageChannel();
    let reason: 'time' | 'lost' | null = null;
    let limitTimer: NodeJS.Timeout | undefined;
    const stop = (why: 'time' | 'lost') => {
      if (reason) return;
      reason = why;
      controller.abort();
    };
    const startTimer = setTimeout(() => stop('time'), opts.timeLimitMs + STARTUP_ALLOWANCE_MS);
    port1.on('message', (m: StageMessage) => {
      if (m === 'started') {
        clearTimeout(startTimer);
        limitTimer = setTimeout(() => stop('time'), opts.timeLimitMs);
        return;
      }
      if (!store.advance(caseId, run, owner, m)) stop('lost');
    });
    const heartbeat = setInterval(() => {
      if (!store.renew(caseId, run, owner, leaseMs)) stop('lost');
    }, Math.max(200, Math.floor(leaseMs / 3)));

    const task: Omit<CensusTask, 'port'> = {
      dir: caseDir(opts.dataDir, caseId),
      key: new Uint8Array(opts.fileKey),
      pseudonymKey: new Uint8Array(opts.pseudonymKey),
      files: files.map((f) => ({
        fileName: f.fileName,
        storedName: f.storedName,
        position: f.position,
        ...(f.password ? { password: openText(opts.fileKey, f.password, f.id) } : {}),
      })),
      asOf: row?.asOf ?? new Date().toISOString().slice(0, 10),
      smtpId: row?.smtpId ?? null,
      resultKey,
      maxBytes: CENSUS_UPLOAD.maxBytes,
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

    if (reason === 'time') {
      const message = JOB_TEXT.timeLimit(opts.timeLimitMs);
      log.warn({ caseId }, 'census job stopped at the time limit');
      store.fail(caseId, run, owner, message, null, () => opts.onFailed?.(caseId, message));
      await cleanup(caseId, resultKey);
      return;
    }
    if (reason === 'lost' || closed) {
      // Deleted, given a new file, or the server is shutting down: another attempt takes over.
      if (closed && reason !== 'lost') store.release(caseId, run, owner);
      await cleanup(caseId, resultKey);
      return;
    }
    if (error || !result) {
      log.error({ err: error, caseId }, 'census job failed');
      store.fail(caseId, run, owner, JOB_TEXT.failed, null, () => opts.onFailed?.(caseId, JOB_TEXT.failed));
      await cleanup(caseId, resultKey);
      return;
    }
    if (result.ok) {
      if (!store.complete(caseId, run, owner, resultKey, () => opts.onCompleted?.(caseId))) await cleanup(caseId, resultKey);
    } else {
      const { message, code } = result;
      store.fail(caseId, run, owner, message, code, () => opts.onFailed?.(caseId, message));
      await cleanup(caseId, resultKey);
    }
  }

  function pump(): void {
    while (!closed && active.size < opts.workers) {
      let claim: Claim | undefined;
      try {
        claim = store.claim(owner, leaseMs);
      } catch (err) {
        log.error({ err }, 'could not take a census job');
        return;
      }
      if (!claim) break;
      const controller = new AbortController();
      const id = claim.caseId;
      const done = run(claim, controller)
        .catch((err) => log.error({ err, caseId: id }, 'census job crashed'))
        .finally(() => {
          active.delete(id);
          pump();
        });
      active.set(id, { controller, done });
    }
    checkIdle();
  }

  const timer = setInterval(pump, POLL_MS);
  timer.unref();
  setImmediate(pump);

  async function exportFile(caseId: string, fileName: string | null, outName: string): Promise<string | null> {
    const row = store.get(caseId, '');
    if (!row) return JOB_TEXT.failed;
    const task: ExportTask = {
      dir: caseDir(opts.dataDir, caseId),
      key: new Uint8Array(opts.fileKey),
      pseudonymKey: new Uint8Array(opts.pseudonymKey),
      files: store.files(caseId).map((f) => ({
        fileName: f.fileName,
        storedName: f.storedName,
        position: f.position,
        ...(f.password ? { password: openText(opts.fileKey, f.password, f.id) } : {}),
      })),
      asOf: row.asOf,
      maxBytes: CENSUS_UPLOAD.maxBytes,
      fileName,
      outName,
    };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), opts.timeLimitMs + STARTUP_ALLOWANCE_MS);
    try {
      const r = (await pool.run(task, { name: 'exportTask', signal: controller.signal })) as { ok: boolean; message?: string };
      return r.ok ? null : (r.message ?? JOB_TEXT.failed);
    } catch (err) {
      log.error({ err, caseId }, 'census export failed');
      return controller.signal.aborted ? JOB_TEXT.timeLimit(opts.timeLimitMs) : JOB_TEXT.failed;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    exportFile,
    kick: () => setImmediate(pump),
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        pump();
      }),
    async close() {
      closed = true;
      clearInterval(timer);
      for (const { controller } of active.values()) controller.abort();
      await Promise.all([...active.values()].map((a) => a.done));
      await pool.destroy();
    },
  };
}
