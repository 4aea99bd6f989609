#!/usr/bin/env node
/**
 * Look at the marketing site in real Chromium: starts the built server (dist/ must exist: `npm run
 * build`) on a free port with a temporary DATA_DIR, screenshots every route at 1280 and 390 px
 * (full page, after the reveals), and prints console errors and horizontal overflow.
 *
 *   node scripts/dev/look-site.mjs [outDir=/tmp/bf-site] [route ...]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './built-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = process.argv[2] ?? '/tmp/bf-site';
const only = process.argv.slice(3);
mkdirSync(out, { recursive: true });
const ROUTES = only.length
  ? only
  : ['/', '/aboutus', '/platforms', '/enroll', '/group-underwriting', '/case-study', '/register', '/webinar/thank-you', '/tools/census', '/tools/census/upload', '/tools/census/abc123', '/login', '/signup', '/recover-password', '/privacy', '/nope'];

const { url, stop } = await startBuiltServer(root, 'bf-look-');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const width of [1280, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    for (const route of ROUTES) {
      const page = await ctx.newPage();
      page.on('console', (m) => m.type() === 'error' && console.log(`${route}@${width} console: ${m.text()}`));
      page.on('pageerror', (e) => console.log(`${route}@${width} pageerror: ${e.message}`));
      await page.goto(url + route, { waitUntil: 'networkidle' });
      // Scroll through so every reveal and lazy image triggers, then back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 500) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(1400);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) console.log(`${route}@${width}: horizontal overflow ${overflow}px`);
      const name = route === '/' ? 'home' : route.slice(1).replace(/\//g, '_');
      await page.screenshot({ path: join(out, `${name}-${width}.png`), fullPage: true });
      // Also in slices a file viewer can show at full size.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const slice = width > 600 ? 1400 : 1100;
      for (let y = 0, n = 1; y < height; y += slice, n++) {
        await page.screenshot({ path: join(out, `${name}-${width}-${n}.png`), fullPage: true, clip: { x: 0, y, width, height: Math.min(slice, height - y) } });
      }
      await page.close();
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(`screenshots in ${out}`);
