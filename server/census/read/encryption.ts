/**
 * Decryption of password-protected workbooks with officecrypto-tool:
 *  - encrypted XLSX (ECMA-376 standard and agile encryption) -> the plain XLSX ZIP bytes,
 *  - encrypted XLS (RC4, RC4 CryptoAPI, XOR obfuscation) -> a plain XLS (OLE2) file.
 * Its errors are plain Error strings; we translate them to our codes and sentences here.
 */
import { officeCrypto } from './sheetjs';
import { CensusReadError } from './errors';

/**
 * Agile encryption derives the key with spinCount rounds of SHA-512, run synchronously by
 * officecrypto-tool, about 0.3 s per 100,000 rounds here, twice per decryption. The file chooses the
 * number: ECMA-376 allows up to 10,000,000 (a minute of blocked event loop); Excel and LibreOffice
 * write 100,000. We accept ten times that and refuse more.
 */
export const MAX_SPIN_COUNT = 1_000_000;

export const BAD_PASSWORD_MESSAGE = 'The password is not correct for this file.';

export async function decryptOffice(bytes: Uint8Array, password: string): Promise<Uint8Array> {
  if (password.length > 255) throw new CensusReadError('bad-password', 'The password is too long; Excel passwords have at most 255 characters.');
  let out: Buffer;
  try {
    out = await officeCrypto.decrypt(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { password });
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    if (/password is incorrect/i.test(msg)) throw new CensusReadError('bad-password', BAD_PASSWORD_MESSAGE);
    if (/unsupported encryption|unrecognized version|not supported/i.test(msg)) {
      throw new CensusReadError(
        'unsupported-protection',
        'This file uses a kind of password protection we cannot open. Remove the password in Excel (File > Info > Protect Workbook) and upload it again.',
      );
    }
    throw new CensusReadError('corrupt', 'This password-protected file could not be decrypted; it may be damaged.');
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
