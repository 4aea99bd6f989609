/**
 * The browser twin of read/encryption.ts (private mode, issue 29): read/encryption.browser.ts opens
 * what officecrypto-tool opens on the server, with @noble/hashes and SubtleCrypto, byte for byte as
 * it does: XLSX with ECMA-376 agile and standard encryption, XLS with RC4, RC4 CryptoAPI and XOR
 * obfuscation. A wrong password, a protection neither opens and a damaged file answer with the
 * server's codes and sentences. Real encrypted files: tests/fixtures/encrypted (README there);
 * census workbooks encrypted by officecrypto-tool (XLSX) and tests/support/xls-encrypt.ts (XLS).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import officeCrypto from 'officecrypto-tool';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import * as server from '../../../server/census/read/encryption';
import * as twin from '../../../server/census/read/encryption.browser';
import { inspectOle } from '../../../server/census/read/ole-guard';
import { encryptXls } from '../../support/xls-encrypt';

const examples = fileURLToPath(new URL('../../../examples/census/', import.meta.url));
const encrypted = fileURLToPath(new URL('../../fixtures/encrypted/', import.meta.url));
const read = (dir: string, name: string) => new Uint8Array(readFileSync(join(dir, name)));

type Outcome = { bytes: Buffer } | { code: string; message: string };
const outcome = async (decrypt: typeof server.decryptOffice, bytes: Uint8Array, password: string): Promise<Outcome> => {
  try {
    return { bytes: Buffer.from(await decrypt(bytes, password)) };
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
};
/** Both modules' answers for a file and a password: the same bytes or the same error. */
async function expectSame(bytes: Uint8Array, password: string): Promise<Outcome> {
  const [s, t] = [await outcome(server.decryptOffice, bytes, password), await outcome(twin.decryptOffice, bytes, password)];
  if ('bytes' in s && 'bytes' in t) expect(t.bytes.equals(s.bytes)).toBe(true);
  else expect(t).toEqual(s);
  return s;
}

/** An XLS file's workbook stream (the stream the reader reads its cells from). */
const workbookStream = (xls: Uint8Array) => Buffer.from(XLSX.CFB.find(XLSX.CFB.read(xls, { type: 'array' }), 'Workbook').content as Uint8Array);

/**
 * For a damaged container: the same error, or the same workbook stream. The streams copied beside it
 * (ETExtData, the summary information) may differ when the container's mini stream is damaged:
 * officecrypto-tool reads the file with the `cfb` package, the twin with SheetJS's copy of it, and
 * the two read a damaged mini-sector table differently (their helpers differ, not their parsers).
 */
async function expectSameWorkbook(bytes: Uint8Array, password: string): Promise<void> {
  const [s, t] = [await outcome(server.decryptOffice, bytes, password), await outcome(twin.decryptOffice, bytes, password)];
  if ('bytes' in s && 'bytes' in t) {
    if (!t.bytes.equals(s.bytes)) expect(workbookStream(t.bytes).equals(workbookStream(s.bytes))).toBe(true);
  } else expect(t).toEqual(s);
}

/** staff.xlsx's census as an XLS (BIFF8), as SheetJS writes it. */
const staffXls = () => new Uint8Array(XLSX.write(XLSX.read(readFileSync(join(examples, 'staff.xlsx'))), { bookType: 'biff8', type: 'array' }));

