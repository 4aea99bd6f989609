/**
 * Security headers.
 *
 * Every response: X-Content-Type-Options nosniff and Referrer-Policy strict-origin-when-cross-origin
 * (plus HSTS when PUBLIC_URL is https). Our own HTML pages (dist/site and the built-in pages) also
 * get a Content-Security-Policy that allows scripts from our origin only - plus the exact hashes of
 * any inline <script> in the page, so a prerendered page's inline bootstrap keeps working without
 * 'unsafe-inline' - and may be framed by our own origin only. The case-study PDF may be framed by our
 * own pages (the viewer) and nobody else.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export function baseHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  if (config.publicUrl.startsWith('https:')) headers['strict-transport-security'] = 'max-age=15552000';
  return headers;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-...' sources for every inline <script> (one without src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The hosts the page-view tag needs, allowed only on site pages and only when ANALYTICS_ID is set
 * (the site loads gtag.js from the first; hits go to the others).
 */
export const ANALYTICS_SOURCES = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
} as const;

export interface ExtraSources {
  script: readonly string[];
  connect: readonly string[];
  img: readonly string[];
}

const more = (list: readonly string[] | undefined) => (list?.length ? ` ${list.join(' ')}` : '');

/** The CSP of our own pages. */
export function pageCsp(scriptHashes: string[] = [], extra?: ExtraSources): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? ` ${scriptHashes.join(' ')}` : ''}${more(extra?.script)}`,
    // Prerendered markup may carry style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${more(extra?.img)}`,
    "font-src 'self' data:",
    `connect-src 'self'${more(extra?.connect)}`,
    // The case-study viewer frames the PDF, which we serve ourselves.
    "frame-src 'self'",
    "object-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function setPageHeaders(reply: FastifyReply, scriptHashes: string[] = [], extra?: ExtraSources): void {
  reply.header('content-security-policy', pageCsp(scriptHashes, extra));
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
}

/** The case-study PDF: framed by our own viewer only. */
export function setPdfHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'");
  reply.header('x-frame-options', 'SAMEORIGIN');
}

/** API answers that carry or reveal a secret (the case-study token). */
export function setNoStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
}
