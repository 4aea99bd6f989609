/**
 * SSNs used as employee ids become pseudonyms under the server's stored key (derived from the master
 * key in DATA_DIR): the same SSN gives the same pseudonym after a restart, and a server with another
 * data folder (another key) gives another one. The SSN itself never reaches the export.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { makeApp, PUBLIC_URL, type TestApp, waitForFinal } from '../helpers';
import { multipart } from '../support/multipart';

const CSV = ['Employee ID,First Name,Last Name,Relationship,DOB', '123-45-6789,Ada,Lovelace,EE,1980-12-10', '123-45-6789,Byron,Lovelace,CH,2010-01-02', '987-65-4321,Alan,Turing,EE,1972-06-23'].join('\r\n');


const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function exportedIds(dataDir: string): Promise<string[]> {
  const t: TestApp = await makeApp({ DATA_DIR: dataDir });
  try {
    const m = multipart([{ name: 'file', value: Buffer.from(CSV), fileName: 'ssn-ids.csv' }]);
    const res = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
    const { caseId } = res.json().data;
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    const { fileURL } = (await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file` })).json().data;
    const file = await t.app.inject({ url: fileURL.slice(PUBLIC_URL.length) });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(XLSX.read(file.rawPayload, { type: 'buffer' }).Sheets.Members);
    return rows.map((r) => String(r['Employee ID']));
  } finally {
    await t.close();
  }
}

describe('SSN pseudonyms', () => {
  it('are the same across a restart on the same data folder, differ under another key, and never show the SSN', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'benefold-pseudonyms-'));
    const otherDir = mkdtempSync(join(tmpdir(), 'benefold-pseudonyms-'));
    dirs.push(dataDir, otherDir);
    const first = await exportedIds(dataDir);
    const again = await exportedIds(dataDir);
    const other = await exportedIds(otherDir);
    expect(first).toHaveLength(3);
    expect(first[0]).toMatch(/^\*\*\*-\*\*-6789#[0-9a-f]{8}$/);
    expect(first[1]).toBe(first[0]); // the dependent still links to its employee
    expect(again).toEqual(first);
    expect(other[0]).not.toBe(first[0]);
    expect(JSON.stringify(first)).not.toContain('123-45');
  }, 60_000);
});
