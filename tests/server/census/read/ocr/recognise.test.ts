/**
 * The OCR reader on the committed scans (tests/fixtures/documents/scans, made by
 * scripts/make-scan-fixtures.ts from real fixture files): an upright page turned 1.5 degrees, the
 * same page sideways, and an image-only PDF. Each OCR'd page takes a few seconds on two cores, so
 * the pages are read once (beforeAll) and the checks share them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrPageText, OcrTextItem } from '../../../../../server/census/read/ocr/types';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SCANS = path.join(ROOT, 'tests/fixtures/documents/scans');
const scan = (name: string) => fs.readFileSync(path.join(SCANS, name));

// The modules are imported the way the reader will: dynamically, on first use.
const ocr = () => import('../../../../../server/census/read/ocr/recognise');

const HEADER = ['EE', 'ID', 'First', 'Last', 'Birth', 'Dt', 'ST', 'Zip', 'Annual', 'Comp', 'Hire', 'Status', 'Face', 'Amt', 'Tobacco', '#', 'Deps'];
/** Rows of life-census-broker-abbrev.csv (first, a middle one with a leading-zero ZIP, last). */
const ROWS = [
  ['10234', 'Avery', 'Chen', '1988-04-12', 'CA', '94107', '92000', '2019-03-04', 'Active', '250000', 'N', '2'],
  ['10299', 'Alex', 'Park', '1986-03-25', 'MA', '02139', '88250', '2018-08-06', 'Termed', '200000', 'N', '1'],
  ['10312', 'Dana', 'Wu', '1990-07-19', 'CO', '80202', '76500', '2020-06-10', 'Active', '175000', 'N', '0'],
];

/** The items of the line whose first word is `first` (same baseline within half a font height), left to right. */
function lineOf(page: OcrPageText, first: string): OcrTextItem[] {
  const start = page.items.find((it) => it.str === first);
  if (!start) return [];
  return page.items.filter((it) => Math.abs(it.y - start.y) <= start.height / 2).sort((a, b) => a.x - b.x);
}

function checkBrokerPage(page: OcrPageText) {
  // Header words, on one line, in order.
  const header = lineOf(page, 'EE').map((it) => it.str);
  expect(header).toEqual(HEADER);
  // Known rows: their words on one line, left to right, and the lines in row order (y grows down).
  const ys: number[] = [];
  for (const row of ROWS) {
    const line = lineOf(page, row[0]);
    expect(line.map((it) => it.str)).toEqual(row);
    ys.push(line[0].y);
  }
  expect(lineOf(page, 'EE')[0].y).toBeLessThan(ys[0]);
  expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  // The PageText contract: finite numbers, positive sizes, a confidence per word.
  for (const it of page.items) {
    expect(it.str.trim()).toBe(it.str);
    expect(it.str).not.toBe('');
    for (const v of [it.x, it.y, it.width, it.height]) expect(Number.isFinite(v)).toBe(true);
    expect(it.height).toBeGreaterThan(0);
    expect(it.confidence).toBeGreaterThanOrEqual(0);
    expect(it.confidence).toBeLessThanOrEqual(100);
  }
  // Font height: 9pt at 192 dpi is 24 px; the words of a row sit on one baseline.
  const heights = page.items.map((it) => it.height).sort((a, b) => a - b);
  expect(heights[Math.floor(heights.length / 2)]).toBeGreaterThan(18);
  expect(heights[Math.floor(heights.length / 2)]).toBeLessThan(32);
  expect(page.confidence).toBeGreaterThan(80);
}

