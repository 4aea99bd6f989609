/**
 * A census PDF through the real API (issue 30): POST /main/case takes a .pdf (same 5 MB limit, the
 * content must be a PDF), the case completes with the lives of the source spreadsheet, the report's
 * columns sit on sheet 'page 1'; a PDF without a table fails the case with the plain sentence, and
 * an encrypted one asks for its password like a workbook.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TEXT } from '../../server/cases/upload-check';
import { CENSUS_UPLOAD } from '../../shared/constants';
import { makeApp, postCase, type TestApp, waitForFinal } from './helpers';
import type { Part } from './support/multipart';

const DOCUMENTS = join(__dirname, '../fixtures/documents');

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t.close();
});

const upload = (fileName: string, bytes: Buffer, extra: Part[] = []) => postCase(t.app, fileName, bytes, extra);
const report = async (caseId: string) => (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data;

function pdfOf(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 36, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(9);
    draw(doc);
    doc.end();
  });
}

describe('census PDFs through the API', () => {
  it('reads a Chromium-printed census PDF: the lives of its source, columns on page 1', async () => {
    const res = await upload('acp-sample-census.pdf', readFileSync(join(DOCUMENTS, 'acp-sample-census.pdf')));
    expect(res.statusCode).toBe(200);
    const { caseId } = res.json().data;
    expect((await waitForFinal(t.app, caseId)).status).toBe('completed');
    const data = await report(caseId);
    // ../shared/fixtures/census-real/files/acp-sample-census.csv.truth.json: 29 lives.
    expect(data.totalLives).toBe(29);
    expect(data.columns).toContainEqual(expect.objectContaining({ sheet: 'page 1', header: 'Date of Birth', field: 'dateOfBirth' }));
    expect(data.columns).toContainEqual(expect.objectContaining({ sheet: 'page 1', header: 'Compensation', field: 'annualSalary' }));
  }, 60_000);

  it('fails a PDF without a table with a plain sentence', async () => {
    const letter = await pdfOf((d) => d.text('Please find our census attached as a spreadsheet.', 40, 100));
    const res = await upload('letter.pdf', letter);
    expect(res.statusCode).toBe(200);
    const final = await waitForFinal(t.app, res.json().data.caseId);
    expect(final.status).toBe('error');
    expect(final.message).toBe('letter.pdf: No census table was found on the page of this PDF.');
  }, 60_000);

  it('asks for the password of an encrypted PDF and reads it with the password', async () => {
    const rows = [
      ['First Name', 'Last Name', 'Date of Birth', 'Gender'],
      ['Ann', 'Lee', '1980-01-02', 'F'],
      ['Bo', 'Park', '1975-03-04', 'M'],
    ];
    const locked = await pdfOf((d) => rows.forEach((row, r) => row.forEach((c, i) => d.text(c, 40 + i * 100, 100 + r * 14, { lineBreak: false }))), {
      userPassword: 'secret',
      pdfVersion: '1.7',
    });
    const res = await upload('locked.pdf', locked);
    const final = await waitForFinal(t.app, res.json().data.caseId);
    expect(final.code).toBe('password-required');
    const right = await upload('locked.pdf', locked, [{ name: 'password', value: 'secret' }]);
    const rightFinal = await waitForFinal(t.app, right.json().data.caseId);
    expect(rightFinal.status).toBe('completed');
    expect((await report(right.json().data.caseId)).totalLives).toBe(2);
  }, 60_000);

  it('refuses a .pdf that is not a PDF and one over the size limit at upload', async () => {
    const text = await upload('census.pdf', Buffer.from('First Name,DOB\nAnn,1980-01-02\n'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: UPLOAD_TEXT.notPdf('a text (CSV) file') });
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(CENSUS_UPLOAD.maxBytes, 0x20)]);
    const tooLarge = await upload('big.pdf', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: UPLOAD_TEXT.tooLarge });
  }, 60_000);
});
