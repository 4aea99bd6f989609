/**
 * The legacy XLS ciphers in the browser, as officecrypto-tool opens them on the server (its
 * src/util/xls97.js, crypto/rc4.js, rc4_cryptoapi.js, xor_obfuscation.js): the FilePass record
 * (MS-XLS 2.4.117) after the workbook stream's BOF names the cipher (RC4 with MD5 keys, MS-OFFCRYPTO
 * 2.3.6; RC4 CryptoAPI with SHA-1 keys, 2.3.5; XOR obfuscation, 2.3.7); the password is checked
 * against its verifier, the stream's records are decrypted in place (RC4 keyed per 1024-byte block of
 * the stream; the records that are never encrypted kept, FilePass blanked), and a new compound file
 * is written with the workbook and the property streams by SheetJS's copy of `cfb` (the version
 * officecrypto-tool writes with), so the bytes are the server's. Errors are officecrypto-tool's plain
 * ones (../encryption-text.ts translates them).
 */
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { XLSX } from '../sheetjs';
import { concat, i32, le32, sameBytes, u16, utf16le } from './bytes';
import { rc4 } from './rc4';
import { xorDecrypt, xorPasswordMatches } from './xor-obfuscation';

/** What the decryption uses of SheetJS's CFB (its types are `any`). */
export interface CfbEntry {
  content?: ArrayLike<number>;
}
export type CfbContainer = object;
const CFB = XLSX.CFB as {
  find(cfb: CfbContainer, path: string): CfbEntry | null;
  write(cfb: CfbContainer): ArrayLike<number>;
  utils: { cfb_new(): CfbContainer; cfb_add(cfb: CfbContainer, name: string, content: ArrayLike<number>): void; cfb_del(cfb: CfbContainer, name: string): void };
};

const RECORD = { bof: 2057, filePass: 47, writeProtect: 134, boundSheet8: 133, usrExcl: 404, fileLock: 405, interfaceHdr: 225, rrdInfo: 406, rrdHead: 312 };
/** Records never encrypted (MS-XLS 2.2.10): kept as they are. */
const KEPT = new Set([RECORD.bof, RECORD.filePass, RECORD.usrExcl, RECORD.fileLock, RECORD.interfaceHdr, RECORD.rrdInfo, RECORD.rrdHead]);
const BLOCK = 1024;

type Cipher = { type: 'rc4'; salt: Uint8Array } | { type: 'rc4-cryptoapi'; salt: Uint8Array; keySize: number } | { type: 'xor' };

/** RC4's key for a block (2.3.6.2): MD5 of the password, of 16 copies of its first 5 bytes and the salt, then of the block number. */
function rc4Keys(password: string, salt: Uint8Array): (block: number) => Uint8Array {
  const h0 = md5(utf16le(password)).slice(0, 5);
  const intermediate = md5(concat(...Array<ArrayLike<number>>(16).fill(concat(h0, salt)))).slice(0, 5);
  return (block) => md5(concat(intermediate, le32(block))).slice(0, 16);
}

/** RC4 CryptoAPI's key for a block (2.3.5.2): SHA-1 of salt and password, then of the block number; 40-bit keys padded to 16 bytes. */
function cryptoApiKeys(password: string, salt: Uint8Array, keySize: number): (block: number) => Uint8Array {
  const h0 = sha1(concat(salt, utf16le(password)));
  return (block) => {
    const h = sha1(concat(h0, le32(block)));
    return keySize === 40 ? concat(h.slice(0, 5), new Uint8Array(11)) : h.slice(0, keySize / 8);
  };
}

/** The password checked against RC4's verifier and its hash (one keystream from block 0). */
function checkVerifier(key: Uint8Array, verifier: Uint8Array, verifierHash: Uint8Array, hash: (b: Uint8Array) => Uint8Array): void {
  const plain = rc4(key, concat(verifier, verifierHash));
  if (!sameBytes(plain.slice(verifier.length), hash(plain.slice(0, verifier.length)))) throw new Error('The password is incorrect');
}

