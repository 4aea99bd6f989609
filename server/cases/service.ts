/**
 * The census cases as the routes and the mail intake use them, made of one part per job:
 * case-intake.ts (files in, a new case, a file added), case-lifecycle.ts (reading, a reading given,
 * notify/help requests, deletion), case-reports.ts (reports, exports, their signed links),
 * case-expiry.ts (retention, moving cases to hashed ids), and the job runner (jobs/runner.ts: the
 * queue, the threads and the tasks). What they share is case-deps.ts; the mail a finished run causes
 * is composed by mail/census-result-mail.ts.
 *
 * Mail a case causes is queued in the outbox in the same transaction as the state change that causes
 * it (completion, failure, a notify request on a completed case), with a dedupe key, so it is queued
 * exactly once whatever crashes when.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CensusErrorCode } from '../../shared/api/types';
import type { Config } from '../config';
import type { JobQueue } from '../jobs/queue';
import { startJobRunner, type JobRunner } from '../jobs/runner';
import type { MailQueue } from '../mail/queue';
import type { CaseRef } from '../security/case-ref';
import type { ClientKey } from '../security/client-key';
import type { CaseRow, CaseSource, ContactKind } from '../store/census-cases';
import type { DataStore } from '../store/database';
import type { FileStore, IncomingFile } from '../store/files';
import { caseDeps } from './case-deps';
import { createCaseExpiry } from './case-expiry';
import { createCaseIntake, type StoredFile } from './case-intake';
import { createCaseLifecycle } from './case-lifecycle';
import { createCaseReports } from './case-reports';
import type { StoredReading } from '../store/stored-reading';

export type { IncomingFile, StoredFile };
export { CASE_ID_PATTERN, isCaseId, newCaseId } from './case-id';
export { downloadName, EXPORT_LINK_TTL_MS } from './case-reports';

export interface CensusService {
  readonly runner: JobRunner;
  /** A new encrypted file under a generated name (not part of a case until createCase/addFile). */
  incoming(): Promise<IncomingFile>;
  /**
   * Opens a case with stored incoming files; answers its id. `opts.caseId`: a reserved id, for the
   * sample case only; `opts.reading`: a reading sent with the upload (saved in the visitor's browser);
   * `opts.asOf`: the effective date ages and tenure are counted at (YYYY-MM-DD; else today);
   * `opts.client`: who sent it (security/client-key.ts webClient/mailClient), stored only hashed;
   * `opts.keepSsn`: keep full SSNs for carrier files (store/case-options.ts).
   */
  createCase(
    files: StoredFile | StoredFile[],
    source: CaseSource,
    from?: { replyTo: string | null; smtpId: string | null },
    opts?: { caseId?: string; reading?: StoredReading; asOf?: string; client?: string; keepSsn?: boolean },
  ): Promise<string>;
  /**
   * Stores a reading given from outside and processes the case again with it (an empty reading: the
   * automatic one). Readings of one case are applied in the order they came to this server, so the
   * newest wins. `asOf` also moves the case's effective date; without `reading` (undefined) the
   * stored reading is kept and only the date changes. `keepSsn` (true or false) stores the case's
   * choice of full SSNs for carrier files (store/case-options.ts); undefined keeps it. Answers the case's new status, or null when
   * the case is unknown or expired.
   */
  setReading(caseId: string, reading: StoredReading | undefined, asOf?: string, keepSsn?: boolean): Promise<CaseRow['status'] | null>;
  /** Whether the case keeps full SSNs for carrier files (its stored options; the report says so). */
  keepsSsn(c: CaseRow): Promise<boolean>;
  /** Adds a stored incoming file to a live case (a new run); null when the case is unknown or expired. */
  addFile(caseId: string, file: StoredFile): Promise<string | null>;
  discard(file: IncomingFile): Promise<void>;
  /** The case as users may see it: undefined when unknown, malformed or past its retention. */
  get(caseId: string): Promise<CaseRow | undefined>;
  contact(caseId: string, email: string, kind: ContactKind): Promise<boolean>;
  report(c: CaseRow, fileName?: string): Promise<unknown | undefined>;
  /**
   * A signed link to the clean export (made first when it does not exist yet); undefined when the
   * case has no such file, {error} when the export could not be made.
   */
  exportUrl(c: CaseRow, fileName?: string, target?: string): Promise<{ url: string } | { error: string } | undefined>;
  readExport(token: unknown): Promise<{ bytes: Buffer; downloadName: string; contentType: string } | undefined>;
  /**
   * The readiness of every export target for the case (or one of its files), made in the pool when
   * first asked for; undefined when the case has no such file, {error} when it could not be made.
   */
  readiness(c: CaseRow, fileName?: string): Promise<{ readiness: unknown[] } | { error: string } | undefined>;
  /**
   * The member table (issue 28; shared/census/members.ts) as the stored answer `{data: table}`, gzipped,
   * made in the pool when first asked for (with a target's readiness when given); undefined / {error} as readiness.
   */
  members(c: CaseRow, fileName?: string, target?: string): Promise<{ gzip: Buffer } | { error: string } | undefined>;
  /** False when unknown, expired, or the sample case (which only sample.ts may replace: `opts.sample`). */
  delete(caseId: string, opts?: { sample?: boolean }): Promise<boolean>;
  /** Deletes expired cases and their files, and files left by an interrupted upload. */
  sweep(now?: Date): Promise<number>;
  /**
   * Moves cases stored before ids were hashed to their hashed key (row, files, contacts, job); run
   * once at start-up. Answers how many it moved.
   */
  rekeyLegacy(): Promise<number>;
  close(): Promise<void>;
}

export function createCensusService(opts: {
  config: Config;
  data: DataStore;
  files: FileStore;
  /** The job queue (jobs/queue.ts): whichever backend app.ts opened. */
  queue: JobQueue;
  mail: MailQueue;
  fileKey: Buffer;
  /** The key behind SSN pseudonyms (see server/census/text.ts). */
  pseudonymKey: Buffer;
  linkKey: Buffer;
  /** A case's key at rest (security/case-ref.ts): every store and file call names the case by it. */
  caseRef: CaseRef;
  /** Who sent a case, hashed for fair sharing of the job threads (security/client-key.ts). */
  clientKey: ClientKey;
  /** False in an api process: no census jobs here (exports are still made when asked for). */
  takesJobs?: boolean;
  /** False in a worker process: no HTTP or SMTP to keep responsive, so jobs run at normal priority. */
  servesRequests?: boolean;
  log: FastifyBaseLogger;
}): CensusService {
  const { config, data, files, fileKey, log } = opts;
  const d = caseDeps({ config, data, files, queue: opts.queue, mail: opts.mail, fileKey, log, ref: opts.caseRef, clientKey: opts.clientKey });
  const runner = startJobRunner({
    queue: opts.queue,
    data,
    files,
    fileKey,
    pseudonymKey: opts.pseudonymKey,
    workers: config.census.workers,
    memoryMb: config.census.memoryMb,
    // Read at the start of each run, from the live config (see RunnerOptions.timeLimitMs).
    timeLimitMs: () => config.census.timeLimitMs,
    takesJobs: opts.takesJobs,
    servesRequests: opts.servesRequests,
    mail: d.mailHelpers,
    log,
  });
  return {
    runner,
    ...createCaseIntake(d, runner),
    ...createCaseLifecycle(d, runner),
    ...createCaseReports(d, runner, opts.linkKey),
    ...createCaseExpiry(d),
    async close() {
      await runner.close();
    },
  };
}

export type { CensusErrorCode };
