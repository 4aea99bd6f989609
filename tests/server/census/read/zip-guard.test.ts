/**
 * The ZIP guard alone, on synthetic archives built here byte by byte (so each can lie in exactly one
 * way), and end to end through readCensusFile with real workbooks written by SheetJS.
 */
import { inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { CensusReadError, DEFAULT_READ_LIMITS, type ReadLimits, readCensusFile } from '../../../../server/census/read';
import { guardZip, hasDtd, listZipEntries, zipKind } from '../../../../server/census/read/zip-guard';
import { buildZip, type EntrySpec } from '../../support/zip';

/** The parts of a real workbook, read back with our own lister (used to tamper and rebuild). */
function workbookParts(wb: XLSX.WorkBook): EntrySpec[] {
  const bytes: Buffer = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true });
  return listZipEntries(bytes, DEFAULT_READ_LIMITS).map((e) => ({
    name: e.name,
    data: e.method === 8 ? inflateRawSync(bytes.subarray(e.dataOffset)) : Buffer.from(bytes.subarray(e.dataOffset, e.dataOffset + e.compressedSize)),
  }));
}

function sampleWorkbook(): XLSX.WorkBook {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Employee ID', 'First Name'], ['E1', 'Ann']]), 'Census');
  return wb;
}

const limits = (over: Partial<ReadLimits> = {}): ReadLimits => ({ ...DEFAULT_READ_LIMITS, ...over });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof CensusReadError) return e.code;
    throw e;
  }
  return undefined;
}

