/**
 * Static files: the site (dist/site at /), the widget bundle (dist/widgets at /widgets/), the
 * example pages (examples/ at /examples/) and the case-study PDF (dist/files/case-study at
 * /files/case-study/<caseStudyName>).
 *
 * Site paths resolve like a prerendered site: /foo -> foo, foo.html or foo/index.html; /foo/ ->
 * foo/index.html or foo.html. A route with a parameter (say /tools/census/:id) is served from a
 * placeholder file next to its siblings - tools/census/[id]/index.html or tools/census/[id].html -
 * when no exact file exists. Anything else gets the HTML 404 page (dist/site/404.html, or a built-in
 * one) with status 404. Paths with a dot-segment (.., .git, .stamps) are never served.
 *
 * Caching: HTML no-cache (revalidated by ETag); files whose name carries a content hash
 * (census-parser-B3xk9Qa1.js) one year, immutable; the widget loader widgets.js and everything else
 * five minutes. Widget files are public: Access-Control-Allow-Origin * (module chunks are fetched
 * cross-origin) and Cross-Origin-Resource-Policy cross-origin.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, posix, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRAND } from '../../shared/brand';
import { MESSAGES } from '../../shared/messages';
import type { Config } from '../config';
import { createCompressedCache, isCompressible, pickEncoding, compress } from '../http/compress';
import { ERROR_TEXT } from '../http/errors';
import { ANALYTICS_SOURCES, inlineScriptHashes, setPageHeaders, setPdfHeaders } from '../security/headers';

/**
 * The origin written into built pages: the widget origin of examples/*.html, and the canonical,
 * Open Graph and sitemap URLs of the prerendered site (scripts/prerender-site.mjs). Both are the
 * default PUBLIC_URL; the server rewrites them to its own PUBLIC_URL as it serves them.
 */
const EXAMPLES_WIDGET_ORIGIN = 'http://localhost:8080';
/** Site files (besides HTML) that carry absolute URLs. */
const SITE_TEXT_WITH_ORIGIN = new Set(['sitemap.xml', 'robots.txt']);

export const CACHE = {
  html: 'no-cache',
  immutable: 'public, max-age=31536000, immutable',
  short: 'public, max-age=300',
  pdf: 'public, max-age=3600',
} as const;

export const WIDGET_LOADER = 'widgets.js';
export const CASE_STUDY_PDF_DIR = 'files/case-study';

