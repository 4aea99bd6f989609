/**
 * The streaming XLSX writer through the engine worker's deflate (private mode, issue 29): the browser
 * twin server/census/targets/deflated-part.browser.ts (fflate's streaming deflate, what the worker's
 * bundle takes instead of zlib's sync-flushed deflate) writes workbooks that read back cell for cell
 * as the server's do, for a batch-spanning sheet and for every sheet of the clean export.
 */
import * as XLSX from 'xlsx';
import { describe, expect, it, vi } from 'vitest';
import { analyzeCensus } from '../../../../server/census/engine';
import { AS_OF } from '../engine-helpers';

const sheets = (bytes: Uint8Array) => {
  const book = XLSX.read(bytes, { type: 'array', cellDates: false });
  return Object.fromEntries(book.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json(book.Sheets[n], { header: 1, raw: true })]));
};

async function writers() {
  const server = await import('../../../../server/census/export');
  vi.resetModules();
  vi.doMock('../../../../server/census/targets/deflated-part', () => import('../../../../server/census/targets/deflated-part.browser'));
  const browser = await import('../../../../server/census/export');
  const stream = await import('../../../../server/census/targets/xlsx-stream-writer');
  vi.doUnmock('../../../../server/census/targets/deflated-part');
  return { server, browser, stream };
}

describe('the XLSX writer with the browser twin of its deflate', () => {
  it('writes the clean export as the server does, and a sheet of many deflate batches', async () => {
    const { server, browser, stream } = await writers();
    const lines = ['Employee ID,First Name,Last Name,Relationship,Date of Birth,Gender,Zip'];
    for (let i = 1; i <= 40; i++) lines.push(`${i},Ann${i},Lee,EE,01/02/19${50 + i},F,0213${i % 10}`);
    const result = await analyzeCensus([{ fileName: 'twin.csv', bytes: new TextEncoder().encode(lines.join('\n')) }], { asOf: AS_OF });
    const fromServer = server.exportCensus(result, 'xlsx');
    const fromBrowser = browser.exportCensus(result, 'xlsx');
    // Other bytes (zlib's sync flushes are not there: the twin was used), the same workbook.
    expect(Buffer.compare(Buffer.from(fromBrowser), Buffer.from(fromServer))).not.toBe(0);
    expect(sheets(fromBrowser)).toEqual(sheets(fromServer));
    expect(sheets(fromBrowser).Members.length).toBe(41);

    // 30,000 rows of text: the sheet's XML is deflated in many pushes of one stream.
    const chunks: Uint8Array[] = [];
    const book = new stream.XlsxStream((c) => chunks.push(c));
    book.startSheet('Big');
    for (let r = 0; r < 30_000; r++) book.row([r, `row ${r} ${'x'.repeat(r % 50)}`]);
    book.end();
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) bytes.set(c, (at += c.length) - c.length);
    const rows = sheets(bytes).Big as unknown[][];
    expect(rows.length).toBe(30_000);
    expect(rows[29_999]).toEqual([29_999, `row 29999 ${'x'.repeat(29_999 % 50)}`]);
  });
});
