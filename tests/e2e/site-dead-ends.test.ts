/**
 * No dead ends and pages that agree with themselves, in real Chromium against the real server:
 * the case-study viewer's failure state inside the site's frame, the webinar registration and its
 * .ics file, the case-study form after a successful request, and that every route ends at its
 * footer at laptop and phone widths.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../../shared/messages';
import { WEBINAR, webinarWhen } from '../../site/src/content/webinar';
import { ROUTES } from '../../site/src/routes';
import { launchBrowser } from './support/browser';
import { siteAxe } from './support/site';

const serverUrl = inject('serverUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !!document.querySelector('#root')?.firstElementChild && Object.keys(document.querySelector('#root')!).some((k) => k.startsWith('__react')));
}

describe('the case-study viewer when the link does not work', () => {
  for (const width of [1280, 390]) {
    it(`shows the site's frame, says what happened and leads back to the request form (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${serverUrl}/case-study/download?token=expired-or-made-up`);
      await page.getByRole('alert').filter({ hasText: MESSAGES.caseStudy.viewerError }).waitFor();
      await expect.poll(() => page.getByRole('banner').isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: /Benefold home/i }).first().isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/did not open/);
      expect(await siteAxe(page)).toEqual([]);
      await page.getByRole('link', { name: 'Request the case study again' }).click();
      await page.waitForURL(`${serverUrl}/case-study#request`);
      await page.locator('#request case-study-form').waitFor();
      await page.close();
    });
  }
});

describe('/register', () => {
  it("shows the webinar's date, time zone and speaker, registers with 'Register', and offers an .ics file", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${serverUrl}/register`);
    await hydrated(page);
    const when = webinarWhen();
    const facts = page.locator('.webinar-facts');
    expect(await facts.textContent()).toContain(when.date);
    expect(await facts.textContent()).toContain(when.time);
    expect(when.time).toContain(WEBINAR.timeZoneLabel);
    expect(await facts.textContent()).toContain(WEBINAR.speaker.name);

    const register = page.getByRole('button', { name: 'Register' });
    await register.click();
    expect(await page.getByText(MESSAGES.webinar.emailRequired).isVisible()).toBe(true);
    await page.getByLabel('Work e-mail').fill('dana@acme-insurance.com');
    await register.click();
    await page.getByRole('heading', { name: 'You are registered' }).waitFor();
    const body = await page.locator('.registered').textContent();
    expect(body).toContain(when.date);
    expect(body).toContain('dana@acme-insurance.com');
    expect(body).not.toMatch(/subscribing|exclusive offers/i);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('benefold-webinar.ics');
    const ics = readFileSync((await file.path())!, 'utf8');
    const start = new Date(WEBINAR.startsAt);
    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('BEGIN:VEVENT\r\n');
    expect(ics).toContain(`DTSTART:${stamp(start)}\r\n`);
    expect(ics).toContain(`DTEND:${stamp(new Date(start.getTime() + WEBINAR.durationMinutes * 60_000))}\r\n`);
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:Benefold webinar: ${WEBINAR.title}`);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(await siteAxe(page)).toEqual([]);
    await page.close();
  });
});

describe('/case-study after a successful request', () => {
  it('replaces the form with the success state and offers a fresh form for another address', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${serverUrl}/case-study`);
    await hydrated(page);
    const form = page.locator('case-study-form');
    await form.getByLabel(/first name/i).fill('Ann');
    await form.getByLabel(/last name/i).fill('Lee');
    await form.getByLabel(/email/i).fill('ann.lee@acme-insurance.com');
    await form.getByRole('button').click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await page.locator('case-study-form').count()).toBe(0);
    expect(await page.locator('.request-done').textContent()).toContain('ann.lee@acme-insurance.com');
    await page.getByRole('button', { name: 'Send it to another address' }).click();
    await page.locator('case-study-form').getByLabel(/email/i).waitFor();
    expect(await page.locator('case-study-form').getByLabel(/email/i).inputValue()).toBe('');
    await page.close();
  });
});

describe('every page ends at its footer', () => {
  // Every route of the table (a case page and the viewer's failure state included).
  const paths = ROUTES.map((r) => r.path.replace(':id', 'AbCdEfGhIjKlMnOpQrStUv').replace('/case-study/download', '/case-study/download?token=x'));
  for (const width of [1280, 390]) {
    it(`no route scrolls past its footer, and short pages have no strip below it (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const path of paths) {
        await page.goto(serverUrl + path);
        await page.locator('footer.footer').waitFor();
        // Wait for the page's own content (the census elements take their final height once loaded).
        await page.waitForLoadState('networkidle');
        const m = await page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          const footer = document.querySelector('footer.footer')!.getBoundingClientRect();
          return { footerBottom: footer.bottom + window.scrollY, scrollHeight: document.documentElement.scrollHeight, viewport: window.innerHeight };
        });
        expect(m.scrollHeight - m.footerBottom, `${path}: page continues below the footer`).toBeLessThanOrEqual(1);
        expect(m.footerBottom, `${path}: footer above the bottom of the window`).toBeGreaterThanOrEqual(m.viewport - 1);
      }
      await page.close();
    });
  }
});