const TYPES: Record<string, string> = {
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

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function inside(root: string, rel: string): string {
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

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small self-contained page (no script) for the built-in 404, placeholder and example index. */
export function builtInPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
:root{color-scheme:dark}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b1020;color:#e8ecf6;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:40rem;padding:2rem;text-align:center}
a{color:#6ea8ff}
ul{list-style:none;padding:0}
p{color:#aab3c8}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const NOT_FOUND_PAGE = builtInPage(
  `${MESSAGES.site.notFound} - ${BRAND.name}`,
  `<h1>${escapeHtml(MESSAGES.site.notFound)}</h1>\n<p>${escapeHtml(MESSAGES.site.notFoundHint)}</p>\n<p><a href="/">${escapeHtml(BRAND.name)}</a></p>`,
);

const PLACEHOLDER_PAGE = builtInPage(
  BRAND.name,
  `<h1>${escapeHtml(BRAND.name)}</h1>\n<p>${escapeHtml(BRAND.tagline)}</p>\n<p>The site has not been built yet: run <code>npm run build</code>.</p>\n<p><a href="/examples/">Examples</a></p>`,
);

function wantsHtml(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const accept = req.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

export interface StaticOptions {
  config: Config;
}

/**
 * Registers the static routes and the root not-found handler on `app` itself (not in an
 * encapsulated child: the 404 page is the whole server's).
 */
export function registerStaticRoutes(app: FastifyInstance, { config }: StaticOptions): void {
  const siteRoot = join(config.distDir, 'site');
  const widgetsRoot = join(config.distDir, 'widgets');
  const pdfRoot = join(config.distDir, CASE_STUDY_PDF_DIR);
  const examplesRoot = config.examplesDir;
  const html = createHtmlCache();

  void app.register(fastifyStatic, { root: config.distDir, serve: false, dotfiles: 'deny', index: false });

  function sendHtml(req: FastifyRequest, reply: FastifyReply, abs: string | null, status: number, fallback: string, csp: boolean, rewriteWidgetOrigin = false, sitePage = false) {
    let body: Buffer;
    let etag: string | undefined;
    let hashes: string[] = [];
    if (abs && isFile(abs)) {
      const entry = html(abs);
      ({ body, etag, hashes } = entry);
      if (rewriteWidgetOrigin) body = withWidgetOrigin(body);
      if (sitePage && analyticsMeta) body = Buffer.from(body.toString('utf8').replace('</head>', `${analyticsMeta}</head>`));
    } else {
      body = Buffer.from(fallback);
    }
    if (csp) setPageHeaders(reply, hashes, sitePage && config.analyticsId ? ANALYTICS_SOURCES : undefined);
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

  /**
   * The example pages name the widget origin as a partner would, absolutely (http://localhost:8080,
   * the default), so they also work when opened from another origin. Served from here, they get
   * this server's PUBLIC_URL instead, so they work on any port or host.
   */
  const widgetOrigin = new URL(config.publicUrl).origin;
  /** With ANALYTICS_ID, each site page names it in a meta tag; the site loads the tag from it. */
  const analyticsMeta = config.analyticsId ? `<meta name="bf-analytics-id" content="${escapeHtml(config.analyticsId)}">` : '';
  function withWidgetOrigin(body: Buffer): Buffer {
    return Buffer.from(body.toString('utf8').replaceAll(EXAMPLES_WIDGET_ORIGIN, widgetOrigin));
  }

  function notFoundPage(req: FastifyRequest, reply: FastifyReply) {
    return sendHtml(req, reply, join(siteRoot, '404.html'), 404, NOT_FOUND_PAGE, true, true, true);
  }

  const compressed = createCompressedCache();

  function sendAsset(reply: FastifyReply, root: string, rel: string, cacheControl: string) {
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
  }

  // The widget bundle: exact files only.
  app.get('/widgets/*', async (req, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cross-origin-resource-policy', 'cross-origin');
    const segments = safeSegments((req.params as { '*': string })['*']);
    const rel = segments?.join('/');
    if (!rel || !isFile(inside(widgetsRoot, rel))) {
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(ERROR_TEXT.notFound);
    }
    const cache = rel === WIDGET_LOADER ? CACHE.short : isHashedName(rel) ? CACHE.immutable : CACHE.short;
    return sendAsset(reply, widgetsRoot, rel, cache);
  });

  // The example embed pages: partner pages in spirit, so they get the base headers but not our CSP.
  app.get('/examples', async (_req, reply) => reply.redirect('/examples/', 301));
  app.get('/examples/*', async (req, reply) => {
    const path = `/${(req.params as { '*': string })['*']}`;
    const rel = resolvePage(examplesRoot, path);
    if (rel?.endsWith('.html')) return sendHtml(req, reply, join(examplesRoot, rel), 200, '', false, true);
    if (rel) return sendAsset(reply, examplesRoot, rel, 'no-cache');
    if (path === '/') {
      let pages: string[] = [];
      try {
        pages = readdirSync(examplesRoot).filter((f) => f.endsWith('.html')).sort();
      } catch {
        /* no examples folder */
      }
      const list = pages.map((p) => `<li><a href="/examples/${encodeURI(p)}">${escapeHtml(p)}</a></li>`).join('\n');
      return sendHtml(req, reply, null, 200, builtInPage(`Examples - ${BRAND.name}`, `<h1>Examples</h1>\n<ul>\n${list}\n</ul>`), true);
    }
    return notFoundPage(req, reply);
  });

  // The case-study PDF: only the published name; framed by our own viewer only.
  app.get('/files/case-study/:name', async (req, reply) => {
    const { name } = req.params as { name: string };
    if (name !== BRAND.caseStudyName || !isFile(join(pdfRoot, name))) return notFoundPage(req, reply);
    setPdfHeaders(reply);
    reply.header('content-disposition', `inline; filename="${BRAND.caseStudyName}"`);
    return sendAsset(reply, pdfRoot, name, CACHE.pdf);
  });

  // The site.
  app.get('/*', async (req, reply) => {
    const path = `/${(req.params as { '*': string })['*']}`;
    if (path === '/main' || path.startsWith('/main/')) {
      return reply.code(404).type('application/json; charset=utf-8').send({ message: ERROR_TEXT.notFound });
    }
    const rel = resolvePage(siteRoot, path);
    if (rel?.endsWith('.html')) return sendHtml(req, reply, join(siteRoot, rel), 200, '', true, true, true);
    if (rel && SITE_TEXT_WITH_ORIGIN.has(rel)) {
      reply.header('cache-control', CACHE.short);
      return reply.type(contentTypeOf(rel) ?? 'text/plain; charset=utf-8').send(withWidgetOrigin(readFileSync(join(siteRoot, rel))));
    }
    if (rel) return sendAsset(reply, siteRoot, rel, isHashedName(rel) ? CACHE.immutable : CACHE.short);
    if (path === '/') return sendHtml(req, reply, null, 200, PLACEHOLDER_PAGE, true);
    return notFoundPage(req, reply);
  });

  // Other methods on unknown paths.
  app.setNotFoundHandler(async (req, reply) => {
    if (wantsHtml(req)) return notFoundPage(req, reply);
    return reply.code(404).type('application/json; charset=utf-8').send({ message: ERROR_TEXT.notFound });
  });
}
