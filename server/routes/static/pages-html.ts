/** The server's own small HTML pages (no script): the fallback 404, the not-built placeholder, the examples index. */
import { BRAND } from '../../../shared/brand';
import { MESSAGES } from '../../../shared/messages';

export function escapeHtml(s: string): string {
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

/** Used when the site's own 404.html is not built. */
export const NOT_FOUND_PAGE = builtInPage(
  `${MESSAGES.site.notFound} - ${BRAND.name}`,
  `<h1>${escapeHtml(MESSAGES.site.notFound)}</h1>\n<p>${escapeHtml(MESSAGES.site.notFoundHint)}</p>\n<p><a href="/">${escapeHtml(BRAND.name)}</a></p>`,
);

/** `/` before `npm run build` has made the site. */
export const PLACEHOLDER_PAGE = builtInPage(
  BRAND.name,
  `<h1>${escapeHtml(BRAND.name)}</h1>\n<p>${escapeHtml(BRAND.tagline)}</p>\n<p>The site has not been built yet: run <code>npm run build</code>.</p>\n<p><a href="/examples/">Examples</a></p>`,
);

export function examplesIndexPage(pages: string[]): string {
  const list = pages.map((p) => `<li><a href="/examples/${encodeURI(p)}">${escapeHtml(p)}</a></li>`).join('\n');
  return builtInPage(`Examples - ${BRAND.name}`, `<h1>Examples</h1>\n<ul>\n${list}\n</ul>`);
}
