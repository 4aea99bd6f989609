/**
 * Issue 31: full SSNs inside free text (notes, comments, job titles, names, ids, unreadable values)
 * reach no output. Unit checks of the one masking (server/census/text.ts maskSsns) with its guards,
 * then a case through the server: the report JSON, the clean XLSX (Members, Changes, Not counted),
 * the targets (CSV, JSON, XLSX), readiness, the engine's clean CSV, every decrypted result in the data
 * folder (the upload itself excepted: it is the user's file, kept encrypted) and the raw folder, the
 * outbox and the captured logs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { analyzeCensus } from '../../../server/census/engine';
import { exportCensus } from '../../../server/census/export';
import { maskSsns, redact } from '../../../server/census/text';
import { makeApp, PUBLIC_URL, storedKey, type TestApp, waitForFinal } from '../helpers';
import { multipart } from '../support/multipart';

describe('maskSsns', () => {
  it('masks SSN-shaped runs in free text to the engine\'s form, and leaves phones, dates and ids', () => {
    expect(maskSsns('123 45 6789')).toBe('***-**-6789');
    expect(maskSsns('called 123.45.6789 twice')).toBe('called ***-**-6789 twice');
    expect(maskSsns('SSN: 123-45-6789')).toBe('SSN: ***-**-6789');
    expect(maskSsns('ssn=123456789')).toBe('ssn=***-**-6789');
    expect(maskSsns('Social Security no. 123456789')).toBe('Social Security no. ***-**-6789');
    expect(maskSsns('tax id 123 456789')).toBe('tax id ***-**-6789');
    expect(maskSsns('a 123-45-6789, b 987 65 4321')).toBe('a ***-**-6789, b ***-**-4321');
    // Guards: a 10-digit phone, dates, a bare 9-digit id or account number, longer runs.
    for (const keep of ['555-123-4567', '(555) 123-4567', '5551234567', '2024-01-02', '01.02.2024', '12/31/1999',
      'id 123456789', 'acct 1234567890', 'SSN 1234567890', 'zip 12345-6789', 'Martin 123456789', 'ok']) {
      expect(maskSsns(keep), keep).toBe(keep);
    }
    // An id keeps apart people: the replacement is the caller's.
    expect(maskSsns('EMP 123-45-6789', (run) => `#${run.slice(-4)}`)).toBe('EMP #6789');
    // redact (quoted text) masks all of that and any 9-digit run.
    expect(redact('note ssn 123 45 6789')).toBe('note ssn ***-**-6789');
    expect(redact('123456789')).toBe('***-**-6789');
  });
});

/** The planted SSNs, as digits; each is planted once in one free-text form. */
const PLANTED = ['111223333', '222334444', '333445555', '444556666', '555667777', '777889999', '888990000', '123456789', '246801357', '135792468', '321654987'];
const full = (d: string) => new RegExp(`${d.slice(0, 3)}\\D{0,3}${d.slice(3, 5)}\\D{0,3}${d.slice(5)}`);
function expectNoSsn(text: string, where: string): void {
  for (const d of PLANTED) expect(full(d).test(text), `${where} holds ${d}`).toBe(false);
}

const CSV = [
  'Employee ID,First Name,Last Name,Date of Birth,Relationship,Status,Job Title,Notes,Comments',
  'E1,Ann,Lee,1980-01-02,Employee,Active,Analyst SSN 111-22-3333,ssn=222334444,SSN: 333-44-5555',
  'E1,Bob,Lee,1982-03-04,Spouse,Active,,spouse 444 55 6666,',
  'E2,Cat,Kim,1975-05-06,Employee,Active,Clerk,555.66.7777,phone 555-123-4567 on 2024-01-02',
  'E3,Dan,Ray,777 88 9999,Employee,Active,Driver,"SSN 888.99.0000",',
  'EMP 123-45-6789,Eve,Fox (ssn 246801357),1970-07-08,Employee,Terminated,,,',
  ',,,,,,,SSN 135-79-2468 see file,',
  'E5,Gus,Hall,1990-09-10,Employee,Active,"Mgr, TIN 321 65 4987",,',
].join('\n') + '\n';

