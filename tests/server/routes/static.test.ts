import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BRAND } from '../../../shared/brand';
import { MESSAGES } from '../../../shared/messages';
import { isHashedName, resolvePage } from '../../../server/routes/static';
import { makeApp, PUBLIC_URL, type TestApp } from '../helpers';

let t: TestApp;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the widget bundle at /widgets/', () => {
  beforeEach(() => {
    t.dist('widgets/widgets.js', 'console.log("loader")');
    t.dist('widgets/chunks/case-study-form-B3xk9Qa1.js', 'export const x = 1;');
    t.dist('widgets/chunks/case-study-form-B3xk9Qa1.js.map', '{}');
    t.dist('widgets/custom-elements.json', '{"schemaVersion":"1.0.0"}');
    t.dist('widgets/states-10m.json', '{}');
  });

  it('serves the loader with a five-minute cache, a JS type and CORS *', async () => {
    const res = await get('/widgets/widgets.js', { origin: 'https://anyone.example' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("loader")');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBeTruthy();
  });

  it('serves hashed chunks immutable for a year', async () => {
    const res = await get('/widgets/chunks/case-study-form-B3xk9Qa1.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const map = await get('/widgets/chunks/case-study-form-B3xk9Qa1.js.map');
    expect(map.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('serves unhashed data files with the short cache and a JSON type', async () => {
    for (const f of ['custom-elements.json', 'states-10m.json']) {
      const res = await get(`/widgets/${f}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('answers a conditional request with 304', async () => {
    const first = await get('/widgets/widgets.js');
    const again = await get('/widgets/widgets.js', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers missing files and escapes with 404 (still CORS *)', async () => {
    for (const url of ['/widgets/nope.js', '/widgets/', '/widgets/../site/index.html', '/widgets/%2e%2e/%2e%2e/package.json', '/widgets/.hidden']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get('/widgets/nope.js')).headers['access-control-allow-origin']).toBe('*');
  });
});

describe('the site at /', () => {
  const inline = 'window.__boot = 1;';
  beforeEach(() => {
    t.dist('site/index.html', `<!doctype html><title>Home</title><script>${inline}</script><script type="module" src="/assets/index-Ab12Cd34.js"></script>`);
    t.dist('site/aboutus/index.html', '<!doctype html><title>About</title>');
    t.dist('site/privacy.html', '<!doctype html><title>Privacy</title>');
    t.dist('site/tools/census/[id]/index.html', '<!doctype html><title>Case</title>');
    t.dist('site/404.html', '<!doctype html><title>Not found</title><h1>Page not found!</h1>');
    t.dist('site/assets/index-Ab12Cd34.js', 'export {};');
    t.dist('site/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('serves pages with the security headers and a CSP that allows our scripts and the page inline script hash', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['strict-transport-security']).toBeTruthy(); // PUBLIC_URL is https in tests
  });

  it('resolves prerendered routes', async () => {
    expect((await get('/aboutus')).body).toContain('About');
    expect((await get('/aboutus/')).body).toContain('About');
    expect((await get('/privacy')).body).toContain('Privacy');
    expect((await get('/privacy/')).body).toContain('Privacy');
    expect((await get('/tools/census/AbC123xyz')).body).toContain('<title>Case</title>');
  });

  it('serves the 404 page with status 404 for unknown paths', async () => {
    for (const url of ['/nope', '/aboutus/nope', '/tools/census/a/b', '/.stamps/site', '/%2e%2e/package.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Page not found!');
      expect(res.headers['content-security-policy']).toBeTruthy();
    }
  });

  it('serves hashed assets immutable and other files with the short cache', async () => {
    const js = await get('/assets/index-Ab12Cd34.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['access-control-allow-origin']).toBeUndefined();
    const svg = await get('/favicon.svg');
    expect(svg.headers['cache-control']).toBe('public, max-age=300');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
  });

  it('revalidates pages by ETag', async () => {
    const first = await get('/aboutus');
    expect(first.headers.etag).toBeTruthy();
    expect((await get('/aboutus', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/aboutus' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('without a built site', () => {
  it('serves a placeholder at / and the built-in 404 page elsewhere', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(BRAND.name);
    const missing = await get('/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(MESSAGES.site.notFound);
    expect(missing.body).toContain(MESSAGES.site.notFoundHint);
  });

  it('answers other methods on unknown paths with 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/nope', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('the examples at /examples/', () => {
  it('serves the pages without our CSP, lists them at /examples/, and redirects /examples', async () => {
    t.example('blog-post.html', '<!doctype html><title>Blog</title><script src="http://localhost:8080/widgets/widgets.js"></script>');
    t.example('examples.css', 'body{}');
    const page = await get('/examples/blog-post.html');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/examples/blog-post')).statusCode).toBe(200);
    // The widget origin written in the page becomes this server's PUBLIC_URL.
    expect(page.body).toContain(`src="${PUBLIC_URL}/widgets/widgets.js"`);
    expect(page.body).not.toContain('localhost:8080');
    const css = await get('/examples/examples.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const index = await get('/examples/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('href="/examples/blog-post.html"');
    const redirect = await get('/examples');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/examples/');
    expect((await get('/examples/nope.html')).statusCode).toBe(404);
  });
});

describe('the case-study PDF', () => {
  it('is served inline, framed by our own pages only', async () => {
    t.dist(`files/case-study/${BRAND.caseStudyName}`, Buffer.from('%PDF-1.7\n%test\n'));
    const res = await get(`/files/case-study/${BRAND.caseStudyName}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${BRAND.caseStudyName}"`);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.body.startsWith('%PDF-')).toBe(true);
  });

  it('is the only file served there', async () => {
    t.dist('files/case-study/other.pdf', '%PDF-');
    expect((await get('/files/case-study/other.pdf')).statusCode).toBe(404);
    expect((await get(`/files/case-study/${BRAND.caseStudyName}`)).statusCode).toBe(404); // not built yet
  });
});

describe('helpers', () => {
  it.each([
    ['case-study-form-B3xk9Qa1.js', true],
    ['chunks/census-report-aB3_x-9Q.js', true],
    ['index.5f3a9c1e.css', true],
    ['index-Ab12Cd34.js.map', true],
    ['widgets.js', false],
    ['webinar-subscribe.js', false],
    ['us-state-map.js', false],
    ['custom-elements.json', false],
    ['benefold-widgets.d.ts', false],
    ['states-10m.json', false],
  ])('isHashedName(%s) is %s', (name, hashed) => expect(isHashedName(name)).toBe(hashed));

  it('never resolves outside the root', () => {
    expect(resolvePage('/tmp', '/../etc/passwd')).toBeNull();
    expect(resolvePage('/tmp', '/a\\..\\b')).toBeNull();
    expect(resolvePage('/tmp', '/a\0')).toBeNull();
  });
});
