/** Case-study requests on SQLite: see store/case-study-requests.ts. */
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { CaseStudyRequestRow, CaseStudyRequestStore } from '../case-study-requests';
import type { Run } from './census-cases';

export function createSqliteCaseStudyRequestStore(db: Database, run: Run): CaseStudyRequestStore {
  const insert = db.prepare(
    `INSERT INTO case_study_requests (id, first_name, last_name, email, case_study_name, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const mailed = db.prepare('UPDATE case_study_requests SET mailed_at = ?, mail_error = NULL WHERE id = ?');
  const failed = db.prepare('UPDATE case_study_requests SET mail_error = ? WHERE id = ?');
  const byId = db.prepare(
    `SELECT id, first_name AS "firstName", last_name AS "lastName", email, case_study_name AS "caseStudyName",
            created_at AS "createdAt", mailed_at AS "mailedAt"
       FROM case_study_requests WHERE id = ?`,
  );
  const recent = db.prepare(
    'SELECT 1 FROM case_study_requests WHERE lower(email) = lower(?) AND case_study_name = ? AND created_at >= ? LIMIT 1',
  );
  const purge = db.prepare('DELETE FROM case_study_requests WHERE created_at < ?');
  return {
    askedSince: (email, caseStudyName, since) => run(() => recent.get(email, caseStudyName, since.toISOString()) !== undefined),
    create: (r, now = new Date()) =>
      run(() => {
        const id = randomBytes(16).toString('base64url');
        insert.run(id, r.firstName, r.lastName, r.email, r.caseStudyName, now.toISOString());
        return id;
      }),
    markMailed: (id, now = new Date()) => run(() => void mailed.run(now.toISOString(), id)),
    markFailed: (id, reason) => run(() => void failed.run(reason.slice(0, 500), id)),
    get: (id) => run(() => byId.get(id) as CaseStudyRequestRow | undefined),
    purge: (before) => run(() => purge.run(before.toISOString()).changes),
  };
}
