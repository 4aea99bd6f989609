/**
 * The streaming XLSX reader (read/xlsx-stream.ts, issue 31): the same WorkbookRead as readWorkbook
 * (SheetJS) for every XLSX file of the shared fixtures and corpora, cell types on small hand-written
 * workbooks, and the memory of reading the 249,000 x 20 workbook through readCensusFile.
 */
import { readFileSync, readdirSync, statSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { readCensusFile } from '../../../../server/census/read/index';
import { Deadline, resolveLimits } from '../../../../server/census/read/limits';
import { CellBudget, type WorkbookRead, readWorkbook } from '../../../../server/census/read/workbook';
import { readXlsxStreaming } from '../../../../server/census/read/xlsx-stream';
import { guardZip, zipKind } from '../../../../server/census/read/zip-guard';
import { numbersWorkbook } from '../../support/census-files';
import { pollUntil } from '../../../support/wait';

const limits = resolveLimits({ timeBudgetMs: 600_000 });

function bothReaders(bytes: Uint8Array): { sheetjs: WorkbookRead; stream: WorkbookRead } | null {
  let sheetjs: WorkbookRead;
  let entries;
  try {
    const zip = guardZip(bytes, limits);
    if (zipKind(zip.entries) !== 'ooxml-workbook' || !zip.validPackage) return null;
    entries = zip.entries;
    sheetjs = readWorkbook(bytes, limits, new Deadline(600_000), new CellBudget(limits), true);
  } catch {
    return null; // refused on SheetJS's path (damaged, encrypted, over a limit): nothing to compare
  }
  const stream = readXlsxStreaming(bytes, entries, limits, new Deadline(600_000), new CellBudget(limits));
  return { sheetjs, stream };
}

function xlsxFilesUnder(dir: string): string[] {
  const out: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const n of names) {
    const p = join(dir, n);
    const st = statSync(p);
    if (st.isDirectory()) out.push(...xlsxFilesUnder(p));
    else if (/\.xlsx$/i.test(n)) out.push(p);
  }
  return out.sort();
}

describe('streaming XLSX reader: same result as SheetJS', () => {
  const SHARED = join(__dirname, '../../../../../shared');
  const files = [...xlsxFilesUnder(join(SHARED, 'fixtures')), ...xlsxFilesUnder(join(SHARED, 'corpora'))];
  it(`every fixture and corpus .xlsx (${files.length} found)`, () => {
    let compared = 0;
    const skipped: string[] = [];
    for (const f of files) {
      const both = bothReaders(new Uint8Array(readFileSync(f)));
      if (!both) {
        skipped.push(f);
        continue;
      }
      expect(both.stream.sheets, f).toEqual(both.sheetjs.sheets);
      expect(both.stream.notes, f).toEqual(both.sheetjs.notes);
      compared++;
    }
    console.log(`xlsx-stream equivalence: ${compared} compared, ${skipped.length} skipped (refused by SheetJS's path)`);
    expect(compared).toBeGreaterThan(0);
  });
});

