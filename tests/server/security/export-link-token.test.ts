/**
 * Issue 31: an export link names only the file it serves. The token is sealed (AES-256-GCM): decoded
 * it shows no case id (nor the case's key at rest); it downloads its file until it expires; used as a
 * case id it reads, corrects and deletes nothing; altered, it serves nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkSigner } from '../../../server/cases/export-links';
import { makeApp, PUBLIC_URL, storedKey, type TestApp, waitForFinal } from '../helpers';
import { multipart } from '../support/multipart';
import { freshDatabase, POSTGRES_SKIP } from '../support/postgres';

const CSV = 'Employee ID,First Name,Last Name,Date of Birth,Relationship\n1,Ann,Lee,1980-01-02,Employee\n2,Bob,Lee,1982-03-04,Spouse\n';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

async function newCase(): Promise<string> {
  const m = multipart([{ name: 'file', value: Buffer.from(CSV), fileName: 'census.csv' }]);
  const res = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
  expect(res.statusCode).toBe(200);
  const { caseId } = res.json().data;
  expect(await waitForFinal(t.app, caseId)).toMatchObject({ status: 'completed' });
  return caseId;
}

describe('export download tokens', () => {
  it('hold no case id, serve their one file, and open nothing else of the case', async () => {
    const caseId = await newCase();
    const key = storedKey(t.config, caseId);
    const urls: string[] = [];
    for (const target of ['clean', 'launchpad-census']) {
      const link = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file&target=${target}` });
      expect(link.statusCode, target).toBe(200);
      urls.push(link.json().data.fileURL);
    }
    for (const url of urls) {
      expect(url.startsWith(`${PUBLIC_URL}/main/case/file?token=`)).toBe(true);
      const token = new URL(url).searchParams.get('token')!;
      // Decoded any way we can think of: neither the id nor the key at rest, nor JSON.
      for (const piece of [token, ...token.split('.')]) {
        const decoded = Buffer.from(piece, 'base64url').toString('latin1');
        expect(decoded).not.toContain(caseId);
        expect(decoded).not.toContain(key);
        expect(decoded).not.toMatch(/\{"|"c":|"k":/);
      }
      expect(token).not.toContain(caseId);
      const file = await t.app.inject({ url: url.slice(PUBLIC_URL.length) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="census-/);

      // The token, or anything in it, as a case id: nothing.
      for (const asId of [token, ...token.split('.')]) {
        const q = encodeURIComponent(asId);
        expect((await t.app.inject({ url: `/main/case?caseId=${q}` })).statusCode).toBe(404);
        expect((await t.app.inject({ url: `/main/case/status?caseId=${q}` })).statusCode).toBe(404);
        const patch = await t.app.inject({ method: 'PATCH', url: `/main/case?caseId=${q}`, payload: { reading: {} } });
        expect([400, 404]).toContain(patch.statusCode);
        const del = await t.app.inject({ method: 'DELETE', url: `/main/case?caseId=${q}` });
        expect([400, 404]).toContain(del.statusCode);
      }
    }
    // The case is untouched.
    expect((await t.app.inject({ url: `/main/case?caseId=${caseId}` })).statusCode).toBe(200);

    // Each URL serves its own file: the two targets give different files.
    const [clean, other] = await Promise.all(urls.map((u) => t.app.inject({ url: u.slice(PUBLIC_URL.length) })));
    expect(clean.headers['content-disposition']).toContain('-clean.xlsx');
    expect(other.headers['content-disposition']).not.toContain('-clean.xlsx');

    // Altered by one character anywhere: refused.
    const token = new URL(urls[0]).searchParams.get('token')!;
    for (const at of [0, 3, 10, Math.floor(token.length / 2), token.length - 1]) {
      const c = token[at] === 'A' ? 'B' : 'A';
      const bad = token.slice(0, at) + c + token.slice(at + 1);
      expect((await t.app.inject({ url: `/main/case/file?token=${bad}` })).statusCode, String(at)).toBe(404);
    }
    // Deleted case: the link dies with it.
    expect((await t.app.inject({ method: 'DELETE', url: `/main/case?caseId=${caseId}` })).statusCode).toBe(204);
    expect((await t.app.inject({ url: urls[0].slice(PUBLIC_URL.length) })).statusCode).toBe(404);
  });

  it('expires, and a token sealed under another key opens nothing', () => {
    const key = Buffer.alloc(32, 7);
    const links = createLinkSigner(key, 600_000);
    const now = Date.now();
    const token = links.sign({ c: 'k', k: 'r', p: 'all' }, now);
    expect(links.verify(token, now + 1000)).toEqual({ c: 'k', k: 'r', p: 'all' });
    expect(links.verify(token, now + 600_001)).toBeNull();
    expect(createLinkSigner(Buffer.alloc(32, 8), 600_000).verify(token, now)).toBeNull();
    // Two tokens of one payload differ (a fresh IV each time): nothing to compare between links.
    expect(links.sign({ c: 'k', k: 'r', p: 'all' }, now)).not.toBe(token);
    for (const junk of ['', 'x', 'a.b', 'TDE', '!!!', 'A'.repeat(2000), 5, null, `${token}x`, `${token}=`]) expect(links.verify(junk, now)).toBeNull();
  });
});

describe.skipIf(POSTGRES_SKIP)('export download tokens on PostgreSQL, two servers', () => {
  it('a link made by one server downloads from the other, and opens nothing else there', async () => {
    const db = await freshDatabase();
    const env = { DATABASE_URL: db.url, ENCRYPTION_KEY: randomBytes(32).toString('base64'), SMTP_INTAKE: 'false' };
    const a = await makeApp(env);
    const b = await makeApp(env);
    try {
      const m = multipart([{ name: 'file', value: Buffer.from(CSV), fileName: 'census.csv' }]);
      const up = await a.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
      expect(up.statusCode).toBe(200);
      const { caseId } = up.json().data;
      expect(await waitForFinal(a.app, caseId)).toMatchObject({ status: 'completed' });
      const url = (await a.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file` })).json().data.fileURL as string;
      const token = new URL(url).searchParams.get('token')!;
      expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(caseId);
      const file = await b.app.inject({ url: url.slice(PUBLIC_URL.length) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      expect((await b.app.inject({ method: 'DELETE', url: `/main/case?caseId=${encodeURIComponent(token)}` })).statusCode).toBe(404);
      expect((await b.app.inject({ url: `/main/case?caseId=${caseId}` })).statusCode).toBe(200);
    } finally {
      await b.close();
      await a.close();
      await db.drop();
    }
  });
});
