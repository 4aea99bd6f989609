/**
 * The census case store, on either database: see store/census-cases.ts for what it keeps and
 * promises. With SQLite the case rows are also the job queue (claim/renew/release write a lease);
 * with PostgreSQL pg-boss hands a run to a worker that then take()s it, and claim/renew/release work
 * too (skipping rows another server is taking), so that both keep one contract.
 */
import { OPEN_STATUSES, STATUS_RANK, uniqueName, type CaseFileRow, type CaseRow, type CaseStore, type ContactRow, type NewFile } from '../census-cases';
import type { Sql } from './driver';

const OPEN = OPEN_STATUSES.map((s) => `'${s}'`).join(', ');
const CASE_COLUMNS = `id, status, message, code, run, attempts, result_key AS "resultKey", as_of AS "asOf", source,
  reply_to AS "replyTo", smtp_id AS "smtpId", created_at AS "createdAt", completed_at AS "completedAt", sealed_id AS "sealedId"`;
const FILE_COLUMNS = `id, case_id AS "caseId", position, file_name AS "fileName", stored_name AS "storedName", size, password`;
const CONTACT_COLUMNS = `id, case_id AS "caseId", email, kind, mailed_at AS "mailedAt"`;
/** A new run: the case starts over from 'classified'; the run in progress loses its lease by the run number. */
const RESTART = `status = 'classified', message = NULL, code = NULL, run = run + 1, attempts = 0,
  lease_owner = NULL, lease_until = NULL, result_key = NULL, completed_at = NULL, updated_at = ?`;
/** Ends a run (completed or error): the lease goes with it. */
const FINISH = `completed_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL`;
/** A write by the run's lease owner while the run is open. */
const OWNED = `id = ? AND run = ? AND lease_owner = ? AND status IN (${OPEN})`;

/**
 * Fair sharing's SQL. A case's job runs while its status is open and a live lease names an owner
 * (pg-boss's take() writes an owner without expiry); `?` is the time now.
 */
const RUNNING = (t: string) => `${t}.status IN (${OPEN}) AND ${t}.lease_owner IS NOT NULL AND (${t}.lease_until IS NULL OR ${t}.lease_until >= ?)`;
/** The jobs case c's client runs now (params: now). */
const CLIENT_RUNNING = `(SELECT count(*) FROM census_cases r WHERE r.client_key = c.client_key AND ${RUNNING('r')})`;
/** ORDER BY key of due cases `c`: those of a client at its share last (params: now, share). */
const FAIR_ORDER = `(c.client_key IS NOT NULL AND ${CLIENT_RUNNING} >= ?), c.updated_at`;
/** One row when case c (param: id) is over its client's share and another client's case waits (params: id, now, share, now). */
const OVER_SHARE = `SELECT 1 AS over FROM census_cases c
   WHERE c.id = ? AND c.client_key IS NOT NULL AND ${CLIENT_RUNNING} >= ?
     AND EXISTS (SELECT 1 FROM census_cases w
                  WHERE w.status IN (${OPEN}) AND NOT (${RUNNING('w')})
                    AND w.id <> c.id AND (w.client_key IS NULL OR w.client_key <> c.client_key))`;
/** No fair sharing (a claim without a share): no client is ever at it. */
const NO_SHARE = Number.MAX_SAFE_INTEGER;

const iso = (d: Date) => d.toISOString();
const later = (d: Date, ms: number) => new Date(d.getTime() + ms).toISOString();

