/**
 * Private mode (issue 29) in real Chromium against the running server.
 *  1. Same answer: fixtures of ../shared/fixtures/census-real and census go through the engine worker
 *     (dist/widgets/chunks/census-engine-worker-*.js, started in a page of the server's origin) and
 *     through the server (POST /main/case, then the stored report); the lives and every card must be
 *     equal, and so must the columns, the review and what was not counted. A file the server refuses
 *     must be refused by the worker with the same sentence.
 *     Then every fixture (all of census-real and every one-file synthetic fixture): the worker's whole
 *     report JSON against the server's engine run in this process as the case's job thread runs it
 *     (server/jobs/worker.ts: analyzeCensus with the upload limit and the day's date, then
 *     census-outcome.ts storedReports or failure), one file after the other in one page.
 *  2. Nothing sent: examples/partner-portal-private.html (strict CSP in a meta tag) reads a census in
 *     private mode, then recalculates it with another effective date, while every request is
 *     recorded: only GETs of the page and the widget files, and no URL or body holds a value of the
 *     file. The report shows in place with the server's lives.
 *     Then its exports, made in the engine worker and downloaded as a Blob: the clean XLSX and the
 *     Ben-admin census import (CSV, after its list of what to fix), each read back from the download;
 *     the member table, filled and applied (recalculated in the worker); Delete back to the start.
 * PRIVATE_FIXTURES=all uploads every file of census-real and every one-file synthetic fixture in part 1
 * too (default: the lists below, 18 files, and 2 files both must refuse; the upload rate limit makes
 * all of them some three minutes).
 * PRIVATE_SHOTS=<dir> writes screenshots of the private example at 1280 and 390 px there.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import officeCrypto from 'officecrypto-tool';
import type { Browser, BrowserContext, Download, Page, Request } from 'playwright-core';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CensusReport } from '../../shared/census/report';
import { CENSUS_UPLOAD } from '../../shared/constants';
import { analyzeCensus } from '../../server/census/engine';
import { failure, storedReports } from '../../server/jobs/census-outcome';
import { BAD_PASSWORD_MESSAGE } from '../../server/census/read/encryption-text';
import { MESSAGES } from '../../shared/messages';
import { TRACKER_STEPS } from '../../shared/census/status';
import { REPORT_LABELS } from '../../widgets/census-report/labels';
import { PARSER_LABELS } from '../../widgets/census-parser/labels';
import { TARGET_LABELS } from '../../widgets/census-report/targets';
import { launchBrowser } from './support/browser';
import { encryptXls } from '../support/xls-encrypt';
import { waitUntil } from '../support/wait';

const serverUrl = inject('serverUrl');
const embedderUrl = inject('embedderUrl');
const here = dirname(fileURLToPath(import.meta.url));
const REAL = join(here, '../../../shared/fixtures/census-real/files');
const SYNTHETIC = join(here, '../../../shared/fixtures/census');
const manifest = JSON.parse(readFileSync(join(here, '../../dist/widgets/manifest.json'), 'utf8')) as { engineWorker: string };

/** CSV, pipe and tab text, XLS and XLSX; SSN-only ids (pseudonyms), Spanish headers, wide layouts, 10,000 members. */
const CHOSEN = [
  'acp-sample-census.csv',
  'acp-census-ssn-only.csv',
  'aca-builder-employee-census.csv',
  'carrier-quote-census-instructions.xls',
  'principal-other-census.xls',
  'dchl-census-import.xlsx',
  'employee-sample-data.xlsx',
  'familiares-asegurados-es.xlsx',
  'normalizer-broker-d-tiers.xlsx',
  'elig-medical-b-pipe.txt',
  'empara-eligibility-tab.txt',
  'hbx-congressional-wide.csv',
  'life-census-india-inr.csv',
  'payer-members-10k.csv',
].map((f) => join(REAL, f));
/** The synthetic census fixtures of one file each (UTF-16, Windows-1252 with semicolons, title rows...). */
const SYNTHETIC_FILES = readdirSync(SYNTHETIC)
  .filter((f) => f.endsWith('.truth.json'))
  .map((f) => (JSON.parse(readFileSync(join(SYNTHETIC, f), 'utf8')) as { files: string[] }).files)
  .filter((files) => files.length === 1)
  .map(([f]) => join(SYNTHETIC, f))
  .sort();
/** Files the engine refuses: both places must refuse them with the same sentence (and the 5 MB CSV, below). */
const refusedDir = mkdtempSync(join(tmpdir(), 'bf-private-'));
const REFUSED = [
  ['no-table.csv', 'hello\nworld\n'],
  ['fake.xlsx', 'PK\u0003\u0004 this is not a workbook'],
].map(([name, text]) => {
  writeFileSync(join(refusedDir, name), text);
  return join(refusedDir, name);
});
/** Every fixture: each file of census-real, each one-file synthetic fixture, and the files both must refuse. */
const EVERY_FIXTURE = [...readdirSync(REAL).filter((f) => !f.endsWith('.json') && !f.endsWith('.md')).sort().map((f) => join(REAL, f)), ...SYNTHETIC_FILES, ...REFUSED];
/** The files uploaded to the server. */
const FIXTURES =
  process.env.PRIVATE_FIXTURES === 'all'
    ? EVERY_FIXTURE
    : [...CHOSEN, ...SYNTHETIC_FILES.filter((f) => /utf16|cp1252|wide-xls|title-rows/.test(f)), ...REFUSED];

