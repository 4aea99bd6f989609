#!/usr/bin/env node
/**
 * The site's census pages with the real elements, in real Chromium: starts the built server (run
 * `npm run build` first) on a free port with a temporary DATA_DIR, makes a real case from a fixture,
 * then at 1280 and 390 px measures each element's height (before it is defined: the reserved slot;
 * idle; report skeleton; report loaded) and screenshots /tools/census idle, processing and error,
 * /tools/census/upload idle and /tools/census/{caseId} loaded. Use the heights for the slots'
 * min-height in site.css, so nothing moves when the elements arrive.
 *
 *   node scripts/dev/look-site-census.mjs [outDir=/tmp/bf-census]
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './built-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, '../shared/fixtures/census');
const out = process.argv[2] ?? '/tmp/bf-census';
mkdirSync(out, { recursive: true });

const { url, stop } = await startBuiltServer(root, 'bf-look-census-');

async function makeCase(file) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(join(fixtures, file))]), file);
  const { caseId } = (await (await fetch(`${url}/main/case`, { method: 'POST', body: form })).json()).data;
  for (;;) {
    const { status } = (await (await fetch(`${url}/main/case/status?caseId=${caseId}`)).json()).data;
    if (status === 'completed') return caseId;
    if (status === 'error') throw new Error(`${file}: error`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const height = (page, sel) => page.evaluate((s) => Math.round(document.querySelector(s)?.getBoundingClientRect().height ?? -1), sel);
/** The element's own height, without the slot's min-height. */
const ownHeight = (page, sel) =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return -1;
    const before = el.style.minHeight;
    el.style.minHeight = '0';
    const h = Math.round(el.getBoundingClientRect().height);
    el.style.minHeight = before;
    return h;
  }, sel);
const caseId = await makeCase('footer-blanks-xlsx.xlsx');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const width of (process.env.WIDTHS ?? '1280,390').split(',').map(Number)) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    // The reserved slot: the page without JavaScript (the element never defines itself).
    const noJs = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    for (const route of ['/tools/census', '/tools/census/upload', `/tools/census/${caseId}`]) {
      const p = await noJs.newPage();
      await p.goto(url + route);
      console.log(`${route}@${width} reserved: ${await height(p, '.census-slot')}px`);
      await p.close();
    }
    for (const route of ['/tools/census', '/tools/census/upload']) {
      const page = await ctx.newPage();
      page.on('console', (m) => m.type() === 'error' && console.log(`${route}@${width} console: ${m.text()}`));
      await page.goto(url + route, { waitUntil: 'networkidle' });
      await page.locator('census-parser').getByRole('button', { name: /Drag & drop/ }).waitFor();
      await page.waitForTimeout(300);
      console.log(`${route}@${width} idle: ${await ownHeight(page, 'census-parser')}px`);
      const name = route.replace(/\//g, '_');
      await page.screenshot({ path: join(out, `${name}-idle-${width}.png`), fullPage: true });
      if (route === '/tools/census') {
        await page.evaluate(() => document.addEventListener('census-complete', (e) => e.preventDefault()));
        await page.locator('census-parser input[type=file]').setInputFiles(join(fixtures, 'long-csv.csv'));
        await page.locator('census-parser').getByText('Processing your file...').first().waitFor();
        await page.waitForTimeout(300);
        console.log(`${route}@${width} processing: ${await ownHeight(page, 'census-parser')}px`);
        await page.screenshot({ path: join(out, `${name}-processing-${width}.png`), fullPage: true });
        // The error view on the light tokens: a file that is not a spreadsheet.
        const bad = await ctx.newPage();
        await bad.goto(url + route, { waitUntil: 'networkidle' });
        await bad.locator('census-parser input[type=file]').setInputFiles({ name: 'census.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') });
        await bad.locator('census-parser').getByRole('alert').first().waitFor();
        await bad.waitForTimeout(300);
        await bad.screenshot({ path: join(out, `${name}-error-${width}.png`) });
        await bad.close();
      }
      await page.close();
    }
    const page = await ctx.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log(`report@${width} console: ${m.text()}`));
    // Hold the case request back to see the skeleton's height.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route(/\/main\/case\?/, async (r) => {
      await held;
      await r.continue();
    });
    await page.goto(`${url}/tools/census/${caseId}`);
    await page.waitForFunction(() => !!document.querySelector('census-report')?.shadowRoot?.querySelector('[part~="skeleton"]'));
    await page.waitForTimeout(200);
    console.log(`report@${width} skeleton: ${await ownHeight(page, 'census-report')}px`);
    await page.screenshot({ path: join(out, `report-skeleton-${width}.png`), fullPage: true });
    release();
    await page.locator('census-report [part="total"]').waitFor();
    await page.locator('census-report path.state').first().waitFor();
    await page.waitForTimeout(800);
    console.log(`report@${width} loaded: ${await ownHeight(page, 'census-report')}px`);
    await page.screenshot({ path: join(out, `report-loaded-${width}.png`), fullPage: true });
    await page.close();
    await ctx.close();
    await noJs.close();
  }
} finally {
  await browser.close();
  stop();
}
