/**
 * The census tool on a partner's plain white page on ANOTHER origin, as a broker meets it (issue 21):
 * `theme="light"` is legible (axe, contrast included), no `report-url` still opens a working report
 * (on the widget origin, not the partner's 404), a small census shows its lives within seconds of
 * choosing the file (the first status check comes as soon as the case exists), a drop of several
 * files says which one was used, and an address the server refuses is said under the field.
 * Screenshots of each state at 1280 and 390 px go to $SHOTS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PARSER_LABELS } from '../../widgets/census-parser/labels';
import { launchBrowser, nextFrames, seriousViolations, watchProblems } from './support/browser';
import { CENSUS_FIXTURES, createCompletedCase, createCompletedCaseOf, readTruth } from './support/census-case';
import { siteAxe } from './support/site';
import { READING_LABELS } from '../../widgets/census-report/ReadingPanel';
import { ADD_FILE_LABELS } from '../../widgets/census-report/AddFile';
import { AS_OF_LABELS } from '../../widgets/census-report/AsOfControl';
import { MESSAGES } from '../../shared/messages';
import { analyzeCensus } from '../../server/census/engine';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const embedderUrl = inject('embedderUrl');
const serverUrl = inject('serverUrl');
const M = MESSAGES.census;
const shotsDir = process.env.SHOTS_DIR;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openWhitePage(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${embedderUrl}/white-census.html`);
  await page.locator('census-parser').getByRole('button', { name: /Drag & drop files or Browse/ }).waitFor();
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

describe('<census-parser theme="light"> on a white partner page without report-url', () => {
  it('is legible at 1280 and 390 px (axe: no serious violation, contrast included) and draws its own light cards', async () => {
    for (const width of [1280, 390]) {
      const page = await openWhitePage(width);
      expect(await seriousViolations(page)).toEqual([]);
      const card = await page.locator('census-parser').evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.card')!).backgroundColor);
      expect(card).toBe('rgb(245, 247, 252)');
      await shot(page, `parser-light-${width}`);
      await page.close();
    }
  });

  it("says at load, before any file is picked, when the API refuses the page's origin", async () => {
    // The same embedder under another host name: an origin the server does not allow.
    const refusedUrl = embedderUrl.replace('127.0.0.1', 'localhost');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${refusedUrl}/white-census.html`);
    const notice = page.locator('census-parser [part~="origin-refused"]');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(PARSER_LABELS.originRefused(new URL(refusedUrl).origin));
    await shot(page, 'parser-light-origin-refused-1280');
    await page.close();
    // An allowed origin hears nothing of it: once the origin check has been answered and drawn.
    const allowed = await openWhitePage(1280);
    await allowed.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/main/origin') && (e as PerformanceResourceTiming).responseEnd > 0));
    await nextFrames(allowed);
    expect(await allowed.locator('census-parser [part~="origin-refused"]').count()).toBe(0);
    await allowed.close();
  });

  it('a small census: its lives show on our report page within seconds of choosing the file', async () => {
    const fixture = 'age-only-csv';
    const truth = readTruth(fixture);
    const page = await openWhitePage(1280);
    const problems = watchProblems(page);
    const started = Date.now();
    await page.locator('census-parser input[type="file"]').setInputFiles(join(CENSUS_FIXTURES, truth.files[0]));
    // No report-url: the report opens on the widget origin's /tools/census/{caseId}, not on this origin.
    await page.waitForURL((url) => url.origin === serverUrl && /^\/tools\/census\/[A-Za-z0-9_-]{22,}$/.test(url.pathname), { timeout: 30_000 });
    const total = page.locator('census-report [part="total"]');
    await total.waitFor({ timeout: 30_000 });
    expect(await total.textContent()).toBe(truth.expected.totalLives.toLocaleString('en-US'));
    const seconds = (Date.now() - started) / 1000;
    // The spec keeps a 5 s pause after 'completed'; before issue 21 this took about 21 s.
    console.log(`census-embed: from choosing the file to seeing its lives: ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(15);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('a drop of two files uploads the first and says the second was not uploaded', async () => {
    for (const width of [1280, 390]) {
      const page = await openWhitePage(width);
      const uploads: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/main/case') uploads.push(r.url());
      });
      const drop = page.locator('census-parser').getByRole('button', { name: /Drag & drop files or Browse/ });
      const handle = await page.evaluateHandle(() => {
        const dt = new DataTransfer();
        dt.items.add(new File(['Employee ID,DOB\n1,1980-01-01\n'], 'employees.csv', { type: 'text/csv' }));
        dt.items.add(new File(['Employee ID,DOB\n2,1981-01-01\n'], 'dependents.csv', { type: 'text/csv' }));
        return dt;
      });
      await drop.dispatchEvent('drop', { dataTransfer: handle });
      const note = page.locator('census-parser').getByText(PARSER_LABELS.otherFiles('employees.csv', 1));
      await note.waitFor();
      // What the visitor sees: the note, and the first file's name on the upload.
      expect(await note.isVisible()).toBe(true);
      const file = page.locator('census-parser [part~="file"]');
      await file.waitFor();
      expect(await file.textContent()).toContain('employees.csv');
      expect(await file.textContent()).not.toContain('dependents.csv');
      // And one upload went out (the first file's; the second was not sent).
      await expect.poll(() => uploads.length, { timeout: 10_000 }).toBe(1);
      expect(await page.locator('census-parser').getByText('dependents.csv', { exact: true }).count()).toBe(0);
      await shot(page, `parser-light-two-files-${width}`);
      await page.close();
    }
  });

  it('an address the server refuses: its reason under the field, which stays editable', async () => {
    const page = await openWhitePage(390);
    // Stay on the page once the case completes (census-complete is cancelable): the help form is there.
    await page.evaluate(() => document.addEventListener('census-complete', (e) => e.preventDefault()));
    await page.locator('census-parser input[type="file"]').setInputFiles(join(CENSUS_FIXTURES, readTruth('age-only-csv').files[0]));
    const parser = page.locator('census-parser');
    const form = parser.locator('[part~="help-form"]');
    const field = form.getByRole('textbox');
    await field.waitFor();
    await field.fill('broker@acme');
    await form.getByRole('button', { name: PARSER_LABELS.helpButton }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())!.trim().length).toBeGreaterThan(10);
    expect(await field.isEditable()).toBe(true);
    expect(await field.inputValue()).toBe('broker@acme');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'parser-light-address-refused-390');
    await page.close();
  });
});

describe("<census-report>'s reading panel on a phone (390 px)", () => {
  it('no control is wider than the panel, Apply stays in view while editing, and after Apply the new lives show beside it', async () => {
    const caseId = await createCompletedCase(serverUrl, 'long-csv');
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(`${serverUrl}/tools/census/${caseId}`);
    const report = page.locator('census-report');
    await report.locator('[part="total"]').waitFor();
    const before = Number((await report.locator('[part="total"]').textContent())!.replace(/,/g, ''));
    await report.locator('summary.reading-summary').click();
    const showAll = report.locator('[part~="show-all"]');
    if (await showAll.count()) await showAll.click();
    const overflowing = await report.evaluate((el) => {
      const panel = el.shadowRoot!.querySelector('details[part="reading"]')!.getBoundingClientRect();
      return [...el.shadowRoot!.querySelectorAll('details[part="reading"] select, details[part="reading"] input, details[part="reading"] button')]
        .filter((c) => {
          const r = c.getBoundingClientRect();
          return r.width > 0 && (r.left < panel.left - 0.5 || r.right > panel.right + 0.5);
        })
        .map((c) => c.outerHTML.slice(0, 80));
    });
    expect(overflowing).toEqual([]);

    // Editing a column in the middle of the list: Apply is on screen without scrolling to the end.
    const zip = report.getByLabel("Read 'Zip' as");
    await zip.scrollIntoViewIfNeeded();
    await zip.selectOption('');
    const apply = report.getByRole('button', { name: READING_LABELS.apply });
    const box = (await apply.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await shot(page, 'reading-panel-editing-390');
    await apply.click();
    const status = report.locator('[part="apply-status"]', { hasText: 'Recalculated' });
    await status.waitFor({ timeout: 30_000 });
    expect(await status.textContent()).toContain(`Recalculated: ${before.toLocaleString('en-US')} lives`);
    expect(await status.textContent()).toContain("Changed: column 'Zip'.");
    expect(await siteAxe(page)).toEqual([]);
    await shot(page, 'reading-panel-applied-390');
    await page.close();
  });
});

describe("'Add a file to this report'", () => {
  it('adds the dependents file to the employees report and shows the combined lives', async () => {
    const examples = join(dirname(fileURLToPath(import.meta.url)), '../../examples/census');
    // The case is read before the page opens: this test is about adding a file, not a first load mid-run.
    const caseId = await createCompletedCaseOf(serverUrl, join(examples, 'staff.xlsx'));
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${serverUrl}/tools/census/${caseId}`);
    const report = page.locator('census-report');
    await report.locator('[part="total"]').waitFor({ timeout: 30_000 });
    const chooser = page.waitForEvent('filechooser');
    await report.getByRole('button', { name: ADD_FILE_LABELS.button }).click();
    await (await chooser).setFiles(join(examples, 'dependents.csv'));
    await report.locator('[part="add-file-status"]', { hasText: 'Added dependents.csv' }).waitFor({ timeout: 30_000 });
    // The combined figure is what the engine gives for both files read together, as of today.
    const both = await analyzeCensus(
      ['staff.xlsx', 'dependents.csv'].map((fileName) => ({ fileName, bytes: readFileSync(join(examples, fileName)) })),
      { asOf: new Date().toISOString().slice(0, 10) },
    );
    const lives = both.report.totalLives.toLocaleString('en-US');
    expect(await report.locator('[part="total"]').textContent()).toBe(lives);
    expect(await report.locator('[part="add-file-status"]').textContent()).toBe(`Added dependents.csv: ${lives} lives in all files.`);
    expect(await report.locator('[part="select"] option').allTextContents()).toEqual(['All files', 'staff.xlsx', 'dependents.csv']);
    expect(await siteAxe(page)).toEqual([]);
    await shot(page, 'report-file-added-1280');
    expect(problems.errors).toEqual([]);
    await page.close();
  });
});

describe('the effective date on the report', () => {
  it("'Ages and tenure as of' a chosen date recalculates the ages at that date", async () => {
    const caseId = await createCompletedCase(serverUrl, 'long-csv');
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${serverUrl}/tools/census/${caseId}`);
    const report = page.locator('census-report');
    await report.locator('[part="total"]').waitFor();
    const ages = () =>
      report.evaluate((el, caption) => {
        const table = [...el.shadowRoot!.querySelectorAll('table')].find((t) => t.caption?.textContent?.startsWith(caption));
        return Object.fromEntries([...(table?.querySelectorAll('tbody tr') ?? [])].map((tr) => [tr.querySelector('th')!.textContent!, Number(tr.querySelector('td')!.textContent)]));
      }, MESSAGES.census.cards.age);
    await report.getByLabel(AS_OF_LABELS.label).fill('2046-01-01');
    await report.getByRole('button', { name: AS_OF_LABELS.apply }).click();
    await report.locator('[part="summary"]', { hasText: 'Ages and tenure as of January 1, 2046.' }).waitFor({ timeout: 30_000 });
    const bytes = readFileSync(join(CENSUS_FIXTURES, 'long-csv.csv'));
    const expected = await analyzeCensus([{ fileName: 'long-csv.csv', bytes }], { asOf: '2046-01-01' });
    const nonZero = (d: Record<string, number>) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== 0));
    expect(nonZero(await ages())).toEqual(nonZero(expected.report.ageBand as Record<string, number>));
    expect(await report.getByLabel(AS_OF_LABELS.label).inputValue()).toBe('2046-01-01');
    expect(await siteAxe(page)).toEqual([]);
    await shot(page, 'report-as-of-390');
    await page.close();
  });
});
