import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { ERROR_TEXT } from '../../../server/http/errors';
import { makeApp, type TestApp } from '../helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('errors', () => {
  it('answers a thrown error with 500 and a fixed message, never the stack or the error text', async () => {
    const root = mkdtempSync(join(tmpdir(), 'benefold-errors-'));
    const app = buildApp(loadConfig({ DATA_DIR: root, DIST_DIR: join(root, 'dist'), LOG_LEVEL: 'silent' }));
    app.get('/main/boom', async () => {
      throw new Error('secret detail /etc/passwd');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/main/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: ERROR_TEXT.internal });
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toMatch(/\.ts:\d+/);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers unknown API paths and methods with JSON 404', async () => {
    t = await makeApp();
    for (const [method, url] of [['GET', '/main/nope'], ['POST', '/main/nope'], ['DELETE', '/main/case-study'], ['GET', '/main']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('serves GET /healthz', async () => {
    t = await makeApp();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('closes the database when the app closes', async () => {
    t = await makeApp();
    const data = t.app.ctx.data;
    await t.app.close();
    await expect(data.ping()).rejects.toThrow();
  });
});
