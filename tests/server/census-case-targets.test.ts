/**
 * Export targets through the census case API (inject): `target` with reportType=file answers the
 * same short-lived signed link as the clean export, to the target's file with a safe name and its
 * type; reportType=readiness answers what the census lacks for every target (or one); a bad target
 * is a sentence naming the ids; a deleted case takes its exports and readiness with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { makeApp, PUBLIC_URL, type TestApp, waitForFinal } from './helpers';
import { multipart } from './support/multipart';

const FIXTURES = join(__dirname, '../../../shared/fixtures/census');
const REAL = join(__dirname, '../../../shared/fixtures/census-real/files');

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ RATE_LIMIT_CENSUS_UPLOAD: '200' });
});
afterAll(async () => {
  await t.close();
});


async function newCase(name: string, bytes: Buffer): Promise<string> {
  const m = multipart([{ name: 'file', value: bytes, fileName: name }]);
  const res = await t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
  expect(res.statusCode).toBe(200);
  const { caseId } = res.json().data;
  expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
  return caseId;
}

describe('GET /main/case with a target', () => {
  it('reportType=file&target=: a signed link to the target file, as an attachment with a safe name and its type', async () => {
    const caseId = await newCase('Acme staff <2026>.csv', readFileSync(join(FIXTURES, 'long-csv.csv')));
    const link = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file&target=dchl` });
    expect(link.statusCode, link.body).toBe(200);
    const { fileURL } = link.json().data;
    expect(fileURL.startsWith(`${PUBLIC_URL}/main/case/file?token=`)).toBe(true);
    const file = await t.app.inject({ url: fileURL.slice(PUBLIC_URL.length) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Acme-staff-2026-dchl.xlsx"');
    expect(file.headers['cache-control']).toBe('no-store');
    const wb = XLSX.read(file.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['Employee Census']);

    const json = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file&target=salesforce-group-census` });
    const got = await t.app.inject({ url: json.json().data.fileURL.slice(PUBLIC_URL.length) });
    expect(got.headers['content-type']).toContain('application/json');
    expect(got.headers['content-disposition']).toBe('attachment; filename="Acme-staff-2026-salesforce-group-census.json"');
    // The JSON platform file holds the lives the report counts, no more (it has no status field).
    const lives = (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data.totalLives;
    expect(JSON.parse(got.body).members.length).toBe(lives);

    const csvLink = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file&target=launchpad-census` });
    const csvFile = await t.app.inject({ url: csvLink.json().data.fileURL.slice(PUBLIC_URL.length) });
    expect(csvFile.headers['content-type']).toContain('text/csv');
    expect(csvFile.headers['content-disposition']).toBe('attachment; filename="Acme-staff-2026-launchpad-census.csv"');
    expect(csvFile.body.split('\r\n')[0]).toBe('SSN,First Name,Last Name,Address,City,State,ZIP,Date of Birth,Date of Hire,Email,Phone Number,Middle Initial,Gender,Address 2,Termination Date,Rehire Date,Division');

    // Without a target: the clean census, as before.
    const clean = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file` });
    const cleanFile = await t.app.inject({ url: clean.json().data.fileURL.slice(PUBLIC_URL.length) });
    expect(cleanFile.headers['content-disposition']).toBe('attachment; filename="Acme-staff-2026-clean.xlsx"');
  });

  it('reportType=readiness: every target with its name, format and problems; with target=, that one', async () => {
    // A census without ZIP codes or tiers.
    const caseId = await newCase('no-zip.csv', Buffer.from('Employee ID,First Name,Last Name,Relationship,DOB,Gender\r\n1,Ann,Lee,EE,01/02/1980,F\r\n1,Bo,Lee,SP,03/04/1981,M\r\n2,Cy,Ray,EE,05/06/1990,M\r\n'));
    const all = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=readiness` });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const { targets } = all.json().data;
    expect(targets.map((x: { id: string }) => x.id)).toEqual(['clean', 'generic-carrier', 'principal-other', 'dchl', 'mahc', 'launchpad-census', 'salesforce-group-census']);
    const carrier = targets.find((x: { id: string }) => x.id === 'generic-carrier');
    expect(carrier).toMatchObject({ name: 'Carrier quoting census (generic)', format: 'xlsx', target: 'generic-carrier', ready: false });
    expect(carrier.problems).toContainEqual({ field: 'zip', count: 2, blocking: true, askEmployer: true, message: expect.stringMatching(/^2 employees have no ZIP code: the carrier rates by ZIP/) });
    expect(carrier.problems).toContainEqual(expect.objectContaining({ field: 'coverageTier', count: 2, blocking: true }));
    expect(all.body).not.toMatch(/Ann|Lee|1980/);

    const one = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=readiness&target=salesforce-group-census` });
    expect(one.json().data).toEqual({ target: 'salesforce-group-census', ready: true, holds: '3 members: the lives counted in the report.', problems: expect.any(Array) });
  });

  it('a target that is not one is 400 with the ids; a bad reportType names readiness too', async () => {
    const caseId = await newCase('long.csv', readFileSync(join(FIXTURES, 'long-csv.csv')));
    const bad = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file&target=acme` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Unknown export target 'acme'. Use one of: clean, generic-carrier, principal-other, dchl, mahc, launchpad-census, salesforce-group-census.");
    const type = await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=zip` });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe('The reportType must be "census", "file", "readiness" or "members".');
  });

  it('deleting the case deletes its target exports and readiness: the links answer 404', async () => {
    const caseId = await newCase('principal.xls', readFileSync(join(REAL, 'principal-other-census.xls')));
    const { fileURL } = (await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=file&target=principal-other` })).json().data;
    expect((await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=readiness` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/main/case?caseId=${caseId}` })).statusCode).toBe(204);
    expect(readdirSync(join(t.config.dataDir, 'cases'))).not.toContain(caseId);
    expect((await t.app.inject({ url: fileURL.slice(PUBLIC_URL.length) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/main/case?caseId=${caseId}&reportType=readiness` })).statusCode).toBe(404);
  });
});
