/**
 * The prerender entry (built by scripts/prerender-site.mjs with Vite's SSR build): renders a URL
 * of the site to HTML with every page chunk loaded, plus its head tags.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchPath } from 'react-router';
import { App } from './App';
import { headHtml, headOf } from './head';
import { ALL_ROUTES, NOT_FOUND, REDIRECTS, ROUTES } from './routes';
import { preloadRoute } from './route-view';

export { ROUTES, NOT_FOUND, REDIRECTS };

export async function render(url: string, origin: string, route = ALL_ROUTES.find((r) => r.path !== '*' && matchPath(r.path, url)) ?? NOT_FOUND) {
  await Promise.all(ALL_ROUTES.map(preloadRoute));
  const html = renderToString(
    <StaticRouter location={url}>
      <App />
    </StaticRouter>,
  );
    // A page prerendered once for many addresses has no single canonical address.
  const generic = route.path.includes(':') || route.path === '*';
  return { html, head: headHtml(headOf(route, origin, generic ? null : url)) };
}
