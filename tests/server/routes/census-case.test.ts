/**
 * The census case API through inject: upload -> status -> report -> export -> delete, files added
 * to a case, encrypted files at rest, and the refusals (size, type, content, malformed bodies,
 * unknown ids) with their messages.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { CASE_TEXT } from '../../../server/routes/census-case';
import { UPLOAD_TEXT } from '../../../server/cases/upload-check';
import { CENSUS_UPLOAD } from '../../../shared/constants';
import { makeApp, PUBLIC_URL, storedKey, type TestApp, waitForFinal } from '../helpers';
import { multipart, type Part } from '../support/multipart';

const FIXTURES = join(__dirname, '../../../../shared/fixtures/census');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

let t: TestApp;
beforeAll(async () => {
  // Every refusal counts against the per-minute upload limit too; this file makes many. Its cases
  // are watched one after another within a minute, so the status limit is raised as well: the
  // limits themselves are tested in rate-limit tests, not here.
  t = await makeApp({ RATE_LIMIT_CENSUS_UPLOAD: '200', RATE_LIMIT_CENSUS_STATUS: '5000' });
});
afterAll(async () => {
  await t.close();
});

async function post(parts: Part[], headers: Record<string, string> = {}) {
  const m = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: { ...m.headers, ...headers } });
}

async function upload(name: string, bytes: Buffer, extra: Part[] = []) {
  return post([{ name: 'file', value: bytes, fileName: name }, ...extra]);
}


describe('POST /main/case with a file', () => {
  it('stores the file encrypted, answers a 128-bit caseId, and the case completes with the right figures', async () => {
    const res = await upload('long-csv.csv', fixture('long-csv.csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const { caseId, status } = res.json().data;
    expect(caseId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(['classified', 'preprocessing', 'deduplicating', 'postprocessing', 'completed']).toContain(status);

    // At rest: a generated name, owner-only, not the plain text.
    const dir = join(t.config.dataDir, 'cases', storedKey(t.config, caseId));
    const [stored] = readdirSync(dir);
    expect(stored).toMatch(/^f-[A-Za-z0-9_-]{22}\.bin$/);
    expect(statSync(join(dir, stored)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, stored)).includes(Buffer.from('Employee ID'))).toBe(false);

    const final = await waitForFinal(t.app, caseId);
    expect(final).toEqual({ caseId, status: 'completed' });

    const report = await t.app.inject({ url: `/main/case?caseId=${caseId}` });
    expect(report.statusCode).toBe(200);
    expect(report.headers['cache-control']).toBe('no-store');
    const data = report.json().data;
    expect(data.totalLives).toBe(61);
    expect(data.livesAdditionalInfo).toEqual({ retired: 8, excluded: 3 });
    expect(data.files).toEqual([{ fileName: 'long-csv.csv', smtpId: expect.any(String) }]);

    const census = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=census&fileName=long-csv.csv` });
    expect(census.json().data.totalLives).toBe(61);

    // Nothing the engine wrote is plain text on disk.
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f)).includes(Buffer.from('"totalLives"'))).toBe(false);
  });

  it('exports the clean member list through a short-lived signed URL, as an attachment with a safe name', async () => {
    const res = await upload('Our census <2026>.csv', fixture('long-csv.csv'));
    const { caseId } = res.json().data;
    await waitForFinal(t.app, caseId);
    const link = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file` });
    expect(link.statusCode).toBe(200);
    const { fileURL } = link.json().data;
    expect(fileURL.startsWith(`${PUBLIC_URL}/main/case/file?token=`)).toBe(true);
    const file = await t.app.inject({ url: fileURL.slice(PUBLIC_URL.length) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Our-census-2026-clean.xlsx"');
    expect(file.headers['cache-control']).toBe('no-store');
    const wb = XLSX.read(file.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['Members', 'Changes', 'Not counted']);
    expect(XLSX.utils.sheet_to_json(wb.Sheets.Members).length).toBeGreaterThan(61);

    // The same for one file; a tampered token is 404.
    const one = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file&fileName=${encodeURIComponent('Our census <2026>.csv')}` });
    expect(one.statusCode).toBe(200);
    const bad = await t.app.inject({ url: `${fileURL.slice(PUBLIC_URL.length)}x` });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ message: CASE_TEXT.linkExpired });
  });

  it('adds a second file to a case (caseId beside the file) and reports the merged case', async () => {
    const first = await upload('multi-file-part1.csv', fixture('multi-file-part1.csv'));
    const { caseId } = first.json().data;
    const second = await upload('multi-file-part2.xlsx', fixture('multi-file-part2.xlsx'), [{ name: 'caseId', value: caseId }]);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.caseId).toBe(caseId);
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    const truth = JSON.parse(fixture('multi-file.truth.json').toString('utf8'));
    const data = (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data;
    expect(data.files.map((f: { fileName: string }) => f.fileName)).toEqual(['multi-file-part1.csv', 'multi-file-part2.xlsx']);
    expect(data.totalLives).toBe(truth.expected.totalLives);
  });

  it('refuses a file over 5 MB with 413 while streaming, and keeps nothing', async () => {
    const before = readdirSync(t.config.dataDir).includes('cases') ? readdirSync(join(t.config.dataDir, 'cases')).length : 0;
    const big = Buffer.alloc(CENSUS_UPLOAD.maxBytes + 1, 'a');
    const res = await upload('big.csv', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_TEXT.tooLarge });
    const after = readdirSync(join(t.config.dataDir, 'cases')).length;
    expect(after).toBe(before);
    expect(readdirSync(join(t.config.dataDir, 'incoming'))).toEqual([]);
  });

  it('takes a file of exactly 5 MB', async () => {
    const header = 'First Name,Last Name,Date of Birth\r\n';
    const row = 'Ann,Lee,01/02/1980\r\n';
    const body = Buffer.alloc(CENSUS_UPLOAD.maxBytes, ' ');
    body.write(header + row.repeat(10), 0);
    const res = await upload('exact.csv', body);
    expect(res.statusCode).toBe(200);
  });

  it('refuses other extensions and content that does not match its extension with 415', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const cases: [string, Buffer, string][] = [
      ['census.docx', Buffer.from('PK'), UPLOAD_TEXT.wrongType],
      ['census.pdf', Buffer.from('a,b\n1,2\n'), UPLOAD_TEXT.notPdf('a text (CSV) file')],
      ['scan.csv', Buffer.from('%PDF-1.4\n'), UPLOAD_TEXT.mismatch('csv', 'a PDF document')],
      ['census', Buffer.from('a,b'), UPLOAD_TEXT.wrongType],
      ['census.xlsx', fixture('long-csv.csv'), UPLOAD_TEXT.mismatch('xlsx', 'a text (CSV) file')],
      ['photo.csv', png, UPLOAD_TEXT.mismatch('csv', 'a PNG image')],
      ['book.csv', fixture('two-sheets-xlsx.xlsx'), UPLOAD_TEXT.mismatch('csv', 'a ZIP archive or an .xlsx workbook')],
      ['old.xls', fixture('title-rows-xlsx.xlsx'), UPLOAD_TEXT.mismatch('xls', 'a ZIP archive or an .xlsx workbook')],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await upload(name, bytes);
      expect(res.statusCode, name).toBe(415);
      expect(res.json(), name).toEqual({ message });
    }
  });

  it('refuses random bytes named .csv or .xlsx as not a spreadsheet', async () => {
    // Deterministic "random" bytes: a byte pattern with NULs and control bytes, no known signature.
    const noise = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 2654435761) >>> 24));
    for (const ext of ['csv', 'xlsx', 'xls'] as const) {
      const res = await upload(`census.${ext}`, noise);
      expect(res.statusCode, ext).toBe(415);
      expect(res.json(), ext).toEqual({ message: UPLOAD_TEXT.notSpreadsheet(ext) });
    }
    // A real CSV in an 8-bit code page is still a CSV.
    const latin1 = Buffer.from('Name,City\r\nRen\xe9e,Z\xfcrich\r\n', 'latin1');
    const ok = await upload('latin1.csv', latin1);
    expect(ok.statusCode).toBe(200);
  });

  it('stores file names without control characters or bidi overrides', async () => {
    const res = await upload('pay\u202Eroll\u0000\u0007 census\u200B.csv', fixture('long-csv.csv'));
    expect(res.statusCode).toBe(200);
    const { caseId } = res.json().data;
    const [row] = await t.app.ctx.data.query<{ file_name: string }>('SELECT file_name FROM census_files WHERE case_id = ?', [storedKey(t.config, caseId)]);
    expect(row.file_name).toBe('payroll census.csv');
    // A path in the name keeps only its last segment; a name that hides its real extension is refused.
    const path = await upload('C:\\Users\\ann\\census.csv', fixture('long-csv.csv'));
    const [pathRow] = await t.app.ctx.data.query<{ file_name: string }>('SELECT file_name FROM census_files WHERE case_id = ?', [storedKey(t.config, path.json().data.caseId)]);
    expect(pathRow.file_name).toBe('census.csv');
    const hidden = await upload('census\u202Evsc.exe', fixture('long-csv.csv'));
    expect(hidden.statusCode).toBe(415);
    expect(hidden.json()).toEqual({ message: UPLOAD_TEXT.wrongType });
  });

  it('names the field that is too large instead of calling the upload cut off', async () => {
    for (const name of ['password', 'caseId', 'email']) {
      const res = await upload('long-csv.csv', fixture('long-csv.csv'), [{ name, value: 'x'.repeat(1024 * 1024) }]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ message: CASE_TEXT.fieldTooLong(name) });
    }
    expect(readdirSync(join(t.config.dataDir, 'incoming'))).toEqual([]);
  });

  it('answers 400 for a malformed or truncated multipart body, an empty file or no file', async () => {
    const m = multipart([{ name: 'file', value: fixture('long-csv.csv'), fileName: 'long.csv' }]);
    const truncated = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body.subarray(0, 500), headers: m.headers });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ message: CASE_TEXT.malformed });

    const garbage = await t.app.inject({
      method: 'POST',
      url: '/main/case',
      payload: 'not multipart at all',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(garbage.statusCode).toBe(400);

    const noBoundary = await t.app.inject({ method: 'POST', url: '/main/case', payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBe(400);

    const empty = await upload('empty.csv', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: UPLOAD_TEXT.empty });

    const none = await post([{ name: 'caseId', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: CASE_TEXT.noFile });

    const json = await t.app.inject({ method: 'POST', url: '/main/case', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: CASE_TEXT.notMultipart });

    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });

  it('fails a password-protected file without a password with code password-required', async () => {
    const encrypted = await encryptedWorkbook('secret');
    const res = await upload('locked.xlsx', encrypted);
    expect(res.statusCode).toBe(200);
    const { caseId } = res.json().data;
    const final = await waitForFinal(t.app, caseId);
    expect(final.status).toBe('error');
    expect(final.code).toBe('password-required');
    expect(final.message).toMatch(/password/i);

    const wrong = await upload('locked.xlsx', encrypted, [{ name: 'password', value: 'nope' }]);
    const wrongFinal = await waitForFinal(t.app, wrong.json().data.caseId);
    expect(wrongFinal.code).toBe('password-incorrect');

    const right = await upload('locked.xlsx', encrypted, [{ name: 'password', value: 'secret' }]);
    const rightFinal = await waitForFinal(t.app, right.json().data.caseId);
    expect(rightFinal.status).toBe('completed');
    // The password is not stored in the clear.
    const rows = await t.app.ctx.data.query<{ password: string }>('SELECT password FROM census_files WHERE password IS NOT NULL');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.password).not.toContain('secret');
  }, 60_000);
});

describe('unknown, guessed and deleted cases', () => {
  it('answers 404 {message} for a guessed id and 400 for a missing one', async () => {
    for (const url of ['/main/case/status?caseId=AAAAAAAAAAAAAAAAAAAAAA', '/main/case?caseId=AAAAAAAAAAAAAAAAAAAAAA', '/main/case/status?caseId=../../etc']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: CASE_TEXT.notFound });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const missing = await t.app.inject({ url: '/main/case/status' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: CASE_TEXT.badCaseId });
  });

  it('DELETE removes the case, its files and exports at once: 204, then 404', async () => {
    const { caseId } = (await upload('long-csv.csv', fixture('long-csv.csv'))).json().data;
    await waitForFinal(t.app, caseId);
    const { fileURL } = (await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file` })).json().data;
    const del = await t.app.inject({ method: 'DELETE', url: `/main/case?caseId=${caseId}` });
    expect(del.statusCode).toBe(204);
    expect(readdirSync(join(t.config.dataDir, 'cases'))).not.toContain(storedKey(t.config, caseId));
    expect((await t.app.inject({ url: `/main/case/status?caseId=${caseId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/main/case?caseId=${caseId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: fileURL.slice(PUBLIC_URL.length) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/main/case?caseId=${caseId}` })).statusCode).toBe(404);
    // Adding a file to a deleted case is 404 too.
    const add = await upload('long-csv.csv', fixture('long-csv.csv'), [{ name: 'caseId', value: caseId }]);
    expect(add.statusCode).toBe(404);
  });

  it('answers 404 for a case past its retention, and the sweep deletes it', async () => {
    const { caseId } = (await upload('long-csv.csv', fixture('long-csv.csv'))).json().data;
    await waitForFinal(t.app, caseId);
    const old = new Date(Date.now() - (t.config.retentionDays + 1) * 86_400_000).toISOString();
    await t.app.ctx.data.query('UPDATE census_cases SET created_at = ? WHERE id = ?', [old, storedKey(t.config, caseId)]);
    expect((await t.app.inject({ url: `/main/case/status?caseId=${caseId}` })).statusCode).toBe(404);
    await t.app.ctx.caseService.sweep();
    expect(await t.app.ctx.data.cases.getIgnoringExpiry(storedKey(t.config, caseId))).toBeUndefined();
    expect(readdirSync(join(t.config.dataDir, 'cases'))).not.toContain(storedKey(t.config, caseId));
  });
});

describe('CORS for embedding pages', () => {
  it('lets an allowed origin read answers and preflight a DELETE; refuses other origins with 403', async () => {
    const app = await makeApp({ ALLOWED_ORIGINS: 'https://partner.example' });
    try {
      const pre = await app.app.inject({
        method: 'OPTIONS',
        url: '/main/case?caseId=x',
        headers: { origin: 'https://partner.example', 'access-control-request-method': 'DELETE' },
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(String(pre.headers['access-control-allow-methods'])).toContain('DELETE');

      const m = multipart([{ name: 'file', value: fixture('long-csv.csv'), fileName: 'long-csv.csv' }]);
      const ok = await app.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: { ...m.headers, origin: 'https://partner.example' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');

      const evil = await app.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: { ...m.headers, origin: 'https://evil.example' } });
      expect(evil.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

/** An XLSX encrypted with a password (officecrypto-tool), made from a fixture. */
async function encryptedWorkbook(password: string): Promise<Buffer> {
  const officeCrypto = (await import('officecrypto-tool')).default as unknown as {
    encrypt(input: Buffer, options: { password: string }): Promise<Buffer> | Buffer;
  };
  return Buffer.from(await officeCrypto.encrypt(fixture('two-sheets-xlsx.xlsx'), { password }));
}