/** The cipher named by FilePass, the password checked; null when the stream has no FilePass where officecrypto-tool looks. */
function filePassCipher(book: Uint8Array, password: string): Cipher | null {
  const version = u16(book, 4);
  let at = 4 + u16(book, 2);
  let record = u16(book, at);
  at += 2;
  // A WriteProtect record may come first (officecrypto-tool then reads the next type after its size).
  if (record === RECORD.writeProtect) {
    record = u16(book, at + 2);
    at += 4;
  }
  if (record !== RECORD.filePass) return null;
  at += 2;
  const encryptionType = version === 0x0600 ? u16(book, at) : 0;
  if (version === 0x0600) at += 2;
  if (encryptionType === 0) {
    if (!xorPasswordMatches(password, u16(book, at + 2))) throw new Error('The password is incorrect');
    return { type: 'xor' };
  }
  if (encryptionType !== 1) throw new Error('Unsupported encryption algorithms');
  const major = u16(book, at);
  const minor = u16(book, at + 2);
  at += 4;
  if (major === 1 && minor === 1) {
    const salt = book.slice(at, at + 16);
    checkVerifier(rc4Keys(password, salt)(0), book.slice(at + 16, at + 32), book.slice(at + 32, at + 48), md5);
    return { type: 'rc4', salt };
  }
  if ((major === 2 || major === 3 || major === 4) && minor === 2) {
    // Flags, the header's size, then the header (keySize its fifth field) and the verifier.
    const headerSize = i32(book, at + 4);
    const keySize = i32(book, at + 8 + 16);
    const v = at + 8 + headerSize;
    const salt = book.slice(v + 4, v + 20);
    const hashSize = i32(book, v + 36);
    checkVerifier(cryptoApiKeys(password, salt, keySize)(0), book.slice(v + 20, v + 36), book.slice(v + 40, v + 40 + hashSize), sha1);
    return { type: 'rc4-cryptoapi', salt, keySize };
  }
  throw new Error('Unsupported encryption algorithms');
}

/**
 * The stream's records walked as officecrypto-tool walks them (until four zero bytes or the end):
 * `plain` holds each byte's plain value or -1/-2 (encrypted data), `data` the bytes to decrypt.
 */
function records(book: Uint8Array): { plain: Int16Array; data: Uint8Array } {
  const plain: number[] = [];
  const data: number[] = [];
  const zeros = (n: number) => {
    if (!(n >= 0)) throw new RangeError('Invalid array length');
    for (let i = 0; i < n; i++) data.push(0);
  };
  let at = 0;
  for (;;) {
    const head = i32(book, at);
    if (!head) break;
    const header = Array.from(book.subarray(at, at + 4));
    const num = u16(book, at);
    const size = u16(book, at + 2);
    if (!(size >= 0)) throw new RangeError('Invalid array length');
    const record = book.subarray(at + 4, at + 4 + size);
    if (num === RECORD.filePass) {
      plain.push(0, 0, ...header.slice(2), ...Array<number>(size).fill(0));
      zeros(4 + size);
    } else if (KEPT.has(num)) {
      plain.push(...header, ...record);
      zeros(4 + size);
    } else if (num === RECORD.boundSheet8) {
      // Its stream position (lbPlyPos) is never encrypted.
      plain.push(...header, ...record.subarray(0, 4), ...Array<number>(size - 4).fill(-2));
      zeros(8);
      data.push(...record.subarray(4));
    } else {
      plain.push(...header, ...Array<number>(size).fill(-1));
      zeros(4);
      data.push(...record);
    }
    at += 4 + size;
  }
  return { plain: Int16Array.from(plain), data: Uint8Array.from(data) };
}

/** RC4 over the stream, a new key every 1024 bytes from its start. */
function rc4Blocks(data: Uint8Array, key: (block: number) => Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let start = 0, block = 0; start < data.length; start += BLOCK, block++) out.set(rc4(key(block), data.subarray(start, start + BLOCK)), start);
  return out;
}

/**
 * The plain XLS of an encrypted one: `cfb` is the file's compound file, `book` its Workbook (or Book)
 * stream; the file itself when its stream has no FilePass where officecrypto-tool looks.
 */
export function decryptXls(cfb: CfbContainer, book: Uint8Array, password: string, input: Uint8Array): Uint8Array {
  const cipher = filePassCipher(book, password);
  if (!cipher) return input;
  const { plain, data } = records(book);
  const dec =
    cipher.type === 'rc4'
      ? rc4Blocks(data, rc4Keys(password, cipher.salt))
      : cipher.type === 'rc4-cryptoapi'
        ? rc4Blocks(data, cryptoApiKeys(password, cipher.salt, cipher.keySize))
        : xorDecrypt(password, data, plain);
  for (let i = 0; i < plain.length; i++) {
    if (plain[i] < 0) continue;
    if (i >= dec.length) throw new RangeError('The value of "offset" is out of range.');
    dec[i] = plain[i];
  }
  const out = CFB.utils.cfb_new();
  CFB.utils.cfb_add(out, 'Workbook', dec);
  for (const name of ['ETExtData', '\u0001CompObj', '\u0005SummaryInformation', '\u0005DocumentSummaryInformation']) {
    const entry = CFB.find(cfb, name);
    if (entry) CFB.utils.cfb_add(out, name, entry.content!);
  }
  // The entry SheetJS's CFB adds to a new file.
  CFB.utils.cfb_del(out, '\u0001Sh33tJ5');
  return Uint8Array.from(CFB.write(out));
}
