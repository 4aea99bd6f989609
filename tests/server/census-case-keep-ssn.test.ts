/**
 * 'Keep full SSNs for carrier files' through the API (issue 28): a real case uploaded with
 * keepSsn=true, its DC Health Link and ben-admin files downloaded with the employees' SSNs from the
 * upload in them; then the SQLite database, every file of the data folder (raw bytes), the captured
 * log lines and the mail outbox searched for every full SSN, with and without dashes: nowhere. PATCH
 * {keepSsn: false} runs the case again without them; bad values are 400.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { makeApp, PUBLIC_URL, storedKey, type TestApp, waitForFinal } from './helpers';
import { multipart } from './support/multipart';

// 150 employees with dashed SSNs; read from the shared fixtures, never copied.
const FIXTURE = join(__dirname, '../../../shared/fixtures/census-real/files/aca-builder-employee-census.csv');
const text = readFileSync(FIXTURE, 'utf8');
const [head, ...lines] = text.trim().split(/\r?\n/);
const cols = head.split(',');
/** employee id -> the nine digits. */
const SSNS = new Map(lines.map((l) => l.split(',')).map((c) => [c[cols.indexOf('employee_id')], c[cols.indexOf('ssn')].replace(/\D/g, '')]));
const dashed = (d: string) => `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
function expectNoSsn(haystack: string, where: string): void {
  for (const d of SSNS.values()) {
    expect(haystack.includes(d), `${where} holds ${d}`).toBe(false);
    expect(haystack.includes(dashed(d)), `${where} holds ${dashed(d)}`).toBe(false);
  }
}

let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  t = await makeApp({ LOG_LEVEL: 'debug', LOG_REQUESTS: 'true', RATE_LIMIT_CENSUS_UPLOAD: '200' });
  const log = t.app.log as unknown as Record<symbol, { write(s: string): boolean }>;
  const sym = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream')!;
  log[sym].write = (s: string) => (logs.push(s), true);
});
afterAll(() => t.close());

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
}
async function download(caseId: string, target: string) {
  const link = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file&target=${target}` });
  expect(link.statusCode, link.body).toBe(200);
  const file = await t.app.inject({ url: link.json().data.fileURL.slice(PUBLIC_URL.length) });
  expect(file.statusCode).toBe(200);
  return file;
}
function firstSheet(bytes: Buffer): (string | null)[][] {
  const wb = XLSX.read(bytes, { type: 'buffer' });
  return XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null, raw: false });
}
const dchlSsn = async (caseId: string) => {
  const r = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=readiness&target=dchl` });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data.problems as { field: string; message: string }[]).find((p) => p.field === 'ssn');
};

describe('keepSsn through the API', () => {
  it('the SSNs reach the dchl and ben-admin files only: not the database, the data folder, the logs or the outbox', async () => {
    const m = multipart([{ name: 'keepSsn', value: 'true' }, { name: 'file', value: Buffer.from(text), fileName: 'staff.csv' }]);
    const up = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
    expect(up.statusCode, up.body).toBe(200);
    const { caseId } = up.json().data;
    const notify = multipart([{ name: 'email', value: 'hr@broker-partners.com' }, { name: 'caseId', value: caseId }]);
    expect((await t.app.inject({ method: 'POST', url: '/main/case', payload: notify.body, headers: notify.headers })).statusCode).toBe(200);
    expect(await waitForFinal(t.app, caseId)).toMatchObject({ status: 'completed' });

    const report = await t.app.inject({ url: `/main/case?caseId=${caseId}` });
    expect(report.json().data.keepSsn).toBe(true);
    expectNoSsn(report.body, 'report');
    expect(await dchlSsn(caseId)).toBeUndefined();
    const readiness = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=readiness` });
    expectNoSsn(readiness.body, 'readiness');

    // The DC Health Link file: each employee's nine digits under 'SSN / TIN', as in the upload.
    const rows = firstSheet((await download(caseId, 'dchl')).rawPayload);
    const people = rows.slice(3).filter((r) => r[2]);
    expect(people.length).toBeGreaterThan(100);
    for (const r of people) expect(r[7], String(r[0])).toBe(SSNS.get(String(r[0])));
    const csv = (await download(caseId, 'launchpad-census')).body.split('\r\n');
    expect(csv[1].split(',')[0]).toMatch(/^\d{9}$/);
    // Targets that do not ask for it never get it.
    for (const target of ['clean', 'generic-carrier', 'salesforce-group-census']) {
      const file = await download(caseId, target);
      expectNoSsn(/sheet/.test(String(file.headers['content-type'])) ? JSON.stringify(firstSheet(file.rawPayload)) : file.body, target);
    }

    // Every stored result decrypted (report, readiness, the other targets' exports, the case's
    // options): none but the upload itself and the files of the targets that require the SSN.
    const key = storedKey(t.config, caseId);
    const uploads = new Set((await t.app.ctx.data.cases.files(key)).map((f) => f.storedName));
    const names = readdirSync(join(t.config.dataDir, 'cases', key)).filter((n) => !n.endsWith('.tmp'));
    const ssnFiles = names.filter((n) => /-export-all-(dchl|launchpad-census)\.bin$/.test(n));
    expect(ssnFiles).toHaveLength(2);
    expect(names).toContain('case-options.bin');
    // The search finds a number where one is: the ben-admin CSV, decrypted, holds them.
    const launchpadText = (await t.app.ctx.files.read(key, ssnFiles.find((n) => n.includes('launchpad'))!)).toString('latin1');
    expect([...SSNS.values()].filter((d) => launchpadText.includes(d)).length).toBeGreaterThan(100);
    for (const n of names) if (!uploads.has(n) && !ssnFiles.includes(n)) expectNoSsn((await t.app.ctx.files.read(key, n)).toString('latin1'), `stored ${n}`);
    // Everything at rest, raw: the SQLite database (and its WAL), keys, outbox, every case file.
    const all = walk(t.config.dataDir);
    expect(all.some((f) => f.endsWith('.db'))).toBe(true);
    for (const f of all) expectNoSsn(readFileSync(f).toString('latin1'), f);
    const mail = await t.mail();
    expect(mail.length).toBeGreaterThan(0);
    for (const eml of mail) expectNoSsn(eml, 'outbox');
    expect(logs.length).toBeGreaterThan(0);
    expectNoSsn(logs.join('\n'), 'logs');

    // Off again: the case runs again, the report says nothing, the column is empty, today's sentence.
    const off = await t.app.inject({ method: 'PATCH', url: `/main/case?caseId=${caseId}`, payload: { keepSsn: false } });
    expect(off.statusCode, off.body).toBe(202);
    expect(await waitForFinal(t.app, caseId)).toMatchObject({ status: 'completed' });
    expect((await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data.keepSsn).toBeUndefined();
    expect(readdirSync(join(t.config.dataDir, 'cases', key))).not.toContain('case-options.bin');
    expect((await dchlSsn(caseId))?.message).toMatch(/have no full SSN \(we keep only the last four digits\)/);
    expect(firstSheet((await download(caseId, 'dchl')).rawPayload).slice(3).every((r) => r[7] === null)).toBe(true);
    // And on again, by PATCH alone.
    expect((await t.app.inject({ method: 'PATCH', url: `/main/case?caseId=${caseId}`, payload: { keepSsn: true } })).statusCode).toBe(202);
    expect(await waitForFinal(t.app, caseId)).toMatchObject({ status: 'completed' });
    expect(await dchlSsn(caseId)).toBeUndefined();
  });

  it('bad values are 400 with a sentence', async () => {
    const m = multipart([{ name: 'keepSsn', value: 'yes' }, { name: 'file', value: Buffer.from(text), fileName: 'staff.csv' }]);
    const up = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
    expect(up.statusCode).toBe(400);
    expect(up.json().message).toBe('The keepSsn field must be true or false.');
    const ok = multipart([{ name: 'file', value: Buffer.from(text), fileName: 'staff.csv' }]);
    const { caseId } = (await t.app.inject({ method: 'POST', url: '/main/case', payload: ok.body, headers: ok.headers })).json().data;
    const bad = await t.app.inject({ method: 'PATCH', url: `/main/case?caseId=${caseId}`, payload: { keepSsn: 'true' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('keepSsn must be true or false.');
    expect(await waitForFinal(t.app, caseId)).toMatchObject({ status: 'completed' });
    expect((await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data.keepSsn).toBeUndefined();
  });
});
