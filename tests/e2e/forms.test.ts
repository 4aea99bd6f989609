/**
 * Both sign-up forms, embedded by script tag on another origin, against the running server in
 * real Chromium: what a visitor sees for every outcome, what lands in the outbox, and accessibility.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../../shared/messages';
import { launchBrowser, seriousViolations, watchProblems } from './support/browser';
import { outbox, viewerLinks } from './support/outbox';

const serverUrl = inject('serverUrl');
const embedderUrl = inject('embedderUrl');
const dataDir = inject('dataDir');
const cs = MESSAGES.caseStudy;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(url: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(url);
  return page;
}

async function fillCaseStudy(page: Page, first: string, last: string, email: string): Promise<void> {
  await page.getByLabel(/first name/i).fill(first);
  await page.getByLabel(/last name/i).fill(last);
  await page.getByLabel(/email/i).fill(email);
}

const submitCaseStudy = (page: Page) => page.locator('case-study-form').getByRole('button').click();

describe('<case-study-form> on a blog post served from another origin', () => {
  it('shows the validation messages, refuses free mail without a call, and mails the case study', async () => {
    const page = await openPage(`${embedderUrl}/blog-post.html`);
    const problems = watchProblems(page);
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/main/')) apiCalls.push(`${r.method()} ${r.url()}`);
    });

    await expect.poll(() => page.evaluate(() => !!customElements.get('case-study-form'))).toBe(true);
    await expect(page.getByRole('heading', { name: cs.heading }).isVisible()).resolves.toBe(true);

    await submitCaseStudy(page);
    for (const text of [cs.firstNameRequired, cs.lastNameRequired, cs.emailRequired]) {
      await page.getByText(text, { exact: true }).waitFor();
    }

    await fillCaseStudy(page, 'Jane', 'Doe', 'not-an-address');
    await submitCaseStudy(page);
    await page.getByText(cs.emailInvalid, { exact: true }).waitFor();

    await page.getByLabel(/email/i).fill('jane.doe@Mail.Yahoo.co.uk.');
    await submitCaseStudy(page);
    await page.getByText(cs.workEmail, { exact: true }).waitFor();
    await page.getByText(cs.domainNotAllowed('mail.yahoo.co.uk'), { exact: true }).waitFor();
    expect(apiCalls).toEqual([]);

    const before = outbox(dataDir).length;
    await page.getByLabel(/email/i).fill('jane.doe@acme-insurance.com');
    await submitCaseStudy(page);
    await page.getByText(cs.success, { exact: true }).waitFor();
    expect(apiCalls.some((c) => c.startsWith('POST') && c.includes('/main/case-study'))).toBe(true);
    // The other messages are gone after a new submission.
    expect(await page.getByText(cs.workEmail, { exact: true }).count()).toBe(0);

    const mails = outbox(dataDir);
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1].text;
    expect(mail).toMatch(/^To: .*jane\.doe@acme-insurance\.com/im);
    const [link] = viewerLinks(mail);
    expect(link.startsWith(`${serverUrl}/case-study/download?token=`)).toBe(true);
    expect(problems.errors).toEqual([]);

    // The viewer, opened from the mail, embeds the PDF full-screen.
    const viewer = await openPage(link);
    const frame = viewer.locator('iframe');
    await frame.waitFor();
    const pdfUrl = await frame.getAttribute('src');
    expect(pdfUrl).toMatch(/eoi-transformation-case-study\.pdf$/);
    const pdf = await fetch(pdfUrl!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    // A tampered token gets the viewer's failure message.
    const bad = await openPage(`${serverUrl}/case-study/download?token=tampered`);
    await bad.getByText(cs.viewerError).or(bad.getByText(cs.viewerMissingLink)).first().waitFor();
    await Promise.all([page.close(), viewer.close(), bad.close()]);
  });

  it('keeps what was typed and says why for each failure the server or the network gives', async () => {
    const page = await openPage(`${embedderUrl}/blog-post.html`);
    await page.locator('case-study-form').waitFor();

    // 400 with the server's own message: an address the server cannot mail (reserved .invalid domain).
    await fillCaseStudy(page, 'Ann', 'Lee', 'ann@acme.invalid');
    await submitCaseStudy(page);
    const serverMessage = page.locator('case-study-form').getByRole('alert');
    await serverMessage.first().waitFor();
    expect(await serverMessage.first().textContent()).toMatch(/acme\.invalid/);
    expect(await page.getByLabel(/first name/i).inputValue()).toBe('Ann');
    expect(await page.getByLabel(/email/i).inputValue()).toBe('ann@acme.invalid');

    // 404: a case study the server does not have.
    await page.evaluate(() => document.querySelector('case-study-form')!.setAttribute('case-study-name', 'no-such-study.pdf'));
    await page.getByLabel(/email/i).fill('ann@acme-insurance.com');
    await submitCaseStudy(page);
    await page.getByText(cs.notFound, { exact: true }).waitFor();
    expect(await page.getByText(/acme\.invalid/).count()).toBe(0);

    // Network error: the API origin does not answer.
    await page.evaluate(() => {
      const el = document.querySelector('case-study-form')!;
      el.removeAttribute('case-study-name');
      el.setAttribute('api-base', 'http://127.0.0.1:9');
    });
    await submitCaseStudy(page);
    await page.getByText(cs.networkError, { exact: true }).waitFor();
    expect(await page.getByLabel(/last name/i).inputValue()).toBe('Lee');
    await page.close();
  });

  it('answers 403 to an origin that is not on the allow-list', async () => {
    // Same embedder, reached under another host name: a different origin the server does not allow.
    const page = await openPage(`${embedderUrl.replace('127.0.0.1', 'localhost')}/blog-post.html`);
    await page.locator('case-study-form').waitFor();
    await fillCaseStudy(page, 'Ann', 'Lee', 'ann@acme-insurance.com');
    const answer = page.waitForResponse((r) => r.url().includes('/main/case-study') && r.request().method() === 'POST');
    await submitCaseStudy(page);
    const response = await answer;
    expect(response.status()).toBe(403);
    const forbidden = page.getByText(cs.forbidden, { exact: true });
    await forbidden.waitFor();
    expect(await forbidden.isVisible()).toBe(true);
    // The form keeps what was typed, so the visitor loses nothing.
    expect(await page.getByLabel(/email/i).inputValue()).toBe('ann@acme-insurance.com');
    await page.close();
  });
});

describe('<webinar-subscribe> on a webinar page served from another origin', () => {
  it('validates, subscribes once per address, and says so', async () => {
    const page = await openPage(`${embedderUrl}/webinar.html`);
    const problems = watchProblems(page);
    const wb = MESSAGES.webinar;
    await page.getByRole('heading', { name: wb.heading }).waitFor();
    const email = page.getByPlaceholder(wb.placeholder);
    const submit = page.locator('webinar-subscribe').getByRole('button', { name: /submit/i });

    await submit.click();
    await page.getByText(wb.emailRequired, { exact: true }).waitFor();
    await email.fill('nope@');
    await submit.click();
    await page.getByText(wb.emailInvalid, { exact: true }).waitFor();

    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/main/mailing-list') && r.method() === 'POST') sent.push(r.postDataJSON());
    });
    await email.fill('sam@broker-partners.com');
    await submit.click();
    await page.getByText(wb.success).waitFor();
    expect(sent).toEqual([{ email: 'sam@broker-partners.com', mailingListType: 'PROMOTION', mailingListIdentifier: 'JAN2024', website: '' }].map((b) => expect.objectContaining({ email: b.email, mailingListType: b.mailingListType, mailingListIdentifier: b.mailingListIdentifier })));
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('shows an alert and the inline failure message when the API cannot be reached', async () => {
    const page = await openPage(`${embedderUrl}/webinar.html`);
    await page.locator('webinar-subscribe').waitFor();
    await page.evaluate(() => document.querySelector('webinar-subscribe')!.setAttribute('api-base', 'http://127.0.0.1:9'));
    const alerts: string[] = [];
    page.on('dialog', async (d) => {
      alerts.push(d.message());
      await d.dismiss();
    });
    await page.getByPlaceholder(MESSAGES.webinar.placeholder).fill('sam@broker-partners.com');
    await page.locator('webinar-subscribe').getByRole('button', { name: /submit/i }).click();
    await page.getByText(MESSAGES.webinar.failure, { exact: true }).waitFor();
    expect(alerts.length).toBe(1);
    expect(await page.getByPlaceholder(MESSAGES.webinar.placeholder).inputValue()).toBe('sam@broker-partners.com');
    await page.close();
  });
});

describe('accessibility and strict CSP', () => {
  it.each(['blog-post.html', 'webinar.html'])('%s has no serious axe violations at 1280 and 390 px', async (name) => {
    for (const width of [1280, 390]) {
      const page = await openPage(`${embedderUrl}/${name}`, width);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('case-study-form, webinar-subscribe')].every((el) => el.shadowRoot?.querySelector('form')),
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    }
  });

  it('loads both forms under a CSP that allows scripts and styles only from the widget origin', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        // @ts-expect-error exposed above
        window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await page.goto(`${embedderUrl}/csp.html`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('case-study-form, webinar-subscribe')].every((el) => el.shadowRoot?.querySelector('form')),
    );
    await page.locator('case-study-form').getByRole('button').click();
    await page.getByText(MESSAGES.caseStudy.firstNameRequired, { exact: true }).waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });
});
