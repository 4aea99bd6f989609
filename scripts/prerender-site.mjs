#!/usr/bin/env node
/**
 * Builds the marketing site and prerenders every route (site/src/routes.ts) into its own HTML file:
 *  1. `vite build` of the browser bundle (dist/site, with .vite/manifest.json);
 *  2. an SSR build of site/src/entry-server.tsx (dist/.site-ssr, removed afterwards);
 *  3. each route rendered into the built index.html template with its title, description,
 *     canonical link and Open Graph tags, plus a modulepreload of the route's own chunk;
 *     404.html from the catch-all route; /tools as a redirect page; sitemap.xml and robots.txt.
 *
 * Absolute URLs (canonical, og:url, sitemap) use SITE_ORIGIN (default http://localhost:8080, the
 * default PUBLIC_URL); the server rewrites that origin to its own PUBLIC_URL when it serves them.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'dist/site');
const ssrDir = join(root, 'dist/.site-ssr');
export const SITE_ORIGIN = 'http://localhost:8080';

const configFile = join(root, 'vite.config.ts');
await build({ configFile, logLevel: 'warn' });
await build({
  configFile,
  logLevel: 'warn',
  build: { ssr: join(root, 'site/src/entry-server.tsx'), outDir: ssrDir, emptyOutDir: true, sourcemap: false, manifest: false, rollupOptions: { input: join(root, 'site/src/entry-server.tsx') } },
});

const server = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
// The stylesheet is small: inlined into every page, it costs no round trip before the first paint.
const template = readFileSync(join(outDir, 'index.html'), 'utf8').replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/, (_, href) => {
  const css = readFileSync(join(outDir, href), 'utf8').replace(/<\/style/gi, '<\\/style');
  // The Latin Inter file: preloaded so `font-display: optional` can use it for the first paint.
  const font = /url\((\/assets\/inter-latin-wght-normal-[^)]+\.woff2)\)/.exec(css)?.[1];
  const preload = font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="${font}">\n    ` : '';
  return `${preload}<style>${css}</style>`;
});
const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));

/** The chunk a route's dynamic import lands in (matched by the page module's file name). */
function chunkOf(route) {
  const entry = manifest[`src/pages/${route.page}.tsx`];
  return entry ? `/${entry.file}` : null;
}

function write(file, body) {
  const abs = join(outDir, file);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, body);
}

function page(html, head, preload) {
  const preloadTag = preload ? `\n    <link rel="modulepreload" href="${preload}" />` : '';
  return template.replace('<!--head-->', head + preloadTag).replace('<!--app-->', html);
}

const routes = [...server.ROUTES, server.NOT_FOUND];
for (const route of routes) {
  const url = route.path === '*' ? '/404' : route.path.replace(/:(\w+)/g, '[$1]');
  const { html, head } = await server.render(url, SITE_ORIGIN, route);
  write(route.file, page(html, head, chunkOf(route)));
}

for (const r of server.REDIRECTS) {
  // Without JavaScript the meta refresh moves on; with it, the router replaces the entry first.
  const { html, head } = await server.render(r.to, SITE_ORIGIN);
  const fixedHead = head.replace(/<meta name="robots"[^>]*>/, '') + `\n    <meta name="robots" content="noindex" />\n    <noscript><meta http-equiv="refresh" content="0; url=${r.to}" /></noscript>`;
  write(r.file, page(html, fixedHead, null));
}

const indexed = server.ROUTES.filter((r) => r.indexed && !r.path.includes(':'));
write(
  'sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${indexed
    .map((r) => `  <url><loc>${SITE_ORIGIN}${r.path}</loc></url>`)
    .join('\n')}\n</urlset>\n`,
);
write('robots.txt', `User-agent: *\n# Census case pages hold one visitor's data.\nDisallow: /tools/census/\nAllow: /tools/census/upload\nAllow: /tools/census/sample\nDisallow: /case-study/download\n\nSitemap: ${SITE_ORIGIN}/sitemap.xml\n`);

rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerender: ${routes.length + server.REDIRECTS.length} pages, sitemap.xml, robots.txt`);
