/**
 * The census tool end to end, in real Chromium, against the running server, from a broker portal on
 * ANOTHER origin (examples/partner-portal.html and partner-report.html served by the embedder):
 * keyboard opens the picker, a fixture from ../shared/fixtures/census uploads, the tracker runs, the
 * default action of census-complete opens the portal's report page, whose figures equal the truth
 * file, and Export downloads the clean XLSX. A password-protected workbook asks for its password and
 * completes. axe finds no serious or critical violation on either page.
 *
 * Polling: the element's poll-interval is shortened on the page (a demo/test knob); the 15 s / 3 s
 * rules themselves are unit-tested with fake timers in tests/widgets/census-parser.test.tsx.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import officeCrypto from 'officecrypto-tool';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as XLSX from 'xlsx';
import { TRACKER_STEPS } from '../../shared/census/status';
import { MESSAGES } from '../../shared/messages';
import { analyzeCensus } from '../../server/census/engine';
import { STATES } from '../../widgets/internal/charts/states';
import { launchBrowser, seriousViolations, watchProblems } from './support/browser';
import { decodeQuotedPrintable, outbox } from './support/outbox';

const embedderUrl = inject('embedderUrl');
const dataDir = inject('dataDir');
/** The case the first test completes (the strict-CSP test shows its report). */
let completedCase = '';
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/census');
const M = MESSAGES.census;

interface Truth {
  files: string[];
  expected: {
    totalLives: number;
    livesAdditionalInfo: { retired: number; excluded: number };
    gender: { male: number; female: number; unknown: number };
    salaryBand: Record<string, number>;
    demographics: Record<string, number>;
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openPortal(width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true });
  await page.goto(`${embedderUrl}/partner-portal.html`);
  await page.waitForFunction(() => !!customElements.get('census-parser'));
  // Demo/test knob: poll every 300 ms instead of 15 s.
  await page.evaluate(() => {
    (document.querySelector('census-parser') as HTMLElement & { pollInterval: number }).pollInterval = 300;
  });
  return page;
}

/** The rows of the report's hidden data table captioned `caption`: label -> count. */
async function tableOf(page: Page, caption: string): Promise<Record<string, number>> {
  return page.evaluate((cap) => {
    const root = document.querySelector('census-report')!.shadowRoot!;
    const table = [...root.querySelectorAll('table')].find((t) => t.caption?.textContent?.startsWith(cap));
    if (!table) return {};
    return Object.fromEntries(
      [...table.querySelectorAll('tbody tr')].map((tr) => [tr.querySelector('th')!.textContent!, Number(tr.querySelector('td')!.textContent!.replace(/,/g, ''))]),
    );
  }, caption);
}

/** A distribution with its zero buckets left out (the truth files may omit them). */
const nonZero = (d: Record<string, number>) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== 0));

