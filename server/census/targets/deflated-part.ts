/**
 * A ZIP part deflated as it is pushed, for the streaming XLSX writer (xlsx-stream-writer.ts): the one
 * interface behind which the deflate is chosen by the bundle (issue 29, "one engine, two places").
 * Here, on the server, zlib's native deflate (four times fflate's own here): each push is deflated on
 * its own and ended with a sync flush (byte-aligned, not final), the last one with a final block, so
 * the pieces form one valid deflate stream; the size and CRC-32 go in the part's data descriptor.
 * In the engine worker of private mode the bundle takes ./deflated-part.browser.ts instead (fflate's
 * streaming deflate: the browser has no synchronous deflate with a sync flush).
 */
import type { AsyncFlateStreamHandler, ZipInputFile } from 'fflate';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A part of the ZIP (fflate's custom-file interface) that takes its content in pieces; `final` ends it. */
export interface PushedPart extends ZipInputFile {
  push(data: Uint8Array, final?: boolean): void;
}

/** zlib's default level (about the size Excel itself writes). */
const LEVEL = 6;

class DeflatedPart implements PushedPart {
  size = 0;
  crc = 0;
  readonly compression = 8;
  ondata?: AsyncFlateStreamHandler;

  constructor(readonly filename: string) {}

  push(data: Uint8Array, final = false): void {
    this.size += data.length;
    this.crc = crc32(data, this.crc);
    const out = deflateRawSync(data, { level: LEVEL, finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
    this.ondata!(null, new Uint8Array(out.buffer, out.byteOffset, out.length), final);
  }

  terminate(): void {}
}

/** A new part named `filename` (a path in the ZIP), deflated as it is pushed. */
export function deflatedPart(filename: string): PushedPart {
  return new DeflatedPart(filename);
}
