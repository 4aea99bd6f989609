/**
 * The site's census flow in real Chromium against the real server, with the real elements: on the
 * light /tools/census a fixture is uploaded through <census-parser>, the tracker completes, the
 * element's default report-url opens /tools/census/{caseId} (dark), and <census-report> shows the
 * fixture's Total lives from its truth file. axe finds no serious or critical violation on either.
 *
 * Polling: the site leaves <census-parser> at the spec's 15 s default. The test sets the element's
 * public `pollInterval` property (its documented demo/test knob) before uploading, as
 * census-flow.test.ts does on the partner portal, so the site ships no test-only switch.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TRACKER_STEPS } from '../../shared/census/status';
import { MESSAGES } from '../../shared/messages';
import { launchBrowser, nextFrames, settleAnimations, watchProblems } from './support/browser';
import { CENSUS_FIXTURES, readTruth } from './support/census-case';
import { siteAxe } from './support/site';
import { PRIVATE_CHOICE } from '../../site/src/pages/CensusTool';
import { PARSER_LABELS } from '../../widgets/census-parser/labels';

const serverUrl = inject('serverUrl');
const M = MESSAGES.census;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's theme as a visitor sees it: the shell's class and whether its background is light. */
async function theme(page: Page): Promise<{ kind: string; light: boolean }> {
  return page.evaluate(() => {
    const shell = document.querySelector('.shell')!;
    const [r, g, b] = getComputedStyle(shell).backgroundColor.match(/\d+/g)!.map(Number);
    return { kind: /theme-(\w+)/.exec(shell.className)?.[1] ?? '', light: 0.2126 * r + 0.7152 * g + 0.0722 * b > 128 };
  });
}

/** Records layout shifts from the start of the page, as Lighthouse's CLS does (without input). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

describe('the census tool on the site', () => {
  for (const width of [1280, 390]) {
    it(`uploads a fixture on the light /tools/census and opens its dark report with the truth's Total lives at ${width} px`, async () => {
      const fixture = width === 1280 ? 'footer-blanks-xlsx' : 'long-csv';
      const truth = readTruth(fixture);
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchProblems(page);
      await watchShifts(page);
      await page.goto(`${serverUrl}/tools/census`);
      await page.waitForFunction(() => !!customElements.get('census-parser'));
      expect(await theme(page)).toEqual({ kind: 'light', light: true });
      const parser = page.locator('census-parser');
      const drop = parser.getByRole('button', { name: /Drag & drop files or Browse/ });
      await drop.waitFor();
      // The element fills the space the page reserved for it: nothing moved while it arrived.
      expect(await cls(page)).toBeLessThan(0.01);
      expect(await siteAxe(page)).toEqual([]);

      // Demo/test knob: poll every 300 ms instead of 15 s (the default stays for visitors).
      await page.evaluate(() => {
        (document.querySelector('census-parser') as HTMLElement & { pollInterval: number }).pollInterval = 300;
      });
      const chooser = page.waitForEvent('filechooser');
      await drop.click();
      await (await chooser).setFiles(join(CENSUS_FIXTURES, truth.files[0]));
      await parser.locator('[aria-current="step"]', { hasText: TRACKER_STEPS[4] }).waitFor({ timeout: 45_000 });
      // Still light while the tracker shows, and the finished state passes axe on the light tokens.
      expect((await theme(page)).kind).toBe('light');
      expect(await siteAxe(page)).toEqual([]);

      // 5 s after completion the element opens its default report-url on the site.
      await page.waitForURL(/\/tools\/census\/[A-Za-z0-9_-]{22}$/, { timeout: 15_000 });
      const report = page.locator('census-report');
      await report.getByRole('heading', { name: M.cards.totalLives }).waitFor({ timeout: 20_000 });
      await report.locator('[part="total"]').waitFor();
      expect(await report.locator('[part="total"]').textContent()).toBe(truth.expected.totalLives.toLocaleString('en-US'));
      expect(await theme(page)).toEqual({ kind: 'dark', light: false });
      // The placeholder, the skeletons and the loaded report sit in one reserved slot, so the page
      // around it does not move. Inside the element, at phone width the Total lives card grows by its
      // footnote when the figures arrive (about 0.017 CLS, the element's own; see the site issue's
      // report), so this stays under the 0.1 that counts as good rather than at zero.
      // Measured once nothing is loading or moving any more and the observer has had its entries.
      await page.waitForLoadState('networkidle');
      await settleAnimations(page);
      await nextFrames(page);
      expect(await cls(page)).toBeLessThan(0.1);
      // 'Census report' is shown once: the element's title; the page's h1 (same words) is there for
      // assistive technology but not drawn twice.
      expect(await page.getByRole('heading', { name: 'Census report', level: 1 }).count()).toBe(1);
      expect((await page.getByRole('heading', { name: 'Census report', level: 1 }).boundingBox())!.width).toBeLessThanOrEqual(1);
      expect((await report.getByRole('heading', { name: 'Census report', level: 2 }).boundingBox())!.width).toBeGreaterThan(100);
      await report.locator('figure.map').scrollIntoViewIfNeeded(); // drawn when near the viewport
      await report.locator('path.state').first().waitFor();
      expect(await siteAxe(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
      await page.close();
    });
  }

  it("'Keep my file on this device': the file is read in the page, its light report shows below with the truth's lives, and nothing is posted", async () => {
    const truth = readTruth('long-csv');
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    const problems = watchProblems(page);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') sent.push(`${r.method()} ${r.url()}`);
    });
    await page.goto(`${serverUrl}/tools/census`);
    const choice = page.getByRole('checkbox', { name: PRIVATE_CHOICE.label });
    expect(await choice.isChecked()).toBe(false);
    await choice.check();
    const parser = page.locator('census-parser');
    await parser.getByText(PARSER_LABELS.privateIdle).waitFor();
    await parser.locator('input[type=file]').setInputFiles(join(CENSUS_FIXTURES, truth.files[0]));
    const report = page.locator('census-report');
    await report.locator('[part="total"]').waitFor({ timeout: 30_000 });
    expect(await report.locator('[part="total"]').textContent()).toBe(truth.expected.totalLives.toLocaleString('en-US'));
    // Still the light page: the tool and its report on the light tokens.
    expect((await theme(page)).kind).toBe('light');
    expect(page.url()).toBe(`${serverUrl}/tools/census`);
    expect(await siteAxe(page)).toEqual([]);
    expect(sent).toEqual([]);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it("shows a refused file's error on the light tokens without a serious axe violation", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${serverUrl}/tools/census`);
    const parser = page.locator('census-parser');
    await parser.locator('input[type=file]').setInputFiles({ name: 'census.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('this is not a workbook at all') });
    await parser.getByRole('alert').filter({ hasText: M.uploadFailed }).waitFor();
    expect((await theme(page)).kind).toBe('light');
    expect(await siteAxe(page)).toEqual([]);
    await parser.getByRole('button', { name: M.retry }).click();
    await parser.getByRole('button', { name: /Drag & drop files or Browse/ }).waitFor();
    await page.close();
  });
});
