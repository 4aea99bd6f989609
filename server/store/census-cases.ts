/**
 * Census cases, their files and the notify/help requests on them: the rows and the store's
 * interface. Its SQL, once for both databases: store/sql/census-cases.ts.
 *
 * The case row is the truth of a case's status. With SQLite it is also the job queue (CaseQueue): a
 * case whose status is not final is work to do, and a worker takes it by writing a lease (owner +
 * expiry) with a conditional UPDATE, so that a case whose worker died is taken again when its lease
 * runs out. Nothing about a case lives in process memory.
 *
 * Status only moves forward within a run (STATUS_RANK); every write names the run and the lease
 * owner, so a stale worker cannot overwrite a newer state. Adding a file to a case starts a new run.
 * Every method answers a Promise: the PostgreSQL store is asynchronous, and callers are the same
 * for both.
 */
import type { CensusErrorCode } from '../../shared/api/types';
import { CASE_STATUSES, OPEN_CASE_STATUSES, type CaseStatus } from '../../shared/census/status';

export type { CaseStatus };
/** A status's place in a run: its order in CASE_STATUSES, the two outcomes level. */
export const STATUS_RANK = Object.fromEntries(
  CASE_STATUSES.map((s, i) => [s, s === 'error' ? CASE_STATUSES.indexOf('completed') : i]),
) as Record<CaseStatus, number>;
export const OPEN_STATUSES: readonly CaseStatus[] = OPEN_CASE_STATUSES;

export type CaseSource = 'web' | 'email';
export type ContactKind = 'notify' | 'help';

export interface CaseRow {
  /**
   * The case's key in the store: a keyed hash of the case id (security/case-ref.ts), never the id
   * itself, which is a bearer secret. The service answers rows with the id the caller gave.
   */
  id: string;
  /** The case id, sealed (vault.sealText, the row's key as context): for the links mails carry. */
  sealedId: string | null;
  status: CaseStatus;
  message: string | null;
  code: CensusErrorCode | null;
  run: number;
  attempts: number;
  resultKey: string | null;
  asOf: string;
  source: CaseSource;
  /** For a case that came by e-mail: the sender, who gets the reply. */
  replyTo: string | null;
  /** For a case that came by e-mail: the message's Message-ID (the report's smtpId of its files). */
  smtpId: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface CaseFileRow {
  id: string;
  caseId: string;
  position: number;
  fileName: string;
  storedName: string;
  size: number;
  /** The file's password, sealed (vault.sealText); null when none was given. */
  password: string | null;
}

export interface NewFile {
  id: string;
  fileName: string;
  storedName: string;
  size: number;
  password: string | null;
}

export interface ContactRow {
  id: number;
  caseId: string;
  email: string;
  kind: ContactKind;
  mailedAt: string | null;
}

export interface Claim {
  caseId: string;
  run: number;
  attempts: number;
}

/** The job queue over cases: take a due case under a lease, keep the lease alive. */
export interface CaseQueue {
  /**
   * Takes the oldest due case under a lease. `fairShare`: a case whose client already runs that
   * many jobs comes after every other due case (taken only when no other client's case is due).
   */
  claim(owner: string, leaseMs: number, now?: Date, fairShare?: number): Promise<Claim | undefined>;
  /**
   * True when the case's client already runs `fairShare` jobs and another client's case waits
   * (a job queue that hands out jobs itself, pg-boss, then puts this one back for a while).
   */
  overFairShare(caseId: string, fairShare: number, now?: Date): Promise<boolean>;
  renew(caseId: string, run: number, owner: string, leaseMs: number, now?: Date): Promise<boolean>;
  /** Gives a case back untouched (a graceful shutdown): the next server takes it at once. */
  release(caseId: string, run: number, owner: string): Promise<boolean>;
}

export interface CaseStore extends CaseQueue {
  /** A new case with its files, in one transaction. */
  /** `asOf` (YYYY-MM-DD): the date ages and tenure are counted at; the day of `now` when not given. */
  /** `clientKey`: who sent it, as a keyed hash (security/client-key.ts), for fair sharing of the job threads. */
  create(
    c: { id: string; sealedId: string; source: CaseSource; replyTo?: string | null; smtpId?: string | null; asOf?: string; clientKey?: string | null },
    files: NewFile[],
    now?: Date,
  ): Promise<void>;
  /** Rows stored before case ids were hashed (no sealed id): their key is still the id itself. */
  legacyIds(limit?: number): Promise<string[]>;
  /**
   * Moves a legacy row, its files and contacts to its hashed key, with the id sealed; false when the
   * row is gone or another server moved it first.
   */
  rekey(oldId: string, newId: string, sealedId: string): Promise<boolean>;
  /**
   * Adds a file to a case created at or after notBefore and starts a new run of it; answers the name
   * the file got (made unique in the case) and the new run, or null when the case is unknown or expired.
   */
  addFile(caseId: string, file: NewFile, notBefore: string, now?: Date): Promise<{ fileName: string; run: number } | null>;
  /**
   * Takes a run for a job handed out by a job queue (pg-boss): the owner becomes the only writer of
   * the run (an earlier owner's writes fail from now on) and the attempt is counted. Undefined when
   * the run is over (completed, failed, or replaced by a newer run).
   */
  take(caseId: string, run: number, owner: string, now?: Date): Promise<Claim | undefined>;
  /**
   * Starts a new run of a case created at or after notBefore (its files unchanged: a new reading was
   * given); answers the new run, or null when the case is unknown or expired. The run in progress,
   * if any, loses its lease by the run number and its result is never stored.
   */
  rerun(caseId: string, notBefore: string, now?: Date, asOf?: string): Promise<number | null>;
  /** The case, unless unknown or created before notBefore (past its retention: what users may see). */
  get(id: string, notBefore: string): Promise<CaseRow | undefined>;
  /** The case whatever its age (the job runner, the sweep and the mail that follow a stored result). */
  getIgnoringExpiry(id: string): Promise<CaseRow | undefined>;
  files(caseId: string): Promise<CaseFileRow[]>;
  /** Moves a case forward (never back); false when the run or the lease is no longer ours. */
  advance(caseId: string, run: number, owner: string, status: CaseStatus, now?: Date): Promise<boolean>;
  /** Completes a run; false when the run or the lease is no longer ours. */
  /** notice: a sentence the status says beside 'completed' (no rows under the header), or null. */
  complete(caseId: string, run: number, owner: string, resultKey: string, now?: Date, notice?: string | null): Promise<boolean>;
  /** Fails a run with a message; owner null fails it whoever holds it. */
  fail(caseId: string, run: number, owner: string | null, message: string, code?: CensusErrorCode | null, now?: Date): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /** Ids of cases created before the cut-off (to be deleted with their files). */
  expiredIds(before: string, limit?: number): Promise<string[]>;
  addContact(caseId: string, email: string, kind: ContactKind, now?: Date): Promise<ContactRow | undefined>;
  contacts(caseId: string): Promise<ContactRow[]>;
  markContactMailed(id: number, now?: Date): Promise<boolean>;
}

/** A file name not yet used in the case: "a.csv", then "a (2).csv", "a (3).csv", ... */
export function uniqueName(existing: Set<string>, name: string): string {
  if (!existing.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let k = 2; ; k++) {
    const candidate = `${stem} (${k})${ext}`;
    if (!existing.has(candidate)) return candidate;
  }
}
