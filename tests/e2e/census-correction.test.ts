/**
 * Review and correct (issue 14), end to end in real Chromium against the running server, from a
 * broker portal on ANOTHER origin: upload a CSV fixture, see the summary line, read the Status
 * column as 'Not used' (every member becomes a life) with 'Remember' ticked, apply, and see the new
 * figures; reload and see 'Read with your changes'; upload the same file again and see the saved
 * reading applied ('Read with the choices you saved on ...'). axe: no serious violation, on the dark
 * portal page and on a white page with theme="light" and with the default theme; the page never
 * scrolls past its footer.
 */
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { READING_LABELS } from '../../widgets/census-report/ReadingPanel';
import { launchBrowser, seriousViolations, watchProblems } from './support/browser';

const embedderUrl = inject('embedderUrl');
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/census');
const FIXTURE = 'long-csv.csv';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Uploads the fixture on the portal page and waits for its report page (the parser's default action). */
async function uploadAndOpen(page: Page): Promise<string> {
  await page.goto(`${embedderUrl}/partner-portal.html`);
  await page.waitForFunction(() => !!customElements.get('census-parser'));
  await page.evaluate(() => {
    (document.querySelector('census-parser') as HTMLElement & { pollInterval: number }).pollInterval = 300;
  });
  const chooser = page.waitForEvent('filechooser');
  await page.locator('census-parser').getByRole('button', { name: /Drag & drop files or Browse/ }).click();
  await (await chooser).setFiles(join(fixtures, FIXTURE));
  await page.waitForURL(/\/partner-report\.html\?caseId=[A-Za-z0-9_-]{22,}$/, { timeout: 45_000 });
  await page.locator('census-report [part="total"]').waitFor();
  return new URL(page.url()).searchParams.get('caseId')!;
}

/** 'Show all N columns' in the reading panel, when it opened on the flagged columns only. */
async function showAllColumns(page: Page): Promise<void> {
  const showAll = page.locator('census-report [part~="show-all"]');
  if ((await showAll.count()) && (await showAll.getAttribute('aria-expanded')) === 'false') await showAll.click();
}

const total = async (page: Page) => Number((await page.locator('census-report [part="total"]').textContent())!.replace(/,/g, ''));

describe('<census-report> correction on a broker portal (another origin)', () => {
  it("a code fix (COBRA read as terminated), remembered, gives the same lives when the same file is uploaded again", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await uploadAndOpen(page);
    const report = page.locator('census-report');
    const before = await total(page);
    await report.locator('summary.reading-summary').click();
    await report.getByLabel("Read 'COBRA' of 'Status' as").selectOption('terminated');
    await report.getByLabel(new RegExp(READING_LABELS.remember)).check();
    await report.getByRole('button', { name: READING_LABELS.apply }).click();
    await report.locator('[part="reading-notice"]', { hasText: READING_LABELS.yours }).waitFor({ timeout: 45_000 });
    const fixed = await total(page);
    // The four COBRA members are no longer lives (terminated members are excluded: CENSUS.md).
    expect(fixed).toBe(before - 4);
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('benefold:census-readings:v1')))!);
    expect(saved[0].codes).toEqual([{ sheet: 'Sheet1', header: 'Status', value: 'COBRA', as: 'terminated' }]);

    // The same file again: the saved reading, code fix included, goes with the upload.
    await uploadAndOpen(page);
    await report.locator('[part="reading-notice"]', { hasText: 'Read with the choices you saved on' }).waitFor();
    expect(await total(page)).toBe(fixed);
    expect(problems.errors).toEqual([]);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it('summary -> Status read as Not used (remembered) -> new figures -> reload -> the same file again reads with the saved choices', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await uploadAndOpen(page);
    const report = page.locator('census-report');
    const summary = (await report.locator('[part="summary"]').textContent())!;
    expect(summary).toMatch(/^\d+ lives: \d+ employees and \d+ dependents/);
    expect(summary).toMatch(/Ages and tenure as of /);
    expect(summary).toMatch(/Read 1 file, 1 sheet and \d+ rows/);
    const before = await total(page);
    const footnote = (await report.locator('[part="footnote"]').textContent()) ?? '';
    const [excluded, retired] = [/(\d+) excluded/.exec(footnote)![1], /(\d+) retired/.exec(footnote)![1]].map(Number);

    // The reading panel: read 'Status' as Not used, remember it, apply. The panel opens on the columns
    // the review flagged; 'Show all N columns' shows the others.
    await report.locator('summary.reading-summary').click();
    await showAllColumns(page);
    await report.getByLabel("Read 'Status' as").selectOption('');
    await report.getByLabel(new RegExp(READING_LABELS.remember)).check();
    await report.getByRole('button', { name: READING_LABELS.apply }).click();
    await report.locator('[part="reading-notice"]', { hasText: READING_LABELS.yours }).waitFor({ timeout: 45_000 });
    expect(await report.locator('[part="reading-notice"]').textContent()).toContain("Changed: column 'Status'.");
    // Without a status every member is a life (the engine applies the reading: issue 12).
    expect(await total(page)).toBe(before + excluded + retired);

    await page.reload();
    await report.locator('[part="reading-notice"]', { hasText: READING_LABELS.yours }).waitFor();
    expect(await total(page)).toBe(before + excluded + retired);
    // Only headers and fields were kept in the portal's storage.
    const saved = await page.evaluate(() => localStorage.getItem('benefold:census-readings:v1'));
    expect(JSON.parse(saved!)[0]).toEqual(expect.objectContaining({ columns: [{ sheet: 'Sheet1', header: 'Status', field: null }] }));

    // The same file again: the parser sends the saved reading with it.
    await uploadAndOpen(page);
    await report.locator('[part="reading-notice"]', { hasText: 'Read with the choices you saved on' }).waitFor();
    expect(await total(page)).toBe(before + excluded + retired);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('is legible on a white page (theme="light" and the default theme) and on the dark portal; never scrolls past the footer', async () => {
    const setup = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const caseId = await uploadAndOpen(setup);
    await setup.close();
    for (const [path, width, theme] of [
      ['partner-report-light.html', 1280, 'light'],
      ['partner-report-light.html', 390, 'light'],
      ['partner-report-light.html', 1280, null],
      ['partner-report.html', 390, null],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${embedderUrl}/${path}?caseId=${caseId}`);
      if (theme === null) await page.evaluate(() => document.querySelector('census-report')!.removeAttribute('theme'));
      await page.locator('census-report [part="total"]').waitFor();
      // The map is drawn when it comes near the viewport (as the charts are).
      await page.locator('census-report figure.map').scrollIntoViewIfNeeded();
      await page.locator('census-report path.state').first().waitFor();
      await page.locator('census-report summary.reading-summary').click();
      const violations = await seriousViolations(page);
      expect(violations, `${path} ${width} ${theme}`).toEqual([]);
      // The hidden data tables take no height: nothing below the footer.
      const below = await page.evaluate(() => document.documentElement.scrollHeight - (document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY));
      expect(below).toBeLessThanOrEqual(1);
      const overflowX = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflowX).toBe(0);
      await page.close();
    }
  });
});
