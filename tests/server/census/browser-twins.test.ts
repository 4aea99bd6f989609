/**
 * The engine's browser twins (private mode, issue 29) answer as the Node modules they stand for:
 * widgets/census-parser/private/node/{crypto,zlib}.ts against node:crypto and node:zlib; the PDF
 * reader's twin refuses documents.
 */
import { createHash as nodeHash, createHmac as nodeHmac, randomBytes as nodeRandom } from 'node:crypto';
import { crc32 as nodeCrc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash, createHmac, randomBytes } from '../../../widgets/census-parser/private/node/crypto';
import { crc32, inflateRawSync } from '../../../widgets/census-parser/private/node/zlib';
import { PDF_TEXT } from '../../../server/census/read/pdf-text';

describe('node:crypto twin', () => {
  it('SHA-256 of text and bytes, fed in pieces, as node:crypto (hex, as engine.ts fileId)', () => {
    fc.assert(
      fc.property(fc.string(), fc.uint8Array({ maxLength: 300 }), (name, bytes) => {
        const ours = createHash('sha256').update(name).update('\u0000').update(bytes).digest('hex');
        const node = nodeHash('sha256').update(name).update('\u0000').update(bytes).digest('hex');
        expect(ours).toBe(node);
      }),
    );
    for (const n of [0, 55, 56, 63, 64, 65, 119, 120, 1000, 100_000]) {
      const bytes = nodeRandom(n);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(nodeHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('HMAC-SHA-256 as node:crypto (base64url and hex, as text.ts keyedTag and pseudonymiseSsn)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 100 }), fc.string(), fc.string(), (key, a, b) => {
        expect(createHmac('sha256', key).update(a).update('\u0000').update(b).digest('base64url')).toBe(
          nodeHmac('sha256', key).update(a).update('\u0000').update(b).digest('base64url'),
        );
        expect(createHmac('sha256', key).update(a).digest('hex')).toBe(nodeHmac('sha256', key).update(a).digest('hex'));
      }),
    );
  });

  it('random bytes of the size asked for; other hashes are refused', () => {
    expect(randomBytes(32)).toHaveLength(32);
    expect(() => createHash('md5')).toThrow(/sha256/);
  });
});

describe('node:zlib twin', () => {
  it('CRC-32 as zlib.crc32', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 500 }), (bytes) => {
        expect(crc32(bytes)).toBe(nodeCrc32(bytes));
      }),
    );
  });

  it('raw inflate as zlib.inflateRawSync, ignoring bytes after the stream', () => {
    const text = new TextEncoder().encode('<sheetData>'.repeat(20_000));
    const packed = deflateRawSync(text);
    const withTail = new Uint8Array([...packed, 1, 2, 3, 4]);
    expect(Buffer.from(inflateRawSync(withTail)).equals(Buffer.from(text))).toBe(true);
  });

  it('stops at maxOutputLength with ERR_BUFFER_TOO_LARGE, as Node does', () => {
    const packed = deflateRawSync(new Uint8Array(1_000_000));
    expect(() => inflateRawSync(packed, { maxOutputLength: 1000 })).toThrow(expect.objectContaining({ code: 'ERR_BUFFER_TOO_LARGE' }));
    expect(inflateRawSync(packed, { maxOutputLength: 1_000_000 })).toHaveLength(1_000_000);
  });

  it('a truncated stream fails', () => {
    const packed = deflateRawSync(nodeRandom(10_000));
    expect(() => inflateRawSync(packed.subarray(0, 500))).toThrow();
  });
});

describe('the PDF reader twin', () => {
  it('refuses a PDF with the sentence that says documents are read on the server', async () => {
    const { readPdf } = await import('../../../server/census/read/pdf.browser');
    await expect(readPdf(new Uint8Array(8), { maxBytes: 1, maxCells: 1, maxSheets: 1 } as never, {} as never)).rejects.toMatchObject({
      code: 'unsupported-format',
      message: PDF_TEXT.notInBrowser,
    });
  });
});
