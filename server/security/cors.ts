/**
 * CORS for the API routes: an allow-list of embedding origins (ALLOWED_ORIGINS), plus - when that
 * variable is unset - any loopback origin on any port, so the examples work from another local
 * origin out of the box. A refused origin simply gets no Access-Control-Allow-Origin header.
 * (The widget bundle itself is public: routes/static.ts sends it with `*`.)
 */
import type { FastifyCorsOptions } from '@fastify/cors';
import type { Config } from '../config';

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

export function isAllowedOrigin(config: Pick<Config, 'allowedOrigins' | 'allowLocalOrigins'>, origin: string): boolean {
  if (config.allowedOrigins.includes(origin)) return true;
  return config.allowLocalOrigins && LOCAL_ORIGIN.test(origin);
}

export function corsOptions(config: Config): FastifyCorsOptions {
  return {
    origin(origin, cb) {
      // No Origin header: a same-origin navigation or a non-browser client; CORS does not apply.
      if (!origin) return cb(null, false);
      cb(null, isAllowedOrigin(config, origin));
    },
    methods: ['GET', 'POST'],
    credentials: false,
    maxAge: 600,
    strictPreflight: true,
  };
}
