/**
 * The census case store on SQLite (better-sqlite3): see store/census-cases.ts for what it keeps and
 * promises. The case rows are also the job queue here (claim/renew/release write a lease).
 * Times are ISO strings compared as text.
 */
import type { Database } from 'better-sqlite3';
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

/** How a call reaches the database: see gate.ts (outside or inside a transaction). */
export type Run = <T>(fn: () => T) => Promise<T>;

export function createSqliteCaseStore(db: Database, run: Run): CaseStore {
  const open = OPEN_STATUSES.map((s) => `'${s}'`).join(', ');
  const insertCase = db.prepare(
    `INSERT INTO census_cases (id, sealed_id, status, run, attempts, as_of, source, reply_to, smtp_id, client_key, created_at, updated_at)
     VALUES (?, ?, 'classified', 1, 0, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFile = db.prepare(
    `INSERT INTO census_files (id, case_id, position, file_name, stored_name, size, password, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare(`SELECT ${CASE_COLUMNS} FROM census_cases WHERE id = ? AND created_at >= ?`);
  const anyAge = db.prepare(`SELECT ${CASE_COLUMNS} FROM census_cases WHERE id = ?`);
  const filesOf = db.prepare(
    `SELECT id, case_id AS "caseId", position, file_name AS "fileName", stored_name AS "storedName", size, password
       FROM census_files WHERE case_id = ? ORDER BY position`,
  );
  const setAsOf = db.prepare(`UPDATE census_cases SET as_of = ? WHERE id = ?`);
  const restart = db.prepare(
    `UPDATE census_cases SET status = 'classified', message = NULL, code = NULL, run = run + 1, attempts = 0,
       lease_owner = NULL, lease_until = NULL, result_key = NULL, completed_at = NULL, updated_at = ?
     WHERE id = ?`,
  );
  const due = db.prepare(
    `SELECT c.id, c.run, c.attempts FROM census_cases c
      WHERE c.status IN (${open}) AND (c.lease_until IS NULL OR c.lease_until < ?)
      ORDER BY ${FAIR_SQL.claimOrder} LIMIT 1`,
  );
  const overShare = db.prepare(FAIR_SQL.overShare);
  const take = db.prepare(
    `UPDATE census_cases SET lease_owner = ?, lease_until = ?, attempts = attempts + 1
      WHERE id = ? AND run = ? AND status IN (${open}) AND (lease_until IS NULL OR lease_until < ?)`,
  );
  const takeRun = db.prepare(
    `UPDATE census_cases SET lease_owner = ?, lease_until = NULL, attempts = attempts + 1
      WHERE id = ? AND run = ? AND status IN (${open}) RETURNING attempts`,
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
  const legacy = db.prepare('SELECT id FROM census_cases WHERE sealed_id IS NULL LIMIT ?');
  const [copyRow, moveFiles, moveContacts, dropOld] = REKEY_SQL.map((q) => db.prepare(q));
  const expired = db.prepare('SELECT id FROM census_cases WHERE created_at < ? LIMIT ?');
  const insertContact = db.prepare(
    `INSERT INTO census_contacts (case_id, email, kind, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (case_id, email, kind) DO NOTHING`,
  );
  const contactsOf = db.prepare(
    `SELECT id, case_id AS "caseId", email, kind, mailed_at AS "mailedAt" FROM census_contacts WHERE case_id = ? ORDER BY id`,
  );
  const contactBy = db.prepare(
    `SELECT id, case_id AS "caseId", email, kind, mailed_at AS "mailedAt" FROM census_contacts WHERE case_id = ? AND email = ? AND kind = ?`,
  );
  const mailed = db.prepare('UPDATE census_contacts SET mailed_at = ? WHERE id = ? AND mailed_at IS NULL');

  const iso = (d: Date) => d.toISOString();
  const later = (d: Date, ms: number) => new Date(d.getTime() + ms).toISOString();

  return {
    create: (c, files, now = new Date()) =>
      run(() =>
        db.transaction(() => {
          const t = iso(now);
          insertCase.run(c.id, c.sealedId, c.asOf ?? t.slice(0, 10), c.source, c.replyTo ?? null, c.smtpId ?? null, c.clientKey ?? null, t, t);
          const names = new Set<string>();
          files.forEach((file, position) => {
            const name = uniqueName(names, file.fileName);
            names.add(name);
            insertFile.run(file.id, c.id, position, name, file.storedName, file.size, file.password, t);
          });
        })(),
      ),
    addFile: (caseId, file, notBefore, now = new Date()) =>
      run(() =>
        db.transaction(() => {
          if (!byId.get(caseId, notBefore)) return null;
          const existing = filesOf.all(caseId) as CaseFileRow[];
          const name = uniqueName(new Set(existing.map((f) => f.fileName)), file.fileName);
          const position = existing.reduce((m, f) => Math.max(m, f.position + 1), 0);
          insertFile.run(file.id, caseId, position, name, file.storedName, file.size, file.password, iso(now));
          restart.run(iso(now), caseId);
          return { fileName: name, run: (anyAge.get(caseId) as CaseRow).run };
        })(),
      ),
    rerun: (caseId, notBefore, now = new Date(), asOf) =>
      run(() =>
        db.transaction(() => {
          if (!byId.get(caseId, notBefore)) return null;
          if (asOf) setAsOf.run(asOf, caseId);
          restart.run(iso(now), caseId);
          return (anyAge.get(caseId) as CaseRow).run;
        })(),
      ),
    get: (id, notBefore) => run(() => byId.get(id, notBefore) as CaseRow | undefined),
    getIgnoringExpiry: (id) => run(() => anyAge.get(id) as CaseRow | undefined),
    files: (caseId) => run(() => filesOf.all(caseId) as CaseFileRow[]),
    claim: (owner, leaseMs, now = new Date(), fairShare = NO_SHARE) =>
      run(() => {
        for (let tries = 0; tries < 5; tries++) {
          const row = due.get(iso(now), iso(now), fairShare) as { id: string; run: number; attempts: number } | undefined;
          if (!row) return undefined;
          if (take.run(owner, later(now, leaseMs), row.id, row.run, iso(now)).changes === 1) {
            return { caseId: row.id, run: row.run, attempts: row.attempts + 1 };
          }
        }
        return undefined;
      }),
    overFairShare: (caseId, fairShare, now = new Date()) => run(() => overShare.get(caseId, iso(now), fairShare, iso(now)) !== undefined),
    take: (caseId, runNo, owner) =>
      run(() => {
        const row = takeRun.get(owner, caseId, runNo) as { attempts: number } | undefined;
        return row ? { caseId, run: runNo, attempts: row.attempts } : undefined;
      }),
    renew: (caseId, runNo, owner, leaseMs, now = new Date()) =>
      run(() => renew.run(later(now, leaseMs), caseId, runNo, owner).changes === 1),
    release: (caseId, runNo, owner) => run(() => release.run(caseId, runNo, owner).changes === 1),
    advance: (caseId, runNo, owner, status, now = new Date()) =>
      run(() =>
        db.transaction(() => {
          const row = anyAge.get(caseId) as CaseRow | undefined;
          if (!row || row.run !== runNo) return false;
          if (STATUS_RANK[status] <= STATUS_RANK[row.status]) return true; // never back: a rerun repeats steps already shown
          return advance.run(status, iso(now), caseId, runNo, owner).changes === 1;
        })(),
      ),
    complete: (caseId, runNo, owner, resultKey, now = new Date()) =>
      run(() => complete.run(resultKey, iso(now), iso(now), caseId, runNo, owner).changes === 1),
    fail: (caseId, runNo, owner, message, code = null, now = new Date()) =>
      run(() => {
        const args = [message.slice(0, 1000), code, iso(now), iso(now), caseId, runNo] as const;
        return (owner === null ? failAny.run(...args) : failOwned.run(...args, owner)).changes === 1;
      }),
    delete: (id) => run(() => del.run(id).changes === 1),
    legacyIds: (limit = 500) => run(() => (legacy.all(limit) as { id: string }[]).map((r) => r.id)),
    rekey: (oldId, newId, sealedId) =>
      run(() =>
        db.transaction(() => {
          if (copyRow.run(newId, sealedId, oldId).changes !== 1) return false;
          moveFiles.run(newId, oldId);
          moveContacts.run(newId, oldId);
          dropOld.run(oldId);
          return true;
        })(),
      ),
    expiredIds: (before, limit = 500) => run(() => (expired.all(before, limit) as { id: string }[]).map((r) => r.id)),
    addContact: (caseId, email, kind, now = new Date()) =>
      run(() => {
        insertContact.run(caseId, email, kind, iso(now));
        return contactBy.get(caseId, email, kind) as ContactRow | undefined;
      }),
    contacts: (caseId) => run(() => contactsOf.all(caseId) as ContactRow[]),
    markContactMailed: (id, now = new Date()) => run(() => mailed.run(iso(now), id).changes === 1),
  };
}
