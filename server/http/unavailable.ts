/**
 * A database that is away (restarting, failing over, unreachable) is a fault the client can wait out:
 * such errors are answered 503 with Retry-After instead of 500, and logged as one warning per outage
 * rather than one error per request. Recognised by the driver's connection errors (node-postgres:
 * socket codes, "Connection terminated", the pool's connect timeout; PostgreSQL's class 08
 * connection exceptions and 57P01-57P03, shut down or starting up; SQLite: the file is locked past
 * its busy timeout).
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY', 'SQLITE_LOCKED']);
const PG_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)/i;

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || PG_STATES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  }
  return false;
}