const today = () => new Date().toISOString().slice(0, 10);

type Answer = { report: CensusReport } | { error: string };

/** The server's answer: upload, wait for the case, then its stored report (or its error message). */
async function serverAnswer(path: string, password?: string): Promise<Answer> {
  let res: Response | null = null;
  // The upload rate limit (30 a minute from one address) is shared with the suite's other files:
  // a refusal (429, or the connection closed on the body) waits for the window and tries again.
  for (let attempt = 0; attempt < 8 && (!res || res.status === 429); attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 1000 * Math.max(1, Number(res?.headers.get('retry-after')) || 8)));
    const form = new FormData();
    form.append('file', new Blob([readFileSync(path)]), basename(path));
    if (password) form.append('password', password);
    res = await fetch(`${serverUrl}/main/case`, { method: 'POST', body: form }).catch(() => null);
  }
  if (!res?.ok) return { error: `upload refused: ${res?.status} ${await res?.text()}` };
  const { caseId } = ((await res.json()) as { data: { caseId: string } }).data;
  // The status route is rate limited too (300 a minute from one address, shared with the suite's other
  // files): a refused poll (429) says nothing yet, and the next one asks again.
  const status = await waitUntil(
    async () => {
      const r = await fetch(`${serverUrl}/main/case/status?caseId=${caseId}`);
      return r.ok ? ((await r.json()) as { data: { status: string; message?: string } }).data : null;
    },
    (s) => s !== null && (s.status === 'completed' || s.status === 'error'),
    { timeoutMs: 60_000, intervalMs: 250, what: `case of ${basename(path)}` },
  );
  if (status!.status === 'error') return { error: status!.message ?? 'error' };
  const report = ((await (await fetch(`${serverUrl}/main/case?caseId=${caseId}`)).json()) as { data: CensusReport }).data;
  return { report };
}

/**
 * Asks the worker for its answer, in a page of the server's origin (a worker starts only from its
 * page's origin), and returns once the file is posted: the answer is awaited with the function
 * returned. One worker per page answers one file after another, as the parser's engine client uses
 * it (a crash ends it, and the next file starts another).
 */
async function askWorker(page: Page, path: string, asOf: string, password?: string): Promise<() => Promise<Answer>> {
  type Held = { engine?: Worker; engineId?: number; answer?: Promise<Answer> };
  await page.evaluate(
    ({ url, b64, name, asOf, password }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const w = window as unknown as Held;
      const worker = (w.engine ??= new Worker(url));
      const id = (w.engineId = (w.engineId ?? 0) + 1);
      w.answer = new Promise<Answer>((resolve) => {
        worker.onmessage = (e: MessageEvent) => {
          const m = e.data as { id: number; type: string; message?: string; reports?: { whole: CensusReport } };
          if (m.id !== id || m.type === 'stage') return;
          resolve(m.type === 'done' ? { report: m.reports!.whole } : { error: `${m.type}: ${m.message}` });
        };
        worker.onerror = (e) => {
          worker.terminate();
          w.engine = undefined;
          resolve({ error: `worker error: ${e.message}` });
        };
      });
      worker.postMessage({ type: 'analyse', id, fileName: name, bytes: bytes.buffer, asOf, ...(password ? { password } : {}) }, [bytes.buffer]);
    },
    { url: `/widgets/${manifest.engineWorker}`, b64: readFileSync(path).toString('base64'), name: basename(path), asOf, password },
  );
  return () => page.evaluate(() => (window as unknown as Held).answer!);
}

/** The worker's answer (askWorker), awaited. */
async function workerAnswer(page: Page, path: string, asOf: string, password?: string): Promise<Answer> {
  return (await askWorker(page, path, asOf, password))();
}

/**
 * The server's engine in this process, as the case's job thread runs it (server/jobs/worker.ts
 * runCensusTask): the file under the upload limit at the given date, then the case's stored report
 * (census-outcome.ts storedReports: no outside reading, no mail) or its refusal (failure()).
 */
async function engineAnswer(path: string, asOf: string): Promise<Answer> {
  const fileName = basename(path);
  try {
    const result = await analyzeCensus([{ fileName, bytes: new Uint8Array(readFileSync(path)) }], { asOf, limits: { maxBytes: CENSUS_UPLOAD.maxBytes } });
    return { report: storedReports(result, [fileName], undefined, null).whole as CensusReport };
  } catch (err) {
    return { error: `failed: ${failure(err).message}` };
  }
}

/** What must be equal: the lives, every card, the columns, the review and what was not counted. */
function figures(r: CensusReport) {
  return {
    totalLives: r.totalLives,
    livesAdditionalInfo: r.livesAdditionalInfo,
    livesPerFile: r.livesPerFile.map((f) => [f.fileName, f.lives]),
    genderRatio: r.genderRatio,
    ageBand: r.ageBand,
    salaryBand: r.salaryBand,
    tenure: r.tenure,
    demographics: r.demographics,
    relationships: r.relationships,
    coverageTiers: r.coverageTiers,
    imputed: r.imputed,
    asOf: r.asOf,
    sheetsRead: r.sheetsRead,
    rowsRead: r.rowsRead,
    membersFound: r.membersFound,
    duplicatesRemoved: r.duplicatesRemoved,
    columns: r.columns,
    review: r.review,
    notCounted: r.notCounted,
  };
}

