/**
 * Node's own answers to requests it cannot parse (a bad request line, a bad header, headers over
 * the 16 KB limit, a body cut off by a client that half-closes mid-upload, a request that takes too
 * long) never reach a route or Fastify's error handler. This handler gives them the same shape as
 * every other answer: JSON {message}, our security headers, no-store, and `Connection: close` (the
 * connection cannot be trusted to be in step any more, so it is closed after the answer).
 *
 * When a response on this connection has already started, nothing can be written in between: the
 * connection is only closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { baseHeaders } from './headers';

export const CLIENT_ERROR_TEXT = {
  badRequest: 'The request could not be read: it is malformed or was cut off.',
  headersTooLarge: 'The request headers are too large.',
  timeout: 'The request took too long to arrive.',
} as const;

/** The raw answer for one client error code: status line, headers and body. */
export function clientErrorResponse(code: string | undefined, config: Pick<Config, 'publicUrl'>): string {
  const [status, message] = code === 'HPE_HEADER_OVERFLOW'
    ? [431, CLIENT_ERROR_TEXT.headersTooLarge]
    : code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, CLIENT_ERROR_TEXT.timeout]
      : [400, CLIENT_ERROR_TEXT.badRequest];
  const body = JSON.stringify({ message });
  const headers: Record<string, string> = {
    ...baseHeaders(config),
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** For Fastify's clientErrorHandler option (Fastify calls it with `this` = the instance). */
export function createClientErrorHandler(config: Pick<Config, 'publicUrl'>) {
  return function clientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.debug({ code: err.code }, 'client error');
    const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !pending?.headersSent) socket.write(clientErrorResponse(err.code, config));
    // As Node does: the connection is done. A request still in a route sees it aborted, so that
    // route cleans up (a partial upload is deleted) and its own answer goes nowhere.
    socket.destroy();
  };
}