let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  t = await makeApp({ LOG_LEVEL: 'debug', LOG_REQUESTS: 'true' });
  // Every log line (the app's and its children's share one pino stream).
  const log = t.app.log as unknown as Record<symbol, { write(s: string): boolean }>;
  const sym = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream')!;
  const stream = log[sym];
  stream.write = (s: string) => (logs.push(s), true);
});
afterAll(() => t.close());

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
}
function workbookText(bytes: Buffer): string {
  const wb = XLSX.read(bytes, { type: 'buffer' });
  return wb.SheetNames.map((n) => `## ${n}\n${XLSX.utils.sheet_to_csv(wb.Sheets[n])}`).join('\n');
}

describe('no full SSN in any output', () => {
  it('the engine\'s clean CSV and XLSX, with phone numbers and dates kept', async () => {
    const result = await analyzeCensus([{ fileName: 'census.csv', bytes: Buffer.from(CSV) }], { asOf: '2026-01-01' });
    const csv = Buffer.from(exportCensus(result, 'csv')).toString('utf8');
    expectNoSsn(csv, 'clean CSV');
    expect(csv).toContain('ssn=***-**-4444');
    expect(csv).toContain('phone 555-123-4567 on 2024-01-02');
    const xlsx = workbookText(Buffer.from(exportCensus(result, 'xlsx')));
    expectNoSsn(xlsx, 'clean XLSX');
    expect(xlsx).toContain('## Changes');
    expectNoSsn(JSON.stringify(result.report), 'report');
    expectNoSsn(JSON.stringify(result.changes), 'changes');
  });

  it('through the server: report, exports, targets, data folder, outbox and logs', async () => {
    const m = multipart([{ name: 'file', value: Buffer.from(CSV), fileName: 'census.csv' }]);
    const up = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
    expect(up.statusCode).toBe(200);
    const { caseId } = up.json().data;
    const notify = multipart([{ name: 'email', value: 'hr@broker-partners.com' }, { name: 'caseId', value: caseId }]);
    expect((await t.app.inject({ method: 'POST', url: '/main/case', payload: notify.body, headers: notify.headers })).statusCode).toBe(200);
    expect(await waitForFinal(t.app, caseId)).toMatchObject({ status: 'completed' });

    const report = await t.app.inject({ url: `/main/case?caseId=${caseId}` });
    expect(report.statusCode).toBe(200);
    expectNoSsn(report.body, 'report JSON');
    // The report did quote the rows: the masked forms are there.
    expect(report.body).toContain('***-**-');
    expectNoSsn((await t.app.inject({ url: `/main/case?caseId=${caseId}&fileName=census.csv` })).body, 'file report');
    expectNoSsn((await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=readiness` })).body, 'readiness');

    for (const target of ['clean', 'launchpad-census', 'salesforce-group-census', 'dchl', 'generic-carrier']) {
      const link = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file&target=${target}` });
      expect(link.statusCode, target).toBe(200);
      const file = await t.app.inject({ url: link.json().data.fileURL.slice(PUBLIC_URL.length) });
      expect(file.statusCode, target).toBe(200);
      const text = /sheet/.test(String(file.headers['content-type'])) ? workbookText(file.rawPayload) : file.body;
      expectNoSsn(text, target);
      if (target === 'clean') {
        expect(text).toContain('## Changes');
        expect(text).toContain('ssn=***-**-4444');
        expect(text).toContain('phone 555-123-4567 on 2024-01-02');
      }
    }

    // The data folder: every result decrypted through the store (the upload is the user's own file),
    // and every file raw.
    const key = storedKey(t.config, caseId);
    const uploads = new Set((await t.app.ctx.data.cases.files(key)).map((f) => f.storedName));
    const names = readdirSync(join(t.config.dataDir, 'cases', key)).filter((n) => !n.endsWith('.tmp'));
    expect(names.length).toBeGreaterThan(3);
    for (const n of names) if (!uploads.has(n)) expectNoSsn((await t.app.ctx.files.read(key, n)).toString('latin1'), `stored ${n}`);
    for (const f of walk(t.config.dataDir)) expectNoSsn(readFileSync(f).toString('latin1'), f);

    const mail = await t.mail();
    expect(mail.length).toBeGreaterThan(0);
    for (const eml of mail) expectNoSsn(eml, 'outbox');
    expect(logs.length).toBeGreaterThan(0);
    expectNoSsn(logs.join('\n'), 'logs');
  });
});
