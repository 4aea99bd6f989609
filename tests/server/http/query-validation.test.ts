/**
 * Query strings are checked by the route schemas through server/http/query-validator.ts (not Ajv):
 * a repeated field, a value outside an enum and a schema it cannot check behave as the contract says.
 */
import Fastify from 'fastify';
import { CASE_TEXT } from '../../../server/routes/census-case';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatQueryValidatorCompiler } from '../../../server/http/query-validator';
import { makeApp, type TestApp } from '../helpers';

describe('query string checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('answers 400 with our JSON error when a field is given twice', async () => {
    const res = await t.app.inject({ url: '/main/case/status?caseId=AAAAAAAAAAAAAAAAAAAAAA&caseId=BBBBBBBBBBBBBBBBBBBBBB' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 400 for a reportType outside its values, with a sentence that says what to send, and 404 (not 400) for a well-formed unknown case', async () => {
    const bad = await t.app.inject({ url: '/main/case?caseId=AAAAAAAAAAAAAAAAAAAAAA&reportType=pdf' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CASE_TEXT.badReportType);
    const unknown = await t.app.inject({ url: '/main/case?caseId=AAAAAAAAAAAAAAAAAAAAAA&reportType=census' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses at start-up a schema it cannot check, naming the route', async () => {
    const app = Fastify();
    app.setValidatorCompiler(flatQueryValidatorCompiler);
    app.post('/x', { schema: { body: { type: 'object', properties: { n: { type: 'number' } } } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/POST \/x/);
  });
});
