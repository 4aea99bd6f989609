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
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { CensusErrorCode } from '../../shared/api/types';
import type { Config } from '../config';
import type { MailMessage } from '../mail/mailer';
import type { MailQueue } from '../mail/queue';
import { censusFailedMail, censusHelpMail, censusReadyMail } from '../mail/templates/census';
import type { CaseRow, CaseSource, CaseStore, ContactKind } from '../store/census-cases';
import { createLinkSigner, type LinkSigner } from './export-links';
import { startJobRunner, type JobRunner } from './runner';
import { caseDir, createSealedWriter, fsyncDir, generatedName, readSealed, sealText, type SealedWriter } from './vault';
import { exportName, reportName, type StoredReports } from './result-files';
import { isSampleCase } from './sample-id';

export const INCOMING_DIR = 'incoming';
const DAY_MS = 86_400_000;

/** 128 random bits, base64url (22 characters). */
export function newCaseId(): string {
  return randomBytes(16).toString('base64url');
}
export const CASE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export function isCaseId(value: unknown): value is string {
  return typeof value === 'string' && CASE_ID_PATTERN.test(value);
}

export interface IncomingFile {
  writer: SealedWriter;
  storedName: string;
}

export interface CensusService {
  readonly runner: JobRunner;
  /** A new encrypted file under a generated name (DATA_DIR/incoming until it joins a case). */
  incoming(): Promise<IncomingFile>;
  /** Opens a case with stored incoming files; answers its id (`opts.caseId`: a reserved id, for the sample case only). */
  createCase(files: StoredFile | StoredFile[], source: CaseSource, from?: { replyTo: string | null; smtpId: string | null }, opts?: { caseId?: string }): Promise<string>;
  /** Adds a stored incoming file to a live case (a new run); null when the case is unknown or expired. */
  addFile(caseId: string, file: StoredFile): Promise<string | null>;
  discard(file: IncomingFile): Promise<void>;
  get(caseId: string): CaseRow | undefined;
  contact(caseId: string, email: string, kind: ContactKind): boolean;
  report(c: CaseRow, fileName?: string): Promise<unknown | undefined>;
  /**
   * A signed link to the clean export (made first when it does not exist yet); undefined when the
   * case has no such file, {error} when the export could not be made.
   */
  exportUrl(c: CaseRow, fileName?: string): Promise<{ url: string } | { error: string } | undefined>;
  readExport(token: unknown): Promise<{ bytes: Buffer; downloadName: string } | undefined>;
  /** False when unknown, expired, or the sample case (which only sample.ts may replace: `opts.sample`). */
  delete(caseId: string, opts?: { sample?: boolean }): Promise<boolean>;
  /** Deletes expired cases and their files, and folders left by an interrupted upload. */
  sweep(now?: Date): Promise<number>;
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
  store: CaseStore;
  mail: MailQueue;
  fileKey: Buffer;
  /** The key behind SSN pseudonyms (see server/census/text.ts). */
  pseudonymKey: Buffer;
  linkKey: Buffer;
  log: FastifyBaseLogger;
}): CensusService {
  const { config, store, fileKey, log } = opts;
  const links: LinkSigner = createLinkSigner(opts.linkKey, EXPORT_LINK_TTL_MS);
  const cutoff = (now = new Date()) => new Date(now.getTime() - config.retentionDays * DAY_MS).toISOString();
  /** The retention cut-off for reading a case: none for the sample case, which never expires. */
  const notBefore = (caseId: string) => (isSampleCase(caseId) ? '' : cutoff());
  const incomingDir = join(config.dataDir, INCOMING_DIR);
  /** Exports being made in this process (a cache of promises only: nothing another server needs). */
  const exporting = new Map<string, Promise<string | null>>();

  const queueMail = (message: MailMessage, dedupeKey: string) => opts.mail.queue(message, dedupeKey);

  function mailNotify(caseId: string, c: CaseRow): void {
    for (const contact of store.contacts(caseId)) {
      if (contact.kind !== 'notify' || contact.mailedAt) continue;
      const mail = c.status === 'completed'
        ? censusReadyMail(contact.email, config.publicUrl, caseId, config.retentionDays)
        : censusFailedMail(contact.email, c.message ?? '');
      queueMail(mail, `case:${caseId}:run:${c.run}:notify:${contact.id}`);
      store.markContactMailed(contact.id);
    }
    if (c.source === 'email' && c.replyTo) {
      const mail = c.status === 'completed'
        ? censusReadyMail(c.replyTo, config.publicUrl, caseId, config.retentionDays)
        : censusFailedMail(c.replyTo, c.message ?? '');
      queueMail(mail, `case:${caseId}:run:${c.run}:reply`);
    }
  }

  const onFinished = (caseId: string) => {
    const c = store.get(caseId, '');
    if (c) mailNotify(caseId, c);
  };

  const runner = startJobRunner({
    store,
    dataDir: config.dataDir,
    fileKey,
    pseudonymKey: opts.pseudonymKey,
    workers: config.census.workers,
    timeLimitMs: config.census.timeLimitMs,
    leaseMs: config.census.leaseMs,
    log,
    onCompleted: onFinished,
    onFailed: onFinished,
  });

  async function place(caseId: string, file: StoredFile): Promise<void> {
    const dir = caseDir(config.dataDir, caseId);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Same file system: an atomic move; the name (the cipher's additional data) stays the same.
    await rename(file.incoming.writer.path, join(dir, file.incoming.storedName));
    // The move is part of "stored durably": flush the case folder before the row points at it.
    await fsyncDir(dir);
  }

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
    async incoming() {
      const storedName = generatedName('f');
      const writer = await createSealedWriter(fileKey, join(incomingDir, storedName));
      return { writer, storedName };
    },
    async createCase(fileOrFiles, source, from, opts) {
      const files = Array.isArray(fileOrFiles) ? fileOrFiles : [fileOrFiles];
      const caseId = opts?.caseId ?? newCaseId();
      try {
        for (const file of files) await place(caseId, file);
        store.create({ id: caseId, source, replyTo: from?.replyTo ?? null, smtpId: from?.smtpId ?? null }, files.map(newFileRow));
      } catch (err) {
        // A reserved id may already have a folder (another server made the sample first): remove only our files.
        if (opts?.caseId) for (const file of files) await rm(join(caseDir(config.dataDir, caseId), file.incoming.storedName), { force: true });
        else await rm(caseDir(config.dataDir, caseId), { recursive: true, force: true });
        throw err;
      }
      runner.kick();
      return caseId;
    },
    async addFile(caseId, file) {
      if (!store.get(caseId, notBefore(caseId))) {
        await rm(file.incoming.writer.path, { force: true });
        return null;
      }
      await place(caseId, file);
      const name = store.addFile(caseId, newFileRow(file), notBefore(caseId));
      if (name === null) await rm(join(caseDir(config.dataDir, caseId), file.incoming.storedName), { force: true });
      else runner.kick();
      return name;
    },
    async discard(file) {
      await file.writer.abort();
      await rm(file.writer.path, { force: true });
    },
    get(caseId) {
      return isCaseId(caseId) ? store.get(caseId, notBefore(caseId)) : undefined;
    },
    contact(caseId, email, kind) {
      return store.transaction(() => {
        const c = store.get(caseId, notBefore(caseId));
        if (!c) return false;
        const row = store.addContact(caseId, email, kind);
        if (!row || row.mailedAt) return true;
        if (kind === 'help') {
          queueMail(censusHelpMail(email, config.publicUrl, caseId, c.status), `case:${caseId}:help:${email.toLowerCase()}`);
          store.markContactMailed(row.id);
        } else if (c.status === 'completed' || c.status === 'error') {
          mailNotify(caseId, c);
        }
        return true;
      });
    },
    async report(c, fileName) {
      if (!c.resultKey) return undefined;
      const stored = JSON.parse((await readSealed(fileKey, join(caseDir(config.dataDir, c.id), reportName(c.resultKey)))).toString('utf8')) as StoredReports;
      if (fileName === undefined) return stored.whole;
      return Object.prototype.hasOwnProperty.call(stored.files, fileName) ? stored.files[fileName] : undefined;
    },
    async exportUrl(c, fileName) {
      if (!c.resultKey) return undefined;
      const files = store.files(c.id);
      let part: number | 'all' = 'all';
      let name: string | null = null;
      if (fileName !== undefined) {
        const f = files.find((x) => x.fileName === fileName);
        if (!f) return undefined;
        part = f.position;
        name = f.fileName;
      }
      // A case of one file: that file's export is the case's.
      if (files.length === 1) {
        part = 'all';
        name = null;
      }
      const out = exportName(c.resultKey, part);
      const path = join(caseDir(config.dataDir, c.id), out);
      if (!(await stat(path).catch(() => null))) {
        // One export at a time per file; a second request waits for the first.
        const key = `${c.id}/${out}`;
        let pending = exporting.get(key);
        if (!pending) {
          pending = runner.exportFile(c.id, name, out).finally(() => exporting.delete(key));
          exporting.set(key, pending);
        }
        const failure = await pending;
        if (failure) return { error: failure };
      }
      return { url: `${config.publicUrl}/main/case/file?token=${links.sign({ c: c.id, k: c.resultKey, p: part })}` };
    },
    async readExport(token) {
      const p = links.verify(token);
      if (!p) return undefined;
      const c = store.get(p.c, notBefore(p.c));
      if (!c || c.resultKey !== p.k) return undefined;
      const name = p.p === 'all' ? null : store.files(c.id).find((f) => f.position === p.p)?.fileName;
      if (name === undefined) return undefined;
      try {
        const bytes = await readSealed(fileKey, join(caseDir(config.dataDir, c.id), exportName(p.k, p.p)));
        return { bytes, downloadName: downloadName(name ?? (store.files(c.id).length === 1 ? store.files(c.id)[0].fileName : null)) };
      } catch {
        return undefined;
      }
    },
    async delete(caseId, opts) {
      if (isSampleCase(caseId) && !opts?.sample) return false;
      if (!isCaseId(caseId) || !store.get(caseId, notBefore(caseId))) return false;
      store.delete(caseId);
      await rm(caseDir(config.dataDir, caseId), { recursive: true, force: true });
      return true;
    },
    async sweep(now = new Date()) {
      let n = 0;
      for (;;) {
        // The sample case never expires (it is made once, of fictional people).
        const ids = store.expiredIds(cutoff(now)).filter((id) => !isSampleCase(id));
        if (ids.length === 0) break;
        for (const id of ids) {
          store.delete(id);
          await rm(caseDir(config.dataDir, id), { recursive: true, force: true });
          n++;
        }
      }
      // Folders without a row: an upload interrupted between the file and the row.
      // (Only folders older than an hour: a newer one may be an upload between its file and its row.)
      const dirs = await readdir(join(config.dataDir, 'cases')).catch(() => [] as string[]);
      for (const d of dirs) {
        const s = await stat(join(config.dataDir, 'cases', d)).catch(() => null);
        if (s && now.getTime() - s.mtimeMs > 3_600_000 && !store.get(d, '')) {
          await rm(join(config.dataDir, 'cases', d), { recursive: true, force: true });
        }
      }
      // Incoming files older than an hour belong to no request any more.
      const stale = await readdir(incomingDir).catch(() => [] as string[]);
      for (const f of stale) {
        const s = await stat(join(incomingDir, f)).catch(() => null);
        if (s && now.getTime() - s.mtimeMs > 3_600_000) await rm(join(incomingDir, f), { force: true });
      }
      return n;
    },
    async close() {
      await runner.close();
    },
  };
}

export type { CensusErrorCode };
