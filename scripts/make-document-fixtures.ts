/**
 * Census tables printed to PDF with real Chromium (issue 30's test bed): each source file is read by
 * the engine's own reader (server/census/read), its first sheet's rows become an HTML table, and
 * Chromium's print-to-PDF writes it (landscape when the table is wide). The source's truth file is
 * copied beside the PDF under the PDF's name (its "file" renamed, a named sheet made '' = any sheet:
 * a PDF's tables are 'page N'), so ../shared/tools/eval_real.py grades the PDF beside its source.
 *
 *   npx tsx scripts/make-document-fixtures.ts [--out DIR] [--no-truth] [--style report|sideways|register] [FILE...]
 *
 * --style report: a payroll-register look (no borders, figures right-aligned, a running page header
 * and 'Page N of M' footer); --style sideways: the table turned a quarter (a wide table printed
 * across a portrait page; one page only, so files longer than SIDEWAYS_ROWS are skipped);
 * --style register: another producer, pdfkit, writing a payroll register word by word (a title and
 * period line, figures right-aligned, a rule under the header repeated on every page, 'Page N').
 * FILE defaults to the fourteen real files of DEFAULT_FILES (../shared/fixtures/census-real/files);
 * DIR defaults to a new temporary folder (printed). Needs /usr/bin/chromium (or CHROMIUM_PATH=path, as the browser tests).
 * tests/fixtures/documents/ holds a few of these PDFs (its README names their sources).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { launchBrowser } from '../tests/e2e/support/browser';
import { readCensusFile, type Cell } from '../server/census/read';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REAL = path.resolve(ROOT, '../shared/fixtures/census-real/files');

/** One sheet each, not too wide for a page, of different shapes (a few rows to a few pages). */
export const DEFAULT_FILES = [
  'acp-sample-census.csv',
  'acp-census-ssn-only.csv',
  'acp-census-exclusions.csv',
  'gmc-member-coded-rel.csv',
  'gtl-census-big-mixed.csv',
  'life-census-broker-abbrev.csv',
  'life-census-hris-hourly.csv',
  'life-census-startup-hr.csv',
  'normalizer-broker-a.csv',
  'planwise-census-import.csv',
  'oracle-hr-employees.csv',
  'enroll-seed-census.csv',
  'totalrewards-sample-census.csv',
  'principal-10ees-salary-mode.xlsx',
];

/** Columns past this print on a landscape page. */
const LANDSCAPE_OVER = 9;
/** Rows a sideways page holds. */
const SIDEWAYS_ROWS = 30;

export type Style = 'grid' | 'report' | 'sideways' | 'register';

/** A payroll register written with pdfkit, word by word, landscape Letter. */
export function registerPdf(title: string, rows: string[][]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 30 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(7);
    const colW = rows[0].map((_, i) => Math.max(...rows.map((r) => doc.widthOfString(r[i] ?? ''))) + 8);
    const xs: number[] = [];
    let right = 30;
    for (const w of colW) {
      xs.push(right);
      right += w;
    }
    const figure = (c: string) => /^-?[\d,.$]+$/.test(c);
    let y = 0;
    let page = 1;
    const line = (r: string[], head: boolean) => {
      r.forEach((c, i) => {
        if (!c) return;
        let x = !head && figure(c) ? xs[i] + colW[i] - 8 - doc.widthOfString(c) : xs[i];
        for (const word of c.split(' ')) {
          doc.text(word, x, y, { lineBreak: false });
          x += doc.widthOfString(`${word} `);
        }
      });
      y += 10;
    };
    const top = () => {
      doc.fontSize(9).text(title, 30, 30, { lineBreak: false });
      doc.text('Period ending 12/31/2025', 300, 30, { lineBreak: false });
      doc.fontSize(7);
      y = 60;
      line(rows[0], true);
      doc.moveTo(30, y - 2).lineTo(right, y - 2).stroke();
      y += 2;
    };
    const foot = () => doc.text(`Page ${page}`, 380, 580, { lineBreak: false });
    top();
    for (const r of rows.slice(1)) {
      if (y > 560) {
        foot();
        doc.addPage();
        page++;
        top();
      }
      line(r, false);
    }
    foot();
    doc.end();
  });
}

