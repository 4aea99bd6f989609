/**
 * Census cases, their files and the notify/help requests on them (SQLite through better-sqlite3).
 *
 * The case row is also the job queue (CaseQueue): a case whose status is not final is work to do,
 * and a worker takes it by writing a lease (owner + expiry) with a conditional UPDATE, so that two
 * servers sharing one database never run the same case at once, and a case whose server died is
 * taken again when its lease runs out. Nothing about a case lives in process memory.
 *
 * Status only moves forward within a run (STATUS_RANK); every write names the run and the lease
 * owner, so a stale worker cannot overwrite a newer state. Adding a file to a case starts a new run.
 * SQL stays portable (no SQLite-only functions; times are ISO strings compared as text).
 */
import type { Database } from 'better-sqlite3';
import type { CensusErrorCode } from '../../shared/api/types';
import type { CensusStatus } from '../../shared/census/status';

export type CaseStatus = Extract<
  CensusStatus,
  'uploading' | 'classified' | 'preprocessing' | 'deduplicating' | 'postprocessing' | 'completed' | 'error'
>;
export const STATUS_RANK: Record<CaseStatus, number> = {
  uploading: 0,
  classified: 1,
  preprocessing: 2,
  deduplicating: 3,
  postprocessing: 4,
  completed: 5,
  error: 5,
};
export const OPEN_STATUSES: CaseStatus[] = ['uploading', 'classified', 'preprocessing', 'deduplicating', 'postprocessing'];

export type CaseSource = 'web' | 'email';
export type ContactKind = 'notify' | 'help';

export interface CaseRow {
  id: string;
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
  claim(owner: string, leaseMs: number, now?: Date): Claim | undefined;
  renew(caseId: string, run: number, owner: string, leaseMs: number, now?: Date): boolean;
  /** Gives a case back untouched (a graceful shutdown): the next server takes it at once. */
  release(caseId: string, run: number, owner: string): boolean;
}

export interface CaseStore extends CaseQueue {
  /** A new case with its files, in one transaction. */
  create(c: { id: string; source: CaseSource; replyTo?: string | null; smtpId?: string | null }, files: NewFile[], now?: Date): void;
  /** Adds a file to a live case and starts a new run; returns the name it got (made unique), or null. */
  addFile(caseId: string, file: NewFile, notBefore: string, now?: Date): string | null;
  /** The case, unless unknown or created before notBefore (expired). */
  get(id: string, notBefore: string): CaseRow | undefined;
  files(caseId: string): CaseFileRow[];
  /** Moves a case forward (never back); false when the run or the lease is no longer ours. */
  advance(caseId: string, run: number, owner: string, status: CaseStatus, now?: Date): boolean;
  /** Completes a run; `also` runs in the same transaction (queueing its mail). */
  complete(caseId: string, run: number, owner: string, resultKey: string, also?: () => void, now?: Date): boolean;
  /** Fails a run with a message; owner null fails it whoever holds it. */
  fail(caseId: string, run: number, owner: string | null, message: string, code?: CensusErrorCode | null, also?: () => void, now?: Date): boolean;
  delete(id: string): boolean;
  /** Ids of cases created before the cut-off (to be deleted with their files). */
  expiredIds(before: string, limit?: number): string[];
  addContact(caseId: string, email: string, kind: ContactKind, now?: Date): ContactRow | undefined;
  contacts(caseId: string): ContactRow[];
  markContactMailed(id: number, now?: Date): boolean;
  transaction<T>(fn: () => T): T;
}

const CASE_COLUMNS = `id, status, message, code, run, attempts, result_key AS resultKey, as_of AS asOf, source,
  reply_to AS replyTo, smtp_id AS smtpId, created_at AS createdAt, completed_at AS completedAt`;

function uniqueName(existing: Set<string>, name: string): string {
  if (!existing.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let k = 2; ; k++) {
    const candidate = `${stem} (${k})${ext}`;
    if (!existing.has(candidate)) return candidate;
  }
}

