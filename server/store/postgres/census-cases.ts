/**
 * The census case store on PostgreSQL: see store/census-cases.ts for what it keeps and promises.
 * The same SQL as store/sqlite/census-cases.ts; the jobs themselves are pg-boss's (cases/queue/),
 * which hands a run to a worker that then take()s it. claim/renew/release (the embedded lease queue)
 * work here too, with SKIP LOCKED, so that both stores keep one contract.
 */
import {
  CASE_COLUMNS,
  FAIR_SQL,
  NO_SHARE,
  OPEN_STATUSES,
  REKEY_SQL,
  STATUS_RANK,
  uniqueName,
  type CaseFileRow,
  type CaseRow,
  type CaseStore,
  type ContactRow,
} from '../census-cases';
import type { Sql } from './pool';

/** Runs fn in a transaction: the current one when there is one, else a new one on its own client. */
export type InTx = <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>;

const open = OPEN_STATUSES.map((s) => `'${s}'`).join(', ');
const FILE_COLUMNS = `id, case_id AS "caseId", position, file_name AS "fileName", stored_name AS "storedName", size, password`;
const CONTACT_COLUMNS = `id, case_id AS "caseId", email, kind, mailed_at AS "mailedAt"`;

export function createPgCaseStore(sql: Sql, inTx: InTx): CaseStore {
  const iso = (d: Date) => d.toISOString();
  const later = (d: Date, ms: number) => new Date(d.getTime() + ms).toISOString();
  const insertFile = (q: Sql, caseId: string, position: number, name: string, f: { id: string; storedName: string; size: number; password: string | null }, t: string) =>
    q.count(
      `INSERT INTO census_files (id, case_id, position, file_name, stored_name, size, password, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [f.id, caseId, position, name, f.storedName, f.size, f.password, t],
    );

  return {
    create: (c, files, now = new Date()) =>
      inTx(async (q) => {
        const t = iso(now);
        await q.count(
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
      inTx(async (q) => {
        // Lock the case row: two files added at once get distinct positions and names.
        const c = await q.one(`SELECT id FROM census_cases WHERE id = ? AND created_at >= ? FOR UPDATE`, [caseId, notBefore]);
        if (!c) return null;
        const existing = await q.rows<CaseFileRow>(`SELECT ${FILE_COLUMNS} FROM census_files WHERE case_id = ? ORDER BY position`, [caseId]);
        const name = uniqueName(new Set(existing.map((f) => f.fileName)), file.fileName);
        const position = existing.reduce((m, f) => Math.max(m, f.position + 1), 0);
        await insertFile(q, caseId, position, name, file, iso(now));
        const row = await q.one<{ run: number }>(
          `UPDATE census_cases SET status = 'classified', message = NULL, code = NULL, run = run + 1, attempts = 0,
             lease_owner = NULL, lease_until = NULL, result_key = NULL, completed_at = NULL, updated_at = ?
           WHERE id = ? RETURNING run`,
          [iso(now), caseId],
        );
        return { fileName: name, run: row!.run };
      }),
    rerun: async (caseId, notBefore, now = new Date(), asOf) => {
      const row = await sql.one<{ run: number }>(
        `UPDATE census_cases SET status = 'classified', message = NULL, code = NULL, run = run + 1, attempts = 0,
           lease_owner = NULL, lease_until = NULL, result_key = NULL, completed_at = NULL, updated_at = ?, as_of = COALESCE(?, as_of)
         WHERE id = ? AND created_at >= ? RETURNING run`,
        [iso(now), asOf ?? null, caseId, notBefore],
      );
      return row ? row.run : null;
    },
    get: (id, notBefore) => sql.one<CaseRow>(`SELECT ${CASE_COLUMNS} FROM census_cases WHERE id = ? AND created_at >= ?`, [id, notBefore]),
    getIgnoringExpiry: (id) => sql.one<CaseRow>(`SELECT ${CASE_COLUMNS} FROM census_cases WHERE id = ?`, [id]),
    files: (caseId) => sql.rows<CaseFileRow>(`SELECT ${FILE_COLUMNS} FROM census_files WHERE case_id = ? ORDER BY position`, [caseId]),
    async claim(owner, leaseMs, now = new Date(), fairShare = NO_SHARE) {
      const row = await sql.one<{ id: string; run: number; attempts: number }>(
        `UPDATE census_cases SET lease_owner = ?, lease_until = ?, attempts = attempts + 1
          WHERE id = (SELECT c.id FROM census_cases c
                       WHERE c.status IN (${open}) AND (c.lease_until IS NULL OR c.lease_until < ?)
                       ORDER BY ${FAIR_SQL.claimOrder} LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, run, attempts`,
        [owner, later(now, leaseMs), iso(now), iso(now), fairShare],
      );
      return row ? { caseId: row.id, run: row.run, attempts: row.attempts } : undefined;
    },
    overFairShare: async (caseId, fairShare, now = new Date()) =>
      (await sql.one(FAIR_SQL.overShare, [caseId, iso(now), fairShare, iso(now)])) !== undefined,
    async take(caseId, run, owner) {
      const row = await sql.one<{ attempts: number }>(
        `UPDATE census_cases SET lease_owner = ?, lease_until = NULL, attempts = attempts + 1
          WHERE id = ? AND run = ? AND status IN (${open}) RETURNING attempts`,
        [owner, caseId, run],
      );
      return row ? { caseId, run, attempts: row.attempts } : undefined;
    },
    renew: async (caseId, run, owner, leaseMs, now = new Date()) =>
      (await sql.count(`UPDATE census_cases SET lease_until = ? WHERE id = ? AND run = ? AND lease_owner = ? AND status IN (${open})`, [
        later(now, leaseMs),
        caseId,
        run,
        owner,
      ])) === 1,
    release: async (caseId, run, owner) =>
      (await sql.count(
        `UPDATE census_cases SET lease_owner = NULL, lease_until = NULL, attempts = attempts - 1
          WHERE id = ? AND run = ? AND lease_owner = ? AND status IN (${open})`,
        [caseId, run, owner],
      )) === 1,
    advance: (caseId, run, owner, status, now = new Date()) =>
      inTx(async (q) => {
        const row = await q.one<{ run: number; status: keyof typeof STATUS_RANK }>(`SELECT run, status FROM census_cases WHERE id = ? FOR UPDATE`, [caseId]);
        if (!row || row.run !== run) return false;
        if (STATUS_RANK[status] <= STATUS_RANK[row.status]) return true; // never back: a rerun repeats steps already shown
        return (
          (await q.count(`UPDATE census_cases SET status = ?, updated_at = ? WHERE id = ? AND run = ? AND lease_owner = ? AND status IN (${open})`, [
            status,
            iso(now),
            caseId,
            run,
            owner,
          ])) === 1
        );
      }),
    complete: async (caseId, run, owner, resultKey, now = new Date()) =>
      (await sql.count(
        `UPDATE census_cases SET status = 'completed', result_key = ?, completed_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL
          WHERE id = ? AND run = ? AND lease_owner = ? AND status IN (${open})`,
        [resultKey, iso(now), iso(now), caseId, run, owner],
      )) === 1,
    fail: async (caseId, run, owner, message, code = null, now = new Date()) =>
      (await sql.count(
        `UPDATE census_cases SET status = 'error', message = ?, code = ?, completed_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL
          WHERE id = ? AND run = ? AND status IN (${open})${owner === null ? '' : ' AND lease_owner = ?'}`,
        [message.slice(0, 1000), code, iso(now), iso(now), caseId, run, ...(owner === null ? [] : [owner])],
      )) === 1,
    delete: async (id) => (await sql.count('DELETE FROM census_cases WHERE id = ?', [id])) === 1,
    legacyIds: async (limit = 500) =>
      (await sql.rows<{ id: string }>('SELECT id FROM census_cases WHERE sealed_id IS NULL LIMIT ?', [limit])).map((r) => r.id),
    rekey: (oldId, newId, sealedId) =>
      inTx(async (q) => {
        // Two servers starting at once: the second finds the row moved (or its copy conflicts) and stops.
        const [copyRow, moveFiles, moveContacts, dropOld] = REKEY_SQL;
        const copied = await q.count(`${copyRow} ON CONFLICT (id) DO NOTHING`, [newId, sealedId, oldId]);
        if (copied !== 1) return false;
        await q.count(moveFiles, [newId, oldId]);
        await q.count(moveContacts, [newId, oldId]);
        await q.count(dropOld, [oldId]);
        return true;
      }),
    expiredIds: async (before, limit = 500) =>
      (await sql.rows<{ id: string }>('SELECT id FROM census_cases WHERE created_at < ? LIMIT ?', [before, limit])).map((r) => r.id),
    async addContact(caseId, email, kind, now = new Date()) {
      await sql.count(`INSERT INTO census_contacts (case_id, email, kind, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (case_id, email, kind) DO NOTHING`, [
        caseId,
        email,
        kind,
        iso(now),
      ]);
      return sql.one<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM census_contacts WHERE case_id = ? AND email = ? AND kind = ?`, [caseId, email, kind]);
    },
    contacts: (caseId) => sql.rows<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM census_contacts WHERE case_id = ? ORDER BY id`, [caseId]),
    markContactMailed: async (id, now = new Date()) =>
      (await sql.count('UPDATE census_contacts SET mailed_at = ? WHERE id = ? AND mailed_at IS NULL', [iso(now), id])) === 1,
  };
}