function text(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML page of one table: a header row repeated on every printed page (thead), as reports print. */
export function tableHtml(title: string, rows: Cell[][], style: Style = 'grid'): { html: string; landscape: boolean } {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const landscape = style !== 'sideways' && width > LANDSCAPE_OVER;
  const cells = rows.map((r) => Array.from({ length: width }, (_, i) => escape(text(r[i] ?? null))));
  const [head, ...body] = cells;
  // A cell's own line breaks print as lines (a wrapped header, a note of several lines).
  const figure = (c: string) => style === 'report' && /^-?[\d,]+(\.\d+)?$/.test(c);
  const cls = (c: string) => [c.includes('\n') ? 'lines' : '', figure(c) ? 'num' : ''].filter(Boolean).join(' ');
  const tr = (r: string[], tag: string) => `<tr>${r.map((c) => `<${tag}${cls(c) ? ` class="${cls(c)}"` : ''}>${c}</${tag}>`).join('')}</tr>`;
  const extra =
    style === 'report'
      ? 'th, td { border: none; padding: 1pt 6pt 1pt 0; } th { background: none; border-bottom: 0.75pt solid #000; } .num { text-align: right; }'
      : style === 'sideways'
        ? `body { transform: rotate(-90deg) translateX(-100%); transform-origin: top left; width: 9.6in; font-size: 6pt; }`
        : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>
body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: ${width > 12 ? 6.5 : 8}pt; margin: 0; }
h1 { font-size: 11pt; margin: 0 0 6pt; }
table { border-collapse: collapse; }
th, td { border: 0.5pt solid #999; padding: 1.5pt 3pt; text-align: left; vertical-align: top; white-space: nowrap; }
th { background: #eee; }
.lines { white-space: pre-line; }
${extra}
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
</style></head><body><h1>${escape(title)}</h1><table><thead>${tr(head ?? [], 'th')}</thead><tbody>${body.map((r) => tr(r, 'td')).join('')}</tbody></table></body></html>`;
  return { html, landscape };
}

interface Args {
  out: string;
  truth: boolean;
  style: Style;
  files: string[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { out: '', truth: true, style: 'grid', files: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') args.out = argv[++i];
    else if (argv[i] === '--no-truth') args.truth = false;
    else if (argv[i] === '--style') args.style = argv[++i] as Style;
    else args.files.push(argv[i]);
  }
  if (!args.out) args.out = fs.mkdtempSync(path.join(os.tmpdir(), 'census-documents-'));
  if (args.files.length === 0) args.files = DEFAULT_FILES.map((f) => path.join(REAL, f));
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  fs.mkdirSync(args.out, { recursive: true });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    for (const file of args.files) {
      const name = path.basename(file);
      const read = await readCensusFile({ fileName: name, bytes: fs.readFileSync(file) });
      const sheet = read.sheets.find((s) => s.rows.some((r) => r.some((c) => c !== null && c !== ''))) ?? read.sheets[0];
      const rows = sheet.rows.filter((r) => r.some((c) => text(c).trim() !== ''));
      if (args.style === 'sideways' && rows.length > SIDEWAYS_ROWS) {
        console.log(`${name}: skipped (${rows.length} rows do not fit one sideways page)`);
        continue;
      }
      const pdfName = `${name.replace(/\.[^.]+$/, '')}.pdf`;
      const target = path.join(args.out, pdfName);
      const { html, landscape } = tableHtml(`Census: ${name}`, rows, args.style);
      if (args.style === 'register') {
        fs.writeFileSync(target, await registerPdf(`PAYROLL REGISTER ${name}`, rows.map((r) => r.map(text))));
      } else {
        await page.setContent(html);
        const report = args.style === 'report';
        await page.pdf({
          path: target,
          format: 'Letter',
          landscape,
          margin: { top: '0.6in', bottom: '0.6in', left: '0.4in', right: '0.4in' },
          printBackground: true,
          displayHeaderFooter: report,
          headerTemplate: `<div style="font-size:7pt;width:100%;padding:0 0.4in">Payroll register - ${escape(name)} - printed 2026-01-05</div>`,
          footerTemplate: '<div style="font-size:7pt;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
        });
      }
      const truthPath = `${file}.truth.json`;
      if (args.truth && fs.existsSync(truthPath)) {
        const truth = JSON.parse(fs.readFileSync(truthPath, 'utf8'));
        truth.file = pdfName;
        // The PDF's tables are named 'page N': a column's sheet becomes '' (any sheet).
        for (const c of truth.columns ?? []) if (c.sheet) c.sheet = '';
        fs.writeFileSync(path.join(args.out, `${pdfName}.truth.json`), `${JSON.stringify(truth, null, 1)}\n`);
      }
      console.log(`${pdfName}\t${fs.statSync(target).size} bytes\t${rows.length} rows\t${landscape ? 'landscape' : 'portrait'}`);
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
