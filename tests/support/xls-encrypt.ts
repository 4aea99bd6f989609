/**
 * Test support: a plain XLS (BIFF8) encrypted with the legacy XLS ciphers, RC4 (MD5 keys,
 * MS-OFFCRYPTO 2.3.6) or RC4 CryptoAPI (SHA-1 keys, 2.3.5), as Excel 97-2003 writes them: a FilePass
 * record after the workbook stream's BOF, the stream's records encrypted in place (headers, BOF,
 * FilePass and the BoundSheet8 stream positions left plain), the sheets' positions moved by the
 * inserted record. No encryptor for XLS exists in our dependencies (officecrypto-tool encrypts XLSX
 * only); the tests check what this writes against officecrypto-tool's decryption, so it is the
 * reference, not this file. Written with node:crypto's hashes and its own RC4, not the code under test.
 */
import { createHash } from 'node:crypto';
import * as XLSX from 'xlsx';

type Options = { cipher: 'rc4' } | { cipher: 'rc4-cryptoapi'; keyBits: 40 | 128 };

const md5 = (...parts: Uint8Array[]) => parts.reduce((h, p) => h.update(p), createHash('md5')).digest();
const sha1 = (...parts: Uint8Array[]) => parts.reduce((h, p) => h.update(p), createHash('sha1')).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

function rc4Stream(key: Uint8Array, length: number): Uint8Array {
  const s = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = new Uint8Array(length);
  for (let n = 0, i = 0, j = 0; n < length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = s[(s[i] + s[j]) & 0xff];
  }
  return out;
}

/** The key of a 1024-byte block of the stream. */
function blockKey(options: Options, password: Buffer, salt: Buffer): (block: number) => Uint8Array {
  if (options.cipher === 'rc4') {
    const h0 = md5(password).subarray(0, 5);
    const intermediate = md5(Buffer.concat(Array(16).fill(Buffer.concat([h0, salt])))).subarray(0, 5);
    return (block) => md5(intermediate, u32(block));
  }
  const h0 = sha1(salt, password);
  return (block) => {
    const h = sha1(h0, u32(block));
    return options.keyBits === 40 ? Buffer.concat([h.subarray(0, 5), Buffer.alloc(11)]) : h.subarray(0, 16);
  };
}

/** The FilePass record's body: the cipher's header and the password's verifier. */
function filePass(options: Options, salt: Buffer, verifier: Buffer, encrypted: Uint8Array): Buffer {
  if (options.cipher === 'rc4') return Buffer.concat([Buffer.from([1, 0, 1, 0, 1, 0]), salt, encrypted]);
  const csp = Buffer.from('Microsoft Enhanced Cryptographic Provider v1.0\u0000', 'utf16le');
  // EncryptionHeader: flags (fCryptoAPI), sizeExtra, RC4, SHA-1, key bits, provider type (RSA_FULL), two reserved, the CSP name.
  const header = Buffer.concat([u32(0x04), u32(0), u32(0x6801), u32(0x8004), u32(options.keyBits), u32(1), u32(0), u32(0), csp]);
  return Buffer.concat([Buffer.from([1, 0, 2, 0, 2, 0]), u32(0x04), u32(header.length), header, u32(16), salt, encrypted.subarray(0, 16), u32(20), encrypted.subarray(16)]);
}

/** `plain`: an XLS file (OLE2 with a BIFF8 Workbook stream). */
export function encryptXls(plain: Uint8Array, password: string, options: Options): Uint8Array {
  const cfb = XLSX.CFB.read(plain, { type: 'array' });
  const book = Buffer.from(XLSX.CFB.find(cfb, 'Workbook').content as Uint8Array);
  const salt = Buffer.from('a fixed salt 16b');
  const verifier = Buffer.from('sixteen bytes ok');
  const pw = Buffer.from(password, 'utf16le');
  const key = blockKey(options, pw, salt);
  const encryptedVerifier = rc4Stream(key(0), 36).map((k, i) => k ^ Buffer.concat([verifier, options.cipher === 'rc4' ? md5(verifier) : sha1(verifier)])[i]);
  const pass = filePass(options, salt, verifier, options.cipher === 'rc4' ? encryptedVerifier.subarray(0, 32) : encryptedVerifier);
  const passRecord = Buffer.concat([Buffer.from([0x2f, 0, pass.length & 0xff, pass.length >> 8]), pass]);
  // The records, with FilePass after the BOF; `plainBytes`: how many first bytes of a record stay plain.
  const records: { bytes: Buffer; plainBytes: number }[] = [];
  for (let at = 0; at + 4 <= book.length; ) {
    const num = book.readUInt16LE(at);
    const size = book.readUInt16LE(at + 2);
    const bytes = Buffer.from(book.subarray(at, at + 4 + size));
    records.push({ bytes, plainBytes: num === 0x0809 ? bytes.length : num === 0x0085 ? 8 : 4 });
    if (records.length === 1) records.push({ bytes: passRecord, plainBytes: passRecord.length });
    at += 4 + size;
  }
  for (const r of records) if (r.bytes.readUInt16LE(0) === 0x0085) r.bytes.writeUInt32LE(r.bytes.readUInt32LE(4) + passRecord.length, 4);
  const stream = Buffer.concat(records.map((r) => r.bytes));
  const keystream = new Uint8Array(stream.length);
  for (let start = 0, block = 0; start < stream.length; start += 1024, block++) keystream.set(rc4Stream(key(block), Math.min(1024, stream.length - start)), start);
  let at = 0;
  for (const r of records) {
    for (let i = r.plainBytes; i < r.bytes.length; i++) stream[at + i] ^= keystream[at + i];
    at += r.bytes.length;
  }
  const out = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(out, 'Workbook', stream);
  for (const name of ['\u0005SummaryInformation', '\u0005DocumentSummaryInformation']) {
    const e = XLSX.CFB.find(cfb, name);
    if (e) XLSX.CFB.utils.cfb_add(out, name, e.content);
  }
  XLSX.CFB.utils.cfb_del(out, '\u0001Sh33tJ5');
  return Uint8Array.from(XLSX.CFB.write(out) as ArrayLike<number>);
}
