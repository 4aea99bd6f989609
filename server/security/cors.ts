/**
 * Who may call the API from a browser: the embedding origins of ALLOWED_ORIGINS, plus - when that
 * variable is unset - any loopback origin on any port, so the examples work from another local
 * origin out of the box. Same-origin requests (our own site) are always allowed.
 *
 * The allow-list is enforced by the server, not left to the browser (docs/decisions.md): a request
 * whose Origin is not allowed is refused with 403 {message} and nothing is stored or sent. For the
 * embedding widget to *read* that 403 and say "You do not have permission...", CORS itself answers
 * every origin (preflight included) by reflecting it; the API uses no cookies or credentials, so
 * that reveals nothing. (The widget bundle is public: routes/static.ts sends it with `*`.)
 */
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import type { Config } from '../config';
import { HttpError } from '../http/errors';

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

export function isAllowedOrigin(config: Pick<Config, 'allowedOrigins' | 'allowLocalOrigins'>, origin: string): boolean {
  if (config.allowedOrigins.includes(origin)) return true;
  return config.allowLocalOrigins && LOCAL_ORIGIN.test(origin);
}

export function corsOptions(): FastifyCorsOptions {
  return {
    // Reflect the caller's origin (see above); enforceAllowedOrigin decides.
    origin: (origin, cb) => cb(null, origin ? origin : false),
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    credentials: false,
    maxAge: 600,
    strictPreflight: true,
  };
}

/** An onRequest hook for the API scope: 403 for a browser call from an origin not allowed. */
export function enforceAllowedOrigin(config: Config) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const origin = req.headers.origin;
    if (!origin || req.method === 'OPTIONS') return;
    if (origin === `${req.protocol}://${req.host}`) return;
    if (!isAllowedOrigin(config, origin)) throw new HttpError(403, MESSAGES.caseStudy.forbidden);
  };
}
