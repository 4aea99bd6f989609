/**
 * The public contract of readCensusFile: formats by content, extension mismatches, protection,
 * limits, the time budget, cell types, notes, and "only CensusReadError ever escapes".
 */
import fc from 'fast-check';
import officeCrypto from 'officecrypto-tool';
import * as XLSX from 'xlsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CensusReadError,
  DEFAULT_READ_LIMITS,
  type ReadInput,
  type ReadResult,
  readCensusFile,
} from '../../../../server/census/read';
import { Deadline, resolveLimits } from '../../../../server/census/read/limits';

const enc = (s: string) => new TextEncoder().encode(s);

function xlsxOf(aoa: unknown[][], opts: { bookType?: XLSX.BookType; sheets?: Record<string, unknown[][]>; hidden?: (0 | 1 | 2)[] } = {}): Buffer {
  const wb = XLSX.utils.book_new();
  const sheets = opts.sheets ?? { Census: aoa };
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
  if (opts.hidden) wb.Workbook = { ...(wb.Workbook ?? {}), Sheets: Object.keys(sheets).map((_, i) => ({ Hidden: (opts.hidden![i] ?? 0) as 0 | 1 | 2 })) };
  return XLSX.write(wb, { type: 'buffer', bookType: opts.bookType ?? 'xlsx' });
}