describe('encryption.browser.ts', () => {
  it('keeps the server module\'s limit and sentence', () => {
    expect(twin.MAX_SPIN_COUNT).toBe(server.MAX_SPIN_COUNT);
    expect(twin.BAD_PASSWORD_MESSAGE).toBe(server.BAD_PASSWORD_MESSAGE);
  });

  it('decrypts an agile-encrypted XLSX as officecrypto-tool does (examples/census/locked.xlsx, and one encrypted here)', { timeout: 60_000 }, async () => {
    const locked = read(examples, 'locked.xlsx');
    expect(Buffer.from(await twin.decryptOffice(locked, 'secret')).equals(Buffer.from(await server.decryptOffice(locked, 'secret')))).toBe(true);
    const plain = readFileSync(join(examples, 'sample-census.xlsx'));
    const encrypted = new Uint8Array(await officeCrypto.encrypt(plain, { password: 'Renewal 2026 ✓' }));
    expect(Buffer.from(await twin.decryptOffice(encrypted, 'Renewal 2026 ✓')).equals(plain)).toBe(true);
  });

  it('a wrong password: bad-password with the server\'s sentence', { timeout: 60_000 }, async () => {
    const locked = read(examples, 'locked.xlsx');
    await expect(twin.decryptOffice(locked, 'wrong')).rejects.toMatchObject({ code: 'bad-password', message: server.BAD_PASSWORD_MESSAGE });
  });

  it('standard encryption (ECMA-376, AES-128): a real file and one encrypted by officecrypto-tool, as the server opens them; a wrong password alike', { timeout: 60_000 }, async () => {
    const real = read(encrypted, 'standard_encrypt_test.xlsx');
    expect('bytes' in (await expectSame(real, '123456'))).toBe(true);
    expect(await expectSame(real, '12345')).toMatchObject({ code: 'bad-password' });
    const plain = readFileSync(join(examples, 'staff.xlsx'));
    const standard = new Uint8Array(await officeCrypto.encrypt(plain, { password: 'Renewal 2026 ✓', type: 'standard' }));
    expect(Buffer.from(await twin.decryptOffice(standard, 'Renewal 2026 ✓')).equals(plain)).toBe(true);
  });

  it('standard encryption with a 256-bit key: damaged for both (officecrypto-tool deciphers with AES-128 only)', { timeout: 60_000 }, async () => {
    const bytes = read(encrypted, 'standard_encrypt_test.xlsx');
    // The EncryptionInfo stream: version (4 bytes), flags, header size, then the header; keySize is its fifth field.
    const cfb = XLSX.CFB.read(bytes, { type: 'array' });
    const info = XLSX.CFB.find(cfb, 'EncryptionInfo');
    const patched = Buffer.from(info.content as Uint8Array);
    expect(patched.readUInt32LE(28)).toBe(128);
    patched.writeUInt32LE(256, 28);
    info.content = patched;
    info.size = patched.length;
    const aes256 = new Uint8Array(XLSX.CFB.write(cfb, { type: 'array' }) as ArrayLike<number>);
    expect(await expectSame(aes256, '123456')).toMatchObject({ code: 'corrupt' });
  });

  it('XLS with RC4, RC4 CryptoAPI and XOR obfuscation (real files): the server\'s bytes; a wrong password alike', { timeout: 60_000 }, async () => {
    for (const [file, password] of [
      ['rc4_pass_test.xls', '123456'],
      ['rc4_cryptoapi_pass_test.xls', '123'],
      ['xor_pass_test.xls', '123456'],
    ]) {
      const bytes = read(encrypted, file);
      expect('bytes' in (await expectSame(bytes, password)), file).toBe(true);
      expect(await expectSame(bytes, 'wrong'), file).toMatchObject({ code: 'bad-password' });
    }
  });

  it('a census XLS with RC4 and RC4 CryptoAPI (40- and 128-bit keys): the server\'s bytes, the census read back', { timeout: 60_000 }, async () => {
    const plain = staffXls();
    const sheet = (b: Uint8Array) => XLSX.utils.sheet_to_csv(XLSX.read(b, { type: 'array' }).Sheets.Sheet1);
    for (const options of [{ cipher: 'rc4' }, { cipher: 'rc4-cryptoapi', keyBits: 40 }, { cipher: 'rc4-cryptoapi', keyBits: 128 }] as const) {
      const locked = encryptXls(plain, 'Renewal 2026 ✓', options);
      const opened = await expectSame(locked, 'Renewal 2026 ✓');
      if (!('bytes' in opened)) throw new Error(`${options.cipher}: ${opened.message}`);
      expect(sheet(opened.bytes)).toBe(sheet(plain));
      expect(await expectSame(locked, 'Renewal 2026')).toMatchObject({ code: 'bad-password' });
    }
  });

  it('a damaged encrypted XLS (bytes changed or cut anywhere) that the reader passes on to decryption: the same workbook stream or the same error as the server', { timeout: 120_000 }, async () => {
    const files = [
      encryptXls(staffXls(), 'pw', { cipher: 'rc4' }),
      encryptXls(staffXls(), 'pw', { cipher: 'rc4-cryptoapi', keyBits: 128 }),
      read(encrypted, 'xor_pass_test.xls'),
    ];
    const passwords = ['pw', 'pw', '123456'];
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: files.length - 1 }), fc.nat(), fc.nat({ max: 255 }), fc.boolean(), async (which, where, value, cut) => {
        const bytes = files[which];
        const at = where % bytes.length;
        const damaged = cut ? bytes.slice(0, at) : Uint8Array.from(bytes, (b, i) => (i === at ? value : b));
        // The reader decrypts only a container its guard and inspection pass (read/index.ts).
        let passed = true;
        try {
          inspectOle(damaged);
        } catch {
          passed = false;
        }
        fc.pre(passed);
        await expectSameWorkbook(damaged, passwords[which]);
      }),
      { numRuns: 60 },
    );
  });
});
