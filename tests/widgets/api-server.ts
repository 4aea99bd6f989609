/**
 * A tiny API stand-in for the widget tests: a real HTTP server on 127.0.0.1 (jsdom's XHR talks to it
 * like a browser would, CORS preflight included) that answers each request with the reply the test
 * set, and records every request it saw.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface Reply {
  status: number;
  body?: unknown;
  /** Destroys the socket instead of answering: a network error for the client. */
  destroy?: boolean;
  /** Holds the answer until this promise settles (to observe the submitting state). */
  hold?: Promise<unknown>;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface ApiServer {
  base: string;
  /** Every request, preflights included. */
  requests: SeenRequest[];
  /** Requests other than CORS preflights. */
  posts(): SeenRequest[];
  reply(next: Reply): void;
  /**
   * Answers by request instead (method, path, query, multipart fields): return a Reply, or undefined
   * to fall back to the one set with reply(). null removes the handler.
   */
  handle(handler: ((req: SeenRequest & { path: string; query: URLSearchParams; fields: Record<string, string> }) => Reply | undefined) | null): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

/** The fields of a multipart/form-data body (file fields give their file name), else {}. */
export function multipartFields(req: IncomingMessage, text: string): Record<string, string> {
  const type = req.headers['content-type'] ?? '';
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!type.startsWith('multipart/form-data') || !boundary) return {};
  const fields: Record<string, string> = {};
  for (const part of text.split(`--${boundary[1] ?? boundary[2]}`)) {
    const [head, ...rest] = part.split('\r\n\r\n');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (!name) continue;
    const fileName = /filename="([^"]*)"/.exec(head)?.[1];
    fields[name] = fileName ?? rest.join('\r\n\r\n').replace(/\r\n$/, '');
  }
  return fields;
}

export async function startApiServer(): Promise<ApiServer> {
  const requests: SeenRequest[] = [];
  let next: Reply = { status: 200, body: { message: 'ok' } };
  let handler: Parameters<ApiServer['handle']>[0] = null;
  const server = createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, PATCH, DELETE, OPTIONS');
    res.setHeader('access-control-allow-headers', 'content-type');
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* keep the text */
    }
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const reply =
      handler?.({ ...requests[requests.length - 1], path: url.pathname, query: url.searchParams, fields: multipartFields(req, text) }) ?? next;
    if (reply.hold) await reply.hold.catch(() => undefined);
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
    res.writeHead(reply.status, payload ? { 'content-type': 'application/json' } : {}).end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    posts: () => requests.filter((r) => r.method !== 'OPTIONS'),
    reply(r) {
      next = r;
    },
    handle(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A promise plus its resolve function. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The stand-in for a whole test file: started before its tests, closed after them, and before each
 * test its requests forgotten and its handler removed (a file's own beforeEach, registered after
 * this call, may set one). The object answers for the server of the running file.
 */
export function useApiServer(): ApiServer {
  let server: ApiServer | undefined;
  const live = (): ApiServer => {
    if (!server) throw new Error('the API stand-in starts in beforeAll: use it inside a test or a hook');
    return server;
  };
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    live().requests.length = 0;
    live().handle(null);
  });
  return new Proxy({} as ApiServer, {
    get(_target, key) {
      const s = live();
      const value = Reflect.get(s, key) as unknown;
      return typeof value === 'function' ? value.bind(s) : value;
    },
  });
}
