/**
 * Scanned census pages for the OCR reader's tests (issue 30: "make scans of those pages: render, turn
 * a little, blur, add noise, bind as an image-only PDF; some at 90 degrees").
 *
 * Each source file is read by the engine's own reader (server/census/read), its first sheet's rows
 * become an HTML table, real Chromium renders it at about 192 dpi (deviceScaleFactor 2), and a canvas
 * in the same page turns it by a degree or two, blurs it a little and adds specks and grain (the
 * noise is sparse and the grey levels few, so a page stays a PNG of tens of KB). Written per source:
 *
 *   NAME.png          the page, turned a little (TILT degrees, alternating sign), blurred, noisy;
 *   NAME.sideways.png the same at 90 degrees (for --sideways sources: a page fed the wrong way);
 *   NAME.scan.pdf     an image-only PDF of NAME.png (for --pdf sources): Chromium prints an <img>,
 *                     so the PDF has no text layer (checked here with pdf.js);
 *   NAME.pages.pdf    for --paged sources: the table cut into pages of --rows-per-page rows (40 by
 *                     default; the header repeated on each, 'page k of n' in the title), each page
 *                     scanned as above and all bound in one image-only PDF, as a long census comes
 *                     back from a scanner (a 200-row table at 10 rows a page is a 20-page scan).
 *
 *   npx tsx scripts/make-scan-fixtures.ts [--out DIR] [--sideways NAME] [--pdf NAME] [--paged NAME]
 *                                          [--rows-per-page N] [FILE...]
 *
 * FILE defaults to DEFAULT_FILES (../shared/fixtures/census-real/files); DIR to a new temporary
 * folder (printed). Needs /usr/bin/chromium (or CHROMIUM_PATH=path, as the browser tests). tests/fixtures/documents/scans/ holds
 * the committed output (its README names each file's source).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/e2e/support/browser';
import { readCensusFile, type Cell } from '../server/census/read';
import { decodePng, encodePng, toGrey } from '../server/census/read/ocr/png';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REAL = path.resolve(ROOT, '../shared/fixtures/census-real/files');

/** Small single-sheet files: a page each, dates, ZIP codes and amounts among the values. */
export const DEFAULT_FILES = ['life-census-broker-abbrev.csv', 'life-census-startup-hr.csv', 'gmc-member-coded-rel.csv'];
const DEFAULT_SIDEWAYS = ['life-census-broker-abbrev.csv'];
const DEFAULT_PDF = ['gmc-member-coded-rel.csv'];

/** Degrees a page is turned by (the sign alternates per file). */
const TILT = 1.5;

function text(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page of one table, as an office printer would print it (ruled cells, a grey header). */
export function tableHtml(title: string, rows: Cell[][]): string {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const cells = rows.map((r) => Array.from({ length: width }, (_, i) => escape(text(r[i] ?? null))));
  const [head, ...body] = cells;
  const tr = (r: string[], tag: string) => `<tr>${r.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 9pt; margin: 0; background: #fff; color: #111; }
#sheet { display: inline-block; padding: 28px 32px 36px; background: #fff; }
h1 { font-size: 12pt; margin: 0 0 10px; }
table { border-collapse: collapse; }
th, td { border: 0.75pt solid #888; padding: 2pt 5pt; text-align: left; white-space: nowrap; }
th { background: #e8e8e8; }
</style></head><body><div id="sheet"><h1>${escape(title)}</h1><table><thead>${tr(head ?? [], 'th')}</thead><tbody>${body.map((r) => tr(r, 'td')).join('')}</tbody></table></div></body></html>`;
}

/**
 * Runs in the page: the screenshot (a data: URL) drawn turned by `degrees` (the canvas grows to hold
 * it), blurred by `blur` px, then specks and grain added, greys quantised to 8 levels; a PNG data URL.
 */
function scanInPage(args: { src: string; degrees: number; blur: number; seed: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onerror = () => reject(new Error('screenshot did not load'));
    img.onload = () => {
      try {
        resolve(draw());
      } catch (err) {
        reject(err);
      }
    };
    const draw = () => {
      const rad = (args.degrees * Math.PI) / 180;
      const w = img.naturalWidth;
      const h = img.naturalHeight;
      const cw = Math.ceil(Math.abs(w * Math.cos(rad)) + Math.abs(h * Math.sin(rad)));
      const ch = Math.ceil(Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad)));
      const canvas = document.createElement('canvas');
      canvas.width = cw;
      canvas.height = ch;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, cw, ch);
      ctx.filter = `blur(${args.blur}px)`;
      ctx.translate(cw / 2, ch / 2);
      ctx.rotate(rad);
      ctx.drawImage(img, -w / 2, -h / 2);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.filter = 'none';
      const data = ctx.getImageData(0, 0, cw, ch);
      const px = data.data;
      // A small deterministic generator (mulberry32), so a run is repeatable.
      let s = args.seed >>> 0;
      const rand = () => {
        s = (s + 0x6d2b79f5) >>> 0;
        let t = s;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      for (let i = 0; i < px.length; i += 4) {
        let g = 0.3 * px[i] + 0.59 * px[i + 1] + 0.11 * px[i + 2];
        const r = rand();
        if (r < 0.0015) g = 40 + 60 * rand(); // a dark speck (dust)
        else if (r < 0.003) g = 255; // a dropout
        else if (r < 0.02) g += (rand() - 0.5) * 120; // grain, on a few pixels only
        g = Math.max(0, Math.min(255, Math.round((Math.round(g / 255 * 7) * 255) / 7)));
        px[i] = px[i + 1] = px[i + 2] = g;
        px[i + 3] = 255;
      }
      ctx.putImageData(data, 0, 0);
      return canvas.toDataURL('image/png');
    };
    img.src = args.src;
  });
}

