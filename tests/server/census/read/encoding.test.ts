/** encoding.ts alone: BOMs, strict UTF-8, the Windows-1252 fallback, binary detection. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, decodeWindows1252, looksBinary } from '../../../../server/census/read/encoding';

const TEXT = 'Employee ID,Nom,Prénom\nE1,Müller,José – “Pepe”\n';

function utf16be(s: string): Buffer {
  const le = Buffer.from(s, 'utf16le');
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return le;
}

/** Windows-1252 bytes built by hand (Node has no encoder for it). */
const CP1252: Record<string, number> = { é: 0xe9, ü: 0xfc, ñ: 0xf1, '€': 0x80, '–': 0x96, '“': 0x93, '”': 0x94, Š: 0x8a, ž: 0x9e, '’': 0x92 };
function cp1252(s: string): Buffer {
  return Buffer.from([...s].map((ch) => CP1252[ch] ?? ch.charCodeAt(0)));
}

describe('decodeText', () => {
  it('strips a UTF-8 BOM', () => {
    const r = decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]));
    expect(r).toEqual({ text: TEXT, encoding: 'utf-8-bom', fromBom: true });
  });

  it('decodes UTF-16 LE and BE with a BOM (Excel "Unicode Text")', () => {
    expect(decodeText(Buffer.from(`\ufeff${TEXT}`, 'utf16le'))).toEqual({ text: TEXT, encoding: 'utf-16le', fromBom: true });
    expect(decodeText(utf16be(`\ufeff${TEXT}`))).toEqual({ text: TEXT, encoding: 'utf-16be', fromBom: true });
  });

  it('detects UTF-16 without a BOM from the zero bytes', () => {
    expect(decodeText(Buffer.from(TEXT, 'utf16le')).encoding).toBe('utf-16le');
    expect(decodeText(utf16be(TEXT))).toMatchObject({ text: TEXT, encoding: 'utf-16be' });
  });

  it('keeps valid UTF-8 as UTF-8', () => {
    expect(decodeText(Buffer.from(TEXT))).toEqual({ text: TEXT, encoding: 'utf-8', fromBom: false });
  });

  it('falls back to Windows-1252 on the first invalid UTF-8 byte, including the 0x80-0x9F range', () => {
    const s = 'Nom;Prénom;Montant\nMüller;José;€ 5 – “net” Š ž ’\n';
    const r = decodeText(cp1252(s));
    expect(r.encoding).toBe('windows-1252');
    expect(r.text).toBe(s);
  });

  it('maps the five undefined Windows-1252 bytes to their C1 code points', () => {
    expect(decodeWindows1252(Buffer.from([0x81, 0x8d, 0x8f, 0x90, 0x9d]))).toBe('\u0081\u008d\u008f\u0090\u009d');
  });

  it('decodes large inputs without blowing the stack', () => {
    const big = Buffer.alloc(3_000_000, 0xe9);
    expect(decodeWindows1252(big).length).toBe(3_000_000);
  });

  it('round-trips any UTF-8 text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        fc.pre(!s.includes('\u0000') && !s.startsWith('\ufeff'));
        expect(decodeText(Buffer.from(s, 'utf8'))).toMatchObject({ text: s, encoding: 'utf-8' });
      }),
      { numRuns: 300 },
    );
  });

  it('reads any byte string that is not UTF-8 as Windows-1252, one character per byte (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }).map((a) => a.map((b) => (b < 0x20 ? b + 0x20 : b))), (bytes) => {
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          valid = false;
        }
        fc.pre(!valid && !(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) && !(bytes[0] === 0xff && bytes[1] === 0xfe) && !(bytes[0] === 0xfe && bytes[1] === 0xff));
        const r = decodeText(bytes);
        expect(r.encoding).toBe('windows-1252');
        expect(r.text.length).toBe(bytes.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('looksBinary', () => {
  it('flags NULs and control-character soup, not ordinary text', () => {
    expect(looksBinary('a,b\r\n1,2\t3\n')).toBe(false);
    expect(looksBinary('abc\u0000def')).toBe(true);
    expect(looksBinary('\u0001\u0002\u0003\u0004 and some text')).toBe(true);
    expect(looksBinary('')).toBe(false);
  });
});
