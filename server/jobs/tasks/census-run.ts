/**
 * The census run task: one delivery of a case run, from the case's files to its stored outcome.
 * The files are decrypted for a worker thread (jobs/worker.ts, which sees no store); each engine
 * stage the thread reports is stored as the case status (forward only, named by the run and the
 * delivery's owner, so a stale delivery cannot overwrite a newer state); the outcome is stored in
 * one transaction with the mail it causes (mail/census-result-mail.ts, read from the stored row). The
 * report is written under an attempt-specific key first and only the delivery that commits
 * references it, so a case completes - and mails - exactly once.
 *
 * It answers 'handed-back' when the worker stopped it (the queue retries it), else 'done'. It never
 * calls the queue or the service: what follows from its work follows from what it stored.
 */
import { randomBytes } from 'node:crypto';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Piscina } from 'piscina';
import type { CensusErrorCode } from '../../../shared/api/types';
import { CENSUS_UPLOAD } from '../../../shared/constants';
import { loadReading } from '../../store/stored-reading';
import { membersName, reportName } from '../../store/result-files';
import type { CensusTask, CensusTaskResult, StageMessage } from '../worker';
import type { DataStore } from '../../store/database';
import type { FileStore } from '../../store/files';
import { MESSAGES } from '../../../shared/messages';
import { JOB_TEXT, isOutOfMemory, STARTUP_ALLOWANCE_MS } from '../job-text';
import { MAX_ATTEMPTS, type Job, type JobEnd, type JobSignals } from '../queue';
import { censusMail, type MailHelpers } from '../../mail/census-result-mail';
import { taskFiles } from '../task-files';

export interface RunHelpers {
  pool: Piscina;
  data: DataStore;
  files: FileStore;
  fileKey: Buffer;
  /** The key behind SSN pseudonyms, stored with the other keys (stable across restarts). */
  pseudonymKey: Buffer;
  /** The hard time limit, read as the run starts (a change applies from the next run on). */
  timeLimitMs: () => number;
  /** The heap limit of one job thread, in MB (for the message of a job stopped by it). */
  memoryMb: number;
  mail: MailHelpers;
  log: FastifyBaseLogger;
}

type Outcome = { resultKey: string; notice: string | null } | { message: string; code: CensusErrorCode | null };

export async function censusRun(h: RunHelpers, job: Job, signals: JobSignals): Promise<JobEnd> {
  const { data, files, log } = h;
  const { caseId, run, owner } = job;
  /** Stores the outcome and the mail it causes, in one transaction; false when the run is no longer ours. */
  const store = (outcome: Outcome) =>
    data.transaction(async (tx) => {
      const ok = 'resultKey' in outcome
        ? await tx.cases.complete(caseId, run, owner, outcome.resultKey, undefined, outcome.notice)
        : await tx.cases.fail(caseId, run, owner, outcome.message, outcome.code);
      if (ok) await censusMail(h.mail, tx, caseId);
      return ok;
    });

  if (job.attempts > MAX_ATTEMPTS) {
    await store({ message: JOB_TEXT.interrupted, code: null });
    return 'done';
  }
  // Results of an earlier attempt that never committed (its server died) are worthless now.
  await files.removePrefix(caseId, 'r');
  const row = await data.cases.getIgnoringExpiry(caseId);
  const inputs = await taskFiles(files, h.fileKey, caseId, await data.cases.files(caseId));
  const resultKey = `r${run}a${job.attempts}-${randomBytes(6).toString('base64url')}`;

  const controller = new AbortController();
  let reason: 'time' | 'lost' | 'closing' | null = null;
  const stop = (why: NonNullable<typeof reason>) => {
    if (reason) return;
    reason = why;
    controller.abort();
  };
  const onLost = () => stop('lost');
  const onClosing = () => stop('closing');
  signals.lost.addEventListener('abort', onLost);
  signals.closing.addEventListener('abort', onClosing);
  if (signals.closing.aborted) onClosing();

  const { port1, port2 } = new MessageChannel();
  const timeLimitMs = h.timeLimitMs();
  let limitTimer: NodeJS.Timeout | undefined;
  const startTimer = setTimeout(() => stop('time'), timeLimitMs + STARTUP_ALLOWANCE_MS);
  // Status steps are stored one after the other, in the order the worker reached them.
  let steps: Promise<void> = Promise.resolve();
  port1.on('message', (m: StageMessage) => {
    if (m === 'started') {
      clearTimeout(startTimer);
      limitTimer = setTimeout(() => stop('time'), timeLimitMs);
      return;
    }
    steps = steps
      .then(async () => {
        if (!(await data.cases.advance(caseId, run, owner, m))) stop('lost');
      })
      .catch((err) => log.error({ err, caseId }, 'could not store a census status'));
  });

  const task: Omit<CensusTask, 'port'> = {
    pseudonymKey: new Uint8Array(h.pseudonymKey),
    files: inputs,
    asOf: row?.asOf ?? new Date().toISOString().slice(0, 10),
    smtpId: row?.smtpId ?? null,
    maxBytes: CENSUS_UPLOAD.maxBytes,
    reading: await loadReading(files, caseId),
  };
  let result: CensusTaskResult | null = null;
  let error: unknown = null;
  try {
    result = (await h.pool.run({ ...task, port: port2 }, { signal: controller.signal, transferList: [port2] })) as CensusTaskResult;
  } catch (err) {
    error = err;
  } finally {
    clearTimeout(startTimer);
    clearTimeout(limitTimer);
    signals.lost.removeEventListener('abort', onLost);
    signals.closing.removeEventListener('abort', onClosing);
    port1.close();
  }
  await steps;

  if (reason === 'time') {
    log.warn({ caseId }, 'census job stopped at the time limit');
    await store({ message: JOB_TEXT.timeLimit(timeLimitMs), code: null });
    return 'done';
  }
  if (reason === 'lost') return 'done'; // deleted, given a new file, or taken by another worker
  // The worker is shutting down: the run goes back untouched; the next worker takes it at once.
  if (signals.closing.aborted && (error || !result)) return 'handed-back';
  if (isOutOfMemory(error)) {
    log.warn({ caseId, memoryMb: h.memoryMb }, 'census job stopped at the memory limit');
    await store({ message: JOB_TEXT.memory(h.memoryMb), code: null });
    return 'done';
  }
  if (error || !result) {
    log.error({ err: error, caseId }, 'census job failed');
    await store({ message: JOB_TEXT.failed, code: null });
    return 'done';
  }
  if (!result.ok) {
    await store({ message: result.message, code: result.code });
    return 'done';
  }
  // The report is stored under this attempt's key first; only the attempt that commits is referenced.
  await files.write(caseId, reportName(resultKey), result.reports);
  // The member table as 'Members (N)' first asks for it, made with the report (case-reports.ts members).
  if (result.members) await files.write(caseId, membersName(resultKey, 'all'), result.members);
  if (!(await store({ resultKey, notice: result.noRows ? MESSAGES.census.noRows : null }))) {
    await files.removePrefix(caseId, `${resultKey}-`);
    // A case deleted while it ran: its result may have been written after the delete.
    if (!(await data.cases.getIgnoringExpiry(caseId))) await files.removeCase(caseId);
  }
  return 'done';
}