export function createCaseStore(sql: Sql): CaseStore {
  const insertFile = (q: Sql, caseId: string, position: number, name: string, f: NewFile, t: string) =>
    q.run(`INSERT INTO census_files (id, case_id, position, file_name, stored_name, size, password, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
      f.id,
      caseId,
      position,
      name,
      f.storedName,
      f.size,
      f.password,
      t,
    ]);
  const filesOf = (q: Sql, caseId: string) => q.all<CaseFileRow>(`SELECT ${FILE_COLUMNS} FROM census_files WHERE case_id = ? ORDER BY position`, [caseId]);
  const ids = async (text: string, params: unknown[]) => (await sql.all<{ id: string }>(text, params)).map((r) => r.id);

  return {
    create: (c, files, now = new Date()) =>
      sql.transaction(async (q) => {
        const t = iso(now);
        await q.run(
          `INSERT INTO census_cases (id, sealed_id, status, run, attempts, as_of, source, reply_to, smtp_id, client_key, created_at, updated_at)
           VALUES (?, ?, 'classified', 1, 0, ?, ?, ?, ?, ?, ?, ?)`,
          [c.id, c.sealedId, c.asOf ?? t.slice(0, 10), c.source, c.replyTo ?? null, c.smtpId ?? null, c.clientKey ?? null, t, t],
        );
        const names = new Set<string>();
        for (const [position, file] of files.entries()) {
          const name = uniqueName(names, file.fileName);
          names.add(name);
          await insertFile(q, c.id, position, name, file, t);
        }
      }),
    addFile: (caseId, file, notBefore, now = new Date()) =>
      sql.transaction(async (q) => {
        // Locked: two files added at once get distinct positions and names.
        if (!(await q.one(`SELECT id FROM census_cases WHERE id = ? AND created_at >= ?${q.dialect.forUpdate}`, [caseId, notBefore]))) return null;
        const existing = await filesOf(q, caseId);
        const name = uniqueName(new Set(existing.map((f) => f.fileName)), file.fileName);
        const position = existing.reduce((m, f) => Math.max(m, f.position + 1), 0);
        await insertFile(q, caseId, position, name, file, iso(now));
        const row = await q.one<{ run: number }>(`UPDATE census_cases SET ${RESTART} WHERE id = ? RETURNING run`, [iso(now), caseId]);
        return { fileName: name, run: row!.run };
      }),
    rerun: async (caseId, notBefore, now = new Date(), asOf) => {
      const row = await sql.one<{ run: number }>(
        `UPDATE census_cases SET ${RESTART}, as_of = COALESCE(?, as_of) WHERE id = ? AND created_at >= ? RETURNING run`,
        [iso(now), asOf ?? null, caseId, notBefore],
      );
      return row ? row.run : null;
    },
    get: (id, notBefore) => sql.one<CaseRow>(`SELECT ${CASE_COLUMNS} FROM census_cases WHERE id = ? AND created_at >= ?`, [id, notBefore]),
    getIgnoringExpiry: (id) => sql.one<CaseRow>(`SELECT ${CASE_COLUMNS} FROM census_cases WHERE id = ?`, [id]),
    files: (caseId) => filesOf(sql, caseId),
    async claim(owner, leaseMs, now = new Date(), fairShare = NO_SHARE) {
      // One statement: the due case is found and leased at once (no other claim comes between).
      const row = await sql.one<{ id: string; run: number; attempts: number }>(
        `UPDATE census_cases SET lease_owner = ?, lease_until = ?, attempts = attempts + 1
          WHERE id = (SELECT c.id FROM census_cases c
                       WHERE c.status IN (${OPEN}) AND (c.lease_until IS NULL OR c.lease_until < ?)
                       ORDER BY ${FAIR_ORDER} LIMIT 1${sql.dialect.skipLocked})
          RETURNING id, run, attempts`,
        [owner, later(now, leaseMs), iso(now), iso(now), fairShare],
      );
      return row ? { caseId: row.id, run: row.run, attempts: row.attempts } : undefined;
    },
    overFairShare: async (caseId: string, fairShare: number, now = new Date()) => (await sql.one(OVER_SHARE, [caseId, iso(now), fairShare, iso(now)])) !== undefined,
    async take(caseId, run, owner) {
      const row = await sql.one<{ attempts: number }>(
        `UPDATE census_cases SET lease_owner = ?, lease_until = NULL, attempts = attempts + 1
          WHERE id = ? AND run = ? AND status IN (${OPEN}) RETURNING attempts`,
        [owner, caseId, run],
      );
      return row ? { caseId, run, attempts: row.attempts } : undefined;
    },
    renew: async (caseId, run, owner, leaseMs, now = new Date()) =>
      (await sql.run(`UPDATE census_cases SET lease_until = ? WHERE ${OWNED}`, [later(now, leaseMs), caseId, run, owner])) === 1,
    release: async (caseId, run, owner) =>
      (await sql.run(`UPDATE census_cases SET lease_owner = NULL, lease_until = NULL, attempts = attempts - 1 WHERE ${OWNED}`, [caseId, run, owner])) === 1,
    advance: (caseId, run, owner, status, now = new Date()) =>
      sql.transaction(async (q) => {
        const row = await q.one<Pick<CaseRow, 'run' | 'status'>>(`SELECT run, status FROM census_cases WHERE id = ?${q.dialect.forUpdate}`, [caseId]);
        if (!row || row.run !== run) return false;
        if (STATUS_RANK[status] <= STATUS_RANK[row.status]) return true; // never back: a rerun repeats steps already shown
        return (await q.run(`UPDATE census_cases SET status = ?, updated_at = ? WHERE ${OWNED}`, [status, iso(now), caseId, run, owner])) === 1;
      }),
    complete: async (caseId, run, owner, resultKey, now = new Date(), notice = null) =>
      (await sql.run(`UPDATE census_cases SET status = 'completed', result_key = ?, message = ?, ${FINISH} WHERE ${OWNED}`, [
        resultKey,
        notice,
        iso(now),
        iso(now),
        caseId,
        run,
        owner,
      ])) === 1,
    fail: async (caseId, run, owner, message, code = null, now = new Date()) =>
      (await sql.run(
        `UPDATE census_cases SET status = 'error', message = ?, code = ?, ${FINISH}
          WHERE id = ? AND run = ? AND status IN (${OPEN})${owner === null ? '' : ' AND lease_owner = ?'}`,
        [message.slice(0, 1000), code, iso(now), iso(now), caseId, run, ...(owner === null ? [] : [owner])],
      )) === 1,
    delete: async (id) => (await sql.run('DELETE FROM census_cases WHERE id = ?', [id])) === 1,
    legacyIds: (limit = 500) => ids('SELECT id FROM census_cases WHERE sealed_id IS NULL LIMIT ?', [limit]),
    rekey: (oldId, newId, sealedId) =>
      sql.transaction(async (q) => {
        // A copy of the row under its new key, its files and contacts moved to it, the old row
        // deleted (no foreign key needs ON UPDATE CASCADE). Two servers starting at once: the second
        // finds the row moved (or its copy conflicts) and stops. The copy names every column: a
        // column added to census_cases (sql/schema.ts) is added here too, or a moved row loses it.
        const copied = await q.run(
          `INSERT INTO census_cases (id, sealed_id, status, message, code, run, attempts, lease_owner, lease_until, result_key, as_of,
             source, reply_to, smtp_id, client_key, created_at, updated_at, completed_at)
           SELECT ?, ?, status, message, code, run, attempts, lease_owner, lease_until, result_key, as_of,
             source, reply_to, smtp_id, client_key, created_at, updated_at, completed_at
             FROM census_cases WHERE id = ? AND sealed_id IS NULL
           ON CONFLICT (id) DO NOTHING`,
          [newId, sealedId, oldId],
        );
        if (copied !== 1) return false;
        await q.run('UPDATE census_files SET case_id = ? WHERE case_id = ?', [newId, oldId]);
        await q.run('UPDATE census_contacts SET case_id = ? WHERE case_id = ?', [newId, oldId]);
        await q.run('DELETE FROM census_cases WHERE id = ?', [oldId]);
        return true;
      }),
    expiredIds: (before, limit = 500) => ids('SELECT id FROM census_cases WHERE created_at < ? LIMIT ?', [before, limit]),
    async addContact(caseId, email, kind, now = new Date()) {
      await sql.run(`INSERT INTO census_contacts (case_id, email, kind, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (case_id, email, kind) DO NOTHING`, [
        caseId,
        email,
        kind,
        iso(now),
      ]);
      return sql.one<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM census_contacts WHERE case_id = ? AND email = ? AND kind = ?`, [caseId, email, kind]);
    },
    contacts: (caseId) => sql.all<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM census_contacts WHERE case_id = ? ORDER BY id`, [caseId]),
    markContactMailed: async (id, now = new Date()) =>
      (await sql.run('UPDATE census_contacts SET mailed_at = ? WHERE id = ? AND mailed_at IS NULL', [iso(now), id])) === 1,
  };
}
