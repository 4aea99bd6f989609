/**
 * The browser twin of ./deflated-part.ts, chosen by the engine worker's bundle (private mode, issue 29;
 * rollup.widgets.config.mjs browserTwins): fflate's streaming deflate of a ZIP part, which keeps one
 * deflate stream across pushes itself (no sync flush needed) and writes the size and CRC-32.
 */
import { ZipDeflate } from 'fflate';
import type { PushedPart } from './deflated-part';

/** zlib's default level, as on the server. */
const LEVEL = 6;

/** A new part named `filename` (a path in the ZIP), deflated as it is pushed. */
export function deflatedPart(filename: string): PushedPart {
  return new ZipDeflate(filename, { level: LEVEL });
}
