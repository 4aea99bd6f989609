/**
 * The browser twin of `node:zlib` for the engine worker (private mode), chosen by the worker's
 * bundle (rollup.widgets.config.mjs aliases `node:zlib` here). What the engine's reader uses:
 * read/zip-guard.ts inflates each part of an XLSX with a hard output cap and checks its CRC-32.
 * fflate inflates in slices, so a part that lies about its size stops at the cap (bounded memory),
 * failing as Node does: an error with code ERR_BUFFER_TOO_LARGE.
 */
import { Inflate } from 'fflate';

const SLICE = 64 * 1024;

let table: Uint32Array | null = null;

/** CRC-32 (IEEE), as zlib.crc32. */
export function crc32(data: Uint8Array | string, value = 0): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let crc = (value ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function tooLarge(max: number): Error {
  return Object.assign(new RangeError(`Cannot create a Buffer larger than ${max} bytes`), { code: 'ERR_BUFFER_TOO_LARGE' });
}

/** Raw DEFLATE, as zlib.inflateRawSync: stops at the stream's end (bytes after it are ignored). */
export function inflateRawSync(data: Uint8Array, options: { maxOutputLength?: number } = {}): Uint8Array {
  const max = options.maxOutputLength ?? Infinity;
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > max) throw tooLarge(max);
    parts.push(chunk);
  });
  for (let at = 0; at < data.length; at += SLICE) inflate.push(data.subarray(at, Math.min(at + SLICE, data.length)), false);
  inflate.push(new Uint8Array(0), true);
  const out = Buffer.alloc(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