describe('<census-parser> and <census-report> on a broker portal (another origin)', () => {
  it('keyboard upload of a fixture -> tracker -> the portal report with the truth figures -> Export XLSX', async () => {
    const fixture = 'footer-blanks-xlsx';
    const truth: Truth = JSON.parse(readFileSync(join(fixtures, `${fixture}.truth.json`), 'utf8'));
    const page = await openPortal();
    const problems = watchProblems(page);
    const parser = page.locator('census-parser');
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: Tab reaches the drop area; Enter opens the file picker.
    const drop = parser.getByRole('button', { name: /Drag & drop files or Browse/ });
    for (let i = 0; i < 6 && !(await drop.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Tab');
    expect(await drop.evaluate((el) => el.matches(':focus'))).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await page.evaluate(() => 0); // lets Playwright's file-chooser interception settle before the key press
    await page.keyboard.press('Enter');
    const statuses: string[] = [];
    await page.exposeFunction('recordStatus', (s: string) => statuses.push(s));
    await page.evaluate(() => {
      document.addEventListener('census-status', (e) => (window as unknown as { recordStatus(s: string): void }).recordStatus((e as CustomEvent).detail.status));
    });
    await (await chooser).setFiles(join(fixtures, truth.files[0]));

    await parser.locator('.file-state', { hasText: M.processing }).waitFor();
    await parser.locator('[aria-current="step"]', { hasText: TRACKER_STEPS[4] }).waitFor({ timeout: 45_000 });
    expect(statuses.at(-1)).toBe('completed');
    // 5 s later the default action of census-complete opens the portal's own report page.
    await page.waitForURL(/\/partner-report\.html\?caseId=[A-Za-z0-9_-]{22,}$/, { timeout: 15_000 });
    const caseId = new URL(page.url()).searchParams.get('caseId')!;

    const report = page.locator('census-report');
    await report.getByRole('heading', { name: M.cards.totalLives }).waitFor();
    await report.locator('[part="total"]').waitFor();
    expect(await report.locator('[part="total"]').textContent()).toBe(truth.expected.totalLives.toLocaleString('en-US'));
    const { retired, excluded } = truth.expected.livesAdditionalInfo;
    if (retired > 0 && excluded > 0) expect(await report.locator('[part="footnote"]').textContent()).toContain(`${excluded} excluded`);

    const gender = await tableOf(page, M.cards.gender);
    expect(Object.values(gender)).toEqual([truth.expected.gender.male, truth.expected.gender.female, truth.expected.gender.unknown]);
    expect(nonZero(await tableOf(page, M.cards.salary))).toEqual(nonZero(truth.expected.salaryBand));
    const byName = Object.fromEntries(Object.values(STATES).map(([code, name]) => [code, name]));
    const expectedStates = Object.fromEntries(Object.entries(nonZero(truth.expected.demographics)).map(([code, n]) => [byName[code], n]));
    expect(nonZero(await tableOf(page, M.cards.distribution))).toEqual(expectedStates);
    // Ages and tenure depend on the analysis date: the server analyses as of the upload day (UTC);
    // the truth file's figures are as of its asOf. Compare with the engine run on that day.
    const bytes = readFileSync(join(fixtures, truth.files[0]));
    const today = await analyzeCensus([{ fileName: truth.files[0], bytes }], { asOf: new Date().toISOString().slice(0, 10) });
    expect(nonZero(await tableOf(page, M.cards.age))).toEqual(nonZero(today.report.ageBand as Record<string, number>));
    expect(nonZero(await tableOf(page, M.cards.tenure))).toEqual(nonZero(today.report.tenure as Record<string, number>));

    // The map is drawn from the server's own copy of us-atlas when it comes near the viewport; the map is one focusable region.
    await report.locator('figure.map').scrollIntoViewIfNeeded();
    await report.locator('path.state').first().waitFor();
    expect(await report.locator('path.state').count()).toBe(51);
    expect(await seriousViolations(page)).toEqual([]);

    // Export: a real download of the clean XLSX.
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: M.export }).click();
    const file = await download;
    const path = await file.path();
    const workbook = XLSX.read(readFileSync(path!), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[workbook.SheetNames[0]]);
    expect(rows.length).toBeGreaterThanOrEqual(truth.expected.totalLives);

    expect(caseId.length).toBeGreaterThanOrEqual(22);
    completedCase = caseId;
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('a password-protected workbook asks for its password, then completes', async () => {
    const plain = readFileSync(join(fixtures, 'title-rows-xlsx.xlsx'));
    const locked: Buffer = await officeCrypto.encrypt(plain, { password: 'Renewal2026' });
    const page = await openPortal(390);
    const parser = page.locator('census-parser');
    await page.evaluate(() => document.addEventListener('census-complete', (e) => e.preventDefault()));
    await parser.locator('input[type=file]').setInputFiles({ name: 'locked census.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: locked });
    const password = parser.getByLabel('File password');
    await password.waitFor({ timeout: 45_000 });
    expect(await parser.getByText(M.passwordRequired).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    await password.fill('wrong');
    await password.press('Enter');
    await parser.locator('.error', { hasText: M.passwordIncorrect }).waitFor({ timeout: 45_000 });

    await parser.getByLabel('File password').fill('Renewal2026');
    await parser.getByLabel('File password').press('Enter');
    await parser.locator('[aria-current="step"]', { hasText: TRACKER_STEPS[4] }).waitFor({ timeout: 45_000 });
    await parser.getByRole('link', { name: 'Open the report' }).waitFor();
    await page.close();
  });

  it('a file that is not a spreadsheet: Failed to submit file with the server reason; RETRY goes back', async () => {
    const page = await openPortal();
    const parser = page.locator('census-parser');
    await parser.locator('input[type=file]').setInputFiles({ name: 'census.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('this is not a workbook at all') });
    await parser.getByRole('alert').filter({ hasText: M.uploadFailed }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await parser.getByRole('button', { name: M.retry }).click();
    await parser.getByRole('button', { name: /Drag & drop files or Browse/ }).waitFor();
    await page.close();
  });

  it('every census element and chart works under a strict CSP (no inline styles, no eval)', async () => {
    expect(completedCase).not.toBe('');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
    });
    // script-src, style-src and connect-src: the widget origin only (tests/e2e/support/embedder.ts).
    await page.goto(`${embedderUrl}/csp-census.html?caseId=${completedCase}`);
    const report = page.locator('census-report');
    await report.locator('[part="total"]').waitFor({ timeout: 20_000 });
    await report.locator('figure.map').scrollIntoViewIfNeeded(); // drawn when near the viewport
    await report.locator('path.state').first().waitFor();
    await page.locator('census-parser').getByRole('button', { name: /Drag & drop/ }).waitFor();
    // The charts drew on their canvases (a pixel that is not transparent) once scrolled to: a chart
    // is drawn when it comes near the viewport.
    for (const tag of ['gender-doughnut', 'time-bar-chart']) await page.locator(tag).scrollIntoViewIfNeeded();
    const drawn = () =>
      page.evaluate(() =>
        ['gender-doughnut', 'time-bar-chart'].map((tag) => {
          const canvas = document.querySelector(tag)!.shadowRoot!.querySelector('canvas')!;
          const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          return data.some((v, i) => i % 4 === 3 && v > 0);
        }),
      );
    await expect.poll(drawn, { timeout: 10_000 }).toEqual([true, true]);
    expect(problems.errors.filter((e) => /CSP|Refused/.test(e))).toEqual([]);
    // (axe is not injected here: the strict CSP refuses inline scripts; the other tests run it.)
    await page.close();
  });

  it("'Delete this report' deletes the case on the server after a confirmation", async () => {
    const page = await openPortal();
    await page.evaluate(() => document.addEventListener('census-complete', (e) => e.preventDefault()));
    const parser = page.locator('census-parser');
    await parser.locator('input[type=file]').setInputFiles(join(fixtures, 'long-csv.csv'));
    await parser.getByRole('link', { name: 'Open the report' }).waitFor({ timeout: 45_000 });
    const url = (await parser.getByRole('link', { name: 'Open the report' }).getAttribute('href'))!;
    await page.goto(url);
    const report = page.locator('census-report');
    await report.locator('[part="total"]').waitFor();
    const caseId = new URL(url).searchParams.get('caseId')!;
    page.once('dialog', (d) => void d.accept());
    await report.getByRole('button', { name: M.deleteReport }).click();
    await report.getByText(M.deleted).waitFor();
    const status = await page.evaluate(async (id) => {
      const base = (window as unknown as { Benefold: { config: { apiBase: string } } }).Benefold.config.apiBase;
      return (await fetch(`${base}/main/case?caseId=${encodeURIComponent(id)}`)).status;
    }, caseId);
    expect(status).toBe(404);
    await page.close();
  });

  it('the notify form: locked with the address, and the ready mail with the report link reaches the outbox', async () => {
    const page = await openPortal(390);
    // A small census is read in a fraction of a second and its first status check comes at once: on a
    // slow link the status answers come late, which keeps the visitor on the processing view long
    // enough to fill in the form. The answers still come from the server, only held until then.
    /** The slow link holds a status answer until the form is sent, at most this long (the behaviour, not a wait). */
    const SLOW_LINK_HOLD_MS = 20_000;
    let formSent: () => void = () => {};
    const sent = new Promise<void>((resolve) => (formSent = resolve));
    await page.route('**/main/case/status?**', async (route) => {
      await Promise.race([sent, new Promise((r) => setTimeout(r, SLOW_LINK_HOLD_MS))]);
      await route.continue();
    });
    const parser = page.locator('census-parser');
    let caseId = '';
    page.on('response', async (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/main/case') && !caseId) caseId = (await r.json().catch(() => ({})))?.data?.caseId ?? '';
    });
    await parser.locator('input[type=file]').setInputFiles(join(fixtures, 'age-only-csv.csv'));
    const form = parser.locator('[part~="notify-form"]');
    await form.waitFor();
    const address = `broker+${Date.now()}@acme-benefits.example`;
    await form.getByPlaceholder(M.notifyPlaceholder).fill(address);
    await form.getByRole('button').click();
    await form.getByText(M.notifiedAt).waitFor();
    expect(await form.getByPlaceholder(M.notifyPlaceholder).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    formSent();
    await expect.poll(() => outbox(dataDir).filter((m) => m.text.includes(address)).length, { timeout: 30_000 }).toBe(1);
    const mail = decodeQuotedPrintable(outbox(dataDir).find((m) => m.text.includes(address))!.text);
    expect(caseId).not.toBe('');
    expect(mail).toContain(`/tools/census/${caseId}`);
    await page.close();
  });
});
