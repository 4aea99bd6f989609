/**
 * The 'Not counted' list through the census case API (inject, issue 21): the case detail carries
 * report.notCounted (counts per reason and the entries), and the clean XLSX behind the signed link
 * has a 'Not counted' sheet with every entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { CensusReport } from '../../shared/census/report';
import { makeApp, PUBLIC_URL, type TestApp, waitForFinal } from './helpers';
import { multipart } from './support/multipart';

const FIXTURES = join(__dirname, '../../../shared/fixtures/census');

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ RATE_LIMIT_CENSUS_UPLOAD: '200' });
});
afterAll(async () => {
  await t.close();
});


describe("'Not counted' through the case API", () => {
  it('the case detail lists who is not counted; the clean export carries the same list', async () => {
    const m = multipart([{ name: 'file', value: readFileSync(join(FIXTURES, 'dups-missing-xlsx.xlsx')), fileName: 'dups-missing-xlsx.xlsx' }]);
    const res = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
    expect(res.statusCode).toBe(200);
    const { caseId } = res.json().data;
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');

    const report = (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data as CensusReport;
    const nc = report.notCounted!;
    expect(nc.byReason).toEqual({ retired: 10, terminated: 8, duplicate: 7 });
    expect(nc.total).toBe(25);
    expect(nc.entries).toContainEqual({ file: 'dups-missing-xlsx.xlsx', sheet: 'Census', row: 64, who: 'Betty Lewis', reason: 'duplicate', detail: 'same person as row 43' });
    const one = (await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=census&fileName=dups-missing-xlsx.xlsx` })).json().data as CensusReport;
    expect(one.notCounted!.total).toBe(25);

    const link = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file` });
    const file = await t.app.inject({ url: link.json().data.fileURL.slice(PUBLIC_URL.length) });
    expect(file.statusCode).toBe(200);
    const wb = XLSX.read(file.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['Members', 'Changes', 'Not counted']);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets['Not counted']);
    expect(rows).toHaveLength(25);
    expect(rows.filter((r) => r['Reason code'] === 'retired')).toHaveLength(10);
    expect(rows).toContainEqual(expect.objectContaining({ Row: 64, Who: 'Betty Lewis', Reason: 'Duplicate of another row', Details: 'same person as row 43' }));
  });
});
