/**
 * Errors as JSON {message}, never with a stack trace or an internal detail. 5xx errors are logged
 * on the server (with the stack) and answered with a fixed text. What Node refuses before a route
 * sees it is answered in the same shape by client-errors.ts.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from './unavailable';

/** An error whose message is meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const ERROR_TEXT = {
  badRequest: MESSAGES.caseStudy.badRequestDefault,
  notFound: 'Not found.',
  tooLarge: 'The request body is too large.',
  unsupportedType: 'Content-Type must be application/json.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  otherClientError: 'The request could not be processed.',
  internal: 'Something went wrong on our side. Please try again later.',
  unavailable: 'This service is briefly unavailable. Please try again in a few seconds.',
  mailFailed: 'We could not send the e-mail just now. Please try again in a few minutes.',
} as const;

function clientText(status: number): string {
  switch (status) {
    case 400:
      return ERROR_TEXT.badRequest;
    case 404:
      return ERROR_TEXT.notFound;
    case 413:
      return ERROR_TEXT.tooLarge;
    case 415:
      return ERROR_TEXT.unsupportedType;
    case 429:
      return ERROR_TEXT.tooManyRequests;
    default:
      return ERROR_TEXT.otherClientError;
  }
}

export function statusOf(error: unknown): number {
  const s = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof s === 'number' && s >= 400 && s <= 599 ? s : 500;
}

/** One warning per outage (a quiet minute ends it), not one error line per request. */
let lastUnavailableWarning = 0;
const UNAVAILABLE_WARN_EVERY_MS = 60_000;
function warnUnavailable(request: FastifyRequest, error: unknown): void {
  const now = Date.now();
  if (now - lastUnavailableWarning < UNAVAILABLE_WARN_EVERY_MS) return;
  lastUnavailableWarning = now;
  const code = (error as { code?: unknown })?.code;
  request.log.warn({ code, url: request.url, method: request.method }, 'the database is unavailable: answering 503 until it is back');
}

export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply): void {
  const status = statusOf(error);
  // Refused before the body has arrived (a 415 for a file type, a 413): close the connection after
  // the answer, so a client that sends its whole body before reading is not left waiting, and no
  // unread body is taken for the next request.
  if (request.raw.complete === false) reply.header('connection', 'close');
  // A 503 the code meant (HttpError: not ready, shutting down) keeps its status and words; one
  // caused by a database that is away is answered the same way, with Retry-After, and said once.
  if (status === 503 && error instanceof HttpError) {
    if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
    void reply.code(503).type('application/json; charset=utf-8').send({ message: error.message });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    warnUnavailable(request, error);
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
    void reply.code(503).type('application/json; charset=utf-8').send({ message: ERROR_TEXT.unavailable });
    return;
  }
  if (status >= 500) {
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    void reply.code(500).type('application/json; charset=utf-8').send({ message: ERROR_TEXT.internal });
    return;
  }
  const message = error instanceof HttpError ? error.message : clientText(status);
  void reply.code(status).type('application/json; charset=utf-8').send({ message });
}
