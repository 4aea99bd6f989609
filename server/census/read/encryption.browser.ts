/**
 * The browser twin of ./encryption.ts, for the engine in a Web Worker (private mode, issue 29): chosen
 * by the worker's bundle (rollup.widgets.config.mjs), never by a check in the reader.
 * officecrypto-tool is Node-only (node:crypto ciphers); this decrypts what Excel writes by default:
 * an XLSX with ECMA-376 **agile** encryption (MS-OFFCRYPTO 2.3.4.10-2.3.4.15): the key from the
 * password by spinCount rounds of the file's hash (@noble/hashes, synchronous: SubtleCrypto's digest
 * is async, a promise a round), AES-CBC through SubtleCrypto (native). Standard encryption and the
 * XLS ciphers (RC4, XOR) are refused as a protection we cannot open here, after the same prompt.
 * The constants and sentences are ./encryption.ts's (tests/server/census/encryption-twin.test.ts
 * checks both against each other and decrypts the same files).
 */
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { XLSX } from './sheetjs';
import { CensusReadError } from './errors';

export const MAX_SPIN_COUNT = 1_000_000;

export const BAD_PASSWORD_MESSAGE = 'The password is not correct for this file.';

const UNSUPPORTED =
  'This file uses a kind of password protection we cannot open. Remove the password in Excel (File > Info > Protect Workbook) and upload it again.';

const HASHES: Record<string, (data: Uint8Array) => Uint8Array> = { SHA1: sha1, 'SHA-1': sha1, SHA256: sha256, SHA384: sha384, SHA512: sha512 };

const BLOCK = {
  verifierInput: [0xfe, 0xa7, 0xd2, 0x76, 0x3b, 0x4b, 0x9e, 0x79],
  verifierValue: [0xd7, 0xaa, 0x0f, 0x6d, 0x30, 0x61, 0x34, 0x4e],
  key: [0x14, 0x6e, 0x0b, 0xe7, 0xab, 0xac, 0xd0, 0xd6],
};

const concat = (...parts: ArrayLike<number>[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const le32 = (n: number) => new Uint8Array([n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]);
const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
/** `length` bytes: truncated, or padded with `pad` (MS-OFFCRYPTO 2.3.4.11/12). */
const fit = (bytes: Uint8Array, length: number, pad: number) => (bytes.length >= length ? bytes.slice(0, length) : concat(bytes, new Uint8Array(length - bytes.length).fill(pad)));

function attributes(xml: string, tag: string): Record<string, string> {
  const m = new RegExp(`<(?:\\w+:)?${tag}\\b([^>]*)>`).exec(xml);
  if (!m) throw new Error('unsupported encryption');
  return Object.fromEntries([...m[1].matchAll(/(\w+)\s*=\s*"([^"]*)"/g)].map((a) => [a[1], a[2]]));
}

/** AES-CBC without padding (the package's segments and the key blobs are whole blocks), natively. */
async function aesCbcDecrypt(keyBytes: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>, data: Uint8Array): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', keyBytes, 'AES-CBC', false, ['encrypt', 'decrypt']);
  if (data.length === 0 || data.length % 16) throw new Error('corrupt');
  // SubtleCrypto insists on PKCS#7 padding: a block that decrypts to sixteen 0x10 is appended (the
  // encryption of 0x10 x 16 chained after the last block), and the padding it carries is removed.
  const last = data.slice(data.length - 16);
  const pad = new Uint8Array((await crypto.subtle.encrypt({ name: 'AES-CBC', iv: last }, key, new Uint8Array(16).fill(16))).slice(0, 16));
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key, concat(data, pad)));
}

