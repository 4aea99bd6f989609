/**
 * Node's `Buffer` global for the engine worker (private mode): the reader uses Buffer for byte
 * searches and text decoding (read/zip-guard.ts, xlsx-stream.ts, ole-guard.ts). The `buffer` package
 * is Node's Buffer for browsers. Imported first by ./engine-worker.ts, so it is set before any
 * engine module is evaluated (zip-guard.ts builds Buffers as it loads).
 */
import { Buffer } from 'buffer';

(globalThis as unknown as { Buffer: typeof Buffer }).Buffer ??= Buffer;
