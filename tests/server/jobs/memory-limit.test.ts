/**
 * Bounded memory (issue 31): each job thread runs under a heap limit (CENSUS_JOB_MEMORY_MB, worker
 * resourceLimits). The largest workbook we accept (249,000 rows x 20 numbers, made here) is analysed
 * and exported within a limit below the default, so its heap stayed under it all along (a thread
 * past its limit is stopped by V8); a job over its limit fails alone with its reason while the server
 * goes on; two exports of the 5 MB CSV at once both complete.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_TEXT } from '../../../server/jobs/job-text';
import { DEFAULTS } from '../../../server/config';
import { CENSUS_UPLOAD } from '../../../shared/constants';
import { makeApp, PUBLIC_URL, uploadCase, waitForFinal, type TestApp } from '../helpers';
import { censusCsvUnder, numbersWorkbook } from '../support/census-files';

const ROWS = 249_000;
/** Below the default (DEFAULTS.censusMemoryMb): the largest workbook fits with room to spare. */
const TIGHT_MB = 400;
/** The time limit is not what these tests are about: a loaded CI machine gets all the time it needs. */
const NO_TIME_LIMIT = '1800000';
const LONG_MS = 900_000;

let dir: string;
let workbook: Buffer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'benefold-memory-'));
  await numbersWorkbook(join(dir, 'large.xlsx'), ROWS, 20);
  workbook = readFileSync(join(dir, 'large.xlsx'));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const jobApp = (env: Record<string, string>) => makeApp({ RATE_LIMIT_CENSUS_STATUS: '100000', RATE_LIMIT_CENSUS_UPLOAD: '1000', CENSUS_TIME_LIMIT_MS: NO_TIME_LIMIT, ...env });


/** The clean export of a case, downloaded: its bytes. */
async function exportOf(app: TestApp, caseId: string, target?: string): Promise<Buffer> {
  const link = await app.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file${target ? `&target=${target}` : ''}` });
  expect(link.statusCode, link.body).toBe(200);
  const file = await app.app.inject({ url: link.json().data.fileURL.slice(PUBLIC_URL.length) });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

describe('job threads under a heap limit', () => {
  it('the default limit is the documented one', () => {
    expect(DEFAULTS.censusMemoryMb).toBe(512);
    expect(workbook.length).toBeLessThan(CENSUS_UPLOAD.maxBytes);
  });

  it(`the ${ROWS.toLocaleString('en-US')}-row workbook is analysed and exported within ${TIGHT_MB} MB of heap`, async () => {
    t = await jobApp({ CENSUS_JOB_MEMORY_MB: String(TIGHT_MB) });
    const caseId = await uploadCase(t.app, 'large.xlsx', workbook);
    const done = await waitForFinal(t.app, caseId, LONG_MS);
    expect(done.status, JSON.stringify(done)).toBe('completed');
    const report = await t.app.inject({ url: `/main/case?caseId=${caseId}` });
    expect(report.json().data.totalLives).toBe(ROWS);
    const xlsx = await exportOf(t, caseId);
    // A ZIP (the workbook) of every member: far larger than the upload, written without a copy per cell.
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(xlsx.length).toBeGreaterThan(workbook.length);
  }, LONG_MS);

  it('a job over its limit fails alone with its reason; the next case completes', async () => {
    t = await jobApp({ CENSUS_JOB_MEMORY_MB: '64', CENSUS_WORKERS: '1' });
    const big = await uploadCase(t.app, 'large.xlsx', workbook);
    const failed = await waitForFinal(t.app, big, LONG_MS);
    expect(failed.status).toBe('error');
    expect(failed.message).toBe(JOB_TEXT.memory(64));
    const small = await uploadCase(t.app, 'small.csv', Buffer.from('Employee ID,First Name,Last Name,Date of Birth,Gender,Zip\r\n1,Ann,Lee,01/02/1980,F,02134\r\n'));
    expect((await waitForFinal(t.app, small, LONG_MS)).status).toBe('completed');
  }, LONG_MS);

  it('two exports of the 5 MB CSV at once both complete', async () => {
    t = await jobApp({});
    const { csv, rows } = censusCsvUnder(CENSUS_UPLOAD.maxBytes);
    const ids = [await uploadCase(t.app, 'one.csv', csv), await uploadCase(t.app, 'two.csv', csv)];
    for (const id of ids) expect((await waitForFinal(t.app, id, LONG_MS)).status).toBe('completed');
    const [a, b] = await Promise.all([exportOf(t, ids[0], 'launchpad-census'), exportOf(t, ids[1], 'launchpad-census')]);
    for (const file of [a, b]) expect(file.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(rows + 1);
  }, LONG_MS);
});
