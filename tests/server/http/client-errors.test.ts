/**
 * What Node refuses before a route sees it, over raw sockets to the real server on loopback: a bad
 * request line, a bad header, 20 KB of headers, an upload whose client half-closes mid-body. Every
 * answer carries our JSON {message}, our security headers and `Connection: close`. And an upload
 * refused early (415) closes the connection, so a client that writes its whole body before reading
 * gets its answer instead of waiting forever.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_TEXT } from '../../../server/http/client-errors';
import { UPLOAD_TEXT } from '../../../server/cases/upload-check';
import { makeApp, type TestApp } from '../helpers';
import { multipart } from '../support/multipart';
import { pollUntil } from '../../support/wait';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await makeApp();
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  await t.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Opens a connection, writes every chunk (without waiting for an answer), half-closes when asked,
 * and resolves with what came back once the server has closed the connection.
 */
function exchange(chunks: (string | Buffer)[], opts: { halfClose?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    socket.on('data', (d: Buffer) => got.push(d));
    // The server may reset a connection whose body it did not read; what it answered first counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(got).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
      if (opts.halfClose) socket.end();
    });
  });
}

function expectOurAnswer(res: RawAnswer, status: number, message: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(res.body)).toEqual({ message });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBeTruthy();
  expect(res.headers['strict-transport-security']).toBeTruthy(); // PUBLIC_URL is https in tests
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers.connection).toBe('close');
}

describe('client errors Node answers itself', () => {
  it('answers a bad request line with our JSON and headers', async () => {
    expectOurAnswer(await exchange(['THIS IS NOT HTTP\r\n\r\n']), 400, CLIENT_ERROR_TEXT.badRequest);
  });

  it('answers a bad header with our JSON and headers', async () => {
    const res = await exchange(['GET /healthz HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n']);
    expectOurAnswer(res, 400, CLIENT_ERROR_TEXT.badRequest);
  });

  it('answers 20 KB of headers with 431, our JSON and headers', async () => {
    const res = await exchange([`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`]);
    expectOurAnswer(res, 431, CLIENT_ERROR_TEXT.headersTooLarge);
  });

  it('answers an upload cut off by a half-close with our JSON and keeps no partial file', async () => {
    const m = multipart([{ name: 'file', value: Buffer.alloc(200_000, 'a,b,c\r\n'), fileName: 'census.csv' }]);
    const head = `POST /main/case HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${m.headers['content-type']}\r\nContent-Length: ${m.body.length}\r\n\r\n`;
    const res = await exchange([head, m.body.subarray(0, 100_000)], { halfClose: true });
    expectOurAnswer(res, 400, CLIENT_ERROR_TEXT.badRequest);
    // The route saw the request aborted and deleted what it had written.
    const incoming = join(t.config.dataDir, 'incoming');
    expect(await pollUntil(() => readdirSync(incoming), (files) => files.length === 0, { timeoutMs: 10_000, intervalMs: 20 })).toEqual([]);
    expect(await t.app.ctx.data.query('SELECT count(*) AS n FROM census_cases')).toEqual([{ n: 0 }]);
  });
});

describe('an upload refused early', () => {
  it('closes the connection after a 415, so a client that sends its whole body first gets its answer', async () => {
    for (const [name, bytes, message] of [
      ['census.exe', Buffer.alloc(3 * 1024 * 1024, 'x'), UPLOAD_TEXT.wrongType],
      ['census.csv', randomBytes(3 * 1024 * 1024), UPLOAD_TEXT.notSpreadsheet('csv')],
    ] as const) {
      const m = multipart([{ name: 'file', value: bytes, fileName: name }]);
      const head = `POST /main/case HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${m.headers['content-type']}\r\nContent-Length: ${m.body.length}\r\n\r\n`;
      const res = await exchange([head, m.body]);
      expect(res.status, name).toBe(415);
      expect(res.headers.connection, name).toBe('close');
      expect(JSON.parse(res.body), name).toEqual({ message });
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
    }
  });
});
