/**
 * Case-study requests: who asked for which study, and whether the mail went out.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';

export interface CaseStudyRequestRecord {
  firstName: string;
  lastName: string;
  email: string;
  caseStudyName: string;
}

export interface CaseStudyRequestStore {
  /** Records a request; returns its id (128 random bits, base64url). */
  create(r: CaseStudyRequestRecord, now?: Date): string;
  markMailed(id: string, now?: Date): void;
  markFailed(id: string, reason: string): void;
  /** True when this address asked for this study since `since` (a repeat gets no second mail). */
  askedSince(email: string, caseStudyName: string, since: Date): boolean;
  get(id: string): (CaseStudyRequestRecord & { id: string; createdAt: string; mailedAt: string | null }) | undefined;
}

export function createCaseStudyRequestStore(db: Database): CaseStudyRequestStore {
  const insert = db.prepare(
    `INSERT INTO case_study_requests (id, first_name, last_name, email, case_study_name, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const mailed = db.prepare('UPDATE case_study_requests SET mailed_at = ?, mail_error = NULL WHERE id = ?');
  const failed = db.prepare('UPDATE case_study_requests SET mail_error = ? WHERE id = ?');
  const byId = db.prepare(
    `SELECT id, first_name AS firstName, last_name AS lastName, email, case_study_name AS caseStudyName,
            created_at AS createdAt, mailed_at AS mailedAt
       FROM case_study_requests WHERE id = ?`,
  );
  const recent = db.prepare(
    'SELECT 1 FROM case_study_requests WHERE lower(email) = lower(?) AND case_study_name = ? AND created_at >= ? LIMIT 1',
  );
  return {
    askedSince(email, caseStudyName, since) {
      return recent.get(email, caseStudyName, since.toISOString()) !== undefined;
    },
    create(r, now = new Date()) {
      const id = randomBytes(16).toString('base64url');
      insert.run(id, r.firstName, r.lastName, r.email, r.caseStudyName, now.toISOString());
      return id;
    },
    markMailed(id, now = new Date()) {
      mailed.run(now.toISOString(), id);
    },
    markFailed(id, reason) {
      failed.run(reason.slice(0, 500), id);
    },
    get(id) {
      return byId.get(id) as ReturnType<CaseStudyRequestStore['get']>;
    },
  };
}
