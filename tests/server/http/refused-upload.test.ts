/**
 * A large upload refused before its body is read gets its answer, not a broken pipe (issue 20): a
 * Node client (node:http, which writes the whole body before it reads) sending a 4 MB census past the
 * upload rate limit reads 429 with Retry-After; one sending over 5 MB reads 413. Over a real socket.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers';
import { multipart } from '../support/multipart';
import { censusCsvUnder } from '../support/census-files';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** How long a call stays open after the answer: a reset that follows within it still fails the call (no event says "no reset is coming"). */
const RESET_WINDOW_MS = 300;
/** The slow client's pace: one 64 KB piece every 10 ms (the behaviour under test, not a wait). */
const PACE_MS = 10;

function post(port: number, body: Buffer, headers: Record<string, string>, paced = false): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/main/case', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      // Resolved a moment after the answer, so a reset that follows it still fails the call.
      res.on('end', () => setTimeout(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }), RESET_WINDOW_MS));
      res.on('error', reject);
    });
    req.on('error', reject); // EPIPE / ECONNRESET: the failure this test is about
    if (!paced) return void req.end(body);
    // A client on a slower link: the body goes out in 64 KB pieces over ~1 s, so most of it is still
    // to come when the answer is sent.
    let at = 0;
    const next = () => {
      if (at >= body.length) return void req.end();
      req.write(body.subarray(at, (at += 64 * 1024)));
      setTimeout(next, PACE_MS);
    };
    next();
  });
}

describe('a large upload refused before its body is read', () => {
  it('reads 429 with Retry-After past the upload limit, and 413 over 5 MB, without a broken pipe', async () => {
    t = await makeApp({ RATE_LIMIT_CENSUS_UPLOAD: '1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { csv } = censusCsvUnder(4 * 1024 * 1024);
    const m = multipart([{ name: 'file', value: csv, fileName: 'census.csv' }]);

    const first = await post(port, m.body, m.headers);
    expect(first.status, first.body).toBe(200);
    for (let i = 0; i < 3; i++) {
      const refused = await post(port, m.body, m.headers);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(refused.body).message).toMatch(/too many requests/i);
    }

    const slow = await post(port, m.body, m.headers, true);
    expect(slow.status).toBe(429);
    expect(Number(slow.headers['retry-after'])).toBeGreaterThan(0);

    // fetch (undici) streams the body and reads the answer as it comes.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/main/case`, { method: 'POST', body: new Uint8Array(m.body), headers: m.headers });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await res.json()).message).toMatch(/too many requests/i);
    }

    t2 = await makeApp();
    await t2.app.listen({ port: 0, host: '127.0.0.1' });
    const big = Buffer.concat([censusCsvUnder(4 * 1024 * 1024).csv, censusCsvUnder(2 * 1024 * 1024).csv]);
    const mb = multipart([{ name: 'file', value: big, fileName: 'census.csv' }]);
    const tooBig = await post((t2.app.server.address() as AddressInfo).port, mb.body, mb.headers);
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body).message).toBe('File size should not exceed 5 MB');
  }, 60_000);
});

let t2: TestApp | undefined;
afterEach(async () => {
  await t2?.close();
  t2 = undefined;
});