describe('streaming XLSX reader: the 249,000 x 20 workbook of issue 31', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-stream-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is read through readCensusFile with a peak RSS under 350 MB', async () => {
    const path = join(dir, 'big.xlsx');
    await numbersWorkbook(path, 249_000, 20);
    let bytes: Uint8Array | null = new Uint8Array(readFileSync(path));
    (globalThis as { gc?: () => void }).gc?.();
    // Peak RSS sampled from a worker thread every 20 ms: the read is synchronous, so the main
    // thread could not sample while it runs.
    // Slot 0: the peak; slot 1: how many samples were taken (the test waits on samples, not on time).
    const sab = new SharedArrayBuffer(16);
    const peak = new BigInt64Array(sab);
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads'); const a = new BigInt64Array(workerData);
       setInterval(() => { const r = BigInt(process.memoryUsage.rss()); if (r > Atomics.load(a, 0)) Atomics.store(a, 0, r); Atomics.add(a, 1, 1n); }, 20);`,
      { eval: true, workerData: sab },
    );
    /** Resolves once the sampler has taken `n` more samples. */
    const samples = async (n: number) => {
      const from = Atomics.load(peak, 1);
      await pollUntil(() => Atomics.load(peak, 1) - from >= BigInt(n), Boolean, { timeoutMs: 10_000, intervalMs: 5 });
    };
    await samples(1); // the sampler runs
    const before = process.memoryUsage.rss();
    Atomics.store(peak, 0, 0n);
    const t0 = performance.now();
    const read = await readCensusFile({ fileName: 'big.xlsx', bytes, limits: { timeBudgetMs: 600_000 } });
    const ms = performance.now() - t0;
    await samples(2); // the memory at the read's end is in the peak
    const peakMb = Number(Atomics.load(peak, 0)) / 1048576;
    await worker.terminate();
    bytes = null;
    console.log(`big workbook: rss before ${Math.round(before / 1048576)} MB, peak during the read ${Math.round(peakMb)} MB, ${Math.round(ms)} ms`);
    const rows = read.sheets[0].rows;
    expect(read.sheets).toHaveLength(1);
    expect(rows).toHaveLength(249_001);
    expect(rows[0].slice(0, 5)).toEqual(['Employee ID', 'Age', 'Annual Salary', 'Zip', 'Value 5']);
    expect(rows[1]).toHaveLength(20);
    expect(rows[1].slice(0, 4)).toEqual([100001, 21, 31000, 10002]);
    expect(rows[249_000][0]).toBe(100000 + 249_000);
    expect(peakMb).toBeLessThan(350);
  }, 300_000);
});

/** A small workbook from hand-written parts; `sheets` are the <sheetData> contents. */
function handWorkbook(opts: { sheets: string[]; sst?: string; styles?: string; date1904?: boolean; hidden?: number[]; prefix?: string; store?: boolean }): Uint8Array {
  const p = opts.prefix ?? '';
  const ns = p ? ` xmlns:${p.slice(0, -1)}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"` : ' xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${opts.sst ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}${opts.styles ? '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' : ''}</Types>`,
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><${p}workbook${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${opts.date1904 ? `<${p}workbookPr date1904="1"/>` : ''}<${p}sheets>${opts.sheets
        .map((_, i) => `<${p}sheet name="S${i + 1} &amp; co" sheetId="${i + 1}" ${opts.hidden?.[i] === 2 ? 'state="veryHidden" ' : opts.hidden?.[i] === 1 ? "state='hidden' " : ''}r:id="rId${i + 1}"/>`)
        .join('')}</${p}sheets></${p}workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${opts.sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="${i % 2 ? '/xl/' : ''}worksheets/sheet${i + 1}.xml"/>`)
        .join('')}</Relationships>`,
    ),
  };
  opts.sheets.forEach((data, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><${p}worksheet${ns}><${p}sheetData>${data}</${p}sheetData></${p}worksheet>`);
  });
  if (opts.sst) files['xl/sharedStrings.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${opts.sst}</sst>`);
  if (opts.styles) files['xl/styles.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${opts.styles}</styleSheet>`);
  return zipSync(files, opts.store ? { level: 0 } : {});
}

/** Reads with both readers, checks they agree, returns the streaming result. */
function sameAsSheetJs(bytes: Uint8Array): WorkbookRead {
  const both = bothReaders(bytes);
  expect(both).not.toBeNull();
  expect(both!.stream.sheets).toEqual(both!.sheetjs.sheets);
  expect(both!.stream.notes).toEqual(both!.sheetjs.notes);
  return both!.stream;
}

const STYLES =
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt formatCode="0.0" numFmtId="165"/></numFmts>' +
  '<cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="20"/><xf numFmtId="27"/></cellXfs>';

describe('streaming XLSX reader: cell types', () => {
  it('shared strings: plain, rich text runs, phonetic runs left out, entities, _xHHHH_, empty', () => {
    const wb = sameAsSheetJs(
      handWorkbook({
        sst:
          '<si><t>plain</t></si><si><r><rPr><b/></rPr><t>Ri</t></r><r><t xml:space="preserve">ch &amp; co</t></r></si>' +
          '<si><r><t>漢字</t></r><rPh sb="0" eb="2"><t>かんじ</t></rPh></si><si><t>a_x000D_b &lt;&#65;&#x42;&gt;</t></si><si><t/></si><si><t>Zoë</t></si>',
        sheets: ['<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c><c r="E1" t="s"><v>4</v></c><c r="F1" t="s"><v>5</v></c></row>'],
      }),
    );
    expect(wb.sheets[0].rows).toEqual([['plain', 'Rich & co', '漢字', 'a\rb <AB>', null, 'Zoë']]);
  });

  it('inline strings, t="str" (decoded twice, as SheetJS does), booleans, errors, numbers', () => {
    const wb = sameAsSheetJs(
      handWorkbook({
        sheets: [
          '<row r="1"><c r="A1" t="inlineStr"><is><t>inline &quot;x&quot;</t></is></c><c r="B1" t="str"><f>A1</f><v>a &amp;amp; b</v></c>' +
            "<c t='b' r='C1'><v>1</v></c><c r=\"D1\" t=\"b\"><v>0</v></c><c r=\"E1\" t=\"e\"><v>#N/A</v></c><c r=\"F1\"><v>-1.5E3</v></c><c r=\"G1\" t=\"str\"><v></v></c></row>" +
            '<row r="2"><c r="A2" t="e"><v>#REF!</v></c><c r="B2" t="inlineStr"><is><r><t>in</t></r><r><t>line</t></r></is></c></row>',
        ],
      }),
    );
    expect(wb.sheets[0].rows).toEqual([
      ['inline "x"', 'a & b', true, false, null, -1500],
      [null, 'inline'],
    ]);
    expect(wb.notes).toEqual(['2 cell(s) hold Excel errors such as #N/A or #REF!; they were read as empty.']);
  });

  it('dates by built-in and custom formats; times and unknown built-ins stay numbers; t="d"', () => {
    const wb = sameAsSheetJs(
      handWorkbook({
        styles: STYLES,
        sheets: [
          '<row r="1"><c r="A1" s="1"><v>45292</v></c><c r="B1" s="2"><v>45292.75</v></c><c r="C1" s="3"><v>45292</v></c><c r="D1" s="4"><v>0.5</v></c><c r="E1" s="5"><v>45292</v></c><c r="F1" s="9"><v>7</v></c><c r="G1" t="d" s="1"><v>2024-01-02T00:00:00</v></c><c r="H1" t="d"><v>2024-01-02</v></c></row>',
        ],
      }),
    );
    const d = (y: number, m: number, day: number) => new Date(Date.UTC(y, m - 1, day));
    // Format 27 is a date to Excel but not in SheetJS's table when cellText is off: a number in both.
    expect(wb.sheets[0].rows).toEqual([[d(2024, 1, 1), d(2024, 1, 1), 45292, 0.5, 45292, 7, d(2024, 1, 2), 45293]]);
  });

  it('the 1904 date system, hidden and very hidden sheets, names with entities', () => {
    const wb = sameAsSheetJs(
      handWorkbook({
        date1904: true,
        hidden: [0, 1, 2],
        styles: STYLES,
        sheets: ['<row r="1"><c r="A1" s="1"><v>0</v></c></row>', '<row r="1"><c r="A1"><v>1</v></c></row>', '<row r="1"><c r="A1"><v>2</v></c></row>'],
      }),
    );
    expect(wb.sheets.map((s) => s.name)).toEqual(['S1 & co', 'S2 & co', 'S3 & co']);
    expect(wb.sheets[0].rows).toEqual([[new Date(Date.UTC(1904, 0, 1))]]);
    expect(wb.notes).toEqual([
      'The workbook uses the 1904 date system (old Mac Excel); its dates were converted accordingly.',
      'Sheet "S2 & co" is hidden in Excel; it was read too.',
      'Sheet "S3 & co" is very hidden in Excel; it was read too.',
    ]);
  });

  it('missing r attributes, sparse rows with gaps, missing rows, empty cells, self-closing tags', () => {
    const wb = sameAsSheetJs(
      handWorkbook({
        sheets: [
          '<row><c><v>1</v></c><c/><c><v>3</v></c></row><row r="4" spans="1:9"><c r="C4"><v>3</v></c><c r="H4"><v>8</v></c><c r="J4"/></row>' +
            '<row r="5"/><row><c r="B6" t="n"></c><c t="inlineStr"><is><t></t></is></c></row><row r="8"><c r="A8"><v> </v></c></row>',
        ],
      }),
    );
    expect(wb.sheets[0].rows).toEqual([[1, null, 3], [], [], [null, null, 3, null, null, null, null, 8], [], [], [], []]);
  });

  it('namespace prefixes on every element', () => {
    const wb = sameAsSheetJs(
      handWorkbook({
        prefix: 'x:',
        sheets: ['<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>pre</x:t></x:is></x:c><x:c r="B1"><x:v>2</x:v></x:c></x:row><x:row r="2"><x:c r="A2"><x:v>3</x:v></x:c></x:row>'],
      }),
    );
    expect(wb.sheets[0].rows).toEqual([['pre', 2], [3]]);
  });

  it('rows cut across chunks read the same (a stored sheet part, read 64 KB at a time)', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>name ${i} &amp; ${'x'.repeat(i % 50)}</t></is></c><c r="B${i + 1}"><v>${i * 1.25}</v></c></row>`);
    const wb = sameAsSheetJs(handWorkbook({ sheets: [rows.join('')], store: true }));
    expect(wb.sheets[0].rows).toHaveLength(3000);
    expect(wb.sheets[0].rows[2999]).toEqual([`name 2999 & ${'x'.repeat(2999 % 50)}`, 2999 * 1.25]);
  });

  it('the row and cell limits give readWorkbook\'s messages', () => {
    const bytes = handWorkbook({ sheets: ['<row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="A3"><v>1</v></c><c r="B3"><v>1</v></c></row>'] });
    const zip = guardZip(bytes, limits);
    const small = resolveLimits({ maxRows: 2 });
    expect(() => readXlsxStreaming(bytes, zip.entries, small, new Deadline(1e6))).toThrow('Sheet "S1 & co" has more than 2 rows, more than allowed.');
    expect(() => readWorkbook(bytes, small, new Deadline(1e6))).toThrow('Sheet "S1 & co" has more than 2 rows, more than allowed.');
    const few = resolveLimits({ maxCells: 2 });
    expect(() => readXlsxStreaming(bytes, zip.entries, few, new Deadline(1e6))).toThrow('This file has more than 2 cells, more than allowed.');
    expect(() => readWorkbook(bytes, few, new Deadline(1e6))).toThrow('This file has more than 2 cells, more than allowed.');
  });
});
