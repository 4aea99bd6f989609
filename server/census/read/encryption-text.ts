/**
 * What the decryption of a password-protected workbook answers, the same on the server
 * (./encryption.ts, officecrypto-tool) and in the private-mode worker (./encryption.browser.ts):
 * the spin-count limit, and the decryptors' plain errors translated to our codes and sentences.
 */
import { CensusReadError } from './errors';

/**
 * Agile encryption derives the key with spinCount rounds of SHA-512, run synchronously, about 0.3 s
 * per 100,000 rounds here, twice per decryption. The file chooses the number: ECMA-376 allows up to
 * 10,000,000 (a minute of blocked event loop); Excel and LibreOffice write 100,000. We accept ten
 * times that and refuse more.
 */
export const MAX_SPIN_COUNT = 1_000_000;

export const BAD_PASSWORD_MESSAGE = 'The password is not correct for this file.';

/** A password no Excel would take: refused before any work. */
export function checkPasswordLength(password: string): void {
  if (password.length > 255) throw new CensusReadError('bad-password', 'The password is too long; Excel passwords have at most 255 characters.');
}

/**
 * A decryptor's error (officecrypto-tool's plain Error strings, which the browser twin's decryptors
 * throw alike) as our code and sentence: a wrong password, a protection we do not open, or a damaged file.
 */
export function decryptionError(err: unknown): CensusReadError {
  const msg = err instanceof Error ? err.message : String(err);
  if (/password is incorrect/i.test(msg)) return new CensusReadError('bad-password', BAD_PASSWORD_MESSAGE);
  if (/unsupported encryption|unrecognized version|not supported/i.test(msg)) {
    return new CensusReadError(
      'unsupported-protection',
      'This file uses a kind of password protection we cannot open. Remove the password in Excel (File > Info > Protect Workbook) and upload it again.',
    );
  }
  return new CensusReadError('corrupt', 'This password-protected file could not be decrypted; it may be damaged.');
}