/** Keyed tags (SSN pseudonyms, row keys) differ by design: the worker's key is its own, never the server's. */
const untagged = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/#[A-Za-z0-9_-]{8}\b/g, '#<tag>'));
/** The whole report, beside what the server adds to a case (the saved-reading state, keepSsn). */
const wholeReport = (r: CensusReport) => untagged({ ...r, keepSsn: undefined, reading: undefined });

/** Records the page's long tasks (main thread busy over 50 ms) from now on. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { longest: number };
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}
const longestTask = async (page: Page) => Math.round(await page.evaluate(() => (window as unknown as { longest: number }).longest));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('private mode: the worker gives the server\'s answer', () => {
  it(`for ${FIXTURES.length} census files (census-real and synthetic)`, { timeout: 120_000 + FIXTURES.length * 30_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${serverUrl}/examples/partner-portal-private.html`);
    const asOf = today();
    const unequal: string[] = [];
    let reports = 0;
    let refusals = 0;
    let wholeJsonEqual = 0;
    for (const path of FIXTURES) {
      const file = basename(path);
      const [server, worker] = [await serverAnswer(path), await workerAnswer(page, path, asOf)];
      if ('error' in server || 'error' in worker) {
        refusals++;
        // The server refuses some files as they are uploaded (422, its sentence without the file's name).
        const said = 'error' in server ? server.error.replace(/^upload refused: 422 \{"message":"(.*)"\}$/, `${file}: $1`) : '';
        if (!('error' in server && 'error' in worker && worker.error === `failed: ${said}`)) {
          unequal.push(`${file}: server ${JSON.stringify(server).slice(0, 200)} / worker ${JSON.stringify(worker).slice(0, 200)}`);
        }
        continue;
      }
      reports++;
      try {
        expect(untagged(figures(worker.report))).toEqual(untagged(figures(server.report)));
      } catch (err) {
        unequal.push(`${file}: ${(err as Error).message.slice(0, 1500)}`);
        continue;
      }
      if (JSON.stringify(wholeReport(worker.report)) === JSON.stringify(wholeReport(server.report))) wholeJsonEqual++;
    }
    if (FIXTURES.some((f) => REFUSED.includes(f))) expect(refusals).toBe(REFUSED.length);
    console.log(`private mode: ${FIXTURES.length} files, ${reports} reports equal in lives and cards, ${refusals} refused alike, ${wholeJsonEqual} whole reports equal as JSON`);
    await page.close();
    expect(unequal).toEqual([]);
  });

  it(`for every fixture (${EVERY_FIXTURE.length} files): the whole report JSON, against the server's engine run here`, { timeout: 120_000 + EVERY_FIXTURE.length * 10_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${serverUrl}/examples/partner-portal-private.html`);
    const asOf = today();
    const unequal: string[] = [];
    let reports = 0;
    let refusals = 0;
    const started = Date.now();
    for (const path of EVERY_FIXTURE) {
      const file = basename(path);
      // The two engines run at once: the worker in Chromium's process (the file posted first), the server's in this one.
      const workerDone = await askWorker(page, path, asOf);
      const engine = await engineAnswer(path, asOf);
      const worker = await workerDone();
      if ('error' in engine || 'error' in worker) {
        refusals++;
        if (!('error' in engine && 'error' in worker && worker.error === engine.error)) {
          unequal.push(`${file}: server ${JSON.stringify(engine).slice(0, 200)} / worker ${JSON.stringify(worker).slice(0, 200)}`);
        }
        continue;
      }
      reports++;
      try {
        expect(wholeReport(worker.report)).toEqual(wholeReport(engine.report));
      } catch (err) {
        unequal.push(`${file}: ${(err as Error).message.slice(0, 1500)}`);
      }
    }
    console.log(
      `private mode: every fixture, ${EVERY_FIXTURE.length} files: ${reports} whole reports equal as JSON, ${refusals} refused alike, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await page.close();
    expect(unequal).toEqual([]);
    expect(refusals).toBe(REFUSED.length);
  });
});

/** Every value of a CSV (cells of 5+ characters: shorter ones could match a chunk's hash by chance). */
function valuesOf(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).flatMap((line) => line.split(',')).map((c) => c.replace(/^"|"$/g, '').trim()).filter((c) => c.length >= 5))];
}

/** A page whose every request and every CSP report is recorded. */
async function recordedPage(context?: BrowserContext): Promise<{ page: Page; requests: { method: string; url: string; body: string }[]; csp: string[] }> {
  const page = context ? await context.newPage() : await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const requests: { method: string; url: string; body: string }[] = [];
  const csp: string[] = [];
  page.on('request', (r: Request) => requests.push({ method: r.method(), url: r.url(), body: r.postData() ?? '' }));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
  return { page, requests, csp };
}

