/**
 * The honeypot: a form field (`website`) that the widgets hide from people. A bot that fills it gets
 * the same answer as a person would, and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = 'website';

export function honeypotFilled(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const v = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  return true;
}
