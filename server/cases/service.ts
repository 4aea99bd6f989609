/**
 * The census cases as the routes and the mail intake use them: store an incoming file encrypted,
 * open a case or add the file to one, record notify/help requests, read reports and exports, issue
 * short-lived export links, delete, and expire cases after RETENTION_DAYS.
 *
 * Mail a case causes is queued in the outbox in the same transaction as the state change that causes
 * it (completion, failure, a notify request on a completed case), with a dedupe key, so it is queued
 * exactly once whatever crashes when.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CensusErrorCode } from '../../shared/api/types';
import type { Config } from '../config';
import type { MailQueue } from '../mail/queue';
import { censusFailedMail, censusHelpMail, censusReadyMail, mailReason } from '../mail/templates/census';
import type { CaseRow, CaseSource, ContactKind } from '../store/census-cases';
import type { DataStore, Stores } from '../store/database';
import type { FileStore, IncomingFile } from '../store/files';
import { createLinkSigner, type LinkSigner } from './export-links';
import { startJobRunner, type JobRunner } from './runner';
import type { CaseRef } from '../security/case-ref';
import { openText, sealText } from '../security/vault';
import { isEmptyReading, saveReading, type StoredReading } from './reading';
import { exportName, reportName, type StoredReports } from './result-files';
import { isSampleCase, SAMPLE_CASE } from './sample-id';

export type { IncomingFile };
const DAY_MS = 86_400_000;

/** 128 random bits, base64url (22 characters). */
export function newCaseId(): string {
  return randomBytes(16).toString('base64url');
}
export const CASE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export function isCaseId(value: unknown): value is string {
  return typeof value === 'string' && CASE_ID_PATTERN.test(value);
}