/** Only GETs of the given origins, and no URL or body holding a value of the file. */
function expectNothingSent(requests: { method: string; url: string; body: string }[], values: string[], origins: Set<string>): void {
  for (const r of requests) {
    // An export's download: a blob: URL of the page's own memory, not a request to anyone.
    if (r.url.startsWith('blob:')) continue;
    expect(r.method, r.url).toBe('GET');
    expect(origins.has(new URL(r.url).origin), r.url).toBe(true);
    const where = decodeURIComponent(`${r.url}\n${r.body}`);
    for (const v of values) expect(where.includes(v), `${v} in ${r.method} ${r.url}`).toBe(false);
  }
}

describe('private mode: nothing is sent', () => {
  it('reads a census in the private example under a strict CSP, exports it and opens its member table; no request carries a value of the file', { timeout: 150_000 }, async () => {
    const file = 'acp-census-ssn-only.csv';
    const path = join(REAL, file);
    const text = readFileSync(path, 'utf8');
    const values = valuesOf(text);
    expect(values.length).toBeGreaterThan(20);
    const server = await serverAnswer(path);
    if ('error' in server) throw new Error(server.error);

    const { page, requests, csp } = await recordedPage();
    await page.goto(`${serverUrl}/examples/partner-portal-private.html`);
    await page.waitForFunction(() => !!customElements.get('census-parser') && !!customElements.get('census-report'));
    await page.locator('census-parser').getByText(PARSER_LABELS.privateIdle).waitFor();
    await watchLongTasks(page);
    const started = Date.now();
    await page.locator('census-parser input[type="file"]').setInputFiles(path);
    await page.locator('census-report').getByText(REPORT_LABELS.privateOnly).waitFor({ timeout: 30_000 });
    const ms = Date.now() - started;
    await page.locator('census-parser').getByText(PARSER_LABELS.privateNoMail).waitFor();
    const reached = await page.locator('census-parser .tracker .step.reached').allTextContents();
    expect(reached).toEqual([...TRACKER_STEPS]);
    await expect
      .poll(() => page.locator('census-report [part~="summary"]').textContent())
      .toContain(`${server.report.totalLives.toLocaleString('en-US')} lives`);
    console.log(`private mode: ${file} read and shown in ${ms} ms; longest main-thread task ${await longestTask(page)} ms; ${requests.length} requests`);
    // Recalculated in the page too: another effective date re-runs the engine worker on the file in memory.
    await page.locator('census-report [part~="as-of-input"]').fill('2031-06-30');
    await page.locator('census-report [part~="as-of-button"]').click();
    await expect.poll(() => page.locator('census-report [part~="summary"]').textContent(), { timeout: 20_000 }).toContain('as of June 30, 2031');

    // Exports, made in the engine worker and downloaded from a blob: URL (no request).
    const report = page.locator('census-report');
    const exportButton = report.getByRole('button', { name: REPORT_LABELS.export, exact: true });
    const downloaded = async (download: Promise<Download>) => {
      const d = await download;
      return { name: d.suggestedFilename(), bytes: readFileSync((await d.path())!) };
    };
    let t0 = Date.now();
    const clean = await downloaded(Promise.all([page.waitForEvent('download'), exportButton.click()]).then(([d]) => d));
    const cleanMs = Date.now() - t0;
    expect(clean.name).toBe('acp-census-ssn-only-clean.xlsx');
    const book = XLSX.read(clean.bytes, { type: 'buffer' });
    expect(book.SheetNames).toContain('Members');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Members, { header: 1, raw: true });
    // A row per member under the header, and the file's first salary in its row.
    expect(rows.length).toBe(server.report.membersFound + 1);
    expect(rows.some((r) => r.includes(285000))).toBe(true);
    // A target: the Ben-admin census import (CSV), whose readiness (made in the worker) lists the SSNs
    // it needs first (they are never kept in private mode): downloaded anyway.
    await report.locator('option[value="launchpad-census"]').waitFor({ state: 'attached', timeout: 30_000 });
    expect(await report.locator('option[value="launchpad-census"]').textContent()).toMatch(/to fix/);
    await report.getByLabel(TARGET_LABELS.choose).selectOption('launchpad-census');
    await exportButton.click();
    t0 = Date.now();
    const carrier = await downloaded(Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: TARGET_LABELS.anyway }).click()]).then(([d]) => d));
    const carrierMs = Date.now() - t0;
    expect(carrier.name).toBe('acp-census-ssn-only-launchpad-census.csv');
    const lines = carrier.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toMatch(/^SSN,First Name,Last Name,/);
    // The file's first birth date (1975-03-15) in the template's date format.
    expect(lines.some((l) => l.includes('03/15/1975'))).toBe(true);
    console.log(`private mode: clean XLSX ${clean.bytes.length} bytes in ${cleanMs} ms, ${carrier.name} in ${carrierMs} ms (from the click)`);

    // The member table, from the worker: filled and applied, recalculated in the worker.
    await report.getByLabel(TARGET_LABELS.choose).selectOption('clean');
    await report.getByRole('button', { name: /^Members \([\d,]+\)$/ }).click();
    const panel = report.locator('[part~="members"]');
    const grid = panel.getByRole('grid', { name: 'Members' });
    await grid.locator('[role=gridcell]').first().waitFor({ timeout: 20_000 });
    await panel.getByLabel('Only rows with problems').uncheck();
    expect(await grid.locator('[role=row]').count()).toBeGreaterThan(10);
    await panel.getByLabel('Column to fill').selectOption('zip');
    await panel.getByLabel('Fill with').fill('02134');
    await panel.getByRole('button', { name: 'Fill empty cells' }).click();
    await expect.poll(() => panel.locator('[aria-live]').textContent()).toMatch(/edits? waiting\.$/);
    await panel.getByRole('button', { name: 'Apply and recalculate' }).click();
    await report.locator('[part="recalculating"]').waitFor({ state: 'detached', timeout: 45_000 });
    // The table comes back from the recalculated analysis: the filled cells are hand edits now.
    await grid.locator('[role=gridcell]', { hasText: /02134.*edited by hand/ }).first().waitFor({ timeout: 20_000 });
    expect(await panel.locator('[aria-live]').textContent()).toBe('No edits waiting.');

    const shots = process.env.PRIVATE_SHOTS;
    /** Screenshots only (PRIVATE_SHOTS): the charts' entry animation, which nothing on the page signals the end of. */
    const SHOT_SETTLE_MS = 1200;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      // The target chosen, with its list of what to fix open, and the member table open below the cards.
      await report.getByLabel(TARGET_LABELS.choose).selectOption('launchpad-census');
      await exportButton.click();
      await report.getByRole('button', { name: TARGET_LABELS.anyway }).waitFor();
      // The charts draw as they come near the viewport: bring each into view first.
      for (const card of await page.locator('census-report [part~="card"]').all()) await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(SHOT_SETTLE_MS);
      await page.screenshot({ path: join(shots, 'private-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      for (const card of await page.locator('census-report [part~="card"]').all()) await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(SHOT_SETTLE_MS);
      await page.screenshot({ path: join(shots, 'private-390.png'), fullPage: true });
      // Close-ups at 390 px: the export choice with its list, and the member table.
      await report.locator('[part~="toolbar"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: join(shots, 'private-390-export.png') });
      await panel.screenshot({ path: join(shots, 'private-390-members.png') });
      await page.setViewportSize({ width: 1280, height: 900 });
      await panel.screenshot({ path: join(shots, 'private-1280-members.png') });
    }

    // Delete: the report (and the worker's copy) go; the start state shows again.
    page.once('dialog', (d) => void d.accept());
    await report.getByRole('button', { name: MESSAGES.census.deleteReport }).click();
    await report.getByText(REPORT_LABELS.privateWaiting).waitFor();
    expect(await report.locator('[part~="summary"]').count()).toBe(0);
    await page.close();

    expect(csp).toEqual([]);
    expectNothingSent(requests, values, new Set([new URL(serverUrl).origin]));
    for (const r of requests) if (!r.url.startsWith('blob:')) expect(new URL(r.url).pathname, r.url).toMatch(/^\/(examples|widgets)\//);
    // The engine came from the widget origin as its own file.
    expect(requests.some((r) => r.url.endsWith(manifest.engineWorker))).toBe(true);
  });
});

