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