export function createCaseStore(db: Database): CaseStore {
  const open = OPEN_STATUSES.map((s) => `'${s}'`).join(', ');
  const insertCase = db.prepare(
    `INSERT INTO census_cases (id, status, run, attempts, as_of, source, reply_to, smtp_id, created_at, updated_at)
     VALUES (?, 'classified', 1, 0, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFile = db.prepare(
    `INSERT INTO census_files (id, case_id, position, file_name, stored_name, size, password, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare(`SELECT ${CASE_COLUMNS} FROM census_cases WHERE id = ? AND created_at >= ?`);
  const filesOf = db.prepare(
    `SELECT id, case_id AS caseId, position, file_name AS fileName, stored_name AS storedName, size, password
       FROM census_files WHERE case_id = ? ORDER BY position`,
  );
  const restart = db.prepare(
    `UPDATE census_cases SET status = 'classified', message = NULL, code = NULL, run = run + 1, attempts = 0,
       lease_owner = NULL, lease_until = NULL, result_key = NULL, completed_at = NULL, updated_at = ?
     WHERE id = ?`,
  );
  const due = db.prepare(
    `SELECT id, run, attempts FROM census_cases
      WHERE status IN (${open}) AND (lease_until IS NULL OR lease_until < ?)
      ORDER BY updated_at LIMIT 1`,
  );
  const take = db.prepare(
    `UPDATE census_cases SET lease_owner = ?, lease_until = ?, attempts = attempts + 1
      WHERE id = ? AND run = ? AND status IN (${open}) AND (lease_until IS NULL OR lease_until < ?)`,
  );
  const renew = db.prepare(
    `UPDATE census_cases SET lease_until = ? WHERE id = ? AND run = ? AND lease_owner = ? AND status IN (${open})`,
  );
  const release = db.prepare(
    `UPDATE census_cases SET lease_owner = NULL, lease_until = NULL, attempts = attempts - 1
      WHERE id = ? AND run = ? AND lease_owner = ? AND status IN (${open})`,
  );
  const advance = db.prepare(
    `UPDATE census_cases SET status = ?, updated_at = ?
      WHERE id = ? AND run = ? AND lease_owner = ? AND status IN (${open})`,
  );
  const complete = db.prepare(
    `UPDATE census_cases SET status = 'completed', result_key = ?, completed_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL
      WHERE id = ? AND run = ? AND lease_owner = ? AND status IN (${open})`,
  );
  const failOwned = db.prepare(
    `UPDATE census_cases SET status = 'error', message = ?, code = ?, completed_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL
      WHERE id = ? AND run = ? AND lease_owner = ? AND status IN (${open})`,
  );
  const failAny = db.prepare(
    `UPDATE census_cases SET status = 'error', message = ?, code = ?, completed_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL
      WHERE id = ? AND run = ? AND status IN (${open})`,
  );
  const del = db.prepare('DELETE FROM census_cases WHERE id = ?');
  const expired = db.prepare('SELECT id FROM census_cases WHERE created_at < ? LIMIT ?');
  const insertContact = db.prepare(
    `INSERT INTO census_contacts (case_id, email, kind, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (case_id, email, kind) DO NOTHING`,
  );
  const contactsOf = db.prepare(
    `SELECT id, case_id AS caseId, email, kind, mailed_at AS mailedAt FROM census_contacts WHERE case_id = ? ORDER BY id`,
  );
  const contactBy = db.prepare(
    `SELECT id, case_id AS caseId, email, kind, mailed_at AS mailedAt FROM census_contacts WHERE case_id = ? AND email = ? AND kind = ?`,
  );
  const mailed = db.prepare('UPDATE census_contacts SET mailed_at = ? WHERE id = ? AND mailed_at IS NULL');

  const iso = (d: Date) => d.toISOString();
  const later = (d: Date, ms: number) => new Date(d.getTime() + ms).toISOString();

  return {
    create(c, files, now = new Date()) {
      db.transaction(() => {
        const t = iso(now);
        insertCase.run(c.id, t.slice(0, 10), c.source, c.replyTo ?? null, c.smtpId ?? null, t, t);
        const names = new Set<string>();
        files.forEach((file, position) => {
          const name = uniqueName(names, file.fileName);
          names.add(name);
          insertFile.run(file.id, c.id, position, name, file.storedName, file.size, file.password, t);
        });
      })();
    },
    addFile(caseId, file, notBefore, now = new Date()) {
      return db.transaction(() => {
        if (!byId.get(caseId, notBefore)) return null;
        const existing = filesOf.all(caseId) as CaseFileRow[];
        const name = uniqueName(new Set(existing.map((f) => f.fileName)), file.fileName);
        const position = existing.reduce((m, f) => Math.max(m, f.position + 1), 0);
        insertFile.run(file.id, caseId, position, name, file.storedName, file.size, file.password, iso(now));
        restart.run(iso(now), caseId);
        return name;
      })();
    },
    get(id, notBefore) {
      return byId.get(id, notBefore) as CaseRow | undefined;
    },
    files(caseId) {
      return filesOf.all(caseId) as CaseFileRow[];
    },
    claim(owner, leaseMs, now = new Date()) {
      for (let tries = 0; tries < 5; tries++) {
        const row = due.get(iso(now)) as { id: string; run: number; attempts: number } | undefined;
        if (!row) return undefined;
        if (take.run(owner, later(now, leaseMs), row.id, row.run, iso(now)).changes === 1) {
          return { caseId: row.id, run: row.run, attempts: row.attempts + 1 };
        }
      }
      return undefined;
    },
    renew(caseId, run, owner, leaseMs, now = new Date()) {
      return renew.run(later(now, leaseMs), caseId, run, owner).changes === 1;
    },
    release(caseId, run, owner) {
      return release.run(caseId, run, owner).changes === 1;
    },
    advance(caseId, run, owner, status, now = new Date()) {
      return db.transaction(() => {
        const row = byId.get(caseId, '') as CaseRow | undefined;
        if (!row || row.run !== run) return false;
        if (STATUS_RANK[status] <= STATUS_RANK[row.status]) return true; // never back: a rerun repeats steps already shown
        return advance.run(status, iso(now), caseId, run, owner).changes === 1;
      })();
    },
    complete(caseId, run, owner, resultKey, also, now = new Date()) {
      return db.transaction(() => {
        const ok = complete.run(resultKey, iso(now), iso(now), caseId, run, owner).changes === 1;
        if (ok) also?.();
        return ok;
      })();
    },
    fail(caseId, run, owner, message, code = null, also, now = new Date()) {
      return db.transaction(() => {
        const args = [message.slice(0, 1000), code, iso(now), iso(now), caseId, run] as const;
        const ok = (owner === null ? failAny.run(...args) : failOwned.run(...args, owner)).changes === 1;
        if (ok) also?.();
        return ok;
      })();
    },
    delete(id) {
      return del.run(id).changes === 1;
    },
    expiredIds(before, limit = 500) {
      return (expired.all(before, limit) as { id: string }[]).map((r) => r.id);
    },
    addContact(caseId, email, kind, now = new Date()) {
      insertContact.run(caseId, email, kind, iso(now));
      return contactBy.get(caseId, email, kind) as ContactRow | undefined;
    },
    contacts(caseId) {
      return contactsOf.all(caseId) as ContactRow[];
    },
    markContactMailed(id, now = new Date()) {
      return mailed.run(iso(now), id).changes === 1;
    },
    transaction(fn) {
      return db.transaction(fn)();
    },
  };
}
