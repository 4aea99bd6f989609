/**
 * Text-layer PDFs -> sheets (issue 30). pdfjs-dist's legacy build (the one for Node) is imported
 * here only, with a dynamic import(), when a PDF arrives: the server's start-up and the CSV/XLSX
 * path never load it. The browser's engine worker (private mode) has pdf.browser.ts in its place,
 * which refuses a PDF with a sentence: documents are read on the server. Each page's text items are put upright (a page printed sideways, by /Rotate
 * or by text drawn at 90 degrees, is turned) and given to the pure grid builder (pdf-grid.ts); each
 * table becomes a sheet named 'page N', so locate -> map -> normalise run on it as on a workbook.
 *
 * Limits: at most MAX_PDF_PAGES pages (refused with a reason, before any page is read), the read's
 * time budget checked between pages, the cell budget of every reader, at most MAX_PAGE_ITEMS text
 * items a page. No fonts are rendered, no scripts run (isEvalSupported off), nothing is fetched.
 * A PDF without a table is refused with a plain sentence.
 *
 * Scans (readScan below): a PDF whose pages hold no text (an image-only PDF) and a PNG or JPEG image
 * are read by OCR (./ocr, tesseract.js, imported here only, when such a file arrives: a spreadsheet
 * or a text PDF never loads it). The recognised words, each with its confidence, go through the same
 * grid builder; every table becomes a sheet 'page N', the read's notes say the file was a scan, and
 * the read always asks for a review (SCAN_TEXT.scanReview: how many cells were unclear).
 */
import { CensusReadError, PASSWORD_REQUIRED_MESSAGE } from './errors';
import { createRequire } from 'node:module';
import { Deadline, type ReadLimits, formatCount } from './limits';
import { lazyModule } from './lazy-module';
import { MAX_PAGE_ITEMS, MAX_PDF_PAGES, PDF_TEXT } from './pdf-text';
import { buildTables, type GridTable, type PageText, type TextItem } from './pdf-grid';
import type { OcrPageText } from './ocr/types';
import type { Cell, RawSheet } from './types';
import { CellBudget } from './workbook';

export { MAX_PAGE_ITEMS, MAX_PDF_PAGES, PDF_TEXT } from './pdf-text';

/** What a scan's read says (issue 30): here, not in pdf-text.ts, as the browser's twin never reads a scan. */
export const SCAN_TEXT = {
  scanned: (pages: number) =>
    `Read from ${pages === 1 ? 'a scanned page' : `${formatCount(pages)} scanned pages`} by text recognition (OCR): the words were recognised in the page's image, not read from its text.`,
  /** The review's sentence for every census read from a scan (issue 30). */
  scanReview: (unclear: number) =>
    unclear === 0
      ? 'Read from a scanned page: no cell was unclear, but check the figures against the page.'
      : `Read from a scanned page: ${formatCount(unclear)} ${unclear === 1 ? 'cell was' : 'cells were'} unclear, check them`,
  turned: (page: number, turn: number) => `Page ${page} was scanned sideways or upside down; it was turned ${turn} degrees before it was read.`,
  noScanText: (n: number) =>
    `No text could be recognised on the ${n === 1 ? 'scanned page' : `${formatCount(n)} scanned pages`} of this file. Send a sharper scan (200 dpi or more), or the spreadsheet the census was made from.`,
  noScanTable: (n: number) => `No census table was found on the ${n === 1 ? 'scanned page' : `${formatCount(n)} scanned pages`} of this file.`,
} as const;

export interface PdfRead {
  sheets: RawSheet[];
  notes: string[];
  pages: number;
  /** Reasons a person must check the reading (a scan: always one). */
  review?: string[];
}

interface PdfJs {
  getDocument(src: Record<string, unknown>): { promise: Promise<PdfDoc>; destroy(): Promise<void> };
  Util: { transform(a: number[], b: number[]): number[] };
}
interface PdfDoc {
  numPages: number;
  getPage(n: number): Promise<PdfPage>;
  destroy(): Promise<void>;
}
interface PdfPage {
  getViewport(o: { scale: number }): { transform: number[]; width: number; height: number };
  getTextContent(): Promise<{ items: ({ str?: string; transform?: number[]; width?: number; height?: number } | object)[] }>;
  cleanup(): void;
}

let loaded: Promise<{ pdfjs: PdfJs; assets: string }> | null = null;

