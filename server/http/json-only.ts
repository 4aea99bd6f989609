/**
 * Public form endpoints accept application/json only. Anything else gets 415: a cross-origin caller
 * must therefore send a CORS preflight, which the allow-list answers (a plain HTML form or a "simple"
 * fetch cannot post to these endpoints from a foreign page).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(';')[0].trim().toLowerCase();
  return type === 'application/json';
}

/** A preValidation hook: runs after parsing, so the rate limit (onRequest) has already counted it. */
export async function requireJson(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!isJsonContentType(req.headers['content-type'])) {
    throw new HttpError(415, 'Content-Type must be application/json.');
  }
  if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
}
