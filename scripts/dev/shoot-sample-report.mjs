#!/usr/bin/env node
/**
 * Takes the picture of the sample report that Group Underwriting's hero shows
 * (site/public/img/art/sample-report.webp): starts the built server, waits until the sample case
 * is processed, opens /tools/census/sample in real Chromium and photographs the top of the
 * <census-report> element. The picture is committed; take it again after changing the report's
 * look or the sample file (`npm run build` first, then `npm run build` again to ship it).
 *
 *   node scripts/dev/shoot-sample-report.mjs [out=site/public/img/art/sample-report.webp]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './built-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = process.argv[2] ?? join(root, 'site/public/img/art/sample-report.webp');
/** The hero's box is 560 x 460; the picture is 1.5 times that, sharp on most screens, small enough for a first screen. */
const OUT_W = 840;
const OUT_H = 690;
const SAMPLE_ID = 'benefold-sample-case-1';

const { url, stop } = await startBuiltServer(root, 'bf-shoot-');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  // The sample is made in the background at start-up.
  for (let i = 0; ; i++) {
    const res = await fetch(`${url}/main/case/status?caseId=${SAMPLE_ID}`);
    const status = res.ok ? (await res.json()).data.status : null;
    if (status === 'completed') break;
    if (status === 'error' || i > 400) throw new Error(`the sample case did not complete (${status})`);
    await new Promise((r) => setTimeout(r, 150));
  }
  const ctx = await browser.newContext({ viewport: { width: 980, height: 1200 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(`${url}/tools/census/sample`, { waitUntil: 'networkidle' });
  // Inter is `font-display: optional`: a first visit may paint with the fallback. Once it is cached,
  // a reload paints with Inter, as a returning visitor sees it.
  await page.reload({ waitUntil: 'networkidle' });
  await page.waitForFunction(() => {
    const el = document.querySelector('census-report');
    return !!el?.shadowRoot && !!el.shadowRoot.querySelector('canvas, svg') && !el.shadowRoot.querySelector('[aria-busy="true"]');
  });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  const box = await page.locator('census-report').boundingBox();
  if (!box) throw new Error('no census-report on the page');
  // A margin of the page around the element, so its title does not touch the picture's edge.
  const m = 24;
  const clip = { x: box.x - m, y: box.y - m, width: box.width + 2 * m, height: Math.round(((box.width + 2 * m) * OUT_H) / OUT_W) };
  const png = await page.screenshot({ clip });
  // Chromium encodes WebP through a canvas: a third of the PNG's bytes at the same look.
  const webp = await page.evaluate(
    async ({ b64, w, h }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d');
      g.imageSmoothingQuality = 'high';
      g.drawImage(img, 0, 0, w, h);
      return canvas.toDataURL('image/webp', 0.82).split(',')[1];
    },
    { b64: png.toString('base64'), w: OUT_W, h: OUT_H },
  );
  writeFileSync(out, Buffer.from(webp, 'base64'));
  console.log(`wrote ${out} (${OUT_W} x ${OUT_H}, ${Math.round(Buffer.from(webp, 'base64').length / 1024)} KB)`);
} finally {
  await browser.close();
  stop();
}
