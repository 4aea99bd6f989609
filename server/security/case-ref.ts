/**
 * A case's key at rest: HMAC-SHA256 of the case id under a key derived for this purpose
 * ('census-case-id'), base64url. The case id is a bearer secret - whoever holds it reads the member
 * list through the public API - so the database, the file folders and the job queue hold only this
 * hash; a copy of them (a dump, a backup) opens no case. Looked up by recomputing it from the id a
 * request names; the id itself is kept only sealed in its row, for the links that mails carry.
 */
import { createHmac } from 'node:crypto';

export type CaseRef = (caseId: string) => string;

/** The purpose the key is derived for (security/keys.ts deriveKey). */
export const CASE_REF_PURPOSE = 'census-case-id';

export function caseRefs(key: Buffer): CaseRef {
  return (caseId) => createHmac('sha256', key).update(caseId, 'utf8').digest('base64url');
}
