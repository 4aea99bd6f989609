/**
 * PATCH /main/case (issue 14): a corrected reading is stored and the case processed again; an empty
 * reading is the automatic one; bad readings get 400 with a sentence naming what is wrong, unknown
 * cases 404; readings sent while a run is in progress: the newest wins and the case completes once.
 * The upload's `reading` form field applies a saved reading to a new case ('saved' with its day).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READING_TEXT } from '../../../server/routes/census-case-patch';
import { CASE_TEXT } from '../../../server/routes/census-case';
import { completedCaseOf, makeApp, postCase, storedKey, type TestApp, waitForFinal } from '../helpers';
import { multipart, type Part } from '../support/multipart';

const FIXTURES = join(__dirname, '../../../../shared/fixtures/census');
const FILE = 'long-csv.csv';
const bytes = readFileSync(join(FIXTURES, FILE));

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t.close();
});


const upload = (extra: Part[] = []) => postCase(t.app, FILE, bytes, extra);
const completedCase = () => completedCaseOf(t.app, FILE, bytes);
const patch = (caseId: string, body: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/main/case?caseId=${caseId}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const report = async (caseId: string) => (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data;
const column = (header: string, field: string | null) => ({ file: FILE, sheet: 'Sheet1', header, field });

describe('PATCH /main/case', () => {
  it('stores the reading, answers 202 and processes the case again; the report says whose reading it is', async () => {
    const caseId = await completedCase();
    const before = await report(caseId);
    expect(before.reading?.source ?? 'automatic').toBe('automatic');
    const sheet = before.columns[0].sheet;
    const res = await patch(caseId, { reading: { columns: [{ file: FILE, sheet, header: 'Status', field: null }] } });
    expect(res.statusCode).toBe(202);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ data: { caseId, status: expect.any(String) } });
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    const after = await report(caseId);
    expect(after.reading.source).toBe('yours');
    expect(after.reading.changed).toContainEqual(expect.objectContaining({ file: FILE, sheet, header: 'Status', kind: 'column' }));
    // Without a status column every member is a life (the engine applied the reading).
    const { retired, excluded } = before.livesAdditionalInfo;
    expect(after.totalLives).toBe(before.totalLives + retired + excluded);
    expect(after.livesAdditionalInfo).toEqual({ retired: 0, excluded: 0 });
    expect(after.columns.find((c: { header: string }) => c.header === 'Status')).toEqual(expect.objectContaining({ field: null, fromReading: true }));

    // An empty reading returns to the automatic one.
    expect((await patch(caseId, { reading: {} })).statusCode).toBe(202);
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    expect((await report(caseId)).reading.source).toBe('automatic');
    expect((await report(caseId)).totalLives).toBe(before.totalLives);
  });

  it('refuses bad readings with a sentence naming what is wrong, and unknown cases', async () => {
    const caseId = await completedCase();
    const sheet = (await report(caseId)).columns[0].sheet;
    const cases: [unknown, RegExp][] = [
      [{ reading: { columns: [{ file: FILE, sheet, header: 'Status', field: 'salaryish' }] } }, /'salaryish' is not a census field/],
      [{ reading: { columns: [{ file: FILE, sheet, header: 'Nope', field: 'gender' }] } }, /no column 'Nope'/],
      [{ reading: { columns: [{ file: 'other.csv', sheet, header: 'Status', field: null }] } }, /no file named 'other.csv'/],
      [{ reading: { sheets: [{ file: FILE, sheet: 'Elsewhere', read: true }] } }, /no sheet named 'Elsewhere'/],
      [{ reading: { codes: [{ file: FILE, sheet, header: 'Status', value: 'A', as: 'boss' }] } }, /'boss' is not a value/],
      [{ reading: { columns: 'all' } }, /columns must be a list/],
      [{ reading: { extra: [] } }, /unknown part 'extra'/],
      [{ reading: { sheets: [{ file: FILE, sheet, headerRow: 0 }] } }, /header row/],
      [[1, 2], new RegExp(READING_TEXT.notJson.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
    ];
    for (const [body, message] of cases) {
      const res = await patch(caseId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // A name in a message is cut to 60 characters.
    const long = 'x'.repeat(200);
    const res = await patch(caseId, { reading: { columns: [{ file: FILE, sheet, header: long, field: null }] } });
    expect(res.json().message.length).toBeLessThan(160);
    // Too large a body.
    const huge = await patch(caseId, { reading: { columns: Array.from({ length: 900 }, (_, i) => column(`h${i}`.padEnd(90, 'x'), null)) } });
    expect([400, 413]).toContain(huge.statusCode);

    expect((await patch('A'.repeat(22), { reading: {} })).statusCode).toBe(404);
    expect((await patch('A'.repeat(22), { reading: {} })).json().message).toBe(CASE_TEXT.notFound);
    expect((await patch('', { reading: {} })).statusCode).toBe(400);
    // Nothing was applied: the case is still completed and automatic.
    expect((await report(caseId)).reading.source).toBe('automatic');
  });

  it('readings sent while a run is in progress: the newest wins and the case completes once', async () => {
    const caseId = await completedCase();
    const sheet = (await report(caseId)).columns[0].sheet;
    const first = patch(caseId, { reading: { columns: [{ file: FILE, sheet, header: 'Gender', field: null }] } });
    const second = patch(caseId, { reading: { columns: [{ file: FILE, sheet, header: 'Status', field: null }] } });
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    // A third while the case is being processed (no report to check columns against yet).
    const third = await patch(caseId, { reading: { columns: [{ file: FILE, sheet, header: 'Zip', field: null }] } });
    expect(third.statusCode).toBe(202);
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    const final = await report(caseId);
    expect(final.reading.changed.map((c: { header: string }) => c.header)).toEqual(['Zip']);
    // Completed once: once the runner is idle (no run going, none due), the status is still
    // completed and the report still the last one.
    await t.app.ctx.caseService.runner.idle();
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    expect((await report(caseId)).reading.changed.map((c: { header: string }) => c.header)).toEqual(['Zip']);
  });

  it('a request that read the case just before a new run removed its report: GET is answered 409 (not ready), PATCH still runs', async () => {
    const caseId = await completedCase();
    const sheet = (await report(caseId)).columns[0].sheet;
    // What a run does as it starts (census-run.ts): the results of the run before are removed. The
    // row still says completed, as it does to a request that read it a moment before.
    await t.app.ctx.files.removePrefix(storedKey(t.config, caseId), 'r');
    const res = await t.app.inject({ url: `/main/case?caseId=${caseId}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CASE_TEXT.notReady);
    const again = await patch(caseId, { reading: { columns: [{ file: FILE, sheet, header: 'Status', field: null }] } });
    expect(again.statusCode).toBe(202);
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    expect((await report(caseId)).reading.source).toBe('yours');
  });

  it('the upload takes a saved reading: the report says it was read with the choices saved on that day', async () => {
    const reading = { columns: [{ file: FILE, sheet: 'Sheet1', header: 'Status', field: null }] };
    const res = await upload([
      { name: 'reading', value: JSON.stringify(reading) },
      { name: 'readingSavedOn', value: '2026-11-20' },
    ]);
    expect(res.statusCode).toBe(200);
    const { caseId } = res.json().data;
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    const r = await report(caseId);
    expect(r.reading).toEqual(expect.objectContaining({ source: 'saved', savedOn: '2026-11-20' }));
    expect(r.livesAdditionalInfo).toEqual({ retired: 0, excluded: 0 });

    const bad = await upload([{ name: 'reading', value: '{not json' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(READING_TEXT.badField);
  });

  it('refuses control characters in names, unknown top-level keys and a bad savedOn; an oversized reading field cites 64 KB', async () => {
    const caseId = await completedCase();
    const sheet = (await report(caseId)).columns[0].sheet;
    const cases: [unknown, RegExp | string][] = [
      [{ reading: { sheets: [{ file: FILE, sheet: 'Sheet\u00001', read: false }] } }, /sheet name of the reading holds a control character/],
      [{ reading: { columns: [{ file: `${FILE}\u0007`, sheet, header: 'Status', field: null }] } }, /file name of the reading holds a control character/],
      [{ reading: { columns: [{ file: FILE, sheet, header: 'Sta\u0000tus', field: null }] } }, /column header of the reading holds a control character/],
      [{ reading: {}, readings: {} }, READING_TEXT.unknownKey('readings')],
      [{ reading: {}, saved_on: '2026-11-20' }, READING_TEXT.unknownKey('saved_on')],
      [{ reading: {}, savedOn: 'yesterday' }, READING_TEXT.badSavedOn],
    ];
    for (const [body, message] of cases) {
      const res = await patch(caseId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
    }
    // A header with a line break is a header a spreadsheet can have: it is checked against the case, not refused as text.
    const lineBreak = await patch(caseId, { reading: { columns: [{ file: FILE, sheet, header: 'Date of\nBirth', field: null }] } });
    expect(lineBreak.json().message).toMatch(/no column/);
    // Nothing was applied.
    expect((await report(caseId)).reading.source).toBe('automatic');

    // The upload's reading field past its limit: the message gives the real limit, 1 MB (5,000 hand edits fit).
    const big = await upload([{ name: 'reading', value: JSON.stringify({ columns: [] }).padEnd(1100 * 1024, ' ') }]);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(READING_TEXT.tooLarge);
    expect(READING_TEXT.tooLarge).toMatch(/1 MB/);
  });

  it('a correction racing a delete leaves no file behind', async () => {
    const own = await makeApp({ RATE_LIMIT_CENSUS_UPLOAD: '1000' });
    try {
      for (let i = 0; i < 5; i++) {
        const m = multipart([{ name: 'file', value: bytes, fileName: FILE }]);
        const caseId = (await own.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers })).json().data.caseId;
        expect((await waitForFinal(own.app, caseId)).status).toBe('completed');
        const reading = { reading: { columns: [{ file: FILE, sheet: 'Sheet1', header: 'Status', field: null }] } };
        const [patched, deleted] = await Promise.all([
          own.app.inject({ method: 'PATCH', url: `/main/case?caseId=${caseId}`, payload: JSON.stringify(reading), headers: { 'content-type': 'application/json' } }),
          own.app.inject({ method: 'DELETE', url: `/main/case?caseId=${caseId}` }),
        ]);
        expect(deleted.statusCode).toBe(204);
        expect([202, 404]).toContain(patched.statusCode);
        await own.app.ctx.caseService.runner.idle();
        expect(existsSync(join(own.config.dataDir, 'cases', storedKey(own.config, caseId))), `round ${i}`).toBe(false);
      }
    } finally {
      await own.close();
    }
  });
});
