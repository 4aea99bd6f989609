/**
 * Issue 31, the lower items: the public sample case takes no notify or help request (a clear 403);
 * our own site is known by PUBLIC_URL, never by a Host header the caller writes; uploads left in
 * DATA_DIR/incoming by a crash are removed at start-up; a data folder that exists with loose
 * permissions is made 0700 at start, and the log says so.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BRAND } from '../../../shared/brand';
import { MESSAGES } from '../../../shared/messages';
import { SAMPLE_CASE, SAMPLE_TEXT } from '../../../server/cases/sample';
import { clearIncoming, secureDataDir } from '../../../server/security/data-dir';
import { makeApp, type TestApp } from '../helpers';
import { multipart } from '../support/multipart';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the sample case', () => {
  it('refuses notify and help requests with a sentence, and mails nothing', async () => {
    t = await makeApp();
    for (const kind of ['notify', 'help']) {
      const m = multipart([{ name: 'email', value: 'someone@broker-partners.com' }, { name: 'caseId', value: SAMPLE_CASE.id }, { name: 'kind', value: kind }]);
      const res = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
      expect(res.statusCode, kind).toBe(403);
      expect(res.json()).toEqual({ message: SAMPLE_TEXT.noContact });
    }
    expect(await t.mail()).toEqual([]);
  });
});

describe('the origin check', () => {
  const subscription = { email: 'sam@broker-partners.com', ...BRAND.promotion };
  it('does not take a forged Host for our own site; takes PUBLIC_URL\'s origin', async () => {
    t = await makeApp({ ALLOWED_ORIGINS: 'https://partner.example', PUBLIC_URL: 'https://benefold.test' });
    for (const [origin, host] of [['https://evil.example', 'evil.example'], ['http://evil.example', 'evil.example'], ['http://10.0.0.5:8080', '10.0.0.5:8080']]) {
      const res = await t.app.inject({ method: 'POST', url: '/main/mailing-list', headers: { origin, host }, payload: subscription });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ message: MESSAGES.caseStudy.forbidden });
      expect((await t.app.inject({ url: '/main/origin', headers: { origin, host } })).statusCode).toBe(403);
    }
    // Behind a proxy the forwarded host is the caller's to write too.
    const proxied = await makeApp({ ALLOWED_ORIGINS: 'https://partner.example', PUBLIC_URL: 'https://benefold.test', TRUST_PROXY: 'true' });
    try {
      const res = await proxied.app.inject({ url: '/main/origin', headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
      expect(res.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
    // Our own site, whatever Host says.
    const own = await t.app.inject({ method: 'POST', url: '/main/mailing-list', headers: { origin: 'https://benefold.test', host: 'internal:8080' }, payload: subscription });
    expect(own.statusCode).toBe(200);
  });
});

describe('the data folder at start-up', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
  });

  it('removes uploads a crash left in incoming before serving, and keeps the rest', async () => {
    t = await makeApp();
    const { dataDir } = t.config;
    await t.app.close();
    const incoming = join(dataDir, 'incoming');
    mkdirSync(incoming, { recursive: true });
    writeFileSync(join(incoming, 'f-leftover.bin'), 'sealed bytes');
    writeFileSync(join(incoming, 'f-half.bin.0a1b2c.tmp'), 'half');
    // A restart on the same data folder.
    const again = await makeApp({ DATA_DIR: dataDir });
    try {
      expect(readdirSync(incoming)).toEqual([]);
      expect(readdirSync(dataDir)).toContain('benefold.db');
    } finally {
      await again.close();
    }
  });

  it('clearIncoming removes every file and says how many; no folder is nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'benefold-incoming-'));
    roots.push(root);
    const lines: unknown[] = [];
    const log = { info: (...a: unknown[]) => lines.push(a) };
    expect(clearIncoming(join(root, 'none'), log)).toBe(0);
    writeFileSync(join(root, 'a.bin'), 'x');
    writeFileSync(join(root, 'b.tmp'), 'y');
    expect(clearIncoming(root, log)).toBe(2);
    expect(readdirSync(root)).toEqual([]);
    expect(lines).toHaveLength(1);
  });

  it('makes an existing loose data folder 0700 and says so; a new one is 0700', async () => {
    const root = mkdtempSync(join(tmpdir(), 'benefold-datadir-'));
    roots.push(root);
    const loose = join(root, 'loose');
    mkdirSync(loose, { mode: 0o755 });
    chmodSync(loose, 0o755);
    const lines: string[] = [];
    const log = { info: (_o: unknown, m: string) => lines.push(`info ${m}`), warn: (_o: unknown, m: string) => lines.push(`warn ${m}`) };
    secureDataDir(loose, log);
    expect(statSync(loose).mode & 0o777).toBe(0o700);
    expect(lines).toEqual(['info data folder permissions tightened to 0700 (they were 0755)']);
    secureDataDir(loose, log);
    expect(lines).toHaveLength(1);
    const fresh = join(root, 'a', 'b');
    secureDataDir(fresh, log);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);

    // Through the app: an existing world-readable DATA_DIR is tightened at start.
    const dir = join(root, 'app-data');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    t = await makeApp({ DATA_DIR: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