describe('OCR of scanned census pages', () => {
  let upright: OcrPageText;
  let sideways: OcrPageText;

  beforeAll(async () => {
    const { recogniseImage } = await ocr();
    upright = await recogniseImage(scan('life-census-broker-abbrev.png'));
    sideways = await recogniseImage(scan('life-census-broker-abbrev.sideways.png'));
  }, 180_000);

  afterAll(async () => {
    await (await ocr()).closeOcr();
  });

  it('reads a page turned 1.5 degrees: header words and values with their positions, in row order', () => {
    expect(upright.turned).toBe(0);
    expect(Math.abs(Math.abs(upright.skew) - 1.5)).toBeLessThan(0.5);
    checkBrokerPage(upright);
  });

  it('turns a page scanned sideways upright, then reads it the same', () => {
    // The fixture is the page a quarter turn clockwise: a quarter turn anticlockwise (270) undoes it.
    expect(sideways.turned).toBe(270);
    checkBrokerPage(sideways);
    expect(sideways.width).toBe(upright.width);
    expect(sideways.height).toBe(upright.height);
  });

  // The grid builder is the text-layer reader's (server/census/read/pdf-grid.ts): the OCR'd page
  // comes out of it as the source's table, cell for cell.
  it('feeds the grid builder: the scan comes out as the source table, cell for cell', async () => {
    const { buildTables } = await import('../../../../../server/census/read/pdf-grid');
    const { readCensusFile } = await import('../../../../../server/census/read');
    const src = 'life-census-broker-abbrev.csv';
    const read = await readCensusFile({ fileName: src, bytes: fs.readFileSync(path.join(ROOT, '../shared/fixtures/census-real/files', src)) });
    const expected = read.sheets[0].rows.filter((r) => r.length).map((r) => r.map((c) => (c === null ? null : String(c))));
    for (const page of [upright, sideways]) {
      const tables = buildTables([page]);
      expect(tables).toHaveLength(1);
      // The header row: the source's, its words as printed.
      expect(tables[0].rows.slice(1)).toEqual(expected.slice(1));
      expect(tables[0].rows[0]).toEqual(expected[0]);
    }
  });

  it('reads the page image of an image-only PDF', async () => {
    const bytes = scan('gmc-member-coded-rel.scan.pdf');
    const { pdfPageImages } = await import('../../../../../server/census/read/ocr/pdf-images');
    const images = await pdfPageImages(bytes);
    expect(images.map((p) => [p.page, p.images])).toEqual([[1, 1]]);
    // The entry point the document reader loads: pages of words, each checked before it is read.
    const { ocrPdf } = await import('../../../../../server/census/read/ocr');
    let checks = 0;
    const pages = await ocrPdf(bytes, { checkpoint: () => void checks++ });
    expect(checks).toBe(1);
    expect(pages.map((p) => p.page)).toEqual([1]);
    const words = pages[0].items.map((it) => it.str);
    for (const w of ['POL-90001', 'MRK-0001', 'EMP001', '12-May-1985', '500000']) expect(words).toContain(w);
  }, 120_000);

  it('decodes a JPEG to grey pixels and turns a payroll register scanned sideways (the real one of documents/real)', async () => {
    const bytes = fs.readFileSync(path.join(ROOT, 'tests/fixtures/documents/real/widget-payroll-register-p1.jpg'));
    const { decodeJpegGrey, isJpeg } = await import('../../../../../server/census/read/ocr/jpeg');
    expect(isJpeg(bytes)).toBe(true);
    expect(isJpeg(scan('life-census-broker-abbrev.png'))).toBe(false);
    const grey = await decodeJpegGrey(bytes);
    expect([grey.width, grey.height, grey.grey.length]).toEqual([2479, 3229, 2479 * 3229]);
    const { recogniseImage } = await ocr();
    const page = await recogniseImage(bytes);
    // Its text runs bottom to top: a quarter turn clockwise puts it upright.
    expect(page.turned).toBe(90);
    expect(page.confidence).toBeGreaterThan(80);
    const { buildTables } = await import('../../../../../server/census/read/pdf-grid');
    const [register] = buildTables([page]);
    expect(register.register).toBe(true);
    expect(register.rows.slice(1)).toEqual([
      ['Nicholas Jefferson', '1009'],
      ['Natalie M Mendez', '1006'],
      ['Eric M Davis', '1003'],
    ]);
  }, 120_000);

  it('is given local files only: worker, core and English data from node_modules, no cache written', async () => {
    const { ocrPaths } = await ocr();
    const paths = ocrPaths();
    expect(fs.existsSync(paths.workerPath)).toBe(true);
    expect(fs.existsSync(path.join(paths.corePath, 'tesseract-core-simd-lstm.wasm.js'))).toBe(true);
    expect(fs.existsSync(path.join(paths.langPath, 'eng.traineddata.gz'))).toBe(true);
    expect(paths.gzip).toBe(true);
    expect(fs.existsSync(path.join(process.cwd(), 'eng.traineddata'))).toBe(false);
  });
});
