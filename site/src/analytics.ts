/**
 * Page-view analytics, only when the server was started with ANALYTICS_ID: the server then writes
 * `<meta name="bf-analytics-id">` into each page and allows the tag's host in the CSP. Without it,
 * nothing is loaded and no request leaves for another host.
 */
export const ANALYTICS_HOST = 'https://www.googletagmanager.com';

type Gtag = (...args: unknown[]) => void;
let gtag: Gtag | null = null;

function analyticsId(): string | null {
  return document.querySelector('meta[name="bf-analytics-id"]')?.getAttribute('content') || null;
}

function start(id: string): Gtag {
  const w = window as unknown as { dataLayer: unknown[] };
  w.dataLayer = w.dataLayer || [];
  const g: Gtag = function () {
    // gtag.js reads the arguments object itself.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer.push(arguments);
  };
  g('js', new Date());
  g('config', id, { send_page_view: false });
  const s = document.createElement('script');
  s.async = true;
  s.src = `${ANALYTICS_HOST}/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(s);
  return g;
}

export function trackPageView(path: string): void {
  if (typeof document === 'undefined') return;
  if (!gtag) {
    const id = analyticsId();
    if (!id) return;
    gtag = start(id);
  }
  gtag('event', 'page_view', { page_path: path, page_location: window.location.href, page_title: document.title });
}
