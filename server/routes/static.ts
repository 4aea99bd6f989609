/**
 * The static routes: the site (dist/site at /), the widget bundle (dist/widgets at /widgets/), the
 * example pages (examples/ at /examples/) and the case-study PDF (dist/files/case-study at
 * /files/case-study/<caseStudyName>), and the whole server's HTML 404.
 *
 * Only routing lives here. The jobs behind it are in static/: files.ts (which file answers a path,
 * its type, cache policy and compression), pages.ts (an HTML page with its CSP, ETag and origin
 * rewriting), analytics-tag.ts (the analytics meta tag and CSP sources), pages-html.ts (the
 * server's own small pages).
 *
 * Widget files are public: Access-Control-Allow-Origin * (module chunks are fetched cross-origin)
 * and Cross-Origin-Resource-Policy cross-origin.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRAND } from '../../shared/brand';
import type { Config } from '../config';
import { ERROR_TEXT } from '../http/errors';
import { setPdfHeaders } from '../http/headers';
import { createAnalyticsTag } from './static/analytics-tag';
import { CACHE, contentTypeOf, createAssetSender, inside, isFile, isHashedName, resolvePage, safeSegments } from './static/files';
import { createPageSender } from './static/pages';
import { NOT_FOUND_PAGE, PLACEHOLDER_PAGE, builtInPage, examplesIndexPage } from './static/pages-html';

export { CACHE, contentTypeOf, isHashedName, resolvePage, safeSegments, builtInPage };

export const WIDGET_LOADER = 'widgets.js';
export const CASE_STUDY_PDF_DIR = 'files/case-study';
/** Site files (besides HTML) that carry absolute URLs. */
const SITE_TEXT_WITH_ORIGIN = new Set(['sitemap.xml', 'robots.txt']);

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
  const { sendHtml, withOrigin } = createPageSender(config, createAnalyticsTag(config));
  const sendAsset = createAssetSender();

  void app.register(fastifyStatic, { root: config.distDir, serve: false, dotfiles: 'deny', index: false });

  function notFoundPage(req: FastifyRequest, reply: FastifyReply) {
    return sendHtml(req, reply, { kind: 'site', file: join(siteRoot, '404.html'), fallback: NOT_FOUND_PAGE, status: 404 });
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
    if (rel?.endsWith('.html')) return sendHtml(req, reply, { kind: 'example', file: join(examplesRoot, rel) });
    if (rel) return sendAsset(reply, examplesRoot, rel, 'no-cache');
    if (path === '/') {
      let pages: string[] = [];
      try {
        pages = readdirSync(examplesRoot).filter((f) => f.endsWith('.html')).sort();
      } catch {
        /* no examples folder */
      }
      return sendHtml(req, reply, { kind: 'builtin', fallback: examplesIndexPage(pages) });
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
    if (rel?.endsWith('.html')) return sendHtml(req, reply, { kind: 'site', file: join(siteRoot, rel) });
    if (rel && SITE_TEXT_WITH_ORIGIN.has(rel)) {
      reply.header('cache-control', CACHE.short);
      return reply.type(contentTypeOf(rel) ?? 'text/plain; charset=utf-8').send(withOrigin(readFileSync(join(siteRoot, rel))));
    }
    if (rel) return sendAsset(reply, siteRoot, rel, isHashedName(rel) ? CACHE.immutable : CACHE.short);
    if (path === '/') return sendHtml(req, reply, { kind: 'builtin', fallback: PLACEHOLDER_PAGE });
    return notFoundPage(req, reply);
  });

  // Other methods on unknown paths.
  app.setNotFoundHandler(async (req, reply) => {
    if (wantsHtml(req)) return notFoundPage(req, reply);
    return reply.code(404).type('application/json; charset=utf-8').send({ message: ERROR_TEXT.notFound });
  });
}
