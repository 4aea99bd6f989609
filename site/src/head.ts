/**
 * Head tags of a route. The prerender writes them into each HTML file; on client-side navigation
 * the same values are applied to the live document.
 */
import { BRAND } from '../../shared/brand';
import type { RouteDef } from './routes';

export interface HeadTags {
  title: string;
  description: string;
  origin: string;
  /** Null for a page prerendered once for many addresses (/tools/census/:id, 404). */
  canonical: string | null;
  indexed: boolean;
}

export function headOf(route: RouteDef, origin: string, pathname: string | null): HeadTags {
  const generic = route.path.includes(':') || route.path === '*';
  const path = route.path === '*' ? null : generic ? pathname : route.path;
  return { origin, title: route.title, description: route.description, canonical: path === null ? null : `${origin}${path}`, indexed: route.indexed };
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tags as HTML, for the prerender. */
export function headHtml(h: HeadTags): string {
  return [
    `<title>${esc(h.title)}</title>`,
    `<meta name="description" content="${esc(h.description)}" />`,
    h.indexed ? '' : '<meta name="robots" content="noindex" />',
    h.canonical ? `<link rel="canonical" href="${esc(h.canonical)}" />` : '',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${esc(BRAND.name)}" />`,
    `<meta property="og:title" content="${esc(h.title)}" />`,
    `<meta property="og:description" content="${esc(h.description)}" />`,
    h.canonical ? `<meta property="og:url" content="${esc(h.canonical)}" />` : '',
    `<meta property="og:image" content="${esc(`${h.origin}/img/og-card.png`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
}

function setMeta(selector: string, attr: string, value: string): void {
  document.querySelector(selector)?.setAttribute(attr, value);
}

/** Applies a route's tags to the document after a client-side navigation. */
export function applyHead(h: HeadTags): void {
  document.title = h.title;
  setMeta('meta[name="description"]', 'content', h.description);
  setMeta('meta[property="og:title"]', 'content', h.title);
  setMeta('meta[property="og:description"]', 'content', h.description);
  for (const [selector, tag, attrs] of [
    ['link[rel="canonical"]', 'link', { rel: 'canonical', href: h.canonical }],
    ['meta[property="og:url"]', 'meta', { property: 'og:url', content: h.canonical }],
  ] as const) {
    let el = document.head.querySelector(selector);
    if (!h.canonical) {
      el?.remove();
      continue;
    }
    if (!el) document.head.append((el = document.createElement(tag)));
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v!);
  }
  let robots = document.querySelector('meta[name="robots"]');
  if (!h.indexed && !robots) {
    robots = document.createElement('meta');
    robots.setAttribute('name', 'robots');
    robots.setAttribute('content', 'noindex');
    document.head.append(robots);
  } else if (h.indexed) robots?.remove();
}
