/**
 * What the server adds for the prerendered site: compressed text responses, the build origin
 * rewritten to PUBLIC_URL in pages, sitemap and robots, and the analytics tag's hosts in the CSP
 * only when ANALYTICS_ID is set.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp, PUBLIC_URL, type TestApp } from '../helpers';

let t: TestApp | undefined;
afterEach(() => t?.close());

const BIG_JS = `export const words = ${JSON.stringify('benefold '.repeat(400))};`;
const PAGE = `<!doctype html><html><head><title>Home</title><link rel="canonical" href="http://localhost:8080/" /></head><body>${'<p>Group insurance</p>'.repeat(100)}</body></html>`;

async function site(env: Record<string, string> = {}) {
  t = await makeApp(env);
  t.dist('site/index.html', PAGE);
  t.dist('site/assets/main-Ab12Cd34.js', BIG_JS);
  t.dist('site/sitemap.xml', '<?xml version="1.0"?><urlset><url><loc>http://localhost:8080/</loc></url></urlset>');
  t.dist('site/robots.txt', 'User-agent: *\nDisallow: /tools/census/\nSitemap: http://localhost:8080/sitemap.xml\n');
  return t;
}

describe('site serving', () => {
  it('sends scripts and pages compressed (brotli, else gzip) and answers revalidation with 304', async () => {
    const app = (await site()).app;
    const br = await app.inject({ url: '/assets/main-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    expect(br.rawPayload.length).toBeLessThan(BIG_JS.length / 4);
    const again = await app.inject({ url: '/assets/main-Ab12Cd34.js', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>Home</title>');

    const plain = await app.inject({ url: '/assets/main-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('rewrites the build origin to PUBLIC_URL in pages, sitemap.xml and robots.txt', async () => {
    const app = (await site()).app;
    expect((await app.inject({ url: '/' })).body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    const sitemap = await app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('names no analytics host without ANALYTICS_ID, and allows only its hosts with it', async () => {
    const without = await (await site()).app.inject({ url: '/' });
    expect(without.body).not.toContain('bf-analytics-id');
    expect(String(without.headers['content-security-policy'])).not.toContain('googletagmanager');
    t!.close();
    t = undefined;

    const withId = await (await site({ ANALYTICS_ID: 'G-TEST123' })).app.inject({ url: '/' });
    expect(withId.body).toContain('<meta name="bf-analytics-id" content="G-TEST123">');
    const csp = String(withId.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/www\.googletagmanager\.com/);
    expect(csp).toMatch(/connect-src 'self'[^;]*google-analytics\.com/);
    expect(csp).not.toContain('unsafe-eval');
  });
});