async function decryptAgile(info: string, pkg: Uint8Array, password: string): Promise<Uint8Array> {
  const keyData = attributes(info, 'keyData');
  const enc = attributes(info, 'encryptedKey');
  const hash = HASHES[enc.hashAlgorithm];
  const dataHash = HASHES[keyData.hashAlgorithm];
  if (!hash || !dataHash || enc.cipherAlgorithm !== 'AES' || keyData.cipherAlgorithm !== 'AES' || !/CBC/.test(enc.cipherChaining) || !/CBC/.test(keyData.cipherChaining)) {
    throw new Error('unsupported encryption');
  }
  const spinCount = Number(enc.spinCount);
  if (!Number.isInteger(spinCount) || spinCount < 0 || spinCount > MAX_SPIN_COUNT) throw new Error('unsupported encryption');
  const keyBytes = Number(enc.keyBits) / 8;
  const blockSize = Number(enc.blockSize);
  const salt = b64(enc.saltValue);
  const pw = new Uint8Array(password.length * 2);
  for (let i = 0; i < password.length; i++) {
    pw[i * 2] = password.charCodeAt(i) & 0xff;
    pw[i * 2 + 1] = password.charCodeAt(i) >>> 8;
  }
  let h = hash(concat(salt, pw));
  const round = new Uint8Array(4 + h.length);
  for (let i = 0; i < spinCount; i++) {
    round.set(le32(i), 0);
    round.set(h, 4);
    h = hash(round);
  }
  const derived = (block: number[]) => fit(hash(concat(h, block)), keyBytes, 0x36);
  const iv = fit(salt, blockSize, 0x36);
  const verifierInput = await aesCbcDecrypt(derived(BLOCK.verifierInput), iv, b64(enc.encryptedVerifierHashInput));
  const verifierValue = await aesCbcDecrypt(derived(BLOCK.verifierValue), iv, b64(enc.encryptedVerifierHashValue));
  const expected = hash(verifierInput.slice(0, Number(enc.saltSize)));
  if (expected.some((b, i) => b !== verifierValue[i])) throw new CensusReadError('bad-password', BAD_PASSWORD_MESSAGE);
  const secret = (await aesCbcDecrypt(derived(BLOCK.key), iv, b64(enc.encryptedKeyValue))).slice(0, keyBytes);

  // The package: its plain size (8 bytes, little-endian), then 4096-byte segments, each with its own IV.
  const size = new DataView(pkg.buffer, pkg.byteOffset, 8).getUint32(0, true) + new DataView(pkg.buffer, pkg.byteOffset, 8).getUint32(4, true) * 2 ** 32;
  const dataSalt = b64(keyData.saltValue);
  const dataBlock = Number(keyData.blockSize);
  const body = pkg.subarray(8);
  const out = new Uint8Array(Math.ceil(body.length / 16) * 16);
  let at = 0;
  for (let i = 0, offset = 0; offset < body.length; i++, offset += 4096) {
    const segment = body.subarray(offset, Math.min(offset + 4096, body.length - (body.length % 16)));
    if (segment.length === 0) break;
    const plain = await aesCbcDecrypt(secret, fit(dataHash(concat(dataSalt, le32(i))), dataBlock, 0x36), segment);
    out.set(plain, at);
    at += plain.length;
  }
  if (size > at) throw new Error('corrupt');
  return out.slice(0, size);
}

export async function decryptOffice(bytes: Uint8Array, password: string): Promise<Uint8Array> {
  if (password.length > 255) throw new CensusReadError('bad-password', 'The password is too long; Excel passwords have at most 255 characters.');
  let info: Uint8Array | null = null;
  let pkg: Uint8Array | null = null;
  try {
    const cfb = XLSX.CFB.read(bytes, { type: 'array' });
    const content = (name: string) => {
      const e = XLSX.CFB.find(cfb, name);
      return e?.content ? new Uint8Array(e.content as ArrayLike<number>) : null;
    };
    info = content('EncryptionInfo');
    pkg = content('EncryptedPackage');
  } catch {
    throw new CensusReadError('corrupt', 'This password-protected file could not be decrypted; it may be damaged.');
  }
  // Agile encryption: version 4.4; anything else (standard 3.2/4.2, extensible, the XLS ciphers) is not opened here.
  if (!info || !pkg || info.length < 8 || info[0] !== 4 || info[2] !== 4) throw new CensusReadError('unsupported-protection', UNSUPPORTED);
  try {
    return await decryptAgile(new TextDecoder().decode(info.subarray(8)), pkg, password);
  } catch (err) {
    if (err instanceof CensusReadError) throw err;
    if (err instanceof Error && /unsupported/.test(err.message)) throw new CensusReadError('unsupported-protection', UNSUPPORTED);
    throw new CensusReadError('corrupt', 'This password-protected file could not be decrypted; it may be damaged.');
  }
}
