/**
 * The export target choice in <census-report>, in real Chromium on the broker portal's report page:
 * each target shows ready or 'N things to fix'; a target that is not ready shows its list before the
 * download (focus on its title), with 'Ask the employer for what is missing' as a mailto of counts and
 * fields only and 'Download anyway', which downloads the target's file; a ready target with advisories
 * shows them first with what its file holds and 'Download'; Export keeps its name and busy state. axe finds no serious violation with the list open.
 * Screenshots at 1280 and 390 px go to /tmp/shots-export/ (looked at by hand, not compared).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as XLSX from 'xlsx';
import { MESSAGES } from '../../shared/messages';
import { launchBrowser, seriousViolations, watchProblems } from './support/browser';
import { createCompletedCase } from './support/census-case';

const serverUrl = inject('serverUrl');
const embedderUrl = inject('embedderUrl');
const SHOTS = '/tmp/shots-export';

let browser: Browser;
let caseId = '';
beforeAll(async () => {
  browser = await launchBrowser();
  // long-csv: a census of employees and dependents with names and birth dates, without SSNs.
  caseId = await createCompletedCase(serverUrl, 'long-csv');
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function openReport(width: number, pageName = 'partner-report.html'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true });
  await page.goto(`${embedderUrl}/${pageName}?caseId=${caseId}`);
  await page.locator('census-report [part="total"]').waitFor({ timeout: 20_000 });
  return page;
}

describe('<census-report>: export targets with readiness', () => {
  it.each([1280, 390])('chooses a target, sees what is missing, asks the employer, downloads anyway (%i px)', async (width) => {
    const page = await openReport(width);
    const problems = watchProblems(page);
    const report = page.locator('census-report');
    const choice = report.getByLabel('Export as');
    // The marks arrive with the readiness: ready, or 'N things to fix'.
    await report.locator('option', { hasText: /DC Health Link employee census \(XLSX\): \d+ things? to fix/ }).waitFor({ state: 'attached', timeout: 30_000 });
    const options = await choice.locator('option').allTextContents();
    expect(options).toHaveLength(7);
    expect(options[0]).toBe('Clean census (XLSX): ready');
    expect(options.every((o) => /: (ready|needs your check|\d+ things? to fix)$/.test(o))).toBe(true);
    // A name that says its format is not repeated ('(CSV) (CSV)').
    expect(options.some((o) => /\((CSV|JSON|XLSX)\) \(\1\)/.test(o))).toBe(false);
    await page.screenshot({ path: `${SHOTS}/target-choice-${width}.png`, fullPage: false });

    // Keyboard: the choice is a native select; Export keeps its name.
    await choice.focus();
    await choice.selectOption('dchl');
    const exportButton = report.getByRole('button', { name: MESSAGES.census.export, exact: true });
    await exportButton.press('Enter');
    const list = report.getByRole('region', { name: /things? to fix for the DC Health Link employee census/ });
    await list.waitFor();
    await expect.poll(() => report.locator('.fix-title').evaluate((el) => el.matches(':focus')), { timeout: 2000 }).toBe(true);
    expect(await list.getByRole('listitem').first().textContent()).toMatch(/Needed.*employees have no full SSN/);
    const mailto = await list.getByRole('link', { name: 'Ask the employer for what is missing' }).getAttribute('href');
    expect(mailto).toMatch(/^mailto:\?subject=/);
    const body = decodeURIComponent(mailto!.split('body=')[1]);
    expect(body).toMatch(/- \d+ employees have no full SSN/);
    // Counts and fields only: no one's name from the census.
    const names = readFileSync(new URL('../../../shared/fixtures/census/long-csv.csv', import.meta.url), 'utf8').split(/\r?\n/).slice(1, 6).map((l) => l.split(',')[1]).filter((n) => n && n.length > 2);
    for (const n of names) expect(body).not.toContain(n);
    expect(await seriousViolations(page)).toEqual([]);
    await list.screenshot({ path: `${SHOTS}/readiness-list-${width}.png` });
    await page.screenshot({ path: `${SHOTS}/readiness-page-${width}.png` });

    const download = page.waitForEvent('download');
    await list.getByRole('button', { name: 'Download anyway' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('long-csv-dchl.xlsx');
    const wb = XLSX.read(readFileSync((await file.path())!), { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['Employee Census']);
    await list.waitFor({ state: 'detached' });

    // A ready target still shows its advisories before the download: what the file holds, and who is
    // left out (nothing the employer can act on, so no 'Ask the employer'); 'Download' downloads it.
    await choice.selectOption('salesforce-group-census');
    await exportButton.click();
    const advised = report.getByRole('region', { name: '1 thing to check for the Salesforce Insurance group census (JSON)' });
    await advised.waitFor();
    const lives = Number((await report.locator('[part="total"]').textContent())!.replace(/,/g, ''));
    expect(await advised.locator('[part="target-holds"]').textContent()).toBe(`${lives} members: the lives counted in the report.`);
    expect(await advised.getByRole('listitem').first().textContent()).toMatch(/^Advised \d+ members are left out: terminated, retired/);
    expect(await advised.getByRole('link', { name: 'Ask the employer for what is missing' }).count()).toBe(0);
    const json = page.waitForEvent('download');
    await advised.getByRole('button', { name: 'Download', exact: true }).click();
    const got = await json;
    expect(got.suggestedFilename()).toBe('long-csv-salesforce-group-census.json');
    // The file holds the lives the report counts.
    expect(JSON.parse(readFileSync((await got.path())!, 'utf8')).members.length).toBe(lives);
    expect(problems.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('on a white partner page (theme light): the marks and the list pass axe', async () => {
    const page = await openReport(1280, 'partner-report-light.html');
    const report = page.locator('census-report');
    await report.locator('option', { hasText: /DC Health Link employee census \(XLSX\): \d+ things? to fix/ }).waitFor({ state: 'attached', timeout: 30_000 });
    await report.getByLabel('Export as').selectOption('dchl');
    await report.getByRole('button', { name: MESSAGES.census.export, exact: true }).click();
    await report.getByRole('region', { name: /things? to fix for the DC Health Link/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/readiness-light-1280.png` });
    await page.close();
  }, 60_000);
});