export interface CensusService {
  readonly runner: JobRunner;
  /** A new encrypted file under a generated name (not part of a case until createCase/addFile). */
  incoming(): Promise<IncomingFile>;
  /**
   * Opens a case with stored incoming files; answers its id. `opts.caseId`: a reserved id, for the
   * sample case only; `opts.reading`: a reading sent with the upload (saved in the visitor's browser).
   */
  createCase(
    files: StoredFile | StoredFile[],
    source: CaseSource,
    from?: { replyTo: string | null; smtpId: string | null },
    opts?: { caseId?: string; reading?: StoredReading },
  ): Promise<string>;
  /**
   * Stores a reading given from outside and processes the case again with it (an empty reading: the
   * automatic one). Readings of one case are applied in the order they came to this server, so the
   * newest wins. Answers the case's new status, or null when the case is unknown or expired.
   */
  setReading(caseId: string, reading: StoredReading): Promise<CaseRow['status'] | null>;
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
  exportUrl(c: CaseRow, fileName?: string): Promise<{ url: string } | { error: string } | undefined>;
  readExport(token: unknown): Promise<{ bytes: Buffer; downloadName: string } | undefined>;
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

export interface StoredFile {
  incoming: IncomingFile;
  fileName: string;
  size: number;
  password?: string | null;
}

export const EXPORT_LINK_TTL_MS = 10 * 60_000;

/** A file name that is safe in a Content-Disposition header and on any file system. */
export function downloadName(fileName: string | null): string {
  const base = (fileName ?? 'census').replace(/\.[^.]*$/, '');
  const safe = base.normalize('NFKD').replace(/[^A-Za-z0-9 ._-]+/g, '').replace(/\s+/g, '-').replace(/^[.-]+/, '').slice(0, 80);
  return `${safe || 'census'}-clean.xlsx`;
}

export function createCensusService(opts: {
  config: Config;
  data: DataStore;
  files: FileStore;
  mail: MailQueue;
  fileKey: Buffer;
  /** The key behind SSN pseudonyms (see server/census/text.ts). */
  pseudonymKey: Buffer;
  linkKey: Buffer;
  /** A case's key at rest (security/case-ref.ts): every store and file call names the case by it. */
  caseRef: CaseRef;
  /** False in an api process: no census jobs here (exports are still made when asked for). */
  takesJobs?: boolean;
  /** False in a worker process: no HTTP or SMTP to keep responsive, so jobs run at normal priority. */
  servesRequests?: boolean;
  log: FastifyBaseLogger;
}): CensusService {
  const { config, data, files, fileKey, log } = opts;
  // Below this line a case is named by its key at rest (`ref`); only what callers see carries the id.
  const ref = opts.caseRef;
  const sampleRef = ref(SAMPLE_CASE.id);
  const cases = data.cases;
  const links: LinkSigner = createLinkSigner(opts.linkKey, EXPORT_LINK_TTL_MS);
  const cutoff = (now = new Date()) => new Date(now.getTime() - config.retentionDays * DAY_MS).toISOString();
  /** Reads a live case, answered with the id the caller named; the sample case (sample.ts) never expires. */
  const live = async (store: Pick<Stores['cases'], 'get' | 'getIgnoringExpiry'>, caseId: string): Promise<CaseRow | undefined> => {
    const row = await (isSampleCase(caseId) ? store.getIgnoringExpiry(ref(caseId)) : store.get(ref(caseId), cutoff()));
    return row && { ...row, id: caseId };
  };
  /** The case id a stored row was made for (its sealed copy), for the links a mail carries. */
  const idOf = (row: CaseRow): string | null => (row.sealedId ? openText(fileKey, row.sealedId, row.id) : null);
  /** Exports being made in this process (a cache of promises only: nothing another server needs). */
  const exporting = new Map<string, Promise<string | null>>();
  /** Readings being applied, per case (a cache of promises only). */
  const readingQueue = new Map<string, Promise<CaseRow['status'] | null>>();

  /**
   * The mail a finished run causes (its notify requests, the reply to an e-mailed census), queued in
   * the transaction `tx` that stored the result or the request. Dedupe keys make it once per run.
   */
  async function mailNotify(tx: Stores, caseRefId: string, caseId: string, c: CaseRow): Promise<void> {
    // Notify addresses and e-mail senders are unverified: the reason goes without user-written names.
    const reason = c.status === 'completed' ? '' : mailReason(c, (await tx.cases.files(caseRefId)).length);
    for (const contact of await tx.cases.contacts(caseRefId)) {
      if (contact.kind !== 'notify' || contact.mailedAt) continue;
      const mail = c.status === 'completed'
        ? censusReadyMail(contact.email, config.publicUrl, caseId, config.retentionDays)
        : censusFailedMail(contact.email, reason, config.publicUrl, caseId);
      await opts.mail.queue(mail, `case:${caseRefId}:run:${c.run}:notify:${contact.id}`, tx);
      await tx.cases.markContactMailed(contact.id);
    }
    if (c.source === 'email' && c.replyTo) {
      const mail = c.status === 'completed'
        ? censusReadyMail(c.replyTo, config.publicUrl, caseId, config.retentionDays)
        : censusFailedMail(c.replyTo, reason, config.publicUrl, caseId);
      await opts.mail.queue(mail, `case:${caseRefId}:run:${c.run}:reply`, tx);
    }
  }

  const runner = startJobRunner({
    data,
    files,
    dataDir: config.dataDir,
    fileKey,
    pseudonymKey: opts.pseudonymKey,
    workers: config.census.workers,
    // Read at the start of each run, from the live config (see RunnerOptions.timeLimitMs).
    timeLimitMs: () => config.census.timeLimitMs,
    leaseMs: config.census.leaseMs,
    takesJobs: opts.takesJobs,
    servesRequests: opts.servesRequests,
    log,
    // The run's result is stored; what follows from it is queued in the same transaction.
    afterResult: async (tx, caseRefId) => {
      const c = await tx.cases.getIgnoringExpiry(caseRefId);
      const caseId = c && idOf(c);
      if (c && caseId) await mailNotify(tx, caseRefId, caseId, c);
    },
  });

  const newFileRow = (file: StoredFile) => {
    const id = randomBytes(12).toString('base64url');
    return {
      id,
      fileName: file.fileName,
      storedName: file.incoming.storedName,
      size: file.size,
      password: file.password ? sealText(fileKey, file.password, id) : null,
    };
  };

  return {
    runner,
    incoming: () => files.incoming(),
    async createCase(fileOrFiles, source, from, opts) {
      const list = Array.isArray(fileOrFiles) ? fileOrFiles : [fileOrFiles];
      const caseId = opts?.caseId ?? newCaseId();
      const key = ref(caseId);
      try {
        await files.place(key, list.map((f) => f.incoming));
        // Before the row: the first run must find it.
        const reading = opts?.reading;
        if (reading && !isEmptyReading(reading.reading)) await saveReading(files, key, reading);
        // The row and its job (with PostgreSQL) commit together: a case is never stored without work queued.
        await data.transaction(async (tx) => {
          const row = { id: key, sealedId: sealText(fileKey, caseId, key), source, replyTo: from?.replyTo ?? null, smtpId: from?.smtpId ?? null };
          await tx.cases.create(row, list.map(newFileRow));
          await tx.caseJobs.enqueue(key, 1);
        });
      } catch (err) {
        // A reserved id may already have files (another server made the sample first): remove only ours.
        if (opts?.caseId) for (const f of list) await files.removePrefix(key, f.incoming.storedName);
        else await files.removeCase(key);
        throw err;
      }
      runner.kick();
      return caseId;
    },
    async addFile(caseId, file) {
      const key = ref(caseId);
      if (!(await cases.get(key, cutoff()))) {
        await file.incoming.discard();
        return null;
      }
      await files.place(key, [file.incoming]);
      const added = await data.transaction(async (tx) => {
        const a = await tx.cases.addFile(key, newFileRow(file), cutoff());
        if (a) await tx.caseJobs.enqueue(key, a.run);
        return a;
      });
      if (added === null) await files.removePrefix(key, file.incoming.storedName);
      else runner.kick();
      return added?.fileName ?? null;
    },
    setReading(caseId, reading) {
      // One after the other per case (in this process): the last one written is the last one run.
      const previous = readingQueue.get(caseId) ?? Promise.resolve();
      const key = ref(caseId);
      const mine = previous.catch(() => undefined).then(async () => {
        if (!(await cases.get(key, cutoff()))) return null;
        await saveReading(files, key, reading);
        // The new run and its job (with PostgreSQL) commit together.
        const run = await data.transaction(async (tx) => {
          const r = await tx.cases.rerun(key, cutoff());
          if (r !== null) await tx.caseJobs.enqueue(key, r);
          return r;
        });
        if (run === null) {
          // Deleted between the check and the save: the reading just written would be left behind
          // (the folder made again) until the orphan sweep an hour later.
          if (!(await cases.getIgnoringExpiry(key))) await files.removeCase(key);
          return null;
        }
        runner.kick();
        return (await cases.get(key, cutoff()))?.status ?? null;
      });
      readingQueue.set(caseId, mine);
      void mine.finally(() => {
        if (readingQueue.get(caseId) === mine) readingQueue.delete(caseId);
      }).catch(() => undefined);
      return mine;
    },
    discard: (file) => file.discard(),
    async get(caseId) {
      return isCaseId(caseId) ? live(cases, caseId) : undefined;
    },
    contact(caseId, email, kind) {
      return data.transaction(async (tx) => {
        const c = await live(tx.cases, caseId);
        if (!c) return false;
        const key = ref(caseId);
        const row = await tx.cases.addContact(key, email, kind);
        if (!row || row.mailedAt) return true;
        if (kind === 'help') {
          await opts.mail.queue(censusHelpMail(email, config.publicUrl, caseId, c.status), `case:${key}:help:${email.toLowerCase()}`, tx);
          await tx.cases.markContactMailed(row.id);
        } else if (c.status === 'completed' || c.status === 'error') {
          await mailNotify(tx, key, caseId, c);
        }
        return true;
      });
    },
    async report(c, fileName) {
      if (!c.resultKey) return undefined;
      const stored = JSON.parse((await files.read(ref(c.id), reportName(c.resultKey))).toString('utf8')) as StoredReports;
      if (fileName === undefined) return stored.whole;
      return Object.prototype.hasOwnProperty.call(stored.files, fileName) ? stored.files[fileName] : undefined;
    },
    async exportUrl(c, fileName) {
      if (!c.resultKey) return undefined;
      const key = ref(c.id);
      const caseFiles = await cases.files(key);
      let part: number | 'all' = 'all';
      let name: string | null = null;
      if (fileName !== undefined) {
        const f = caseFiles.find((x) => x.fileName === fileName);
        if (!f) return undefined;
        part = f.position;
        name = f.fileName;
      }
      // A case of one file: that file's export is the case's.
      if (caseFiles.length === 1) {
        part = 'all';
        name = null;
      }
      const out = exportName(c.resultKey, part);
      if (!(await files.exists(key, out))) {
        // One export at a time per file; a second request waits for the first.
        const pendingKey = `${key}/${out}`;
        let pending = exporting.get(pendingKey);
        if (!pending) {
          pending = runner.exportFile(key, name, out).finally(() => exporting.delete(pendingKey));
          exporting.set(pendingKey, pending);
        }
        const failure = await pending;
        if (failure) return { error: failure };
      }
      return { url: `${config.publicUrl}/main/case/file?token=${links.sign({ c: c.id, k: c.resultKey, p: part })}` };
    },
    async readExport(token) {
      const p = links.verify(token);
      if (!p) return undefined;
      const c = await live(cases, p.c);
      if (!c || c.resultKey !== p.k) return undefined;
      const key = ref(c.id);
      const caseFiles = await cases.files(key);
      const name = p.p === 'all' ? null : caseFiles.find((f) => f.position === p.p)?.fileName;
      if (name === undefined) return undefined;
      try {
        const bytes = await files.read(key, exportName(p.k, p.p));
        return { bytes, downloadName: downloadName(name ?? (caseFiles.length === 1 ? caseFiles[0].fileName : null)) };
      } catch {
        return undefined;
      }
    },
    async delete(caseId, opts) {
      if (isSampleCase(caseId) && !opts?.sample) return false;
      if (!isCaseId(caseId) || !(await live(cases, caseId))) return false;
      await cases.delete(ref(caseId));
      await files.removeCase(ref(caseId));
      return true;
    },
    async sweep(now = new Date()) {
      let n = 0;
      for (;;) {
        // The sample case never expires (it is made once, of fictional people).
        const ids = (await cases.expiredIds(cutoff(now))).filter((id) => id !== sampleRef && !isSampleCase(id));
        if (ids.length === 0) break;
        for (const id of ids) {
          await cases.delete(id);
          await files.removeCase(id);
          n++;
        }
      }
      await files.sweepOrphans(now, async (id) => (await cases.getIgnoringExpiry(id)) !== undefined);
      return n;
    },
    async close() {
      await runner.close();
    },
    async rekeyLegacy() {
      let n = 0;
      const tried = new Set<string>();
      for (;;) {
        // A row that could not be moved (another server moves it) is not tried again in this loop.
        const ids = (await cases.legacyIds()).filter((id) => !tried.has(id));
        if (ids.length === 0) return n;
        for (const oldId of ids) {
          tried.add(oldId);
          const key = ref(oldId);
          // Files first: a row that points at its new key always finds them there.
          await files.moveCase(oldId, key);
          const moved = await data.transaction(async (tx) => {
            if (!(await tx.cases.rekey(oldId, key, sealText(fileKey, oldId, key)))) return false;
            // A run still to do: its job (with PostgreSQL) was queued under the old key.
            const c = await tx.cases.getIgnoringExpiry(key);
            if (c && c.status !== 'completed' && c.status !== 'error') await tx.caseJobs.enqueue(key, c.run);
            return true;
          });
          if (moved) n++;
        }
      }
    },
  };
}

export type { CensusErrorCode };
