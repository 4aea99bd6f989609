/**
 * The sample report in real Chromium against the real server: /tools/census/sample shows the sample
 * case (made by the server at start-up from examples/census/sample-census.xlsx) with no upload,
 * every card has figures, and the case can be neither deleted nor changed.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SAMPLE_CASE } from '../../shared/constants';
import { SAMPLE_TEXT } from '../../server/cases/sample-id';
import { launchBrowser, watchProblems } from './support/browser';
import { siteAxe } from './support/site';
import { waitUntil } from '../support/wait';

const serverUrl = inject('serverUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // The server makes the sample in the background at start-up: wait for it (bounded by the hook's timeout).
  const status = await waitUntil(
    async () => {
      const res = await fetch(`${serverUrl}/main/case/status?caseId=${SAMPLE_CASE.id}`);
      return res.ok ? (await res.json()).data.status : res.status;
    },
    (s) => s === 'completed' || s === 'error',
    { timeoutMs: 85_000, intervalMs: 250, what: 'the sample case' },
  );
  if (status === 'error') throw new Error('the sample case failed to process');
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

/** Each card's title and the text it shows, shadow roots included (the charts are elements of their own). */
function cardTexts() {
  const deepText = (node: Node): string => {
    let text = '';
    if (node instanceof Element && node.shadowRoot) text += deepText(node.shadowRoot);
    for (const child of node.childNodes) text += child.nodeType === Node.TEXT_NODE ? ` ${child.textContent}` : deepText(child);
    return text;
  };
  const root = document.querySelector('census-report')!.shadowRoot!;
  return [...root.querySelectorAll('[part~="card"]')].map((card) => ({
    title: card.querySelector('.tile-title')?.textContent ?? '',
    text: deepText(card).replace(/\s+/g, ' '),
    skeleton: !!card.querySelector('[part="skeleton"]'),
  }));
}

describe('the sample report', () => {
  for (const width of [1280, 390]) {
    it(`loads at ${width} px without any upload, and every card shows figures`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(`${serverUrl}/tools/census`);
      await page.getByRole('link', { name: 'See a sample report' }).click();
      await page.waitForURL(`${serverUrl}${SAMPLE_CASE.path}`);
      const report = page.locator('census-report');
      await report.locator('[part="total"]').waitFor({ timeout: 20_000 });
      await report.locator('figure.map').scrollIntoViewIfNeeded(); // drawn when near the viewport
      await report.locator('path.state').first().waitFor();
      expect(Number((await report.locator('[part="total"]').textContent())!.replace(/,/g, ''))).toBeGreaterThan(60);

      const cards = await page.evaluate(cardTexts);
      // The spec's six cards and 'Coverage tiers' (the sample file carries a tier column).
      expect(cards.map((c) => c.title)).toContain('Coverage tiers');
      expect(cards.length).toBe(7);
      for (const card of cards) {
        expect(card.skeleton, card.title).toBe(false);
        // A card has data when it shows at least one figure above zero.
        const figures = (card.text.match(/\d[\d,]*/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
        expect(figures.some((n) => n > 0), `${card.title}: ${card.text}`).toBe(true);
      }
      // The reading panel (how the file was read) is there too.
      await report.getByText('How we read your file').waitFor();
      // Its correction step explains that the sample cannot be changed.
      await report.getByText('How we read your file').click();
      await report.getByText(/This is the sample report: its reading cannot be changed/).waitFor();
      expect(await report.getByRole('button', { name: 'Apply and recalculate' }).isDisabled()).toBe(true);
      // No way to delete it from the page.
      expect(await report.getByRole('button', { name: /delete/i }).count()).toBe(0);
      expect(await siteAxe(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
      await page.close();
    });
  }

  it('cannot be deleted or changed through the API, and the answer says why', async () => {
    const del = await fetch(`${serverUrl}/main/case?caseId=${SAMPLE_CASE.id}`, { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect((await del.json()).message).toBe(SAMPLE_TEXT.readOnly);

    const form = new FormData();
    form.append('caseId', SAMPLE_CASE.id);
    form.append('file', new Blob(['Employee ID,First Name\n1,Ann\n'], { type: 'text/csv' }), 'more.csv');
    const add = await fetch(`${serverUrl}/main/case`, { method: 'POST', body: form });
    expect(add.status).toBe(403);
    expect((await add.json()).message).toBe(SAMPLE_TEXT.readOnly);

    const report = await fetch(`${serverUrl}/main/case?caseId=${SAMPLE_CASE.id}`);
    expect(report.status).toBe(200);
    expect((await report.json()).data.isSample).toBe(true);
  });

  it("Group Underwriting's hero is a picture of that report and leads to it", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${serverUrl}/group-underwriting`);
    const hero = page.locator('.hero-art img');
    expect(await hero.getAttribute('src')).toBe('/img/art/sample-report.webp');
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.locator('.hero-art a').click();
    await page.waitForURL(`${serverUrl}${SAMPLE_CASE.path}`);
    await page.close();
  });
});
