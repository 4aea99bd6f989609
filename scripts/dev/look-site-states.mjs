#!/usr/bin/env node
/**
 * Looks at the site's states that a plain visit does not show, at 1280 and 390 px: /register after
 * registering, /case-study after a successful request, the case-study viewer with a bad link, and
 * the sample report once loaded. Starts the built server (`npm run build` first).
 *
 *   node scripts/dev/look-site-states.mjs [outDir=/tmp/bf-site-states]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './built-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = process.argv[2] ?? '/tmp/bf-site-states';
mkdirSync(out, { recursive: true });

const STATES = {
  async registered(page, url) {
    await page.goto(`${url}/register`, { waitUntil: 'networkidle' });
    await page.getByLabel('Work e-mail').fill('dana@acme-insurance.com');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'You are registered' }).waitFor();
  },
  async 'case-study-sent'(page, url) {
    await page.goto(`${url}/case-study`, { waitUntil: 'networkidle' });
    const form = page.locator('case-study-form');
    await form.getByLabel(/first name/i).fill('Ann');
    await form.getByLabel(/last name/i).fill('Lee');
    await form.getByLabel(/email/i).fill('ann.lee@acme-insurance.com');
    await form.getByRole('button').click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  },
  async 'viewer-failed'(page, url) {
    await page.goto(`${url}/case-study/download?token=expired`, { waitUntil: 'networkidle' });
    await page.getByRole('alert').waitFor();
  },
  async 'sample-report'(page, url) {
    await page.goto(`${url}/tools/census/sample`, { waitUntil: 'networkidle' });
    await page.locator('census-report [part="total"]').waitFor({ timeout: 30_000 });
  },
};

const { url, stop } = await startBuiltServer(root, 'bf-look-states-');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  // The sample case is made in the background at start-up.
  for (let i = 0; i < 400; i++) {
    const res = await fetch(`${url}/main/case/status?caseId=benefold-sample-case-1`);
    if (res.ok && (await res.json()).data.status === 'completed') break;
    await new Promise((r) => setTimeout(r, 150));
  }
  for (const width of [1280, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    for (const [name, reach] of Object.entries(STATES)) {
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.log(`${name}@${width} pageerror: ${e.message}`));
      await reach(page, url);
      await page.screenshot({ path: join(out, `${name}-${width}.png`), fullPage: width === 390 });
      await page.close();
    }
    await ctx.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  stop();
}
