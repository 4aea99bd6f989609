/**
 * ECMA-376 agile encryption (MS-OFFCRYPTO 2.3.4.10-2.3.4.15), what Excel writes by default, in the
 * browser: the key from the password by spinCount rounds of the file's hash (@noble/hashes,
 * synchronous: SubtleCrypto's digest is async, a promise a round), AES-CBC through SubtleCrypto.
 * Errors are officecrypto-tool's plain ones (../encryption-text.ts translates them).
 */
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { MAX_SPIN_COUNT } from '../encryption-text';
import { aesCbcDecrypt } from './aes';
import { concat, le32, utf16le } from './bytes';

const HASHES: Record<string, (data: Uint8Array) => Uint8Array> = { SHA1: sha1, 'SHA-1': sha1, SHA256: sha256, SHA384: sha384, SHA512: sha512 };

const BLOCK = {
  verifierInput: [0xfe, 0xa7, 0xd2, 0x76, 0x3b, 0x4b, 0x9e, 0x79],
  verifierValue: [0xd7, 0xaa, 0x0f, 0x6d, 0x30, 0x61, 0x34, 0x4e],
  key: [0x14, 0x6e, 0x0b, 0xe7, 0xab, 0xac, 0xd0, 0xd6],
};

const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
/** `length` bytes: truncated, or padded with `pad` (MS-OFFCRYPTO 2.3.4.11/12). */
const fit = (bytes: Uint8Array, length: number, pad: number) => (bytes.length >= length ? bytes.slice(0, length) : concat(bytes, new Uint8Array(length - bytes.length).fill(pad)));

function attributes(xml: string, tag: string): Record<string, string> {
  const m = new RegExp(`<(?:\\w+:)?${tag}\\b([^>]*)>`).exec(xml);
  if (!m) throw new Error('unsupported encryption');
  return Object.fromEntries([...m[1].matchAll(/(\w+)\s*=\s*"([^"]*)"/g)].map((a) => [a[1], a[2]]));
}

/** The plain package of an agile-encrypted workbook: `info` is the EncryptionInfo XML (after its 8-byte header). */
export async function decryptAgile(info: string, pkg: Uint8Array, password: string): Promise<Uint8Array> {
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
  let h = hash(concat(salt, utf16le(password)));
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
  if (expected.some((b, i) => b !== verifierValue[i])) throw new Error('The password is incorrect');
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
