/**
 * Every hostile/unusual file from the Apache POI corpus (../shared/corpora/poi, see its README) must
 * give a ReadResult or exactly one CensusReadError with a readable message, quickly, and without
 * any network access.
 */
import dns from 'node:dns';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CensusReadError, type ReadErrorCode, type ReadResult, readCensusFile } from '../../../../server/census/read';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = path.join(path.resolve(repoRoot, '../shared'), 'corpora/poi');

type Expect = { ok: true; sheets?: string[] } | { code: ReadErrorCode; message?: RegExp };
interface Case {
  file: string;
  password?: string;
  expect: Expect;
}

const PROTECTED = 'This file is password-protected';

const CASES: Case[] = [
  // Entity expansion: rejected before SheetJS sees the XML.
  { file: 'poc-xmlbomb.xlsx', expect: { code: 'corrupt', message: /unsafe.*DOCTYPE/ } },
  { file: 'poc-xmlbomb-empty.xlsx', expect: { code: 'corrupt', message: /unsafe.*DOCTYPE/ } },
  { file: '54764.xlsx', expect: { code: 'corrupt', message: /unsafe.*DOCTYPE/ } },
  { file: '54764-2.xlsx', expect: { code: 'corrupt', message: /unsafe.*DOCTYPE/ } },
  // One 1 MB shared string referenced by 12,000 cells: rejected by the extracted-text limit.
  { file: 'poc-shared-strings.xlsx', expect: { code: 'limit', message: /more than .*MB/ } },
  { file: 'xxe_in_schema.xlsx', expect: { ok: true, sheets: ['Sheet1'] } },
  { file: 'protected_passtika.xlsx', expect: { code: 'password-required', message: new RegExp(`^${PROTECTED}$`) } },
  { file: 'protected_passtika.xlsx', password: 'wrong', expect: { code: 'bad-password' } },
  { file: 'protected_passtika.xlsx', password: 'tika', expect: { ok: true, sheets: ['Sheet1', 'Sheet2', 'Sheet3'] } },
  { file: 'password.xls', expect: { code: 'password-required', message: new RegExp(`^${PROTECTED}$`) } },
  { file: 'password.xls', password: 'wrong', expect: { code: 'bad-password' } },
  { file: 'password.xls', password: 'password', expect: { ok: true, sheets: ['Лист1', 'Лист2', 'Лист3'] } },
  { file: 'xor-encryption-abc.xls', expect: { code: 'password-required', message: new RegExp(`^${PROTECTED}$`) } },
  { file: 'xor-encryption-abc.xls', password: 'wrong', expect: { code: 'bad-password' } },
  { file: 'xor-encryption-abc.xls', password: 'abc', expect: { ok: true, sheets: ['Sheet1'] } },
  { file: 'testEXCEL_5.xls', expect: { ok: true, sheets: ['Feuil1', 'Feuil2', 'Feuil3'] } },
  { file: 'testEXCEL_95.xls', expect: { ok: true, sheets: ['Feuil1', 'Feuil2', 'Feuil3'] } },
  { file: 'SampleSS.strict.xlsx', expect: { ok: true, sheets: ['First Sheet', 'Sheet Number 2', 'Sheet3'] } },
  { file: 'xlsx-corrupted.xlsx', expect: { code: 'corrupt', message: /damaged/ } },
  // Fuzzer crashers: a clear error or a result; the ones that SheetJS can read give a result.
  { file: 'clusterfuzz-testcase-minimized-POIHSSFFuzzer-4651309315719168.xls', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-POIHSSFFuzzer-4819588401201152.xls', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-POIHSSFFuzzer-5175219985448960.xls', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-POIHSSFFuzzer-5436547081830400.xls', expect: { ok: true, sheets: ['Sheet1'] } },
  { file: 'clusterfuzz-testcase-minimized-POIHSSFFuzzer-5889658057523200.xls', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-POIHSSFFuzzer-6322470200934400.xls', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-POIXSSFFuzzer-4828727001088000.xlsx', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-POIXSSFFuzzer-5185049589579776.xlsx', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-POIXSSFFuzzer-5937385319563264.xlsx', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-POIXSSFFuzzer-6419366255919104.xlsx', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-XLSX2CSVFuzzer-5025401116950528.xlsx', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-XLSX2CSVFuzzer-5636439151607808.xlsx', expect: { code: 'corrupt' } },
  { file: 'clusterfuzz-testcase-minimized-XLSX2CSVFuzzer-6594557414080512.xlsx', expect: { code: 'corrupt' } },
];

/** A user-facing message: one line, a sentence, no stack or library jargon. */
function expectReadableMessage(message: string): void {
  expect(message).not.toMatch(/[\r\n]/);
  expect(message.length).toBeGreaterThan(10);
  expect(message.length).toBeLessThan(300);
  expect(message).toMatch(/^[A-Z]/);
  expect(message).not.toMatch(/\bat .*\.(js|ts):\d+|undefined|null|NaN|\[object|TypeError|RangeError/);
}

const timings: { file: string; ms: number }[] = [];
const started = performance.now();

afterAll(() => {
  const total = performance.now() - started;
  const slowest = [...timings].sort((a, b) => b.ms - a.ms)[0];
  console.info(`POI corpus: ${timings.length} reads in ${total.toFixed(0)} ms; slowest ${slowest?.file} ${slowest?.ms.toFixed(0)} ms`);
});

describe('POI corpus', () => {
  it('covers every file in the corpus folder', () => {
    const files = fs.readdirSync(corpus).filter((f) => /\.xlsx?$/i.test(f));
    const covered = new Set(CASES.map((c) => c.file));
    expect(files.filter((f) => !covered.has(f))).toEqual([]);
  });

  it.each(CASES.map((c) => [`${c.file}${c.password ? ` (password "${c.password}")` : ''}`, c] as const))('%s', async (_label, c) => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(corpus, c.file)));
    const t0 = performance.now();
    let result: ReadResult | undefined;
    let error: unknown;
    try {
      result = await readCensusFile({ fileName: c.file, bytes, password: c.password });
    } catch (e) {
      error = e;
    }
    const ms = performance.now() - t0;
    timings.push({ file: c.file, ms });
    expect(ms).toBeLessThan(5000);
    if ('ok' in c.expect) {
      expect(error).toBeUndefined();
      expect(result).toBeDefined();
      if (c.expect.sheets) expect(result!.sheets.map((s) => s.name)).toEqual(c.expect.sheets);
      for (const n of result!.notes) expectReadableMessage(n);
    } else {
      expect(error).toBeInstanceOf(CensusReadError);
      const err = error as CensusReadError;
      expect(err.code).toBe(c.expect.code);
      if (c.expect.message) expect(err.message).toMatch(c.expect.message);
      expectReadableMessage(err.message);
    }
  });

  it('opens the protected files with their passwords and shows their content', async () => {
    const read = (file: string, password: string) =>
      readCensusFile({ fileName: file, bytes: new Uint8Array(fs.readFileSync(path.join(corpus, file))), password });
    const tika = await read('protected_passtika.xlsx', 'tika');
    expect(tika.format).toBe('xlsx');
    expect(tika.sheets[0].rows[0][0]).toBe('This is an Encrypted Excel spreadsheet.');
    const xor = await read('xor-encryption-abc.xls', 'abc');
    expect(xor.format).toBe('xls');
    expect(xor.sheets[0].rows.slice(0, 3)).toEqual([[1], [2], [3]]);
    const rc4 = await read('password.xls', 'password');
    expect(rc4.format).toBe('xls');
    expect(rc4.sheets[0].rows.some((r) => r.some((c) => c !== null))).toBe(true);
  });

  it('reads BIFF5 workbooks (Excel 5 and 95)', async () => {
    for (const file of ['testEXCEL_5.xls', 'testEXCEL_95.xls']) {
      const r = await readCensusFile({ fileName: file, bytes: new Uint8Array(fs.readFileSync(path.join(corpus, file))) });
      expect(r.format).toBe('xls');
      expect(r.notes.join(' ')).toMatch(/BIFF5/);
      expect(r.sheets[0].rows.length).toBeGreaterThan(5);
    }
  });

  it('makes no outbound connection for xxe_in_schema.xlsx (schema pointing at an outside URL)', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const lookup = vi.spyOn(dns, 'lookup');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const r = await readCensusFile({
        fileName: 'xxe_in_schema.xlsx',
        bytes: new Uint8Array(fs.readFileSync(path.join(corpus, 'xxe_in_schema.xlsx'))),
      });
      expect(r.sheets.length).toBe(1);
      expect(connect).not.toHaveBeenCalled();
      expect(lookup).not.toHaveBeenCalled();
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
      lookup.mockRestore();
      fetchSpy.mockRestore();
    }
  });

  it('rejects poc-shared-strings.xlsx with the default limits, without exhausting memory', async () => {
    const before = process.memoryUsage().heapUsed;
    const bytes = new Uint8Array(fs.readFileSync(path.join(corpus, 'poc-shared-strings.xlsx')));
    await expect(readCensusFile({ fileName: 'poc-shared-strings.xlsx', bytes })).rejects.toMatchObject({ code: 'limit' });
    // 12,000 references to one 1 MB string would be 12 GB if copied; we never copy it.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(400 * 1024 * 1024);
  });
});
