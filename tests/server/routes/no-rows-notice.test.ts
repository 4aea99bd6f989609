/**
 * A census table with a header and nothing under it (issue 28): the case completes (nothing is wrong
 * with the file's shape), and the status says what the figures cannot: 'No rows under the header'.
 * A census with rows says nothing beside 'completed'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { makeApp, type TestApp } from '../helpers';
import { multipart } from '../support/multipart';
import { pollUntil } from '../../support/wait';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ RATE_LIMIT_CENSUS_UPLOAD: '200' });
});
afterAll(async () => {
  await t.close();
});

async function statusOf(text: string) {
  const m = multipart([{ name: 'file', value: Buffer.from(text), fileName: 'census.csv' }]);
  const res = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
  expect(res.statusCode).toBe(200);
  const caseId = res.json().data.caseId as string;
  return pollUntil(
    async () => (await t.app.inject({ url: `/main/case/status?caseId=${caseId}` })).json().data as { status: string; notice?: string },
    (d) => d.status === 'completed' || d.status === 'error',
    { timeoutMs: 20_000 },
  );
}

describe("the status of a census with no rows under its header", () => {
  it("completes with the notice 'No rows under the header'", async () => {
    const data = await statusOf('Employee ID,First Name,Last Name,Date of Birth,Gender,ZIP\n');
    expect(data).toMatchObject({ status: 'completed', notice: MESSAGES.census.noRows });
  });

  it('a census with rows completes with no notice', async () => {
    const data = await statusOf('Employee ID,First Name,Last Name,Date of Birth,Gender,ZIP\n1,Ann,Lee,01/02/1980,F,02139\n');
    expect(data.status).toBe('completed');
    expect(data.notice).toBeUndefined();
  });
});
