/**
 * The effective date (issue 21): `asOf` with the upload and in PATCH /main/case counts ages and
 * tenure at that day; {asOf} alone keeps the stored reading; a date that is not one is refused with
 * a sentence that says what to send.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOfOf, AS_OF_TEXT } from '../../../server/cases/effective-date';
import { makeApp, postCase, type TestApp } from '../helpers';
import type { Part } from '../support/multipart';
import { pollUntil } from '../../support/wait';

const FIXTURES = join(__dirname, '../../../../shared/fixtures/census');
const census = readFileSync(join(FIXTURES, 'long-csv.csv'));

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ RATE_LIMIT_CENSUS_UPLOAD: '200', RATE_LIMIT_CENSUS_STATUS: '100000' });
});
afterAll(() => t.close());

const upload = (extra: Part[] = []) => postCase(t.app, 'long-csv.csv', census, extra);

async function report(caseId: string): Promise<{ asOf: string; ageBand: Record<string, number>; reading?: { source: string } }> {
  const status = await pollUntil(async () => (await t.app.inject({ url: `/main/case/status?caseId=${caseId}` })).json().data.status, (s) => s === 'completed' || s === 'error', { timeoutMs: 20_000 });
  if (status !== 'completed') throw new Error(`case ${caseId}: ${status}`);
  return (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data;
}

const patch = (caseId: string, body: unknown) => t.app.inject({ method: 'PATCH', url: `/main/case?caseId=${caseId}`, payload: body as object });

describe('the effective date', () => {
  it('is a real day in range, written YYYY-MM-DD', () => {
    expect(asOfOf('2027-01-01')).toBe('2027-01-01');
    for (const bad of ['2027-02-30', '01/01/2027', '2027-1-1', '1900-01-01', '2200-01-01', 20270101, '']) expect(asOfOf(bad), String(bad)).toBeNull();
  });

  it('with the upload: ages are counted at that day', async () => {
    const today = await upload();
    const later = await upload([{ name: 'asOf', value: '2046-01-01' }]);
    const [a, b] = [await report(today.json().data.caseId), await report(later.json().data.caseId)];
    expect(a.asOf).toBe(new Date().toISOString().slice(0, 10));
    expect(b.asOf).toBe('2046-01-01');
    // Twenty years on, nobody is under 18 any more.
    expect(b.ageBand['0-17'] ?? 0).toBe(0);
    expect(a.ageBand).not.toEqual(b.ageBand);
  });

  it('PATCH {asOf} alone moves the date and keeps the reading; beside a reading it does both', async () => {
    const caseId = (await upload()).json().data.caseId;
    await report(caseId);
    expect((await patch(caseId, { reading: { columns: [{ file: 'long-csv.csv', sheet: 'Sheet1', header: 'Zip', field: null }] } })).statusCode).toBe(202);
    expect((await report(caseId)).reading?.source).toBe('yours');
    const res = await patch(caseId, { asOf: '2030-07-01' });
    expect(res.statusCode).toBe(202);
    const moved = await report(caseId);
    expect(moved.asOf).toBe('2030-07-01');
    expect(moved.reading?.source).toBe('yours'); // the reading stayed
    expect((await patch(caseId, { reading: {}, asOf: '2031-01-01' })).statusCode).toBe(202);
    const both = await report(caseId);
    expect(both.asOf).toBe('2031-01-01');
    expect(both.reading?.source).toBe('automatic');
  });

  it('refuses a date that is not one, with a sentence saying what to send', async () => {
    const res = await upload([{ name: 'asOf', value: '31/12/2026' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AS_OF_TEXT.bad);
    const caseId = (await upload()).json().data.caseId;
    await report(caseId);
    const bad = await patch(caseId, { asOf: '2027-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AS_OF_TEXT.bad);
  });
});
