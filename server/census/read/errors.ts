/**
 * The one error type the read stage throws. Every failure - hostile input, a damaged file, a missing
 * password, a limit - leaves this module as a CensusReadError with a code the API/CLI can branch on
 * and a message written as a plain sentence for the person who uploaded the file (the CLI prints it
 * as one line, the UI shows it as is), so messages never carry stack traces or library jargon.
 */
export type ReadErrorCode =
  | 'password-required'
  | 'bad-password'
  | 'unsupported-protection'
  | 'unsupported-format'
  | 'corrupt'
  | 'limit'
  | 'timeout'
  | 'empty';

export class CensusReadError extends Error {
  readonly code: ReadErrorCode;

  constructor(code: ReadErrorCode, message: string) {
    super(message);
    this.name = 'CensusReadError';
    this.code = code;
  }
}

/** Fixed user-facing message for an encrypted file read without a password (the UI matches on it). */
export const PASSWORD_REQUIRED_MESSAGE = 'This file is password-protected';

/** One line, no control characters: library messages may contain anything a hostile file chose. */
export function oneLine(text: string, max = 160): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