async function failure(input: ReadInput): Promise<CensusReadError> {
  try {
    await readCensusFile(input);
  } catch (e) {
    expect(e).toBeInstanceOf(CensusReadError);
    return e as CensusReadError;
  }
  throw new Error('expected a CensusReadError');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('formats by content', () => {
  it('reads CSV as strings, with a note naming the encoding and delimiter', async () => {
    const r = await readCensusFile({ fileName: 'c.csv', bytes: enc('id;zip\n1;02134\n') });
    expect(r).toEqual<ReadResult>({
      fileName: 'c.csv',
      format: 'csv',
      sheets: [{ name: 'Sheet1', rows: [['id', 'zip'], ['1', '02134']] }],
      notes: ['Read as text in UTF-8 (detected), semicolon-separated.'],
    });
  });

  it('reads XLSX and XLS cells as numbers, strings, booleans and nulls', async () => {
    const aoa = [['Name', 'Salary', 'Smoker', 'Note'], ['Ann', 55000.5, true, ''], [null, -3, false, 'x']];
    for (const [bookType, format, fileName] of [['xlsx', 'xlsx', 'a.xlsx'], ['biff8', 'xls', 'a.xls']] as const) {
      const r = await readCensusFile({ fileName, bytes: xlsxOf(aoa, { bookType }) });
      expect(r.format).toBe(format);
      expect(r.sheets[0].rows).toEqual([['Name', 'Salary', 'Smoker', 'Note'], ['Ann', 55000.5, true], [null, -3, false, 'x']]);
    }
  });

  it('reads Excel error cells as null and says so', async () => {
    const ws: XLSX.WorkSheet = { '!ref': 'A1:B1', A1: { t: 's', v: 'x' }, B1: { t: 'e', v: 0x2a } };
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    const r = await readCensusFile({ fileName: 'e.xlsx', bytes: XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) });
    expect(r.sheets[0].rows).toEqual([['x']]);
    expect(r.notes.join(' ')).toMatch(/1 cell\(s\) hold Excel errors/);
  });

  it('keeps rows aligned with Excel row numbers and columns with letters', async () => {
    const ws: XLSX.WorkSheet = { '!ref': 'C3:D4', C3: { t: 's', v: 'id' }, D4: { t: 'n', v: 7 } };
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    const r = await readCensusFile({ fileName: 'o.xlsx', bytes: XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) });
    expect(r.sheets[0].rows).toEqual([[], [], [null, null, 'id'], [null, null, null, 7]]);
  });

  it('reads every sheet, hidden ones too, with a note', async () => {
    const bytes = xlsxOf([], { sheets: { Visible: [['a']], Secret: [['b']], Deep: [['c']] }, hidden: [0, 1, 2] });
    const r = await readCensusFile({ fileName: 'h.xlsx', bytes });
    expect(r.sheets.map((s) => [s.name, s.rows])).toEqual([['Visible', [['a']]], ['Secret', [['b']]], ['Deep', [['c']]]]);
    expect(r.notes).toContain('Sheet "Secret" is hidden in Excel; it was read too.');
    expect(r.notes).toContain('Sheet "Deep" is very hidden in Excel; it was read too.');
  });

  it('reads a workbook whose name says CSV, and CSV whose name says XLSX, with a note', async () => {
    const asCsv = await readCensusFile({ fileName: 'really-xlsx.csv', bytes: xlsxOf([['a', 1]]) });
    expect(asCsv.format).toBe('xlsx');
    expect(asCsv.notes[0]).toMatch(/named \.csv but is an XLSX workbook/);
    const asXls = await readCensusFile({ fileName: 'really-xls.xlsx', bytes: xlsxOf([['a', 1]], { bookType: 'biff8' }) });
    expect(asXls.format).toBe('xls');
    expect(asXls.notes[0]).toMatch(/named \.xlsx but is an Excel 97-2003/);
    const text = await readCensusFile({ fileName: 'export.xls', bytes: enc('id\tname\n1\tAnn\n') });
    expect(text.format).toBe('csv');
    expect(text.notes[0]).toMatch(/named \.xls but holds delimited text/);
  });

  it('refuses content that is harmful or pointless to read as a census', async () => {
    const html = await failure({ fileName: 'export.xls', bytes: enc('<html><table><tr><td>1</td></tr></table></html>') });
    expect(html.code).toBe('unsupported-format');
    expect(html.message).toMatch(/web page/);
    // A PDF is read as one whatever its name (issue 30); this one is only a header, so it is damaged.
    const pdf = await failure({ fileName: 'census.csv', bytes: enc('%PDF-1.7\n...') });
    expect(pdf).toMatchObject({ code: 'corrupt', message: expect.stringMatching(/This PDF could not be read/) });
    const bin = await failure({ fileName: 'census.csv', bytes: new Uint8Array([1, 2, 3, 0, 0, 5, 6, 7, 8, 9]) });
    expect(bin.code).toBe('unsupported-format');
    const ext = await failure({ fileName: 'census.docx', bytes: enc('a,b\n') });
    expect(ext).toMatchObject({ code: 'unsupported-format', message: 'Files of type .docx are not supported; please upload a CSV, TXT, XLS, XLSX or PDF file, or a scanned page (PNG, JPG).' });
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, 'WordDocument', Buffer.from('not a workbook'));
    const doc = await failure({ fileName: 'census.xls', bytes: XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer });
    expect(doc).toMatchObject({ code: 'unsupported-format', message: expect.stringMatching(/not an Excel workbook/) });
  });

  it('keeps user-controlled names out of messages as anything but one short line', async () => {
    const ext = await failure({ fileName: 'census.c\nsv<b>', bytes: enc('a,b\n') });
    expect(ext.message).toBe('Files of type .csvb are not supported; please upload a CSV, TXT, XLS, XLSX or PDF file, or a scanned page (PNG, JPG).');
    const bytes = xlsxOf([], { sheets: { 'Bad\u0007name': [['a']], Other: [['b']] }, hidden: [1, 0] });
    const r = await readCensusFile({ fileName: 'h.xlsx', bytes });
    expect(r.notes[0]).toBe('Sheet "Bad name" is hidden in Excel; it was read too.');
    expect(r.sheets[0].name.startsWith('Bad\u0007name')).toBe(true); // the data itself is untouched
  });

  it('notes the "sep=" line, and reads text that starts like a bare BIFF record when named .csv', async () => {
    const r = await readCensusFile({ fileName: 's.csv', bytes: enc('sep=;\nid;name\n1;Ann\n') });
    expect(r.sheets[0].rows).toEqual([['id', 'name'], ['1', 'Ann']]);
    expect(r.notes.join(' ')).toMatch(/sep=/);
    const utf16 = Buffer.from('\t\tName\tDOB\r\n\t\tAnn\t1980-01-02\r\n', 'utf16le');
    const t = await readCensusFile({ fileName: 'u.txt', bytes: utf16 });
    expect(t.format).toBe('csv');
    expect(t.sheets[0].rows[0]).toEqual([null, null, 'Name', 'DOB']);
  });

  it('accepts a file name without an extension and sniffs it', async () => {
    const r = await readCensusFile({ fileName: 'census', bytes: xlsxOf([['a']]) });
    expect(r.format).toBe('xlsx');
  });
});

