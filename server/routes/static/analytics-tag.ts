/**
 * The analytics tag: with ANALYTICS_ID set, each site page names the id in a meta tag (the site's
 * own script loads the tag from it, site/src/analytics.ts) and its CSP allows the analytics hosts.
 * Without it, pages carry neither, and no page contacts another host.
 */
import type { Config } from '../../config';
import { ANALYTICS_SOURCES } from '../../http/headers';
import { escapeHtml } from './pages-html';

export interface AnalyticsTag {
  /** The page with the meta tag added (unchanged without ANALYTICS_ID). */
  inject(html: string): string;
  /** The extra CSP sources for a site page, or undefined. */
  cspSources: typeof ANALYTICS_SOURCES | undefined;
}

export function createAnalyticsTag(config: Pick<Config, 'analyticsId'>): AnalyticsTag {
  if (!config.analyticsId) return { inject: (html) => html, cspSources: undefined };
  const meta = `<meta name="bf-analytics-id" content="${escapeHtml(config.analyticsId)}">`;
  return { inject: (html) => html.replace('</head>', `${meta}</head>`), cspSources: ANALYTICS_SOURCES };
}
