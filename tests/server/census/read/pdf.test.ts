/**
 * Text-layer PDFs through the read stage (server/census/read/pdf.ts): the committed Chromium-printed
 * fixtures (tests/fixtures/documents) become sheets 'page N' with the source's rows; PDFs made here
 * with pdfkit try the limits and refusals (no table, no text, too many pages, a password, damage), a
 * page drawn sideways, and that the CSV path never loads pdf.js.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { CensusReadError, PASSWORD_REQUIRED_MESSAGE, readCensusFile } from '../../../../server/census/read';
import { MAX_PDF_PAGES, PDF_TEXT } from '../../../../server/census/read/pdf';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const documents = path.join(root, 'tests/fixtures/documents');
const sourceDir = path.join(root, '../shared/fixtures/census-real/files');

/** A PDF made with pdfkit: draw(doc) per page. */
function makePdf(pages: ((doc: PDFKit.PDFDocument) => void)[], options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 36, autoFirstPage: false, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    for (const draw of pages) {
      doc.addPage();
      doc.font('Helvetica').fontSize(9);
      draw(doc);
    }
    doc.end();
  });
}

const ROWS = [
  ['First Name', 'Last Name', 'Date of Birth', 'Gender', 'Salary'],
  ['Ann', 'Lee', '1980-01-02', 'F', '50000'],
  ['Bo', 'Park', '1975-03-04', 'M', '62000'],
  ['Cy', 'Diaz', '1990-05-06', 'M', '71000'],
];
const XS = [40, 130, 220, 320, 400];

const drawTable = (doc: PDFKit.PDFDocument, rows = ROWS, y0 = 100) =>
  rows.forEach((row, r) => row.forEach((c, i) => doc.text(c, XS[i], y0 + r * 14, { lineBreak: false })));

const failure = async (fileName: string, bytes: Uint8Array, password?: string) => {
  try {
    await readCensusFile({ fileName, bytes, password });
  } catch (err) {
    expect(err).toBeInstanceOf(CensusReadError);
    return err as CensusReadError;
  }
  throw new Error('expected the read to fail');
};

describe('text-layer PDFs printed from real census files', () => {
  it('reads the table of a one-page PDF as sheet "page 1" with the source file rows', async () => {
    const pdf = await readCensusFile({ fileName: 'acp-sample-census.pdf', bytes: fs.readFileSync(path.join(documents, 'acp-sample-census.pdf')) });
    const csv = await readCensusFile({ fileName: 'acp-sample-census.csv', bytes: fs.readFileSync(path.join(sourceDir, 'acp-sample-census.csv')) });
    expect(pdf.format).toBe('pdf');
    expect(pdf.sheets.map((s) => s.name)).toEqual(['page 1']);
    const blank = (c: unknown) => (c === null || c === '' ? null : c);
    const source = csv.sheets[0].rows.filter((r) => r.some((c) => blank(c) !== null)).map((r) => r.map(blank));
    expect(pdf.sheets[0].rows.map((r) => r.map(blank))).toEqual(source.map((r) => [...r, ...Array(pdf.sheets[0].rows[0].length - r.length).fill(null)]));
    expect(pdf.notes[0]).toBe('Read as a PDF of one page: one table found in its text.');
  });

  it('joins a table printed over two pages and drops the header Chromium repeats', async () => {
    const pdf = await readCensusFile({ fileName: 'normalizer-broker-a.pdf', bytes: fs.readFileSync(path.join(documents, 'normalizer-broker-a.pdf')) });
    const csv = await readCensusFile({ fileName: 'normalizer-broker-a.csv', bytes: fs.readFileSync(path.join(sourceDir, 'normalizer-broker-a.csv')) });
    expect(pdf.sheets).toHaveLength(1);
    expect(pdf.sheets[0].name).toBe('page 1');
    const rows = csv.sheets[0].rows.filter((r) => r.some((c) => c !== null && c !== ''));
    expect(pdf.sheets[0].rows).toHaveLength(rows.length);
    expect(pdf.sheets[0].rows[0]).toEqual(rows[0]);
    expect(pdf.sheets[0].rows[rows.length - 1]).toEqual(rows[rows.length - 1].map((c) => (c === '' ? null : c)));
    expect(pdf.notes.join(' ')).toMatch(/runs over pages 1-2/);
  });
});

