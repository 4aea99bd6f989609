/**
 * A scanned census page through the real API (issue 30): POST /main/case takes a .png (same 5 MB
 * limit, the content must be an image), the case is read by OCR in the job's worker thread and
 * completes with the lives of the page's source spreadsheet, and its report always asks for a check
 * that names the scanned page. One committed scan (tests/fixtures/documents/scans), read once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TEXT } from '../../server/cases/upload-check';
import { makeApp, postCase, type TestApp, waitForFinal } from './helpers';

const SCANS = join(__dirname, '../fixtures/documents/scans');

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t.close();
});

describe('a scanned census page through the API', () => {
  it('reads a PNG scan: the lives of its source, and the review asks for a check of the scanned page', async () => {
    const res = await postCase(t.app, 'life-census-broker-abbrev.png', readFileSync(join(SCANS, 'life-census-broker-abbrev.png')));
    expect(res.statusCode).toBe(200);
    const { caseId } = res.json().data;
    const final = await waitForFinal(t.app, caseId, 90_000);
    expect(final.status, final.message).toBe('completed');
    const data = (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data;
    // ../shared/fixtures/census-real/files/life-census-broker-abbrev.csv.truth.json: 7 lives (8
    // employees, one termed), Annual Comp 58,900..148,500 (Face Amt is not pay).
    expect(data.totalLives).toBe(7);
    expect(data.columns).toContainEqual(expect.objectContaining({ sheet: 'page 1', header: 'Birth Dt', field: 'dateOfBirth' }));
    expect(data.columns).toContainEqual(expect.objectContaining({ sheet: 'page 1', header: 'Annual Comp', field: 'annualSalary' }));
    // Never a figure from a scan without a review: the sentence of issue 30, with the count.
    expect(data.review.needed).toBe(true);
    expect(data.review.reasons).toContainEqual(expect.stringMatching(/^Read from a scanned page: (no cell was|1 cell was|\d+ cells were) unclear/));
    const said = data.issues.map((i: { message?: string } | string) => (typeof i === 'string' ? i : i.message)).join(' ');
    expect(said).toMatch(/Read from a scanned page by text recognition \(OCR\)/);
  }, 120_000);

  it('refuses a .png or .jpg that is not an image at upload', async () => {
    const text = await postCase(t.app, 'census.png', Buffer.from('First Name,DOB\nAnn,1980-01-02\n'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: UPLOAD_TEXT.notImage('png', 'a text (CSV) file') });
    const pdf = await postCase(t.app, 'census.jpg', readFileSync(join(SCANS, 'gmc-member-coded-rel.scan.pdf')));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ message: UPLOAD_TEXT.notImage('jpg', 'a PDF document') });
  });
});