/** The library, imported once on first use (a CSV never gets here). */
function loadPdfJs(): Promise<{ pdfjs: PdfJs; assets: string }> {
  loaded ??= (async () => {
    const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJs;
    // The package's fonts and CMaps, read from disk (never fetched): the text of a PDF whose fonts
    // are not embedded needs them.
    const assets = createRequire(import.meta.url).resolve('pdfjs-dist/package.json').replace(/[\\/]package\.json$/, '');
    return { pdfjs, assets };
  })();
  return loaded;
}

/**
 * The text items of a page in upright page space: x to the right, y down, baseline of each item.
 * The viewport applies the page's /Rotate; a page whose text mostly runs at 90/180/270 degrees is
 * turned so that it reads left to right.
 */
export function uprightItems(
  raw: { str: string; transform: number[]; width: number }[],
  viewport: { transform: number[]; width: number; height: number },
  multiply: (a: number[], b: number[]) => number[],
): TextItem[] {
  const placed = raw.map((it) => {
    const m = multiply(viewport.transform, it.transform);
    // Direction of the text's baseline in device space (y down).
    const angle = Math.round((Math.atan2(m[1], m[0]) * 180) / Math.PI / 90) * 90;
    const size = Math.hypot(m[2], m[3]);
    const scale = Math.hypot(it.transform[0], it.transform[1]) || 1;
    // it.width is in text space times the horizontal scale: in device units along the baseline.
    const length = (it.width * Math.hypot(m[0], m[1])) / scale;
    return { str: it.str, x: m[4], y: m[5], size, length, angle: ((angle % 360) + 360) % 360 };
  });
  const votes = new Map<number, number>();
  for (const p of placed) if (p.str.trim()) votes.set(p.angle, (votes.get(p.angle) ?? 0) + p.str.length);
  const angle = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const { width: W, height: H } = viewport;
  // Turn the page so that text at `angle` runs to the right: (x, y) -> upright (u, v).
  const turn = (x: number, y: number): [number, number] => {
    switch (angle) {
      case 90: // text runs down the page: the page was turned clockwise
        return [y, W - x];
      case 180:
        return [W - x, H - y];
      case 270: // text runs up the page
        return [H - y, x];
      default:
        return [x, y];
    }
  };
  return placed
    .filter((p) => p.angle === angle)
    .map((p) => {
      const [x, y] = turn(p.x, p.y);
      return { str: p.str, x, y, width: p.length, height: p.size };
    });
}

/**
 * The OCR reader (tesseract.js), imported on the first scan only (lazy-module.ts): a spreadsheet or a
 * text PDF never loads it. The build bundles './ocr/index' as a chunk of its own.
 */
const loadOcr = lazyModule(() => import('./ocr/index'), './ocr/index', import.meta.url);

/**
 * Ends the OCR reader's worker thread when a scan was read (the `census` command, before it exits:
 * the worker would keep the process alive); nothing to do, and nothing loaded, otherwise.
 */
export async function closeOcrReader(): Promise<void> {
  if (loadOcr.loaded()) await (await loadOcr()).closeOcr();
}

/** A scanned page as an image (PNG or JPEG) -> its tables as sheets, read by OCR. */
export async function readScanImage(bytes: Uint8Array, limits: ReadLimits, deadline: Deadline): Promise<PdfRead> {
  const { ocrImage } = await loadOcr();
  const page = await ocrImage(bytes, { checkpoint: () => deadline.check() });
  return scanRead([page], 1, limits, deadline);
}

/** OCR'd pages -> sheets, the notes of a scan and its review sentence (how many cells were unclear). */
function scanRead(pages: OcrPageText[], n: number, limits: ReadLimits, deadline: Deadline): PdfRead {
  deadline.check();
  if (!pages.some((p) => p.items.some((it) => it.str.trim() !== ''))) throw new CensusReadError('empty', SCAN_TEXT.noScanText(n));
  const { tables, sheets, joined, registers } = sheetsOf(pages, limits, SCAN_TEXT.noScanTable(n));
  const unclear = tables.reduce((sum, t) => sum + (t.unclear?.length ?? 0), 0);
  const notes = [SCAN_TEXT.scanned(n), ...pages.filter((p) => p.turned !== 0).map((p) => SCAN_TEXT.turned(p.page, p.turned)), ...joined];
  return { sheets, notes, pages: n, review: [SCAN_TEXT.scanReview(unclear), ...registers] };
}

/**
 * Pages of words -> tables (the grid builder) -> sheets, within the cell budget (rows are made with
 * as many cells as the table has columns: bounded while they are made), and a note for each table
 * read over several pages. `noTable`: the refusal when no page holds a table.
 */