describe('private mode: the sample census exported', () => {
  it('reads examples/census/sample-census.xlsx and downloads its clean XLSX from the worker; the time is reported', { timeout: 90_000 }, async () => {
    const path = join(here, '../../examples/census/sample-census.xlsx');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${serverUrl}/examples/partner-portal-private.html`);
    await page.waitForFunction(() => !!customElements.get('census-parser') && !!customElements.get('census-report'));
    await page.locator('census-parser input[type="file"]').setInputFiles(path);
    const report = page.locator('census-report');
    await report.getByText(REPORT_LABELS.privateOnly).waitFor({ timeout: 30_000 });
    const members = Number((await report.getByRole('button', { name: /^Members \([\d,]+\)$/ }).textContent())!.replace(/\D/g, ''));
    const t0 = Date.now();
    const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: REPORT_LABELS.export, exact: true }).click()]);
    const bytes = readFileSync((await download.path())!);
    console.log(`private mode: sample-census.xlsx's clean XLSX (${bytes.length} bytes, ${members} members) downloaded in ${Date.now() - t0} ms from the click (written by the parser's worker, which holds the analysis)`);
    await page.close();
    const book = XLSX.read(bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(expect.arrayContaining(['Members', 'Changes']));
    expect(XLSX.utils.sheet_to_json(book.Sheets.Members, { header: 1 }).length).toBe(members + 1);
  });
});

describe('private mode on a partner page of another origin', () => {
  it('starts the engine from the widget origin through a blob: bootstrap; the report shows the server\'s lives; nothing is sent', { timeout: 90_000 }, async () => {
    const path = join(REAL, 'acp-sample-census.csv');
    const text = readFileSync(path, 'utf8');
    const values = valuesOf(text);
    const server = await serverAnswer(path);
    if ('error' in server) throw new Error(server.error);
    const { page, requests, csp } = await recordedPage();
    await page.goto(`${embedderUrl}/private-census.html`);
    await page.locator('census-parser').getByText(PARSER_LABELS.privateIdle).waitFor();
    await page.locator('census-parser input[type="file"]').setInputFiles(path);
    await page.locator('census-report').getByText(REPORT_LABELS.privateOnly).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.locator('census-report [part~="summary"]').textContent())
      .toContain(`${server.report.totalLives.toLocaleString('en-US')} lives`);
    await page.close();
    expect(csp).toEqual([]);
    expectNothingSent(requests, values, new Set([new URL(serverUrl).origin, new URL(embedderUrl).origin]));
    expect(requests.some((r) => r.url === `${serverUrl}/widgets/${manifest.engineWorker}`)).toBe(true);
  });
});

describe('private mode: a 5 MB CSV', () => {
  it('is read in the page; the time to the report and the longest main-thread task are reported', { timeout: 120_000 }, async () => {
    // A census just under the 5 MB limit: employees with a spouse, birth dates, salaries and hire dates.
    const lines = ['Employee ID,First Name,Last Name,Relationship,Date of Birth,Gender,Zip,Annual Salary,Hire Date'];
    const first = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo'];
    let bytes = lines[0].length + 2;
    for (let i = 1; bytes < 5 * 1024 * 1024 - 200; i++) {
      const y = 1950 + (i % 50);
      const row = [
        `${i},${first[i % 10]},Lee${i % 997},EE,0${1 + (i % 9)}/1${i % 9}/${y},${i % 2 ? 'F' : 'M'},0${2100 + (i % 800)},${30000 + (i % 90) * 1000},0${1 + (i % 9)}/01/${2000 + (i % 24)}`,
      ];
      if (i % 3 === 0) row.push(`${i},${first[(i + 3) % 10]},Lee${i % 997},SP,0${1 + (i % 9)}/2${i % 9}/${y + 1},${i % 2 ? 'M' : 'F'},0${2100 + (i % 800)},,`);
      for (const r of row) {
        lines.push(r);
        bytes += r.length + 2;
      }
    }
    const csv = Buffer.from(`${lines.join('\r\n')}\r\n`);
    expect(csv.length).toBeLessThanOrEqual(5 * 1024 * 1024);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${serverUrl}/examples/partner-portal-private.html`);
    await page.waitForFunction(() => !!customElements.get('census-parser') && !!customElements.get('census-report'));
    // The time includes fetching the engine file (its first use in this page) and showing the report.
    await watchLongTasks(page);
    const started = Date.now();
    // From a file on disk (a buffer would be decoded by Playwright's script in the page: its own long task).
    const fivePath = join(refusedDir, 'five-mb.csv');
    writeFileSync(fivePath, csv);
    await page.locator('census-parser input[type="file"]').setInputFiles(fivePath);
    await page.locator('census-report').getByText(REPORT_LABELS.privateOnly).waitFor({ timeout: 100_000 });
    const ms = Date.now() - started;
    const longest = await longestTask(page);
    const summary = await page.locator('census-report [part~="summary"]').textContent();
    console.log(`private mode: 5 MB CSV (${(csv.length / 1024 / 1024).toFixed(2)} MB, ${lines.length - 1} rows) to the report in ${ms} ms; longest main-thread task ${longest} ms; ${summary}`);
    // Its clean XLSX, written in the worker (fflate's deflate) and downloaded; the page stays responsive meanwhile.
    await watchLongTasks(page);
    const t0 = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 100_000 }),
      page.locator('census-report').getByRole('button', { name: REPORT_LABELS.export, exact: true }).click(),
    ]);
    const xlsx = readFileSync((await download.path())!);
    const exportMs = Date.now() - t0;
    const exportLongest = await longestTask(page);
    console.log(`private mode: 5 MB CSV's clean XLSX (${(xlsx.length / 1024 / 1024).toFixed(2)} MB) downloaded in ${exportMs} ms from the click; longest main-thread task ${exportLongest} ms`);
    expect(download.suggestedFilename()).toBe('five-mb-clean.xlsx');
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(exportLongest).toBeLessThan(FROZEN_MS);
    await page.close();
    expect(summary).toMatch(/lives/);
    // The engine's work is the worker's: the page never freezes. The 200 ms figure of issue 29 depends on
    // the machine's load, so `npm run bench -- private` measures it (a timed test would be flaky).
    expect(longest).toBeLessThan(FROZEN_MS);
  });
});

