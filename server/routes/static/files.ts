/**
 * Serving files: which file answers a path, with which type and cache policy, compressed when it
 * is text. No HTML handling here (pages.ts) and no routing (../static.ts).
 *
 * Site paths resolve like a prerendered site: /foo -> foo, foo.html or foo/index.html; /foo/ ->
 * foo/index.html or foo.html. A route with a parameter (say /tools/census/:id) is served from a
 * placeholder file next to its siblings - tools/census/[id]/index.html or tools/census/[id].html -
 * when no exact file exists. Paths with a dot-segment (.., .git, .stamps) are never served.
 *
 * Caching: files whose name carries a content hash (census-parser-B3xk9Qa1.js) one year, immutable;
 * the widget loader widgets.js and everything else five minutes; HTML no-cache (pages.ts).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, posix, sep } from 'node:path';
import type { FastifyReply } from 'fastify';
import { createCompressedCache, isCompressible, pickEncoding } from '../../http/compress';

export const CACHE = {
  html: 'no-cache',
  immutable: 'public, max-age=31536000, immutable',
  short: 'public, max-age=300',
  pdf: 'public, max-age=3600',
} as const;

export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.csv': 'text/csv; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.webmanifest': 'application/manifest+json',
  // TypeScript declarations (the widgets' .d.ts): text, not MPEG transport streams (mime's guess).
  '.ts': 'text/plain; charset=utf-8',
  '.mts': 'text/plain; charset=utf-8',
  '.cts': 'text/plain; charset=utf-8',
};

/** The Content-Type we send for a file name (undefined: let @fastify/send decide). */
export function contentTypeOf(file: string): string | undefined {
  return TYPES[extname(file).toLowerCase()];
}

const HASH_CHARS = /^[A-Za-z0-9_-]+$/;

/**
 * True when a file name carries a content hash as its last '-' or '.' separated part before the
 * extension(s): 8 to 64 base64url characters with at least one digit or capital
 * (census-parser-B3xk9Qa1.js, index.5f3a9c1e.css, chunk-DX42-Q_a.js.map). 'webinar-subscribe.js'
 * is not hashed.
 */
export function isHashedName(file: string): boolean {
  let stem = posix.basename(file);
  if (stem.endsWith('.map')) stem = stem.slice(0, -4);
  const dot = stem.lastIndexOf('.');
  if (dot <= 0) return false;
  stem = stem.slice(0, dot);
  for (let len = 8; len <= 64 && len < stem.length; len++) {
    const hash = stem.slice(-len);
    const before = stem[stem.length - len - 1];
    if ((before === '-' || before === '.') && HASH_CHARS.test(hash) && /[0-9A-Z]/.test(hash)) return true;
  }
  return false;
}

/** Splits a decoded URL path into safe segments, or null when it must not be served. */
export function safeSegments(path: string): string[] | null {
  if (path.includes('\0') || path.includes('\\')) return null;
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.'))) return null;
  return segments;
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** root + rel, refusing anything that would leave root. */
export function inside(root: string, rel: string): string {
  const abs = join(root, rel);
  if (abs !== root && !abs.startsWith(root.endsWith(sep) ? root : root + sep)) throw new Error('path escapes root');
  return abs;
}

/**
 * The file (relative to root) that answers a page path, trying the prerendered layouts and then a
 * [param] placeholder for the last segment. Null when there is none.
 */
export function resolvePage(root: string, path: string): string | null {
  const segments = safeSegments(path);
  if (!segments) return null;
  const dir = path.endsWith('/') || segments.length === 0;
  const rel = segments.join('/');
  const candidates = dir
    ? [posix.join(rel, 'index.html'), ...(rel ? [`${rel}.html`] : [])]
    : [rel, `${rel}.html`, posix.join(rel, 'index.html')];
  for (const c of candidates) if (isFile(inside(root, c))) return c;

  if (segments.length === 0) return null;
  const parent = segments.slice(0, -1).join('/');
  let entries: string[];
  try {
    entries = readdirSync(inside(root, parent || '.'));
  } catch {
    return null;
  }
  for (const entry of entries.sort()) {
    if (!/^\[[A-Za-z0-9_-]+\](\.html)?$/.test(entry)) continue;
    const c = entry.endsWith('.html') ? posix.join(parent, entry) : posix.join(parent, entry, 'index.html');
    if (isFile(inside(root, c))) return c;
  }
  return null;
}

/** Sends one file (not HTML) with its type and cache policy; text goes out compressed. */
export function createAssetSender() {
  const compressed = createCompressedCache();
  return function sendAsset(reply: FastifyReply, root: string, rel: string, cacheControl: string) {
    const type = contentTypeOf(rel);
    reply.header('cache-control', cacheControl);
    if (type) reply.type(type);
    // Text files go out compressed (compressed once per file version, then from memory).
    const abs = inside(root, rel);
    const st = statSync(abs);
    const encoding = isCompressible(rel, st.size) ? pickEncoding(reply.request.headers['accept-encoding']) : null;
    reply.header('vary', 'accept-encoding');
    if (encoding) {
      const version = `${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}`;
      const etag = `W/"${version}"`;
      reply.header('etag', etag);
      reply.header('last-modified', st.mtime.toUTCString());
      if (reply.request.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.header('content-encoding', encoding);
      return reply.send(compressed(`${abs}:${version}`, () => readFileSync(abs), encoding));
    }
    return reply.sendFile(rel, root, { cacheControl: false, contentType: !type });
  };
}