/** A PNG turned a quarter turn clockwise (the page fed into the scanner sideways). */
function quarterTurn(png: Buffer): Buffer {
  const img = decodePng(png);
  const out = new Uint8Array(img.width * img.height);
  const grey = toGrey(img);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) out[x * img.height + (img.height - 1 - y)] = grey[y * img.width + x];
  }
  return encodePng({ width: img.height, height: img.width, grey: out });
}

interface Args {
  out: string;
  files: string[];
  sideways: string[];
  pdf: string[];
  paged: string[];
  rowsPerPage: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { out: '', files: [], sideways: [], pdf: [], paged: [], rowsPerPage: 40 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') args.out = argv[++i];
    else if (argv[i] === '--sideways') args.sideways.push(argv[++i]);
    else if (argv[i] === '--pdf') args.pdf.push(argv[++i]);
    else if (argv[i] === '--paged') args.paged.push(argv[++i]);
    else if (argv[i] === '--rows-per-page') args.rowsPerPage = Math.max(1, Number(argv[++i]) || 40);
    else args.files.push(argv[i]);
  }
  if (!args.out) args.out = fs.mkdtempSync(path.join(os.tmpdir(), 'census-scans-'));
  if (args.files.length === 0) {
    args.files = DEFAULT_FILES.map((f) => path.join(REAL, f));
    if (!args.sideways.length) args.sideways = DEFAULT_SIDEWAYS;
    if (!args.pdf.length) args.pdf = DEFAULT_PDF;
  }
  return args;
}

/** Text items on a PDF's pages (pdf.js): 0 for an image-only PDF. */
async function textItems(pdf: Buffer): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  let n = 0;
  for (let p = 1; p <= doc.numPages; p++) n += (await (await doc.getPage(p)).getTextContent()).items.length;
  await doc.destroy();
  return n;
}