const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${s}`, 'utf8');

describe('zip guard on synthetic archives', () => {
  const ok = [
    { name: '[Content_Types].xml', data: xml('<Types/>') },
    { name: 'xl/workbook.xml', data: xml('<workbook/>') },
    { name: 'xl/media/logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), method: 0 as const },
  ];

  it('lists and checks a well-formed archive', () => {
    const zip = buildZip(ok);
    const entries = listZipEntries(zip, limits());
    expect(entries.map((e) => e.name)).toEqual(['[Content_Types].xml', 'xl/workbook.xml', 'xl/media/logo.png']);
    expect(entries.map((e) => e.method)).toEqual([8, 8, 0]);
    const g = guardZip(zip, limits());
    expect(g.extractedBytes).toBe(ok.reduce((n, e) => n + e.data.length, 0));
    expect(zipKind(entries)).toBe('ooxml-workbook');
  });

  it('enforces the entry count from the directory, before inflating', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ name: `xl/p${i}.xml`, data: xml('<a/>') }));
    expect(codeOf(() => listZipEntries(buildZip(many), limits({ maxZipEntries: 10 })))).toBe('limit');
    expect(codeOf(() => listZipEntries(buildZip(many), limits({ maxZipEntries: 12 })))).toBeUndefined();
  });

  it('enforces the declared total size before inflating', () => {
    const zip = buildZip([{ name: 'xl/a.xml', data: xml('<a/>'), declaredSize: 300 * 1024 * 1024 }]);
    expect(codeOf(() => listZipEntries(zip, limits()))).toBe('limit');
  });

  it('enforces the declared per-entry ratio (with a floor for small parts)', () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024, 0x20); // deflates ~1000:1
    expect(codeOf(() => listZipEntries(buildZip([{ name: 'xl/big.xml', data: zeros }]), limits()))).toBe('limit');
    // Small but highly compressible: allowed.
    expect(codeOf(() => guardZip(buildZip([{ name: 'xl/small.xml', data: Buffer.alloc(500_000, 0x20) }]), limits()))).toBeUndefined();
  });

  it('catches a directory that understates the size (inflation is capped, not trusted)', () => {
    const data = Buffer.alloc(3 * 1024 * 1024, 0x41);
    const zip = buildZip([{ name: 'xl/liar.xml', data, declaredSize: 1000 }]);
    expect(codeOf(() => listZipEntries(zip, limits()))).toBeUndefined(); // the directory alone looks fine
    const err = (() => {
      try {
        guardZip(zip, limits());
      } catch (e) {
        return e as CensusReadError;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(CensusReadError);
    expect(['corrupt', 'limit']).toContain(err!.code);
  });

  it('caps the real total across entries (overlapping entries cannot multiply the budget)', () => {
    const part = Buffer.alloc(900 * 1024, 0x42);
    const specs = Array.from({ length: 6 }, (_, i) => ({ name: `xl/p${i}.xml`, data: part }));
    expect(codeOf(() => guardZip(buildZip(specs), limits({ maxExtractedBytes: 5 * 1024 * 1024 })))).toBe('limit');
  });

  it('rejects a bad checksum, a missing directory, a cut archive and an out-of-range offset', () => {
    expect(codeOf(() => guardZip(buildZip([{ name: 'xl/a.xml', data: xml('<a/>'), crc: 1234 }]), limits()))).toBe('corrupt');
    const zip = buildZip(ok);
    expect(codeOf(() => listZipEntries(zip.subarray(0, zip.length - 22), limits()))).toBe('corrupt');
    expect(codeOf(() => guardZip(zip.subarray(0, 40), limits()))).toBe('corrupt');
    expect(codeOf(() => listZipEntries(buildZip(ok, { cdOffsetOverride: 10_000_000 }), limits()))).toBe('corrupt');
    expect(codeOf(() => listZipEntries(buildZip(ok, { entryCountOverride: 0 }), limits()))).toBe('corrupt');
  });

  it('uses the last end-of-directory signature, as SheetJS does, even one cut short', () => {
    const zip = buildZip(ok);
    // A second, truncated end record appended: SheetJS would pick it, so we must not ignore it.
    const tail = Buffer.alloc(21);
    tail.writeUInt32LE(0x06054b50, 0);
    expect(codeOf(() => listZipEntries(Buffer.concat([zip, tail]), limits()))).toBe('corrupt');
    // Trailing junk without a signature is fine.
    expect(codeOf(() => listZipEntries(Buffer.concat([zip, Buffer.from('junk')]), limits()))).toBeUndefined();
  });

  it('refuses ZIP-level encryption with a protection error', () => {
    expect(codeOf(() => listZipEntries(buildZip([{ name: 'xl/a.xml', data: xml('<a/>'), flags: 1 }]), limits()))).toBe(
      'unsupported-protection',
    );
  });

  it('rejects DOCTYPE/ENTITY in XML parts, in UTF-8 and UTF-16, but not in media', () => {
    const bomb = xml('<!DOCTYPE lolz [<!ENTITY lol "lol">]><sst>&lol;</sst>');
    expect(codeOf(() => guardZip(buildZip([{ name: 'xl/sharedStrings.xml', data: bomb }]), limits()))).toBe('corrupt');
    const utf16 = Buffer.from('\ufeff<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE x SYSTEM "http://evil/x"><x/>', 'utf16le');
    expect(codeOf(() => guardZip(buildZip([{ name: 'xl/_rels/workbook.xml.rels', data: utf16 }]), limits()))).toBe('corrupt');
    const svg = Buffer.from('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg/>');
    expect(codeOf(() => guardZip(buildZip([{ name: 'xl/media/image1.svg', data: svg }]), limits()))).toBeUndefined();
    expect(hasDtd(Buffer.from('<a>&lt;!DOCTYPE is escaped here</a>'))).toBe(false);
  });

  it('classifies OpenDocument and non-workbook archives', () => {
    const ods = listZipEntries(buildZip([{ name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), method: 0 }]), limits());
    expect(zipKind(ods)).toBe('opendocument');
    const docx = listZipEntries(buildZip([{ name: '[Content_Types].xml', data: xml('<Types/>') }, { name: 'word/document.xml', data: xml('<w/>') }]), limits());
    expect(zipKind(docx)).toBe('other-ooxml');
  });

  it('never throws anything but CensusReadError on random bytes behind a ZIP signature', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 400 }), (tail) => {
        const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(tail)]);
        try {
          guardZip(bytes, limits());
        } catch (e) {
          expect(e).toBeInstanceOf(CensusReadError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but CensusReadError when a valid archive is corrupted at random', async () => {
    const good = XLSX.write(sampleWorkbook(), { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: good.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), async (edits) => {
        const bytes = Buffer.from(good);
        for (const [at, v] of edits) bytes[at] = v;
        try {
          const r = await readCensusFile({ fileName: 'fuzz.xlsx', bytes });
          expect(r.format).toBe('xlsx');
        } catch (e) {
          expect(e).toBeInstanceOf(CensusReadError);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('zip guard end to end through readCensusFile', () => {
  it('reads a workbook written by SheetJS and rebuilt by the test writer', async () => {
    const zip = buildZip(workbookParts(sampleWorkbook()));
    const r = await readCensusFile({ fileName: 'rebuilt.xlsx', bytes: zip });
    expect(r.sheets).toEqual([{ name: 'Census', rows: [['Employee ID', 'First Name'], ['E1', 'Ann']] }]);
  });

  it('rejects a workbook whose shared strings declare entities', async () => {
    const parts = workbookParts(sampleWorkbook()).map((p) =>
      p.name.endsWith('sharedStrings.xml') || p.name.endsWith('sheet1.xml')
        ? { ...p, data: Buffer.from(p.data.toString('utf8').replace('?>', '?><!DOCTYPE x [<!ENTITY a "aaaa">]>')) }
        : p,
    );
    await expect(readCensusFile({ fileName: 'bomb.xlsx', bytes: buildZip(parts) })).rejects.toMatchObject({ code: 'corrupt', message: expect.stringMatching(/unsafe/) });
  });

  it('rejects a package without its root relationships', async () => {
    const parts = workbookParts(sampleWorkbook()).map((p) => (p.name === '_rels/.rels' ? { ...p, data: Buffer.from('CORRUPTED') } : p));
    await expect(readCensusFile({ fileName: 'broken.xlsx', bytes: buildZip(parts) })).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('says what a non-workbook archive is', async () => {
    const docx = buildZip([{ name: '[Content_Types].xml', data: xml('<Types/>') }, { name: 'word/document.xml', data: xml('<w/>') }]);
    await expect(readCensusFile({ fileName: 'letter.xlsx', bytes: docx })).rejects.toMatchObject({ code: 'unsupported-format' });
    const ods = buildZip([{ name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), method: 0 }]);
    await expect(readCensusFile({ fileName: 'census.xlsx', bytes: ods })).rejects.toMatchObject({
      code: 'unsupported-format',
      message: expect.stringMatching(/OpenDocument/),
    });
  });

  it('applies limits passed by the caller', async () => {
    const zip = buildZip(workbookParts(sampleWorkbook()));
    await expect(readCensusFile({ fileName: 'x.xlsx', bytes: zip, limits: { maxZipEntries: 3 } })).rejects.toMatchObject({ code: 'limit' });
    await expect(readCensusFile({ fileName: 'x.xlsx', bytes: zip, limits: { maxExtractedBytes: 1000 } })).rejects.toMatchObject({ code: 'limit' });
  });
});
