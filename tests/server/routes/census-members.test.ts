/**
 * The member table over the API (issue 28): GET /main/case?reportType=members answers every member
 * read with its key, values and problems (a target's readiness with target=); PATCH /main/case takes
 * hand edits and row marks in the reading, refuses a value that does not read with its reason, and
 * every figure follows; an edit whose key no longer matches its row is not applied, and said.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CensusMemberRow, CensusMemberTable } from '../../../shared/census/members';
import { completedCaseOf, makeApp, storedKey, type TestApp, waitForFinal } from '../helpers';
import { multipart } from '../support/multipart';

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

const completedCase = () => completedCaseOf(t.app, FILE, bytes);
const patch = (caseId: string, body: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/main/case?caseId=${caseId}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const report = async (caseId: string) => (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data;
async function members(caseId: string, query = ''): Promise<CensusMemberTable> {
  const res = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=members${query}` });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data;
}
const at = (table: CensusMemberTable, row: number) => table.members.find((m) => m.row === row && m.column === undefined)!;

describe('GET /main/case?reportType=members', () => {
  it("is made with the report, so the first 'Members (N)' is answered as stored (a target's on first ask)", async () => {
    const caseId = await completedCase();
    const folder = join(t.config.dataDir, 'cases', storedKey(t.config, caseId));
    const stored = () => readdirSync(folder).filter((f) => /-members-/.test(f));
    expect(stored()).toEqual([expect.stringMatching(/-members-all\.bin$/)]);
    expect((await members(caseId)).members.length).toBeGreaterThan(0);
    await members(caseId, '&target=dchl');
    expect(stored()).toHaveLength(2);
  });

  it('answers every member read, counted and not, with keys, values and problems; a target adds its readiness', async () => {
    const caseId = await completedCase();
    const rep = await report(caseId);
    const table = await members(caseId);
    expect(table.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(table.members.filter((m) => m.counted)).toHaveLength(rep.totalLives);
    const george = at(table, 2);
    expect(george).toMatchObject({ file: FILE, sheet: 'Sheet1', row: 2, counted: true, edited: [], values: { firstName: 'George', zip: '03301', dateOfBirth: '1983-12-04', annualSalary: 87600 } });
    expect(george.key).toMatch(/^[A-Za-z0-9_-]{12}$/);
    // A terminated member is listed, not counted, with the 'Not counted' reason.
    expect(at(table, 3)).toMatchObject({ counted: false, reason: 'terminated' });
    // In row order; keys never carry a value.
    const rows = table.members.map((m) => m.row);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(JSON.stringify(table.members.map((m) => m.key))).not.toMatch(/George|E2168797/);

    const withTarget = await members(caseId, '&target=generic-carrier');
    const readiness = withTarget.members.flatMap((m: CensusMemberRow) => m.problems.filter((p) => p.source === 'readiness'));
    for (const p of readiness) expect(p.reason).toMatch(/for /);
    // Asked again: the stored table (the same answer); gzipped as stored for a client that takes gzip.
    expect(await members(caseId)).toEqual(table);
    const gz = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=members`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).data).toEqual(table);
    // A wrong reportType or target is the request's own mistake.
    expect((await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=people` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=members&target=nope` })).statusCode).toBe(400);
  });
});

describe('GET /main/case?reportType=members&fileName=', () => {
  it('answers the rows read from that file of a two-file case; an unknown file is 404', async () => {
    const part = (name: string) => ({ name: 'file', value: readFileSync(join(FIXTURES, name)), fileName: name });
    const first = multipart([part('multi-file-part1.csv')]);
    const { caseId } = (await t.app.inject({ method: 'POST', url: '/main/case', payload: first.body, headers: first.headers })).json().data;
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    const second = multipart([{ name: 'caseId', value: caseId }, part('multi-file-part2.xlsx')]);
    expect((await t.app.inject({ method: 'POST', url: '/main/case', payload: second.body, headers: second.headers })).statusCode).toBe(200);
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    const whole = await members(caseId);
    const files = [...new Set(whole.members.map((m) => m.file))];
    expect(files).toEqual(['multi-file-part1.csv', 'multi-file-part2.xlsx']);
    const two = await members(caseId, '&fileName=multi-file-part2.xlsx');
    expect(two.members.length).toBeGreaterThan(0);
    expect(two.members).toEqual(whole.members.filter((m) => m.file === 'multi-file-part2.xlsx'));
    expect((await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=members&fileName=nope.csv` })).statusCode).toBe(404);
  });
});

describe('PATCH /main/case with edits and row marks', () => {
  it('applies them: the report, the member table and the change log follow; a stale key is not applied and said', async () => {
    const caseId = await completedCase();
    const before = await report(caseId);
    const table = await members(caseId);
    const george = at(table, 2);
    const donald = at(table, 3); // terminated
    const res = await patch(caseId, {
      reading: {
        edits: [
          { file: FILE, sheet: 'Sheet1', row: 2, key: george.key, field: 'zip', value: '94107' },
          { file: FILE, sheet: 'Sheet1', row: 2, key: george.key, field: 'coverageTier', value: 'EF' },
          { file: FILE, sheet: 'Sheet1', row: 5, key: george.key, field: 'zip', value: '10001' }, // another row's key
        ],
        rows: [{ file: FILE, sheet: 'Sheet1', row: 3, key: donald.key, counted: true }],
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    const after = await report(caseId);
    expect(after.totalLives).toBe(before.totalLives + 1);
    expect(after.reading.source).toBe('yours');
    expect(after.reading.changed).toContainEqual(expect.objectContaining({ kind: 'edit', row: 2, field: 'zip', value: '94107' }));
    expect(after.reading.changed).toContainEqual(expect.objectContaining({ kind: 'row', row: 3, value: 'counted' }));
    expect(after.review.reasons).toContainEqual(expect.stringMatching(/^1 edit from your saved choices was not applied: the rows have changed/));
    const edited = await members(caseId);
    expect(at(edited, 2)).toMatchObject({ key: george.key, edited: ['zip', 'coverageTier'], values: { zip: '94107', coverageTier: 'EF' } });
    expect(at(edited, 3)).toMatchObject({ counted: true, values: { status: 'active' } });
    expect(at(edited, 5).values.zip).not.toBe('10001');
  });

  it('refuses a value that does not read for its field, with its reason, and keeps the case as it was', async () => {
    const caseId = await completedCase();
    const cases: [unknown, RegExp][] = [
      [{ edits: [{ file: FILE, sheet: 'Sheet1', row: 2, field: 'dateOfBirth', value: '13/45/2020' }] }, /birth date on row 2 .*refused: '13\/45\/2020' is not a birth date/],
      [{ edits: [{ file: FILE, sheet: 'Sheet1', row: 2, field: 'coverageTier', value: 'platinum' }] }, /'platinum' is not a coverage tier/],
      [{ edits: [{ file: FILE, sheet: 'Sheet1', row: 2, field: 'ssn', value: '123-45-6789' }] }, /'ssn' is not a field the member table edits/],
      [{ edits: [{ file: FILE, sheet: 'Sheet1', row: 0, field: 'zip', value: '1' }] }, /row number/],
      [{ rows: [{ file: FILE, sheet: 'Sheet1', row: 2, counted: 'yes' }] }, /'counted' of a row mark/],
      [{ rows: [{ file: 'other.csv', sheet: 'Sheet1', row: 2, counted: false }] }, /no file named 'other.csv'/],
      [{ edits: Array.from({ length: 5001 }, () => ({ file: FILE, sheet: 'Sheet1', row: 2, field: 'zip', value: '1' })) }, /too long \(at most 5000\)/],
    ];
    for (const [reading, message] of cases) {
      const res = await patch(caseId, { reading });
      expect(res.statusCode, JSON.stringify(reading).slice(0, 100)).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json().message.length).toBeLessThan(300);
    }
    expect((await report(caseId)).reading.source).toBe('automatic');
    // A saved reading sent with an upload: its edits are checked at once too.
    const m = multipart([{ name: 'reading', value: JSON.stringify({ edits: [{ file: FILE, sheet: 'Sheet1', row: 2, field: 'dateOfBirth', value: '13/45/2020' }] }) }, { name: 'file', value: bytes, fileName: FILE }]);
    const up = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
    expect(up.statusCode).toBe(400);
    expect(up.json().message).toMatch(/is not a birth date we can read/);
  });
});
