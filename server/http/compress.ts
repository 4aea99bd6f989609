/**
 * Response compression for our own text files (the site's HTML, scripts, styles, SVG, the widget
 * bundle). A file is compressed once per version (path, size, mtime) and kept in memory, so a
 * repeat request costs a Map lookup; HTML, which may be rewritten per server, is compressed as it
 * is sent (fast settings; pages are small). Brotli when the client accepts it, else gzip.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|xml|txt|webmanifest)$/i;
/** Below this, the headers cost more than the bytes saved. */
export const MIN_COMPRESS_BYTES = 1024;

export function isCompressible(file: string, size: number): boolean {
  return size >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(file);
}

/** The encoding to use for an Accept-Encoding header, or null. */
export function pickEncoding(accept: string | string[] | undefined): Encoding | null {
  const value = (Array.isArray(accept) ? accept.join(',') : accept ?? '').toLowerCase();
  const accepts = (name: string) => value.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    if (token.trim() !== name) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

export function compress(body: Buffer, encoding: Encoding, best: boolean): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  return gzipSync(body, { level: best ? 9 : 6 });
}

/** Compressed versions of static files, keyed by path and version. */
export function createCompressedCache(maxEntries = 400) {
  const cache = new Map<string, Buffer>();
  return (key: string, body: () => Buffer, encoding: Encoding): Buffer => {
    const k = `${encoding}:${key}`;
    let hit = cache.get(k);
    if (!hit) {
      hit = compress(body(), encoding, true);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(k, hit);
    }
    return hit;
  };
}