describe('empty input', () => {
  it.each([
    ['no bytes', 'c.csv', new Uint8Array(0)],
    ['blank text', 'c.csv', enc(' \r\n\r\n  ')],
    ['a BOM only', 'c.csv', new Uint8Array([0xef, 0xbb, 0xbf])],
    ['a workbook with no cells', 'e.xlsx', xlsxOf([])],
  ])('%s -> empty', async (_label, fileName, bytes) => {
    expect((await failure({ fileName, bytes })).code).toBe('empty');
  });
});

describe('password protection', () => {
  const plain = xlsxOf([['Employee ID', 'DOB'], ['E1', 'x']]);

  it.each(['agile', 'standard'] as const)('opens %s-encrypted XLSX with the password, asks for it without', async (kind) => {
    const bytes = officeCrypto.encrypt(plain, kind === 'standard' ? { password: 'pw', type: 'standard' } : { password: 'pw' });
    const none = await failure({ fileName: 'p.xlsx', bytes });
    expect(none).toMatchObject({ code: 'password-required', message: 'This file is password-protected' });
    const bad = await failure({ fileName: 'p.xlsx', bytes, password: 'nope' });
    expect(bad).toMatchObject({ code: 'bad-password', message: 'The password is not correct for this file.' });
    const ok = await readCensusFile({ fileName: 'p.xlsx', bytes, password: 'pw' });
    expect(ok.format).toBe('xlsx');
    expect(ok.sheets[0].rows[1]).toEqual(['E1', 'x']);
    expect(ok.notes.join(' ')).toMatch(/opened with the password/);
  });

  it('refuses an agile spin count beyond the ECMA-376 maximum without spending the time', async () => {
    const bytes = officeCrypto.encrypt(plain, { password: 'pw' });
    const cfb = XLSX.CFB.read(bytes, { type: 'buffer' });
    const info = XLSX.CFB.find(cfb, 'EncryptionInfo')!;
    const content = Buffer.from(info.content as Uint8Array);
    const patched = Buffer.from(content.toString('latin1').replace(/spinCount="\d+"/g, 'spinCount="2000000000"'), 'latin1');
    info.content = patched;
    info.size = patched.length;
    const tampered = XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer;
    const t0 = performance.now();
    const err = await failure({ fileName: 'p.xlsx', bytes: tampered, password: 'pw' });
    expect(err.code).toBe('unsupported-protection');
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('notes a password given for a file that has none', async () => {
    const r = await readCensusFile({ fileName: 'a.xlsx', bytes: plain, password: 'pw' });
    expect(r.notes).toContain('A password was given but the file is not password-protected.');
  });
});

describe('limits', () => {
  it('resolves partial limits over the defaults and ignores nonsense', () => {
    expect(resolveLimits({ maxRows: 10, maxCells: Number.NaN, maxBytes: -1 })).toEqual({ ...DEFAULT_READ_LIMITS, maxRows: 10 });
    expect(Object.isFrozen(DEFAULT_READ_LIMITS)).toBe(true);
  });

  it('rejects a file over maxBytes before reading it', async () => {
    const err = await failure({ fileName: 'c.csv', bytes: enc('a,b\n'.repeat(1000)), limits: { maxBytes: 1024 } });
    expect(err).toMatchObject({ code: 'limit', message: 'This file is 3.9 KB; the largest file we can read is 1 KB.' });
  });

  it('enforces maxRows for CSV and workbooks', async () => {
    const csv = Array.from({ length: 11 }, (_, i) => `${i},x`).join('\n');
    expect((await failure({ fileName: 'c.csv', bytes: enc(csv), limits: { maxRows: 10 } })).code).toBe('limit');
    await expect(readCensusFile({ fileName: 'c.csv', bytes: enc(csv), limits: { maxRows: 11 } })).resolves.toBeDefined();
    const rows = Array.from({ length: 11 }, (_, i) => [i, 'x']);
    for (const bookType of ['xlsx', 'biff8'] as const) {
      const err = await failure({ fileName: bookType === 'xlsx' ? 'w.xlsx' : 'w.xls', bytes: xlsxOf(rows, { bookType }), limits: { maxRows: 10 } });
      expect(err).toMatchObject({ code: 'limit', message: 'Sheet "Census" has more than 10 rows, more than allowed.' });
    }
  });

  it('enforces maxCells over all sheets', async () => {
    const bytes = xlsxOf([], { sheets: { A: [[1, 2, 3]], B: [[4, 5, 6]] } });
    expect((await failure({ fileName: 'w.xlsx', bytes, limits: { maxCells: 5 } })).code).toBe('limit');
    await expect(readCensusFile({ fileName: 'w.xlsx', bytes, limits: { maxCells: 6 } })).resolves.toBeDefined();
    expect((await failure({ fileName: 'c.csv', bytes: enc('1,2,3\n4,5,6\n'), limits: { maxCells: 5 } })).code).toBe('limit');
  });

  it('bounds the text the cells hold, however often a shared string is reused', async () => {
    const long = 'x'.repeat(10_000);
    const bytes = xlsxOf(Array.from({ length: 50 }, () => [long]));
    expect((await failure({ fileName: 'w.xlsx', bytes, limits: { maxExtractedBytes: 200_000 } })).code).toBe('limit');
  });

  it('stops with a timeout when the wall-clock budget is spent', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 400));
    const err = await failure({ fileName: 'w.xlsx', bytes: xlsxOf([['a'], ['b']]), limits: { timeBudgetMs: 1000 } });
    expect(err.code).toBe('timeout');
    expect(err.message).toBe('Reading this file took longer than the 1 second allowed; try a smaller file or save it as CSV.');
  });

  it('Deadline checks against its own clock', () => {
    let t = 0;
    const d = new Deadline(100, () => t);
    t = 100;
    expect(() => d.check()).not.toThrow();
    t = 101;
    expect(() => d.check()).toThrow(CensusReadError);
  });
});

