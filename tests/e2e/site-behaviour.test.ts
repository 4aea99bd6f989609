/**
 * The site's behaviours in real Chromium against the real server (product-spec sections 2 and 4):
 * navigation timings, the mobile menu at 390 px, Meet Our Team's scroll, the offsite carousel,
 * the count-up, the login guard and the 2 s sign-in, and the case-study viewer's failure messages.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BRAND } from '../../shared/brand';
import { LAYOUT, STATS, TIMING } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { launchBrowser, nextFrames, settleAnimations, watchProblems } from './support/browser';

/** Past the menu's close delay: that it stays open this long is the behaviour under test. */
const PAST_CLOSE_DELAY_MS = TIMING.dropdownCloseDelayMs + 100;
/** Past one carousel interval: that it does not advance this long (paused) is the behaviour under test. */
const PAST_ONE_INTERVAL_MS = TIMING.carouselIntervalMs + 600;

const serverUrl = inject('serverUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, width = 1280, height = 900): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(serverUrl + path);
  // Hydrated: React attached its handlers once the route's chunk ran.
  await page.waitForFunction(() => !!document.querySelector('#root')?.firstElementChild && Object.keys(document.querySelector('#root')!).some((k) => k.startsWith('__react')));
  return page;
}

describe('navigation', () => {
  it(`opens Platforms on hover, keeps it ${TIMING.dropdownCloseDelayMs} ms after the pointer leaves, then closes; Escape and keyboard work`, async () => {
    const page = await open('/');
    const trigger = page.getByRole('button', { name: 'Platforms' });
    const panel = page.locator('.dropdown-panel');
    expect(await panel.isVisible()).toBe(false);

    await trigger.hover();
    await panel.waitFor({ state: 'visible' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.evaluate((el) => el.getBoundingClientRect().width)).toBe(LAYOUT.dropdownWidthPx);
    await expect(page.getByRole('link', { name: /Enroll Enrollment automation/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: /Group Underwriting Underwriting automation/ }).isVisible()).resolves.toBe(true);

    // Measure in the page when the panel goes, relative to the moment the pointer left.
    await page.evaluate(() => {
      const log: [string, number][] = [];
      (window as unknown as { dropdownLog: typeof log }).dropdownLog = log;
      const dropdown = document.querySelector('.dropdown')!;
      dropdown.addEventListener('pointerleave', () => log.push(['leave', performance.now()]));
      new MutationObserver(() => log.push([dropdown.classList.contains('open') ? 'open' : 'closed', performance.now()])).observe(dropdown, { attributes: true });
    });
    await page.mouse.move(900, 600);
    expect(await panel.isVisible()).toBe(true); // still open right after leaving
    await panel.waitFor({ state: 'hidden' });
    const log = await page.evaluate(() => (window as unknown as { dropdownLog: [string, number][] }).dropdownLog);
    const left = log.filter(([e]) => e === 'leave').at(-1)![1];
    const closed = log.find(([e, t]) => e === 'closed' && t >= left)![1];
    expect(closed - left).toBeGreaterThanOrEqual(TIMING.dropdownCloseDelayMs - 5);
    expect(closed - left).toBeLessThan(TIMING.dropdownCloseDelayMs + 400);

    // Coming back before the delay keeps it open.
    await trigger.hover();
    await panel.waitFor({ state: 'visible' });
    await page.mouse.move(900, 600);
    await trigger.hover();
    await page.waitForTimeout(PAST_CLOSE_DELAY_MS);
    expect(await panel.isVisible()).toBe(true);
    await page.mouse.move(900, 600);
    await panel.waitFor({ state: 'hidden' });

    // Keyboard: Enter opens, Tab reaches the items, Escape closes and returns focus.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Enroll/);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Platforms');

    // Click toggles too, and choosing an item navigates, highlights the route and closes the panel.
    await trigger.click();
    await page.getByRole('link', { name: /Group Underwriting Underwriting automation/ }).click();
    await page.waitForURL(`${serverUrl}/group-underwriting`);
    await panel.waitFor({ state: 'hidden' });
    expect(await trigger.getAttribute('class')).toContain('active');
    await page.close();
  });

  it('fades the sticky bar in, highlights the active route and scrolls to the top on route change', async () => {
    const page = await open('/aboutus');
    const nav = page.locator('header.nav');
    expect(await nav.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    expect(await nav.evaluate((el) => getComputedStyle(el).animationDuration)).toBe(`${TIMING.navFadeInMs / 1000}s`);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).toBe('page');
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Case Study' }).click();
    await page.waitForURL(`${serverUrl}/case-study`);
    await page.getByRole('heading', { level: 1, name: /Evidence of insurability/ }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toMatch(/Case study/);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Case Study' }).getAttribute('aria-current')).toBe('page');
    await page.close();
  });

  it('has a slide-in menu at 390 px with an expandable Platforms group, a focus trap and Escape', async () => {
    const page = await open('/', 390, 844);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu');
    // It slides in over the page at full height, not clipped to the bar (measured once it has slid in).
    await settleAnimations(page);
    const box = (await dialog.boundingBox())!;
    expect(box.height).toBe(844);
    expect(Math.round(box.x + box.width)).toBe(390);
    expect(await page.evaluate(() => document.elementFromPoint(200, 600)?.closest('#mobile-menu') !== null)).toBe(true);

    const group = dialog.getByRole('button', { name: 'Platforms' });
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog.getByRole('link', { name: /^Enroll/ }).isVisible()).toBe(false);
    await group.click();
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await dialog.getByRole('link', { name: /^Enroll/ }).waitFor();

    // Focus stays inside: Shift+Tab from the first control lands on the last, Tab wraps back.
    await dialog.getByRole('button', { name: 'Close menu' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu');
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

    // Following a link closes the menu.
    await menuButton.click();
    await dialog.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(`${serverUrl}/aboutus`);
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('shows the footer with the current year, the privacy link and the social links', async () => {
    const page = await open('/');
    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} ${BRAND.name}`);
    expect(await footer.textContent()).toContain(BRAND.tagline);
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    for (const href of [BRAND.links.twitter, BRAND.links.github, BRAND.links.linkedin]) {
      expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    }
    await page.close();
  });
});

describe('home', () => {
  it('counts the statistics up to their targets once and opens BOOK A DEMO in a new tab', async () => {
    const page = await open('/');
    const problems = watchProblems(page);
    const values = page.locator('.stat-value');
    await page.locator('.stats-done').waitFor({ timeout: 10_000 });
    const expected = STATS.map((s) => `${s.target.toLocaleString('en-US')}${s.suffix}`);
    expect(await values.allTextContents()).toEqual(expected);
    // Once: scrolling away and back does not restart it.
    await page.evaluate(() => window.scrollTo(0, 3000));
    await page.evaluate(() => window.scrollTo(0, 0));
    await nextFrames(page); // the intersection observer has answered the scroll
    expect(await page.locator('.stats-done').count()).toBeGreaterThan(0);
    expect(await values.allTextContents()).toEqual(expected);

    const demo = page.getByRole('link', { name: /BOOK A DEMO/ });
    expect(await demo.getAttribute('href')).toBe(BRAND.links.bookDemo);
    expect(await demo.getAttribute('target')).toBe('_blank');
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('starts the count-up from 0 (checked in the middle of the animation)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Slow the clock down in the page so the middle of the animation can be observed.
    await page.addInitScript(() => {
      const raf = window.requestAnimationFrame.bind(window);
      const start = performance.now();
      const slow = (t: number) => start + (t - start) / 20;
      window.requestAnimationFrame = (cb) => raf((t) => cb(slow(t)));
      const now = performance.now.bind(performance);
      performance.now = () => slow(now());
    });
    await page.goto(`${serverUrl}/`);
    await page.locator('.stats-counting').waitFor();
    const firstValue = async () => Number((await page.locator('.stat-value').first().textContent())!.replace(/\D/g, ''));
    await expect.poll(firstValue, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    const first = await firstValue();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(STATS[0].target);
    await page.close();
  });

  it("'Meet Our Team' goes to /aboutus and smooth-scrolls to the team section", async () => {
    const page = await open('/');
    await page.getByRole('link', { name: 'Meet Our Team' }).click();
    await page.waitForURL(`${serverUrl}/aboutus#teamSection`);
    await page.getByRole('heading', { name: /Eleven people/ }).waitFor();
    await expect.poll(() => page.evaluate(() => Math.abs(document.getElementById('teamSection')!.getBoundingClientRect().top)), { timeout: 5000 }).toBeLessThan(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(await page.locator('#teamSection li').count()).toBe(11);
    await page.close();
  });

  it(`draws ${LAYOUT.partnerLogoCount} partner marks in a ring of ${LAYOUT.logoRingRadiusPx.desktop} px, ${LAYOUT.logoRingRadiusPx.mobile} px on a phone`, async () => {
    for (const [width, radius] of [
      [1280, LAYOUT.logoRingRadiusPx.desktop],
      [390, LAYOUT.logoRingRadiusPx.mobile],
    ] as const) {
      const page = await open('/', width);
      const items = page.locator('.hub-item');
      expect(await items.count()).toBe(LAYOUT.partnerLogoCount);
      const distances = await page.evaluate(() => {
        const c = document.querySelector('.hub-center')!.getBoundingClientRect();
        return [...document.querySelectorAll('.hub-item')].map((el) => {
          const r = el.getBoundingClientRect();
          return Math.hypot(r.x + r.width / 2 - (c.x + c.width / 2), r.y + r.height / 2 - (c.y + c.height / 2));
        });
      });
      for (const d of distances) expect(Math.round(d)).toBe(radius);
      await page.close();
    }
  });
});

describe('about', () => {
  it(`advances the offsite carousel every ${TIMING.carouselIntervalMs} ms, wraps, and pauses on hover and on keyboard focus`, async () => {
    const page = await open('/aboutus');
    const carousel = page.getByRole('region', { name: 'Our Team Offsites' });
    await carousel.scrollIntoViewIfNeeded();
    const dots = carousel.locator('.carousel-dot');
    expect(await dots.count()).toBe(LAYOUT.carouselImageCount);
    const current = () => dots.evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-current') === 'true'));
    await page.mouse.move(5, 5);
    expect(await current()).toBe(0);
    await expect.poll(current, { timeout: TIMING.carouselIntervalMs + 1500, interval: 200 }).toBe(1);

    // Hover pauses.
    await carousel.locator('.carousel-viewport').hover();
    const atHover = await current();
    await page.waitForTimeout(PAST_ONE_INTERVAL_MS);
    expect(await current()).toBe(atHover);
    await page.mouse.move(5, 5);
    await expect.poll(current, { timeout: TIMING.carouselIntervalMs + 1500, interval: 200 }).toBe((atHover + 1) % LAYOUT.carouselImageCount);

    // Keyboard focus pauses; previous wraps from the first to the last image; next wraps back.
    await dots.first().focus();
    await page.keyboard.press('Enter');
    expect(await current()).toBe(0);
    await carousel.getByRole('button', { name: 'Previous photo' }).focus();
    await page.keyboard.press('Enter');
    expect(await current()).toBe(LAYOUT.carouselImageCount - 1);
    await page.waitForTimeout(PAST_ONE_INTERVAL_MS);
    expect(await current()).toBe(LAYOUT.carouselImageCount - 1);
    await carousel.getByRole('button', { name: 'Next photo' }).click();
    expect(await current()).toBe(0);
    await page.close();
  });
});

describe('sign-in and sign-up', () => {
  it(`signs in for ${TIMING.signInLoadingMs} ms with the inputs disabled and makes no call`, async () => {
    const page = await open('/login');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.getByLabel('Email').fill('ann@acme-insurance.com');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByLabel('Remember me').check();
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    expect(await page.getByLabel('Password').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    await page.waitForFunction(() => !(document.getElementById('login-email') as HTMLInputElement).disabled, undefined, { timeout: TIMING.signInLoadingMs + 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMING.signInLoadingMs - 50);
    expect(requests).toEqual([]);
    expect(await page.getByLabel('Email').inputValue()).toBe('ann@acme-insurance.com');
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/recover-password');
    expect(await page.getByRole('link', { name: "Don't have an account?" }).getAttribute('href')).toBe('/signup');
    await page.close();
  });

  it('sign-up only marks its inputs required', async () => {
    const page = await open('/signup');
    for (const label of ['Full name', 'Email', 'Password']) expect(await page.getByLabel(label).getAttribute('required')).toBe('');
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(page.url()).toBe(`${serverUrl}/signup`);
    expect(await page.getByRole('link', { name: 'Already have an account?' }).getAttribute('href')).toBe('/login/');
    await page.close();
  });

  it('sends a visitor who is already signed in (the bf_session marker) to the app instead of /login and /signup', async () => {
    const context = await browser.newContext();
    await context.route(`${BRAND.links.app}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Benefold app</title><h1>App</h1>' }));
    await context.addCookies([{ name: 'bf_session', value: '1', url: serverUrl }]);
    for (const path of ['/login', '/signup']) {
      const page = await context.newPage();
      await page.goto(serverUrl + path);
      await page.waitForURL(`${BRAND.links.app}/`);
      expect(await page.title()).toBe('Benefold app');
      await page.close();
    }
    await context.close();
  });
});

describe('case-study viewer', () => {
  it("says 'Failed to retrieve the case study' when the call fails, and the Case Study message when no link comes back", async () => {
    const page = await browser.newPage();
    await page.goto(`${serverUrl}/case-study/download?token=not-a-real-token`);
    const failed = page.getByRole('alert').filter({ hasText: MESSAGES.caseStudy.viewerError });
    await failed.waitFor();
    expect(await failed.textContent()).toContain(MESSAGES.caseStudy.viewerError);
    expect(await page.locator('iframe, embed, object').count()).toBe(0);
    // An answer without a link (the server never sends one, so the page's own call is answered here).
    await page.route('**/main/case-study?**', (route) => route.fulfill({ contentType: 'application/json', body: '{}' }));
    await page.goto(`${serverUrl}/case-study/download?token=x&utm_source=mail`);
    const missing = page.getByRole('alert').filter({ hasText: MESSAGES.caseStudy.viewerMissingLink });
    await missing.waitFor();
    expect(await missing.textContent()).toContain(MESSAGES.caseStudy.viewerMissingLink);
    // (hasText is case-insensitive and the two messages differ only in case: compare the text itself.)
    expect(await missing.textContent()).not.toContain(MESSAGES.caseStudy.viewerError);
    expect(await page.locator('iframe, embed, object').count()).toBe(0);
    await page.close();
  });
});