/** A main-thread task this long means the engine or the writer ran on the page (seconds for 5 MB), not in the worker. */
const FROZEN_MS = 1000;

/** Everything the origin keeps in IndexedDB, as text (binary values as Latin-1, so any plaintext shows). */
async function indexedDbText(page: Page): Promise<{ records: number; text: string }> {
  return page.evaluate(async () => {
    const asText = (v: unknown): string => {
      if (v instanceof ArrayBuffer) return String.fromCharCode(...new Uint8Array(v));
      if (ArrayBuffer.isView(v)) return String.fromCharCode(...new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      if (v && typeof v === 'object') return Object.values(v).map(asText).join('\n');
      return String(v);
    };
    const req = <T,>(r: IDBRequest<T>) => new Promise<T>((res, rej) => ((r.onsuccess = () => res(r.result)), (r.onerror = () => rej(r.error))));
    let records = 0;
    let text = '';
    for (const { name } of await indexedDB.databases()) {
      const db = await req(indexedDB.open(name!));
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await req(db.transaction(store).objectStore(store).getAll());
        records += all.length;
        text += all.map(asText).join('\n');
      }
      db.close();
    }
    return { records, text };
  });
}

describe('private mode: the report on report-url\'s page', () => {
  it('opens the report page from a page with only the parser; the tab hands it over encrypted; nothing sent, nothing of the file in storage in the clear; a reload and another tab say it lives only as long as the tab', { timeout: 150_000 }, async () => {
    const file = 'enroll-seed-census.csv';
    const path = join(REAL, file);
    const text = readFileSync(path, 'utf8');
    const values = valuesOf(text);
    // Its names and SSNs among them (checked by name, so a change of fixture cannot empty the search).
    const ssn = text.match(/\b\d{3}-\d{2}-\d{4}\b/)?.[0];
    expect(ssn).toBeTruthy();
    expect(values).toEqual(expect.arrayContaining(['Javert', 'Burton', ssn!]));
    const server = await serverAnswer(path);
    if ('error' in server) throw new Error(server.error);
    const lives = `${server.report.totalLives.toLocaleString('en-US')} lives`;

    // One context (the same origin storage) for the tab, a look from another page, and another tab.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, requests, csp } = await recordedPage(context);
    const reportUrl = `${serverUrl}/examples/partner-report-private.html`;
    // The report page's request is held until the hand-over has been looked at from another page of
    // the origin (the same storage): the ciphertext is there, and nothing of the file in the clear.
    let arrived!: () => void;
    const reportRequested = new Promise<void>((r) => (arrived = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route(reportUrl, async (route) => {
      arrived();
      await released;
      await route.continue();
    });
    await page.goto(`${serverUrl}/examples/partner-portal-private-nav.html`);
    await page.locator('census-parser').getByText(PARSER_LABELS.privateIdle).waitFor();
    expect(await page.locator('census-report').count()).toBe(0);
    await page.locator('census-parser input[type="file"]').setInputFiles(path);
    await reportRequested;
    const other = await page.context().newPage();
    await other.goto(`${serverUrl}/examples/examples.css`);
    const during = await indexedDbText(other);
    await other.close();
    expect(during.records).toBe(1);
    for (const v of [...values, ssn!]) expect(during.text.includes(v), `${v} in IndexedDB`).toBe(false);
    release();

    await page.waitForURL(reportUrl);
    const report = page.locator('census-report');
    await report.getByText(REPORT_LABELS.privateOnly).waitFor({ timeout: 30_000 });
    await expect.poll(() => report.locator('[part~="summary"]').textContent()).toContain(lives);
    await report.locator('[part~="card"]').first().waitFor();
    // What the tab keeps now: nothing of the file in sessionStorage, localStorage, IndexedDB (the
    // ciphertext was deleted when taken) or the session history entry (its key was dropped).
    const kept = await page.evaluate(() => {
      const dump = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`).join('\n');
      return { session: dump(sessionStorage), local: dump(localStorage), history: JSON.stringify(history.state) };
    });
    for (const v of [...values, ssn!]) {
      expect(kept.session.includes(v), `${v} in sessionStorage`).toBe(false);
      expect(kept.local.includes(v), `${v} in localStorage`).toBe(false);
      expect(kept.history.includes(v), `${v} in history.state`).toBe(false);
    }
    expect(kept.history).toBe('{"benefoldPrivateReport":"shown"}');
    expect((await indexedDbText(page)).records).toBe(0);

    // The report works from the handed-over file: an export made in a new engine worker, read back.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), report.getByRole('button', { name: REPORT_LABELS.export, exact: true }).click()]);
    const book = XLSX.read(readFileSync((await download.path())!), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book.Sheets.Members, { header: 1 }).length).toBe(server.report.membersFound + 1);

    const shots = process.env.PRIVATE_SHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const card of await page.locator('census-report [part~="card"]').all()) await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(1200); // the charts' entry animation (screenshots only)
      await page.screenshot({ path: join(shots, 'private-report-url-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      for (const card of await page.locator('census-report [part~="card"]').all()) await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(1200);
      await page.screenshot({ path: join(shots, 'private-report-url-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // Another tab at the same address: nothing to show, said plainly.
    const tab = await page.context().newPage();
    await tab.goto(reportUrl);
    await tab.locator('census-report').getByText(REPORT_LABELS.privateGoneTitle).waitFor();
    if (shots) await tab.screenshot({ path: join(shots, 'private-report-url-other-tab-1280.png') });
    await tab.close();

    // Delete: the report goes and the entry forgets it.
    page.once('dialog', (d) => void d.accept());
    await report.getByRole('button', { name: MESSAGES.census.deleteReport }).click();
    await report.getByText(MESSAGES.census.deleted).waitFor();
    expect(await page.evaluate(() => JSON.stringify(history.state))).not.toContain('benefoldPrivateReport');
    // A reload: the same plain sentence, and the way back to the parser.
    await page.reload();
    await report.getByText(REPORT_LABELS.privateGoneTitle).waitFor();
    expect(await report.getByRole('link', { name: REPORT_LABELS.parseAnother }).getAttribute('href')).toBe('partner-portal-private-nav.html');
    await context.close();

    expect(csp).toEqual([]);
    expectNothingSent(requests, [...values, ssn!], new Set([new URL(serverUrl).origin]));
    for (const r of requests) if (!r.url.startsWith('blob:')) expect(new URL(r.url).pathname, r.url).toMatch(/^\/(examples|widgets)\//);
  });
});

describe('private mode: a password-protected workbook', () => {
  it('asks for the password, says so when it is wrong, and opens the workbook in the worker with the right one; the report shows the server\'s lives for the same workbook unlocked; nothing is sent', { timeout: 120_000 }, async () => {
    // examples/census/locked.xlsx is staff.xlsx with the password 'secret' (agile encryption, as Excel writes it).
    const locked = join(here, '../../examples/census/locked.xlsx');
    const server = await serverAnswer(join(here, '../../examples/census/staff.xlsx'));
    if ('error' in server) throw new Error(server.error);
    const { page, requests, csp } = await recordedPage();
    await page.goto(`${serverUrl}/examples/partner-portal-private.html`);
    await page.locator('census-parser').getByText(PARSER_LABELS.privateIdle).waitFor();
    await page.locator('census-parser input[type="file"]').setInputFiles(locked);
    const form = page.locator('census-parser [part~="password-form"]');
    await form.getByText(MESSAGES.census.passwordRequired).waitFor({ timeout: 30_000 });
    await form.getByLabel(PARSER_LABELS.password).fill('not it');
    await form.getByRole('button', { name: PARSER_LABELS.unlock }).click();
    await form.getByText(MESSAGES.census.passwordIncorrect).waitFor({ timeout: 60_000 });
    await form.getByLabel(PARSER_LABELS.password).fill('secret');
    const t0 = Date.now();
    await form.getByRole('button', { name: PARSER_LABELS.unlock }).click();
    const report = page.locator('census-report');
    await report.getByText(REPORT_LABELS.privateOnly).waitFor({ timeout: 60_000 });
    console.log(`private mode: locked.xlsx opened with its password and shown in ${Date.now() - t0} ms`);
    await expect.poll(() => report.locator('[part~="summary"]').textContent()).toContain(`${server.report.totalLives.toLocaleString('en-US')} lives`);
    await page.close();
    expect(csp).toEqual([]);
    // Nothing sent: no value of the workbook (its members' names, read back from the unlocked copy), nor the password.
    const book = XLSX.read(readFileSync(join(here, '../../examples/census/staff.xlsx')), { type: 'buffer' });
    const values = valuesOf(XLSX.utils.sheet_to_csv(book.Sheets[book.SheetNames[0]]));
    expect(values.length).toBeGreaterThan(5);
    expectNothingSent(requests, [...values, 'secret'], new Set([new URL(serverUrl).origin]));
  });

  it('opens the other protections the server opens (XLS with RC4, RC4 CryptoAPI and XOR; XLSX with standard encryption) with the server\'s report, and refuses a wrong password with its sentence', { timeout: 180_000 }, async () => {
    // staff.xlsx's census as an XLS, encrypted by tests/support/xls-encrypt.ts, and as an XLSX by
    // officecrypto-tool (standard encryption); officecrypto-tool's own XOR sample (no census in it).
    const dir = mkdtempSync(join(tmpdir(), 'bf-private-locked-'));
    const staff = readFileSync(join(here, '../../examples/census/staff.xlsx'));
    const xls = new Uint8Array(XLSX.write(XLSX.read(staff), { bookType: 'biff8', type: 'array' }));
    const password = 'Renewal 2026 ✓';
    const write = (name: string, bytes: Uint8Array) => {
      writeFileSync(join(dir, name), bytes);
      return join(dir, name);
    };
    const files: [string, string][] = [
      [write('staff-rc4.xls', encryptXls(xls, password, { cipher: 'rc4' })), password],
      [write('staff-rc4-cryptoapi.xls', encryptXls(xls, password, { cipher: 'rc4-cryptoapi', keyBits: 40 })), password],
      [write('staff-standard.xlsx', new Uint8Array(await officeCrypto.encrypt(staff, { password, type: 'standard' }))), password],
      [join(here, '../fixtures/encrypted/xor_pass_test.xls'), '123456'],
      [join(dir, 'staff-rc4-cryptoapi.xls'), 'not it'],
    ];
    const page = await browser.newPage();
    await page.goto(`${serverUrl}/examples/partner-portal-private.html`);
    const asOf = today();
    const answers: string[] = [];
    for (const [path, pw] of files) {
      const [server, worker] = [await serverAnswer(path, pw), await workerAnswer(page, path, asOf, pw)];
      if ('error' in server) {
        expect(worker, basename(path)).toEqual({ error: `failed: ${server.error}` });
        answers.push(`${basename(path)}: ${server.error}`);
      } else {
        expect('report' in worker && wholeReport(worker.report), basename(path)).toEqual(wholeReport(server.report));
        answers.push(`${basename(path)}: ${server.report.totalLives} lives`);
      }
    }
    await page.close();
    console.log(`private mode: protected workbooks, the server's answers in the worker: ${answers.join('; ')}`);
    // The census files opened (34 lives each), and the wrong password said so.
    expect(answers.filter((a) => a.endsWith(' lives') && !a.endsWith(': 0 lives'))).toHaveLength(3);
    expect(answers[4]).toContain(BAD_PASSWORD_MESSAGE);
  });
});
