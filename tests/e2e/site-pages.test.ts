/**
 * The marketing site as served by the real server, in real Chromium: every route answers with its
 * own prerendered HTML (title, description, canonical, Open Graph) that is readable without
 * JavaScript, hydrates without errors, asks nothing of another host, and has no serious axe
 * violation at laptop and phone widths. Also the 404 page and status, /tools's redirect, the
 * sitemap and robots.txt.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '../../shared/messages';
import { launchBrowser, settleAnimations, watchProblems } from './support/browser';
import { createCompletedCase } from './support/census-case';
import { siteAxe } from './support/site';

const serverUrl = inject('serverUrl');
/** A case id nobody made: the prerendered HTML is the same for every id, the browser shows the error. */
const UNKNOWN_CASE = '/tools/census/AbCdEfGhIjKlMnOpQrStUv';

/** Every route of the site with the heading a visitor sees first. */
const PAGES: [path: string, heading: RegExp][] = [
  ['/', /Ecommerce for Insurance/],
  ['/aboutus', /software group insurance/],
  ['/platforms', /Two platforms/],
  ['/enroll', /Enrollment that members finish/],
  ['/group-underwriting', /Underwrite the case/],
  ['/case-study', /Evidence of insurability/],
  ['/register', /messy census/],
  ['/webinar/thank-you', new RegExp(MESSAGES.webinar.heading)],
  ['/tools/census', /Census Parser/],
  ['/tools/census/upload', /Upload a census/],
  ['/tools/census/sample', /What the Census Parser gives you back/],
  [UNKNOWN_CASE, /Census report/],
  ['/login', /Sign in/],
  ['/signup', /Sign up/],
  ['/recover-password', /Reset your password/],
  ['/privacy', /Privacy Policy/],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('prerendered HTML', () => {
  it('gives every route its own title, description, canonical link and Open Graph tags', async () => {
    const titles = new Set<string>();
    for (const [path, heading] of PAGES) {
      const res = await fetch(serverUrl + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      if (path === UNKNOWN_CASE) {
        // One prerendered file serves every case id: no canonical in the HTML (the browser adds it).
        expect(canonical, path).toBeUndefined();
      } else {
        expect(canonical, path).toBe(`${serverUrl}${path}`);
        expect(html, path).toContain(`<meta property="og:url" content="${serverUrl}${path}"`);
      }
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      // The page's own content is in the HTML, not only in the JavaScript.
      expect(html.replace(/<!-- -->/g, ''), path).toMatch(heading);
    }
    expect(titles.size).toBe(PAGES.length);
    // Case pages and the sign-in pages are not for search engines.
    expect(await (await fetch(`${serverUrl}/tools/census/AbCdEfGhIjKlMnOpQrStUv`)).text()).toContain('<meta name="robots" content="noindex"');
  });

  it('is readable with JavaScript switched off: content visible, nothing hidden by a reveal', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    for (const [path, heading] of PAGES) {
      const page = await context.newPage();
      await page.goto(serverUrl + path);
      const h1 = page.locator('h1').first();
      expect(await h1.textContent(), path).toMatch(heading);
      expect(await h1.isVisible(), path).toBe(true);
      // Every section, card and image that reveals itself with JavaScript is fully shown without it.
      const hidden = await page.evaluate(() =>
        [...document.querySelectorAll('.reveal, .fade-img, .stat-value')].filter((el) => getComputedStyle(el).opacity !== '1' || getComputedStyle(el).visibility === 'hidden').length,
      );
      expect(hidden, path).toBe(0);
      await page.close();
    }
    await context.close();
  });

  it('lists the indexable pages in sitemap.xml and keeps census cases out of robots', async () => {
    const sitemap = await (await fetch(`${serverUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${serverUrl}/</loc>`);
    expect(sitemap).toContain(`<loc>${serverUrl}/aboutus</loc>`);
    expect(sitemap).toContain(`<loc>${serverUrl}/tools/census</loc>`);
    expect(sitemap).not.toMatch(/\/tools\/census\/\[id\]|\/login|\/signup/);
    const robots = await fetch(`${serverUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const text = await robots.text();
    expect(text).toMatch(/^Disallow: \/tools\/census\/$/m);
    expect(text).toContain(`Sitemap: ${serverUrl}/sitemap.xml`);
  });
});

describe('in the browser', () => {
  /** The case page is checked as a visitor sees it: a real case, made through the API, completed. */
  let casePath = '';
  beforeAll(async () => {
    casePath = `/tools/census/${await createCompletedCase(serverUrl, 'long-csv')}`;
  }, 60_000);
  const browserPages = () => PAGES.map(([path, heading]): [string, RegExp] => [path === UNKNOWN_CASE ? casePath : path, heading]);

  for (const width of [1280, 390]) {
    it(`hydrates every route without errors, stays on our host and has no serious axe violation at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const failures: string[] = [];
      for (const [path, heading] of browserPages()) {
        const page = await context.newPage();
        const problems = watchProblems(page);
        const foreign: string[] = [];
        page.on('request', (r) => {
          if (!r.url().startsWith(serverUrl) && !r.url().startsWith('data:')) foreign.push(r.url());
        });
        await page.goto(serverUrl + path, { waitUntil: 'networkidle' });
        await page.locator('h1').filter({ hasText: heading }).first().waitFor();
        // The case page is measured with its report loaded, not its skeletons.
        if (path === casePath) await page.locator('census-report [part="total"]').waitFor({ timeout: 20_000 });
        // Let every reveal finish so axe measures contrast on the final colours.
        await page.evaluate(() => document.querySelectorAll('.reveal').forEach((el) => el.classList.add('in')));
        await settleAnimations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) failures.push(`${path}: ${overflow}px horizontal overflow`);
        for (const v of await siteAxe(page)) failures.push(`${path}: axe ${v.id} (${v.impact}) ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
        if (problems.errors.length) failures.push(`${path}: console ${problems.errors.join(' | ')}`);
        if (foreign.length) failures.push(`${path}: requests to other hosts ${foreign.join(', ')}`);
        await page.close();
      }
      await context.close();
      expect(failures).toEqual([]);
      // Every route in one test (17 pages, each waiting for its reveals and axe): a budget for a busy machine.
    }, 150_000);
  }
});

describe('a case that does not exist', () => {
  it("shows the report's full-page 'Something went wrong!' (the API's 404 is the only console error)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(serverUrl + UNKNOWN_CASE);
    await page.getByRole('heading', { name: 'Census report', level: 1 }).waitFor();
    const report = page.locator('census-report');
    await report.getByText(MESSAGES.census.somethingWentWrong).waitFor({ timeout: 20_000 });
    expect(await report.locator('[part="total"]').count()).toBe(0);
    // The page lets go of the loaded report's reserved height: no empty screen below the message.
    await page.waitForFunction(() => !document.querySelector('census-report')!.classList.contains('report-slot'));
    // The element has no title of its own here, so the page's h1 shows.
    expect((await page.getByRole('heading', { name: 'Census report', level: 1 }).boundingBox())!.width).toBeGreaterThan(100);
    expect(await siteAxe(page)).toEqual([]);
    // Expected here and only here: the browser's line for the 404 and the element's own log.
    const unexpected = problems.errors.filter((e) => !/Failed to load resource.*404/.test(e) && !e.startsWith(MESSAGES.census.detailLoadFailed));
    expect(unexpected).toEqual([]);
    expect(problems.errors.some((e) => /404/.test(e))).toBe(true);
    await page.close();
  });
});

describe('not found and redirects', () => {
  it("answers unknown paths with HTTP 404 and the site's 'Page not found!' page", async () => {
    const res = await fetch(`${serverUrl}/no/such/page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(MESSAGES.site.notFound);
    expect(html).toContain(MESSAGES.site.notFoundHint);

    const page = await browser.newPage();
    const problems = watchProblems(page);
    const response = await page.goto(`${serverUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: MESSAGES.site.notFound }).waitFor();
    await page.getByText(MESSAGES.site.notFoundHint).waitFor();
    expect(await siteAxe(page)).toEqual([]);
    // The browser logs the 404 of the document itself; nothing else may fail.
    expect(problems.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    // Client-side navigation to an unknown path shows the same page.
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { name: 'Ecommerce for Insurance' }).waitFor();
    await page.evaluate(() => {
      history.pushState({}, '', '/another/missing');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: MESSAGES.site.notFound }).waitFor();
    await page.close();
  });

  it('replaces /tools with /tools/census (the back button does not return to /tools)', async () => {
    const page = await browser.newPage();
    await page.goto(`${serverUrl}/privacy`);
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await page.goto(`${serverUrl}/tools`);
    await page.waitForURL(`${serverUrl}/tools/census`);
    expect(new URL(page.url()).pathname).toBe('/tools/census');
    const heading = page.getByRole('heading', { name: 'Census Parser', level: 1 });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
    // /tools was replaced, not pushed: one step back is the page before it.
    await page.goBack();
    await page.waitForURL(`${serverUrl}/privacy`);
    expect(new URL(page.url()).pathname).toBe('/privacy');
    expect(await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).isVisible()).toBe(true);
    await page.close();
  });
});
