/**
 * The sample case (server/cases/sample.ts): made at start-up from examples/census/sample-census.xlsx
 * by the real engine, public, never expired by retention, and read-only through the API.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CASE, SAMPLE_TEXT } from '../../../server/cases/sample';
import { sweepOnce } from '../../../server/retention';
import { makeApp, type TestApp } from '../helpers';
import { multipart } from '../support/multipart';
import { waitUntil } from '../../support/wait';

const EXAMPLES = join(__dirname, '../../../examples');

async function waitForSample(app: TestApp['app']) {
  // The sample is made in the background after start-up; wait for its final status.
  return waitUntil(
    async () => {
      const res = await app.inject({ url: `/main/case/status?caseId=${SAMPLE_CASE.id}` });
      return res.statusCode === 200 ? res.json().data : null;
    },
    (data) => data?.status === 'completed' || data?.status === 'error',
    { timeoutMs: 60_000, what: 'the sample case' },
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ EXAMPLES_DIR: EXAMPLES });
});
afterAll(async () => {
  await t.close();
});

describe('the sample case', () => {
  it('is created at start-up and processed by the engine: every figure of the report is there', async () => {
    expect(await waitForSample(t.app)).toEqual({ caseId: SAMPLE_CASE.id, status: 'completed' });
    const res = await t.app.inject({ url: `/main/case?caseId=${SAMPLE_CASE.id}` });
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.isSample).toBe(true);
    expect(report.totalLives).toBeGreaterThan(60);
    expect(report.livesAdditionalInfo.retired).toBeGreaterThan(0);
    expect(report.livesAdditionalInfo.excluded).toBeGreaterThan(0);
    expect(report.genderRatio.male.value).toBeGreaterThan(0);
    expect(report.genderRatio.female.value).toBeGreaterThan(0);
    for (const key of ['ageBand', 'salaryBand', 'tenure', 'demographics'] as const) {
      expect(Object.values(report[key] as Record<string, number>).some((n) => n > 0), key).toBe(true);
    }
    expect(Object.keys(report.demographics).length).toBeGreaterThanOrEqual(5);
    expect(report.columns.length).toBeGreaterThan(10);
  });

  it('cannot be deleted or changed through the API, and says why', async () => {
    await waitForSample(t.app);
    const del = await t.app.inject({ method: 'DELETE', url: `/main/case?caseId=${SAMPLE_CASE.id}` });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(SAMPLE_TEXT.readOnly);
    const m = multipart([
      { name: 'caseId', value: SAMPLE_CASE.id },
      { name: 'file', value: Buffer.from('Employee ID,First Name\n1,Ann\n'), fileName: 'more.csv' },
    ]);
    const add = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(SAMPLE_TEXT.readOnly);
    // Nor read differently: the correction step's PATCH is refused too.
    const patch = await t.app.inject({ method: 'PATCH', url: `/main/case?caseId=${SAMPLE_CASE.id}`, payload: { reading: {} } });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().message).toBe(SAMPLE_TEXT.readOnly);
    expect((await t.app.inject({ url: `/main/case?caseId=${SAMPLE_CASE.id}` })).statusCode).toBe(200);
  });

  it('is never expired by retention', async () => {
    await waitForSample(t.app);
    const farFuture = new Date(Date.now() + 10 * 365 * 86_400_000);
    await sweepOnce(t.app.ctx, farFuture);
    expect((await t.app.inject({ url: `/main/case?caseId=${SAMPLE_CASE.id}` })).statusCode).toBe(200);
  });

  it('is made once: a second start-up finds it and leaves it alone', async () => {
    await waitForSample(t.app);
    const { ensureSampleCase } = await import('../../../server/cases/sample');
    expect(await ensureSampleCase(t.app.ctx.caseService, t.config, t.app.log)).toBe('present');
  });
});