describe('PDFs made here', () => {
  it('reads a table drawn with pdfkit, and one on a page drawn sideways', async () => {
    const upright = await readCensusFile({ fileName: 'u.pdf', bytes: await makePdf([(d) => drawTable(d)]) });
    expect(upright.sheets[0].rows).toEqual(ROWS);
    const sideways = await makePdf([
      (d) => {
        // The table turned a quarter to the left, as a wide table printed on a portrait page.
        d.rotate(-90, { origin: [300, 400] });
        drawTable(d, ROWS, 100);
      },
    ]);
    const turned = await readCensusFile({ fileName: 's.pdf', bytes: sideways });
    expect(turned.sheets[0].rows).toEqual(ROWS);
  });

  it('reads a page whose /Rotate turns it (90 and 270 degrees)', async () => {
    for (const rotate of [90, 270]) {
      const bytes = await makePdf([
        (d) => {
          (d.page as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data.Rotate = rotate;
          drawTable(d);
        },
      ]);
      const read = await readCensusFile({ fileName: 'r.pdf', bytes });
      expect(read.sheets[0].rows, String(rotate)).toEqual(ROWS);
    }
  });

  it('says so when no page holds a table, naming the number of pages', async () => {
    const prose = (d: PDFKit.PDFDocument) => d.text('Please find the census attached as a spreadsheet. Thank you.', 40, 100);
    const err = await failure('letter.pdf', await makePdf([prose, prose, prose]));
    expect(err.code).toBe('empty');
    expect(err.message).toBe('No census table was found on the 3 pages of this PDF.');
    expect(PDF_TEXT.noTable(3)).toBe(err.message);
  });

  it('does not take a form of label/value pairs for a table', async () => {
    const form = (d: PDFKit.PDFDocument) =>
      [
        ['Employer:', 'Acme Corp', 'Group no:', '12345'],
        ['Contact:', 'Ann Lee', 'Phone:', '555-0100'],
        ['Effective:', '2026-01-01', 'Broker:', 'Bo Park'],
      ].forEach((row, r) => row.forEach((c, i) => d.text(c, XS[i], 100 + r * 14, { lineBreak: false })));
    const err = await failure('form.pdf', await makePdf([form]));
    expect(err.message).toBe(PDF_TEXT.noTable(1));
  });

  it('says a PDF with neither text nor a scanned image has nothing to read', async () => {
    const err = await failure('scan.pdf', await makePdf([(d) => d.rect(40, 40, 200, 100).fill('#333')]));
    expect(err.code).toBe('empty');
    expect(err.message).toBe(PDF_TEXT.noText(1));
  });

  it(`refuses more than ${MAX_PDF_PAGES} pages with the reason`, async () => {
    const pages = Array.from({ length: MAX_PDF_PAGES + 1 }, () => (d: PDFKit.PDFDocument) => drawTable(d));
    const err = await failure('long.pdf', await makePdf(pages));
    expect(err.code).toBe('limit');
    expect(err.message).toBe(PDF_TEXT.tooManyPages(21));
  });

  it('asks for the password of an encrypted PDF, opens it with the right one, refuses a wrong one', async () => {
    const bytes = await makePdf([(d) => drawTable(d)], { userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
    const none = await failure('locked.pdf', bytes);
    expect(none).toMatchObject({ code: 'password-required', message: PASSWORD_REQUIRED_MESSAGE });
    const wrong = await failure('locked.pdf', bytes, 'nope');
    expect(wrong.code).toBe('bad-password');
    const open = await readCensusFile({ fileName: 'locked.pdf', bytes, password: 'secret' });
    expect(open.sheets[0].rows).toEqual(ROWS);
  });

  it('says a damaged PDF is damaged', async () => {
    const bytes = await makePdf([(d) => drawTable(d)]);
    const err = await failure('cut.pdf', bytes.subarray(0, 200));
    expect(err.code).toBe('corrupt');
    expect(err.message).toBe(PDF_TEXT.damaged);
  });

  it('refuses a file named .pdf that holds text', async () => {
    const err = await failure('census.pdf', new TextEncoder().encode('a,b,c\n1,2,3\n'));
    expect(err.code).toBe('unsupported-format');
    expect(err.message).toMatch(/named \.pdf but is not a PDF/);
  });
});

describe('loading', () => {
  it('neither the CSV path nor a text PDF loads tesseract.js; a scanned page (an image) loads it', () => {
    const script = `
      import { createRequire } from 'node:module';
      import fs from 'node:fs';
      import { readCensusFile, closeOcrReader } from '${pathToFileURL(path.join(root, 'server/census/read/index.ts')).href}';
      const require = createRequire('${pathToFileURL(path.join(root, 'package.json')).href}');
      const loaded = () => Object.keys(require.cache).some((k) => /[\\\\/]tesseract\\.js[\\\\/]/.test(k));
      await readCensusFile({ fileName: 'a.csv', bytes: new TextEncoder().encode('First Name,DOB\\nAnn,1980-01-02\\n') });
      const afterCsv = loaded();
      await readCensusFile({ fileName: 'a.pdf', bytes: fs.readFileSync('tests/fixtures/documents/acp-sample-census.pdf') });
      const afterPdf = loaded();
      // A small blank page: OCR is loaded and finds no text (a quick read).
      const { PNG } = require('pngjs');
      const png = new PNG({ width: 64, height: 32 });
      png.data.fill(255);
      const err = await readCensusFile({ fileName: 'blank.png', bytes: new Uint8Array(PNG.sync.write(png)) }).catch((e) => e);
      console.log(afterCsv, afterPdf, loaded(), err.code);
      await closeOcrReader();
    `;
    // A script file, not -e: tesseract.js's worker thread inherits the options and refuses --input-type.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'census-ocr-load-'));
    const file = path.join(dir, 'load.mjs');
    fs.writeFileSync(file, script);
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });
      expect(out.trim()).toBe('false false true empty');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the CSV path never loads pdf.js; a PDF loads it', () => {
    const script = `
      import fs from 'node:fs';
      import { readCensusFile } from './server/census/read/index.ts';
      await readCensusFile({ fileName: 'a.csv', bytes: new TextEncoder().encode('First Name,DOB\\nAnn,1980-01-02\\n') });
      const afterCsv = typeof globalThis.pdfjsLib;
      await readCensusFile({ fileName: 'a.pdf', bytes: fs.readFileSync('tests/fixtures/documents/acp-sample-census.pdf') });
      console.log(afterCsv, typeof globalThis.pdfjsLib);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(out.trim()).toBe('undefined object');
  });
});
