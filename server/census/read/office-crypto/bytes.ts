/**
 * Byte helpers of the browser decryption (../encryption.browser.ts and this folder), read as
 * officecrypto-tool's `cfb` blobs read them: past the end a little-endian field is NaN, so the same
 * checks fail the same way on a truncated header.
 */
export const concat = (...parts: ArrayLike<number>[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export const le32 = (n: number): Uint8Array<ArrayBuffer> => new Uint8Array([n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]);

/** An unsigned 16-bit field; NaN when a byte of it is past the end. */
export const u16 = (b: Uint8Array, at: number): number => b[at + 1] * 256 + b[at];

/** A signed 32-bit field (cfb's read_shift(4)); NaN when its first byte is past the end (a missing byte shifts in as 0). */
export const i32 = (b: Uint8Array, at: number): number => (b[at + 3] << 24) + (b[at + 2] << 16) + (b[at + 1] << 8) + b[at];

/** A password as UTF-16LE code units (Node's Buffer.from(password, 'utf16le')). */
export function utf16le(password: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(password.length * 2);
  for (let i = 0; i < password.length; i++) {
    out[i * 2] = password.charCodeAt(i) & 0xff;
    out[i * 2 + 1] = password.charCodeAt(i) >>> 8;
  }
  return out;
}

export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
