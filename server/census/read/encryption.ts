/**
 * Decryption of password-protected workbooks with officecrypto-tool:
 *  - encrypted XLSX (ECMA-376 standard and agile encryption) -> the plain XLSX ZIP bytes,
 *  - encrypted XLS (RC4, RC4 CryptoAPI, XOR obfuscation) -> a plain XLS (OLE2) file.
 * Its errors are plain Error strings, translated to our codes and sentences by ./encryption-text.ts
 * (which the private-mode worker's twin, ./encryption.browser.ts, shares).
 */
import { officeCrypto } from './sheetjs';
import { checkPasswordLength, decryptionError } from './encryption-text';

export { BAD_PASSWORD_MESSAGE, MAX_SPIN_COUNT } from './encryption-text';

export async function decryptOffice(bytes: Uint8Array, password: string): Promise<Uint8Array> {
  checkPasswordLength(password);
  let out: Buffer;
  try {
    out = await officeCrypto.decrypt(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { password });
  } catch (err) {
    throw decryptionError(err);
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
