/**
 * AES decryption through SubtleCrypto (native, in the worker and in Node) for the ECMA-376 ciphers:
 * CBC without padding (agile encryption) and ECB (standard encryption), which SubtleCrypto does not
 * offer and is made from one CBC pass.
 */
import { concat } from './bytes';

async function cbcKey(keyBytes: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', keyBytes, 'AES-CBC', false, ['encrypt', 'decrypt']);
}

/** AES-CBC without padding (the package's segments and the key blobs are whole blocks). */
export async function aesCbcDecrypt(keyBytes: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>, data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const key = await cbcKey(keyBytes);
  if (data.length === 0 || data.length % 16) throw new Error('corrupt');
  // SubtleCrypto insists on PKCS#7 padding: a block that decrypts to sixteen 0x10 is appended (the
  // encryption of 0x10 x 16 chained after the last block), and the padding it carries is removed.
  const last = data.slice(data.length - 16);
  const pad = new Uint8Array((await crypto.subtle.encrypt({ name: 'AES-CBC', iv: last }, key, new Uint8Array(16).fill(16))).slice(0, 16));
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key, concat(data, pad)));
}

/**
 * AES-ECB without padding: CBC with a zero IV gives each block decrypted and XORed with the block
 * before it, so XORing that block back gives ECB. An empty input is empty; a partial block is an error
 * (as node:crypto's final() without padding).
 */
export async function aesEcbDecrypt(keyBytes: Uint8Array<ArrayBuffer>, data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (data.length % 16) throw new Error('wrong final block length');
  if (data.length === 0) return new Uint8Array(0);
  const out = await aesCbcDecrypt(keyBytes, new Uint8Array(16), data);
  for (let i = 16; i < out.length; i++) out[i] ^= data[i - 16];
  return out;
}