/** One table cut into pages of args.rowsPerPage rows (header on each), scanned and bound as one image-only PDF. */
async function pagedScan(page: import('playwright-core').Page, args: Args, name: string, base: string, rows: Cell[][], k: number): Promise<void> {
  const [head, ...body] = rows;
  const n = Math.max(1, Math.ceil(body.length / args.rowsPerPage));
  const images: { png: Buffer; width: number; height: number }[] = [];
  for (let p = 0; p < n; p++) {
    const chunk = body.slice(p * args.rowsPerPage, (p + 1) * args.rowsPerPage);
    await page.setContent(tableHtml(`Census: ${name} (page ${p + 1} of ${n})`, [head, ...chunk]));
    const shot = await page.locator('#sheet').screenshot({ type: 'png' });
    const degrees = ((k + p) % 2 === 0 ? 1 : -1) * TILT;
    const dataUrl = await page.evaluate(scanInPage, { src: `data:image/png;base64,${shot.toString('base64')}`, degrees, blur: 0.7, seed: 101 + k * 31 + p });
    const rgba = decodePng(Buffer.from(dataUrl.split(',')[1], 'base64'));
    images.push({ png: encodePng({ width: rgba.width, height: rgba.height, grey: toGrey(rgba) }), width: rgba.width, height: rgba.height });
  }
  // Landscape when the widest page is wider than a portrait Letter page's 7.5 printable inches (at 192 dpi).
  const landscape = Math.max(...images.map((i) => i.width)) > 7.5 * 192;
  const imgs = images.map((i) => `<div class="p"><img src="data:image/png;base64,${i.png.toString('base64')}" style="width:${i.width / 2}px;max-height:${landscape ? 7.4 : 9.9}in;object-fit:contain"></div>`).join('');
  await page.setContent(`<!doctype html><html><head><style>@page { margin: 0.5in; } body { margin: 0; } .p { break-after: page; } .p:last-child { break-after: auto; } img { max-width: 100%; }</style></head><body>${imgs}</body></html>`);
  const pdf = await page.pdf({ format: 'Letter', landscape, printBackground: true });
  const items = await textItems(pdf);
  if (items !== 0) throw new Error(`${base}.pages.pdf has ${items} text items: not image-only`);
  fs.writeFileSync(path.join(args.out, `${base}.pages.pdf`), pdf);
  console.log(`${base}.pages.pdf\t${pdf.length} bytes\t${n} pages of up to ${args.rowsPerPage} rows\t${landscape ? 'landscape' : 'portrait'}`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  fs.mkdirSync(args.out, { recursive: true });
  const browser = await launchBrowser();
  try {
    // 816 CSS px = 8.5 in; at deviceScaleFactor 2 a CSS inch is 192 pixels.
    const context = await browser.newContext({ viewport: { width: 816, height: 1056 }, deviceScaleFactor: 2 });
    // tsx compiles with esbuild's keepNames: a function handed to page.evaluate calls __name().
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    const page = await context.newPage();
    let k = 0;
    for (const file of args.files) {
      const name = path.basename(file);
      const base = name.replace(/\.[^.]+$/, '');
      const read = await readCensusFile({ fileName: name, bytes: fs.readFileSync(file) });
      const sheet = read.sheets.find((s) => s.rows.some((r) => r.some((c) => c !== null && c !== ''))) ?? read.sheets[0];
      const rows = sheet.rows.filter((r) => r.some((c) => text(c).trim() !== ''));
      if (args.paged.includes(name)) {
        // The pages keep their pixels in the PDF (the reader takes each page's image, not a render).
        await pagedScan(page, args, name, base, rows, k++);
        continue;
      }
      await page.setContent(tableHtml(`Census: ${name}`, rows));
      const shot = await page.locator('#sheet').screenshot({ type: 'png' });
      const degrees = (k++ % 2 === 0 ? 1 : -1) * TILT;
      const dataUrl = await page.evaluate(scanInPage, { src: `data:image/png;base64,${shot.toString('base64')}`, degrees, blur: 0.7, seed: 7 + k });
      const rgba = decodePng(Buffer.from(dataUrl.split(',')[1], 'base64'));
      const png = encodePng({ width: rgba.width, height: rgba.height, grey: toGrey(rgba) });
      const pngPath = path.join(args.out, `${base}.png`);
      fs.writeFileSync(pngPath, png);
      console.log(`${base}.png\t${png.length} bytes\t${rgba.width}x${rgba.height}\t${rows.length} rows\t${degrees} degrees`);
      if (args.sideways.includes(name)) {
        const side = quarterTurn(png);
        fs.writeFileSync(path.join(args.out, `${base}.sideways.png`), side);
        console.log(`${base}.sideways.png\t${side.length} bytes\t90 degrees`);
      }
      if (args.pdf.includes(name)) {
        // The image at 192 dpi: its CSS size is half its pixels.
        const html = `<!doctype html><html><head><style>@page { margin: 0.5in; } body { margin: 0; } img { width: ${rgba.width / 2}px; max-width: 100%; }</style></head><body><img src="data:image/png;base64,${png.toString('base64')}"></body></html>`;
        await page.setContent(html);
        const pdf = await page.pdf({ format: 'Letter', printBackground: true });
        const items = await textItems(pdf);
        if (items !== 0) throw new Error(`${base}.scan.pdf has ${items} text items: not image-only`);
        fs.writeFileSync(path.join(args.out, `${base}.scan.pdf`), pdf);
        console.log(`${base}.scan.pdf\t${pdf.length} bytes\tno text layer`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`written to ${args.out}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
