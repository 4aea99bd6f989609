/**
 * Case-study requests: who asked for which study, and whether the mail went out.
 * Its SQL, once for both databases: store/sql/case-study-requests.ts.
 */
export interface CaseStudyRequestRecord {
  firstName: string;
  lastName: string;
  email: string;
  caseStudyName: string;
}

export type CaseStudyRequestRow = CaseStudyRequestRecord & { id: string; createdAt: string; mailedAt: string | null };

export interface CaseStudyRequestStore {
  /** Records a request; returns its id (128 random bits, base64url). */
  create(r: CaseStudyRequestRecord, now?: Date): Promise<string>;
  markMailed(id: string, now?: Date): Promise<void>;
  markFailed(id: string, reason: string): Promise<void>;
  /** True when this address asked for this study since `since` (a repeat gets no second mail). */
  askedSince(email: string, caseStudyName: string, since: Date): Promise<boolean>;
  get(id: string): Promise<CaseStudyRequestRow | undefined>;
  /** Deletes requests made before the cut-off (retention); answers how many. */
  purge(before: Date): Promise<number>;
}