describe('robustness', () => {
  it('throws only CensusReadError, with a one-line message, on arbitrary bytes under any name (property)', async () => {
    const magic = fc.constantFrom(
      [],
      [0x50, 0x4b, 0x03, 0x04],
      [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
      [0xff, 0xfe],
      [0x09, 0x08, 0x10, 0x00],
    );
    await fc.assert(
      fc.asyncProperty(magic, fc.uint8Array({ maxLength: 2048 }), fc.constantFrom('a.csv', 'a.xlsx', 'a.xls', 'a.txt', 'a'), async (head, tail, fileName) => {
        const bytes = new Uint8Array([...head, ...tail]);
        try {
          const r = await readCensusFile({ fileName, bytes });
          expect(Array.isArray(r.sheets)).toBe(true);
        } catch (e) {
          expect(e).toBeInstanceOf(CensusReadError);
          expect((e as Error).message).not.toMatch(/[\r\n]/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rejects input that is not bytes with a CensusReadError', async () => {
    await expect(readCensusFile({ fileName: 'x.csv', bytes: 'a,b' as unknown as Uint8Array })).rejects.toBeInstanceOf(CensusReadError);
  });

  it('does not print to the console while SheetJS complains about a damaged file', async () => {
    const error = vi.spyOn(console, 'error');
    const bytes = xlsxOf([['a', 1]], { bookType: 'biff8' });
    const broken = Buffer.from(bytes);
    for (let i = 600; i < 700; i++) broken[i] = 0x3c;
    try {
      await readCensusFile({ fileName: 'b.xls', bytes: broken });
    } catch (e) {
      expect(e).toBeInstanceOf(CensusReadError);
    }
    expect(error).not.toHaveBeenCalled();
  });
});