function sheetsOf(pages: PageText[], limits: ReadLimits, noTable: string): { tables: GridTable[]; sheets: RawSheet[]; joined: string[]; registers: string[] } {
  const tables = buildTables(pages, limits.maxCells);
  if (tables.length === 0) throw new CensusReadError('empty', noTable);
  const budget = new CellBudget(limits);
  const sheets: RawSheet[] = tables.map((t) => {
    for (const row of t.rows) budget.addRow(row.length);
    // A scan's table (its items carried confidences) keeps its unclear cells beside its rows.
    return { name: t.name, rows: t.rows as Cell[][], places: t.places, ...(t.unclear ? { scan: { unclear: t.unclear } } : {}) };
  });
  const joined = tables
    .filter((t) => t.pages.length > 1)
    .map((t) => `The table on ${t.name} runs over pages ${t.pages[0]}-${t.pages[t.pages.length - 1]}; they were read as one table.`);
  const registers = tables.filter((t) => t.register).map((t) => PDF_TEXT.register(t.name, t.rows.length - 1));
  return { tables, sheets, joined, registers };
}

function isTextItem(it: object): it is { str: string; transform: number[]; width: number } {
  const t = it as { str?: unknown; transform?: unknown; width?: unknown };
  return typeof t.str === 'string' && Array.isArray(t.transform) && t.transform.length === 6 && typeof t.width === 'number';
}

export async function readPdf(bytes: Uint8Array, limits: ReadLimits, deadline: Deadline, password?: string): Promise<PdfRead> {
  const { pdfjs, assets } = await loadPdfJs();
  deadline.check();
  const task = pdfjs.getDocument({
    // pdf.js takes the buffer over (detaches it): give it a copy.
    data: new Uint8Array(bytes),
    password,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    verbosity: 0,
    cMapUrl: `${assets}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${assets}/standard_fonts/`,
  });
  let doc: PdfDoc;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = (err as { name?: string } | null)?.name;
    const code = (err as { code?: number } | null)?.code;
    if (name === 'PasswordException') {
      // 1: a password is needed; 2: the one given is wrong.
      if (code === 2 || password) throw new CensusReadError('bad-password', 'The password is not correct for this file.');
      throw new CensusReadError('password-required', PASSWORD_REQUIRED_MESSAGE);
    }
    if (name === 'InvalidPDFException' || name === 'FormatError') throw new CensusReadError('corrupt', PDF_TEXT.damaged);
    if (name === 'UnknownErrorException' && /encrypt|crypt|cipher/i.test(String((err as Error).message))) {
      throw new CensusReadError('unsupported-protection', PDF_TEXT.encryptedUnsupported);
    }
    throw new CensusReadError('corrupt', PDF_TEXT.damaged);
  }
  try {
    const n = doc.numPages;
    if (n > MAX_PDF_PAGES) throw new CensusReadError('limit', PDF_TEXT.tooManyPages(n));
    const pages: PageText[] = [];
    let textItems = 0;
    for (let p = 1; p <= n; p++) {
      deadline.check();
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      if (content.items.length > MAX_PAGE_ITEMS) throw new CensusReadError('limit', PDF_TEXT.tooManyItems(p));
      const raw = content.items.filter(isTextItem);
      textItems += raw.filter((it) => it.str.trim() !== '').length;
      pages.push({ page: p, items: uprightItems(raw, page.getViewport({ scale: 1 }), pdfjs.Util.transform) });
      page.cleanup();
    }
    deadline.check();
    if (textItems === 0) {
      // No text layer: a scanned PDF, read by OCR (its page images), or nothing to read at all.
      const { ocrPdf } = await loadOcr();
      const scanned = await ocrPdf(bytes, { maxPages: MAX_PDF_PAGES, checkpoint: () => deadline.check() });
      if (scanned.length === 0) throw new CensusReadError('empty', PDF_TEXT.noText(n));
      return scanRead(scanned, n, limits, deadline);
    }
    const { tables, sheets, joined, registers } = sheetsOf(pages, limits, PDF_TEXT.noTable(n));
    const notes = [
      `Read as a PDF of ${n === 1 ? 'one page' : `${formatCount(n)} pages`}: ${tables.length === 1 ? 'one table' : `${tables.length} tables`} found in its text.`,
      ...joined,
    ];
    return { sheets, notes, pages: n, ...(registers.length ? { review: registers } : {}) };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
