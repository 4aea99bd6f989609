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
import { readCensusFile } from '../../../server/census/read/index';
import { Deadline, resolveLimits } from '../../../server/census/read/limits';
import { CellBudget, type WorkbookRead, readWorkbook } from '../../../server/census/read/workbook';
import { readXlsxStreaming } from '../../../server/census/read/xlsx-stream';
import { guardZip, zipKind } from '../../../server/census/read/zip-guard';
import { numbersWorkbook } from '../support/big-census';

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
  const files = [...xlsxFilesUnder('/work/shared/fixtures'), ...xlsxFilesUnder('/work/shared/corpora')];
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
    const sab = new SharedArrayBuffer(8);
    const peak = new BigInt64Array(sab);
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads'); const a = new BigInt64Array(workerData);
       setInterval(() => { const r = BigInt(process.memoryUsage.rss()); if (r > Atomics.load(a, 0)) Atomics.store(a, 0, r); }, 20);`,
      { eval: true, workerData: sab },
    );
    await new Promise((r) => setTimeout(r, 100));
    const before = process.memoryUsage.rss();
    Atomics.store(peak, 0, 0n);
    const t0 = performance.now();
    const read = await readCensusFile({ fileName: 'big.xlsx', bytes, limits: { timeBudgetMs: 600_000 } });
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 60));
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
