/**
 * Response compression for our own text files (the site's HTML, scripts, styles, SVG, the widget
 * bundle). A file is compressed once per version (path, size, mtime) and kept in memory, so a
 * repeat request costs a Map lookup. The first request gets a fast compression at once (brotli's
 * best setting takes about a second for a 250 KB script); the best one is made in the background
 * (libuv's thread pool) and replaces it. HTML, which may be rewritten per server, is compressed as
 * it is sent (fast settings; pages are small). Brotli when the client accepts it, else gzip.
 */
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
  const put = (k: string, value: Buffer) => {
    if (!cache.has(k) && cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(k, value);
  };
  return (key: string, body: () => Buffer, encoding: Encoding): Buffer => {
    const k = `${encoding}:${key}`;
    const hit = cache.get(k);
    if (hit) return hit;
    const raw = body();
    if (encoding === 'gzip') {
      const best = compress(raw, 'gzip', true); // gzip -9 is fast enough to do at once
      put(k, best);
      return best;
    }
    const quick = compress(raw, 'br', false);
    put(k, quick);
    brotliCompress(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }, (err, best) => {
      if (!err && cache.get(k) === quick) cache.set(k, best);
    });
    return quick;
  };
}
