/** A case id: 128 random bits, base64url (22 characters), and the check a request's id must pass. */
import { randomBytes } from 'node:crypto';

export function newCaseId(): string {
  return randomBytes(16).toString('base64url');
}
export const CASE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export function isCaseId(value: unknown): value is string {
  return typeof value === 'string' && CASE_ID_PATTERN.test(value);
}
