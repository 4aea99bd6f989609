/**
 * OLE2 (Compound File) inspection. An OLE2 file here is one of:
 *  - a legacy XLS workbook (stream "Workbook" for BIFF8, "Book" for BIFF5), maybe encrypted
 *    (a FilePass record right after the first BOF: XOR obfuscation, RC4 or RC4 CryptoAPI);
 *  - an encrypted XLSX: Office wraps the encrypted ZIP in an OLE2 file with an "EncryptionInfo"
 *    stream (ECMA-376 standard or agile encryption) and an "EncryptedPackage" stream;
 *  - something else (a Word or PowerPoint file, an MSI...), which we refuse.
 * We look before SheetJS parses so that protection gets a precise error code and message.
 */
import { XLSX } from './sheetjs';
import { checkCfbStructure } from './cfb-guard';
import { CensusReadError } from './errors';

export type XlsEncryption = 'none' | 'xor' | 'rc4' | 'rc4-cryptoapi' | 'unknown';
export type OoxmlEncryption = 'standard' | 'agile' | 'extensible' | 'unknown';

export type OleInspection =
  | { kind: 'xls'; biff: 'biff8' | 'biff5' | 'other'; encryption: XlsEncryption }
  | { kind: 'encrypted-ooxml'; scheme: OoxmlEncryption; spinCount?: number }
  | { kind: 'other' };

type CfbContainer = ReturnType<typeof XLSX.CFB.read>;

function streamBytes(cfb: CfbContainer, name: string): Uint8Array | null {
  const entry = XLSX.CFB.find(cfb, name);
  if (!entry || !entry.content) return null;
  const c = entry.content as unknown;
  if (c instanceof Uint8Array) return c;
  if (Array.isArray(c)) return Uint8Array.from(c as number[]);
  return null;
}

/** Parses the container after cfb-guard.ts has checked that parsing it is safe. */
export function readCfb(bytes: Uint8Array): CfbContainer {
  checkCfbStructure(bytes);
  try {
    return XLSX.CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
  } catch {
    throw new CensusReadError('corrupt', 'This file looks like an Excel 97-2003 file, but its internal structure is damaged.');
  }
}

export function inspectOle(bytes: Uint8Array): OleInspection {
  const cfb = readCfb(bytes);
  const info = streamBytes(cfb, '/EncryptionInfo') ?? streamBytes(cfb, 'EncryptionInfo');
  if (info && (streamBytes(cfb, '/EncryptedPackage') ?? streamBytes(cfb, 'EncryptedPackage'))) {
    return inspectEncryptionInfo(info);
  }
  const book = streamBytes(cfb, 'Workbook') ?? streamBytes(cfb, 'Book');
  if (book) return inspectXlsStream(book);
  return { kind: 'other' };
}

function u16(b: Uint8Array, o: number): number {
  return o + 1 < b.length ? b[o] | (b[o + 1] << 8) : -1;
}

/** ECMA-376 EncryptionInfo: version 3.2/4.2 standard, 4.4 agile (XML, with a spin count), x.3 extensible. */
export function inspectEncryptionInfo(info: Uint8Array): OleInspection {
  const major = u16(info, 0);
  const minor = u16(info, 2);
  if (minor === 2 && (major === 2 || major === 3 || major === 4)) return { kind: 'encrypted-ooxml', scheme: 'standard' };
  if (major === 4 && minor === 4) {
    const xml = Buffer.from(info.subarray(8, Math.min(info.length, 8 + 64 * 1024))).toString('utf8');
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
      throw new CensusReadError('corrupt', 'This protected file was rejected as unsafe: its encryption header declares XML entities.');
    }
    // The key-derivation loop runs spinCount hashes synchronously; the file chooses the number.
    const spins = [...xml.matchAll(/spinCount\s*=\s*["']\s*(\d+)\s*["']/g)].map((m) => Number(m[1]));
    return { kind: 'encrypted-ooxml', scheme: 'agile', spinCount: spins.length ? Math.max(...spins) : undefined };
  }
  if (minor === 3 && (major === 3 || major === 4)) return { kind: 'encrypted-ooxml', scheme: 'extensible' };
  return { kind: 'encrypted-ooxml', scheme: 'unknown' };
}

/** Reads the BOF record and looks for FilePass among the records that may precede the sheet list. */
export function inspectXlsStream(book: Uint8Array): OleInspection {
  const bofType = u16(book, 0);
  const bofLen = u16(book, 2);
  const vers = u16(book, 4);
  // BOF record ids: 0x0809 (BIFF5-8); older 0x0409/0x0209/0x0009 do not appear inside OLE2 files.
  if (bofType !== 0x0809 || bofLen < 4) return { kind: 'xls', biff: 'other', encryption: 'none' };
  const biff = vers === 0x0600 ? 'biff8' : vers === 0x0500 ? 'biff5' : 'other';
  let p = 4 + bofLen;
  for (let n = 0; n < 8 && p + 4 <= book.length; n++) {
    const type = u16(book, p);
    const len = u16(book, p + 2);
    if (type === 0x002f) {
      if (biff !== 'biff8') return { kind: 'xls', biff, encryption: 'xor' };
      const wEncryptionType = u16(book, p + 4);
      if (wEncryptionType === 0) return { kind: 'xls', biff, encryption: 'xor' };
      if (wEncryptionType === 1) {
        const vMajor = u16(book, p + 6);
        const vMinor = u16(book, p + 8);
        if (vMajor === 1 && vMinor === 1) return { kind: 'xls', biff, encryption: 'rc4' };
        if (vMajor >= 2 && vMajor <= 4 && vMinor === 2) return { kind: 'xls', biff, encryption: 'rc4-cryptoapi' };
      }
      return { kind: 'xls', biff, encryption: 'unknown' };
    }
    // Stop at the first record that can only come after FilePass (sheet list, fonts, formats...).
    if (type === 0x0085 || type === 0x0031 || type === 0x041e || type === 0x00e1 || type === 0x0042) break;
    p += 4 + len;
  }
  return { kind: 'xls', biff, encryption: 'none' };
}
