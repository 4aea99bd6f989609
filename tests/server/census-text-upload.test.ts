/**
 * Delimited text uploads (issue 21): the pipe-delimited .txt an eligibility vendor sends and a
 * tab-delimited .tsv are taken on the web with the same content check as .csv and read like one;
 * a binary file named .txt is refused with the same sentence a .csv would get.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TEXT, uploadKind, webUploadKind } from '../../server/cases/upload-check';
import { makeApp, postCase, type TestApp } from './helpers';
import { pollUntil } from '../support/wait';

const FIXTURES = join(__dirname, '../../../shared/fixtures/census');
const csvText = readFileSync(join(FIXTURES, 'long-csv.csv'), 'utf8');
/** The same census with another delimiter (no field of long-csv.csv holds a comma inside quotes). */
const withDelimiter = (d: string) => csvText.split(/\r?\n/).map((line) => line.split(',').join(d)).join('\n');

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ RATE_LIMIT_CENSUS_UPLOAD: '200' });
});
afterAll(async () => {
  await t.close();
});

const upload = (name: string, bytes: Buffer) => postCase(t.app, name, bytes);

async function livesOf(caseId: string): Promise<number> {
  const status = await pollUntil(async () => (await t.app.inject({ url: `/main/case/status?caseId=${caseId}` })).json().data.status, (s) => s === 'completed' || s === 'error', { timeoutMs: 20_000 });
  if (status !== 'completed') throw new Error(`case ${caseId}: ${status}`);
  return (await t.app.inject({ url: `/main/case?caseId=${caseId}` })).json().data.totalLives;
}

describe('delimited text uploads', () => {
  it('the web takes .txt and .tsv as CSV; the mail intake keeps to the spec list', () => {
    expect(webUploadKind('eligibility.TXT')).toBe('csv');
    expect(webUploadKind('census.tsv')).toBe('csv');
    expect(webUploadKind('census.pdf')).toBe('pdf');
    expect(webUploadKind('census.docx')).toBeNull();
    expect(uploadKind('eligibility.txt')).toBeNull();
  });

  it('a pipe-delimited .txt, a tab-delimited .tsv and a semicolon .txt give the lives of the same census as .csv', async () => {
    const csv = await upload('census.csv', Buffer.from(csvText));
    expect(csv.statusCode).toBe(200);
    const expected = await livesOf(csv.json().data.caseId);
    for (const [name, d] of [['eligibility.txt', '|'], ['census.tsv', '\t'], ['export.txt', ';']] as const) {
      const res = await upload(name, Buffer.from(withDelimiter(d)));
      expect(res.statusCode, name).toBe(200);
      expect(await livesOf(res.json().data.caseId), name).toBe(expected);
    }
  });

  it('a binary file named .txt is refused as a .csv would be', async () => {
    const res = await upload('notes.txt', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2, 3]));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UPLOAD_TEXT.mismatch('txt', 'a ZIP archive or an .xlsx workbook'));
    const doc = await upload('census.docx', Buffer.from('PK'));
    expect(doc.statusCode).toBe(415);
    expect(doc.json().message).toBe(UPLOAD_TEXT.wrongType);
  });
});
