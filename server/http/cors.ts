/**
 * Who may call the API from a browser: the embedding origins of ALLOWED_ORIGINS, plus - when that
 * variable is unset - any loopback origin on any port, so the examples work from another local
 * origin out of the box. Our own site (PUBLIC_URL's origin) is always allowed; a request is never
 * taken as same-origin because its Host header matches its Origin (both are the caller's to write).
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
import { HttpError } from './errors';

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

/** A refused origin is logged once an hour (a partner's page makes a call per visitor and element). */
export const REFUSED_ORIGIN_LOG_MS = 60 * 60 * 1000;
/** At most this many origins remembered for that; past it the oldest are forgotten (a flood of made-up origins costs no memory). */
const REFUSED_ORIGINS_KEPT = 1000;

/** Says whether a refused origin should be logged now, remembering when it last was. */
export function refusedOriginLogger(now: () => number = Date.now) {
  const lastLogged = new Map<string, number>();
  return (origin: string): boolean => {
    const t = now();
    const last = lastLogged.get(origin);
    if (last !== undefined && t - last < REFUSED_ORIGIN_LOG_MS) return false;
    lastLogged.delete(origin);
    lastLogged.set(origin, t);
    if (lastLogged.size > REFUSED_ORIGINS_KEPT) lastLogged.delete(lastLogged.keys().next().value!);
    return true;
  };
}

/**
 * An onRequest hook for the API scope: 403 for a browser call from an origin not allowed, and a
 * warning naming the origin (once per origin and hour), so an operator sees which partner page
 * needs adding to ALLOWED_ORIGINS (docs/server.md, 'A refused origin').
 */
export function enforceAllowedOrigin(config: Config) {
  const shouldLog = refusedOriginLogger();
  const ownOrigin = new URL(config.publicUrl).origin;
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const origin = req.headers.origin;
    if (!origin || req.method === 'OPTIONS') return;
    // Our own site: the configured public origin. Not the Host header, which the caller writes (a
    // DNS-rebinding page, or any client, can name itself there; issue 31).
    if (origin === ownOrigin) return;
    if (isAllowedOrigin(config, origin)) return;
    // The origin is a page's address, not personal data; capped so a forged header stays one line.
    if (shouldLog(origin)) req.log.warn({ origin: origin.slice(0, 200) }, 'refused a call from an origin not in ALLOWED_ORIGINS');
    throw new HttpError(403, MESSAGES.caseStudy.forbidden);
  };
}
