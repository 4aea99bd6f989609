/** Case-study requests, on either database: see store/case-study-requests.ts. */
import { randomBytes } from 'node:crypto';
import type { CaseStudyRequestRow, CaseStudyRequestStore } from '../case-study-requests';
import type { Sql } from './driver';

export function createCaseStudyRequestStore(sql: Sql): CaseStudyRequestStore {
  return {
    askedSince: async (email, caseStudyName, since) =>
      (await sql.one('SELECT 1 FROM case_study_requests WHERE lower(email) = lower(?) AND case_study_name = ? AND created_at >= ? LIMIT 1', [
        email,
        caseStudyName,
        since.toISOString(),
      ])) !== undefined,
    async create(r, now = new Date()) {
      const id = randomBytes(16).toString('base64url');
      await sql.run(
        `INSERT INTO case_study_requests (id, first_name, last_name, email, case_study_name, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
        [id, r.firstName, r.lastName, r.email, r.caseStudyName, now.toISOString()],
      );
      return id;
    },
    markMailed: async (id, now = new Date()) => {
      await sql.run('UPDATE case_study_requests SET mailed_at = ?, mail_error = NULL WHERE id = ?', [now.toISOString(), id]);
    },
    markFailed: async (id, reason) => {
      await sql.run('UPDATE case_study_requests SET mail_error = ? WHERE id = ?', [reason.slice(0, 500), id]);
    },
    get: (id) =>
      sql.one<CaseStudyRequestRow>(
        `SELECT id, first_name AS "firstName", last_name AS "lastName", email, case_study_name AS "caseStudyName",
                created_at AS "createdAt", mailed_at AS "mailedAt"
           FROM case_study_requests WHERE id = ?`,
        [id],
      ),
    purge: (before) => sql.run('DELETE FROM case_study_requests WHERE created_at < ?', [before.toISOString()]),
  };
}
