/**
 * Serving pages with their headers: an HTML file (or a built-in page) with its cache policy, ETag,
 * compression and, for our own pages, the Content-Security-Policy that allows exactly its inline
 * scripts (by hash). Built pages name the default origin absolutely (http://localhost:8080); they
 * are rewritten to this server's PUBLIC_URL as they go out.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { compress, pickEncoding } from '../../http/compress';
import { inlineScriptHashes, setPageHeaders } from '../../http/headers';
import type { AnalyticsTag } from './analytics-tag';
import { CACHE, TYPES, isFile } from './files';

/**
 * The origin written into built pages: the widget origin of examples/*.html, and the canonical,
 * Open Graph and sitemap URLs of the prerendered site (scripts/prerender-site.mjs). Both are the
 * default PUBLIC_URL; the server rewrites them to its own PUBLIC_URL as it serves them.
 */
export const BUILT_ORIGIN = 'http://localhost:8080';

/**
 * What kind of page is sent:
 * - `site`: a page of our site: CSP, origin rewritten, analytics tag when configured;
 * - `example`: a partner's page in spirit (examples/): origin rewritten, base headers but not our CSP;
 * - `builtin`: a page the server wrote itself (no file): CSP.
 */
export type PageKind = 'site' | 'example' | 'builtin';

export interface SendHtmlOptions {
  kind: PageKind;
  /** The HTML file to send; when missing (or not a file) `fallback` is sent instead. */
  file?: string | null;
  /** Sent when there is no file. */
  fallback?: string;
  /** 200 unless told. */
  status?: number;
}

interface HtmlEntry {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
  hashes: string[];
}

/** HTML is read whole (pages are small): the CSP needs the hashes of its inline scripts. */
function createHtmlCache() {
  const cache = new Map<string, HtmlEntry>();
  return (abs: string): HtmlEntry => {
    const st = statSync(abs);
    const hit = cache.get(abs);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    const body = readFileSync(abs);
    const entry: HtmlEntry = {
      mtimeMs: st.mtimeMs,
      size: st.size,
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      hashes: inlineScriptHashes(body.toString('utf8')),
    };
    if (cache.size > 500) cache.clear();
    cache.set(abs, entry);
    return entry;
  };
}

export function createPageSender(config: Pick<Config, 'publicUrl'>, analytics: AnalyticsTag) {
  const html = createHtmlCache();
  const origin = new URL(config.publicUrl).origin;

  /** Built text with the default origin replaced by this server's (the examples and the site). */
  function withOrigin(body: Buffer): Buffer {
    return Buffer.from(body.toString('utf8').replaceAll(BUILT_ORIGIN, origin));
  }

  function sendHtml(req: FastifyRequest, reply: FastifyReply, { kind, file, fallback = '', status = 200 }: SendHtmlOptions) {
    let body: Buffer;
    let etag: string | undefined;
    let hashes: string[] = [];
    if (file && isFile(file)) {
      ({ body, etag, hashes } = html(file));
      if (kind === 'site') body = Buffer.from(analytics.inject(withOrigin(body).toString('utf8')));
      if (kind === 'example') body = withOrigin(body);
    } else {
      body = Buffer.from(fallback);
    }
    if (kind !== 'example') setPageHeaders(reply, hashes, kind === 'site' ? analytics.cspSources : undefined);
    reply.header('cache-control', CACHE.html);
    reply.type(TYPES['.html']);
    if (etag && status === 200) {
      reply.header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    }
    const encoding = body.length >= 1024 ? pickEncoding(req.headers['accept-encoding']) : null;
    reply.header('vary', 'accept-encoding');
    if (encoding) {
      reply.header('content-encoding', encoding);
      return reply.code(status).send(compress(body, encoding, false));
    }
    return reply.code(status).send(body);
  }

  return { sendHtml, withOrigin };
}
