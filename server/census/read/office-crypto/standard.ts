/**
 * ECMA-376 standard encryption (MS-OFFCRYPTO 2.3.4.5-2.3.4.9) in the browser, as officecrypto-tool
 * opens it on the server (its common.js parseEncInfoStandard and ecma376_standard.js): the key by
 * 50,000 rounds of SHA-1 over the salt and password (@noble/hashes), checked against the file's
 * verifier, the package decrypted with AES-ECB (./aes.ts, SubtleCrypto). As on the server the cipher
 * is AES-128: another key size fails as node:crypto's 'aes-128-ecb' fails on it (a damaged file).
 * Errors are officecrypto-tool's plain ones (../encryption-text.ts translates them).
 */
import { sha1 } from '@noble/hashes/legacy.js';
import { aesEcbDecrypt } from './aes';
import { concat, i32, le32, sameBytes, utf16le } from './bytes';

const ROUNDS = 50_000;

interface StandardInfo {
  keySize: number;
  salt: Uint8Array;
  verifier: Uint8Array;
  verifierHash: Uint8Array;
}

/** The EncryptionInfo stream of standard encryption (version x.2), checked as officecrypto-tool checks it. */
export function standardInfo(info: Uint8Array): StandardInfo {
  if ((i32(info, 4) & 0x3f) !== 0x24) throw new Error('EncryptionInfo mismatch');
  const headerSize = i32(info, 8);
  // The EncryptionHeader: flags, sizeExtra, algId, algIdHash, keySize, providerType, two reserved, the CSP name.
  const header = 12;
  const flags = i32(info, header) & 0x3f;
  const algId = i32(info, header + 8);
  let valid: boolean;
  if (algId === 0x660e || algId === 0x660f || algId === 0x6610) valid = flags === 0x24;
  else if (algId === 0x6801) valid = flags === 0x04;
  else if (algId === 0) valid = flags === 0x10 || flags === 0x04 || flags === 0x24;
  else throw new Error(`Unrecognized encryption algorithm: ${algId}`);
  if (!valid) throw new Error('Encryption Flags/AlgID mismatch');
  const keySize = i32(info, header + 16);
  // The EncryptionVerifier: saltSize (16 bytes of salt are read whatever it says), salt, verifier, its hash's size, the hash.
  const at = header + headerSize + 4;
  return { keySize, salt: info.slice(at, at + 16), verifier: info.slice(at + 16, at + 32), verifierHash: info.slice(at + 36) };
}

/** The key: SHA-1 of salt and password, 50,000 rounds of SHA-1, then the CryptoAPI derivation (2.3.4.7). */
function passwordKey(password: string, salt: Uint8Array, keySize: number): Uint8Array<ArrayBuffer> {
  let h = sha1(concat(salt, utf16le(password)));
  const round = new Uint8Array(24);
  for (let i = 0; i < ROUNDS; i++) {
    round.set(le32(i), 0);
    round.set(h, 4);
    h = sha1(round);
  }
  const final = sha1(concat(h, [0, 0, 0, 0]));
  const derive = (fill: number) => {
    const buf = new Uint8Array(64).fill(fill);
    for (let i = 0; i < 20; i++) buf[i] ^= final[i];
    return sha1(buf);
  };
  // keySize / 8 bytes, cut as Buffer.slice cuts (a fraction truncated, a negative end from the end).
  return concat(derive(0x36), derive(0x5c)).slice(0, keySize / 8);
}

/** The plain package of a standard-encrypted workbook (`pkg`: the EncryptedPackage stream, or null when missing). */
export async function decryptStandard(info: StandardInfo, pkg: Uint8Array | null, password: string): Promise<Uint8Array> {
  const key = passwordKey(password, info.salt, info.keySize);
  if (key.length !== 16) throw new Error('Invalid key length');
  const verifier = await aesEcbDecrypt(key, info.verifier);
  const verifierHash = (await aesEcbDecrypt(key, info.verifierHash)).slice(0, 20);
  if (!sameBytes(sha1(verifier), verifierHash)) throw new Error('The password is incorrect');
  if (!pkg || pkg.length < 4) throw new Error('damaged package');
  // The plain size (the low 32 bits of 8 bytes), then the blocks; a last partial block is completed with zeros.
  const size = new DataView(pkg.buffer, pkg.byteOffset, 4).getUint32(0, true);
  const body = pkg.subarray(8);
  const whole = body.length % 16 ? concat(body, new Uint8Array(16 - (body.length % 16))) : body;
  return (await aesEcbDecrypt(key, whole)).slice(0, size);
}
