#!/usr/bin/env node
/**
 * Look at the census elements in real Chromium: serves dist/widgets (and us-atlas's topology beside
 * it) with a stand-in census API on one loopback origin, and pages on ANOTHER origin under a strict
 * CSP; screenshots every state of <census-parser> and <census-report> and the chart dashboard at
 * 1280 and 390 px, runs axe (WCAG 2 A/AA) on each and reports CSP violations and console errors.
 *
 *   node scripts/build-widgets.mjs && node scripts/dev/look-census.mjs [outDir=/tmp/bf-look-census] [only=parser|report|dashboard]
 *
 * Exits 1 on any serious/critical axe violation, CSP violation or page error.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist/widgets');
const out = process.argv[2] ?? '/tmp/bf-look-census';
const only = process.argv[3];
mkdirSync(out, { recursive: true });
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const SAMPLE_REPORT = JSON.parse(readFileSync(join(root, 'examples/data/sample-report.json'), 'utf8'));

// ---- the widget origin: dist/widgets + the stand-in census API ----
const api = { status: 'uploading', code: undefined, holdUpload: false, release: null, report: 'ok', holdReport: false, releaseReport: null };
const types = { '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json' };
const json = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const widgetServer = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', 'content-type');
  res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  if (url.pathname === '/main/case/status') {
    return json(res, 200, { data: { caseId: 'demo', status: api.status, ...(api.code ? { code: api.code } : {}), ...(api.status === 'error' && !api.code ? { message: 'No table with a header row was found in census.csv.' } : {}) } });
  }
  if (url.pathname === '/main/case') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      if (req.method === 'POST') {
        if (body.includes('filename=') && api.holdUpload) await new Promise((r) => (api.release = r));
        return json(res, 200, { data: { caseId: 'demo', status: 'uploading' } });
      }
      if (req.method === 'DELETE') return res.writeHead(204).end();
      if (api.holdReport) await new Promise((r) => (api.releaseReport = r));
      if (api.report === 'fail') return json(res, 500, { message: 'down' });
      if (url.searchParams.get('reportType') === 'file') return json(res, 200, { data: { fileURL: `${widgetOrigin}/download/census.xlsx` } });
      return json(res, 200, { data: SAMPLE_REPORT });
    });
    return;
  }
  const rel = normalize(decodeURIComponent(url.pathname.replace(/^\/widgets\//, ''))).replace(/^(\.\.[/\\])+/, '');
  const file = join(dist, rel);
  if (!url.pathname.startsWith('/widgets/') || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});

// ---- the embedding page's origin ----
let widgetOrigin = '';
const pageCss = `
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#0a0f1e;color:#eef2fb;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:72rem;margin:0 auto;padding:32px 20px}
main.narrow{max-width:44rem}
body:has(main.light){background:#f5f7fb;color:#111a2e}
main.light census-parser{--bf-color-bg:#ffffff;--bf-color-surface:#ffffff;--bf-color-border:#7c87a6;--bf-color-text:#111a2e;--bf-color-text-muted:#4a5570;--bf-color-primary:#3845c9;--bf-color-primary-hover:#2c37a8;--bf-color-focus:#3845c9;--bf-color-danger:#b42318;--bf-color-success:#067647;--bf-shadow:0 20px 40px -28px rgba(16,24,48,.35)}
h1{font-size:1.5rem;margin:0 0 1rem}
`;
const pages = {
  '/parser.html': ['narrow', '<h1>Upload a census</h1><census-parser poll-interval="400" report-url="#/report/{caseId}"></census-parser>'],
  // The site's light census page sets these public tokens (site/src/styles/site.css, .theme-light).
  '/parser-light.html': ['narrow light', '<h1>Census Parser</h1><census-parser poll-interval="400" report-url="#/report/{caseId}"></census-parser>'],
  '/report.html': ['', '<p>Acme Manufacturing, renewal 2026</p><census-report case-id="demo" heading-level="2"></census-report>'],
};
const pageServer = createServer((req, res) => {
  const csp = `default-src 'none'; script-src ${widgetOrigin}; style-src 'self' ${widgetOrigin}; connect-src ${widgetOrigin}; img-src data:`;
  if (req.url === '/page.css') return res.writeHead(200, { 'content-type': 'text/css' }).end(pageCss);
  const path = req.url.split('?')[0];
  if (path === '/dashboard.html') {
    const html = readFileSync(join(root, 'examples/dashboard.html'), 'utf8').replaceAll('http://localhost:8080', widgetOrigin);
    return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }
  if (path === '/examples.css') return res.writeHead(200, { 'content-type': 'text/css' }).end(readFileSync(join(root, 'examples/examples.css')));
  const page = pages[path];
  if (!page) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>look</title><link rel="stylesheet" href="/page.css">
<script src="${widgetOrigin}/widgets/widgets.js" data-api-base="${widgetOrigin}"></script>
</head><body><main class="${page[0]}">${page[1]}</main></body></html>`);
});

const listen = (s) => new Promise((r) => s.listen(0, '127.0.0.1', () => r(s.address().port)));
widgetOrigin = `http://127.0.0.1:${await listen(widgetServer)}`;
const pageOrigin = `http://localhost:${await listen(pageServer)}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const problems = [];
async function check(pg, label) {
  await pg.evaluate(axeSource);
  const result = await pg.evaluate(() =>
    // eslint-disable-next-line no-undef
    axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  for (const v of result.violations) {
    problems.push(`${label}: axe ${v.id} (${v.impact}): ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  }
}

async function session(width, path, name, steps) {
  // Reduced motion: the charts draw at once (a full-page screenshot resizes the page mid-animation).
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const pg = await context.newPage();
  pg.on('console', (m) => {
    if (/Failed to load resource: the server responded with a status of (500|404)/.test(m.text())) return;
    // The report logs this on purpose before showing 'Something went wrong!' (spec section 8).
    if (m.text().startsWith('Failed to get case details!')) return;
    if (m.type() === 'error' || /Content Security Policy|Refused to/.test(m.text())) problems.push(`${name}@${width}: console ${m.type()}: ${m.text()}`);
  });
  pg.on('pageerror', (e) => problems.push(`${name}@${width}: page error ${e.message}`));
  pg.on('dialog', (d) => d.accept());
  await pg.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  for (const [state, act] of steps) {
    await act(pg);
    await pg.waitForTimeout(350);
    await pg.screenshot({ path: join(out, `${name}-${width}-${state}.png`), fullPage: true });
    await check(pg, `${name}@${width} ${state}`);
  }
  await context.close();
}

const fixture = join(root, '../shared/fixtures/census/long-csv.csv');
const parser = (pg) => pg.locator('census-parser');
const setStatus = (status, code) => {
  api.status = status;
  api.code = code;
};
const waitStep = (pg, step) => parser(pg).locator('[aria-current="step"]', { hasText: step }).waitFor();
let parserPage = '/parser.html';
/** The CDP session that throttles the upload in 03 (released in 04). */
let cdp = null;
const parserSteps = [
  ['01-idle', async (pg) => {
    setStatus('uploading');
    await pg.goto(`${pageOrigin}${parserPage}`);
    await parser(pg).getByRole('button', { name: /Drag & drop/ }).waitFor();
  }],
  ['02-dragging', async (pg) => {
    const dt = await pg.evaluateHandle(() => new DataTransfer());
    await parser(pg).locator('[part~="drop-area"]').dispatchEvent('dragenter', { dataTransfer: dt });
    await parser(pg).getByText('Drop your files here').waitFor();
  }],
  ['03-uploading', async (pg) => {
    await parser(pg).locator('[part~="drop-area"]').dispatchEvent('dragleave');
    api.holdUpload = true;
    // A slow line (64 KB/s up) and a 400 KB file: the bar shows real progress events.
    cdp = await pg.context().newCDPSession(pg);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
    const big = Buffer.from(readFileSync(fixture, 'utf8').repeat(12));
    await parser(pg).locator('input[type=file]').setInputFiles({ name: 'acme-census-2026.csv', mimeType: 'text/csv', buffer: big });
    await parser(pg).locator('.file-state', { hasText: 'Uploading your file...' }).waitFor();
    await pg.waitForFunction(() => {
      const v = document.querySelector('census-parser')?.shadowRoot?.querySelector('progress')?.value ?? 0;
      return v > 20 && v < 70;
    });
  }],
  ['04-uploaded', async (pg) => {
    await cdp?.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    api.holdUpload = false;
    api.release?.();
    await parser(pg).locator('.file-state', { hasText: 'Processing your file...' }).waitFor();
  }],
  ['05-analysing', async (pg) => {
    setStatus('classified');
    await waitStep(pg, 'Analysing');
  }],
  ['06-extracting', async (pg) => {
    setStatus('preprocessing');
    await waitStep(pg, 'Extracting');
  }],
  ['07-deduplicating', async (pg) => {
    setStatus('deduplicating');
    await waitStep(pg, 'Deduplicating');
  }],
  ['08-postprocessing-notified', async (pg) => {
    setStatus('postprocessing');
    await waitStep(pg, 'Post Processing');
    const form = parser(pg).locator('[part~="notify-form"]');
    await form.locator('input').fill('broker@acme-benefits.com');
    await form.locator('button').click();
    await parser(pg).getByText('You will be notified at').waitFor();
  }],
  ['09-completed', async (pg) => {
    await pg.evaluate(() => document.addEventListener('census-complete', (e) => e.preventDefault()));
    setStatus('completed');
    await waitStep(pg, 'Completed');
  }],
  ['10-error', async (pg) => {
    setStatus('uploading');
    await pg.goto(`${pageOrigin}${parserPage}`);
    await parser(pg).locator('input[type=file]').setInputFiles(fixture);
    await parser(pg).locator('.file-state', { hasText: 'Processing your file...' }).waitFor();
    setStatus('error');
    await parser(pg).getByRole('button', { name: 'RETRY' }).waitFor();
  }],
  ['11-password', async (pg) => {
    setStatus('uploading');
    await parser(pg).getByRole('button', { name: 'RETRY' }).click();
    await parser(pg).locator('input[type=file]').setInputFiles(fixture);
    await parser(pg).locator('.file-state', { hasText: 'Processing your file...' }).waitFor();
    setStatus('error', 'password-required');
    await parser(pg).getByLabel('File password').waitFor();
  }],
  ['12-password-incorrect', async (pg) => {
    setStatus('uploading');
    await parser(pg).getByLabel('File password').fill('secret');
    await parser(pg).getByRole('button', { name: 'Open file' }).click();
    await parser(pg).locator('.file-state', { hasText: 'Processing your file...' }).waitFor();
    setStatus('error', 'password-incorrect');
    await parser(pg).locator('.error', { hasText: 'That password did not open the file' }).waitFor();
  }],
  ['13-too-large', async (pg) => {
    setStatus('uploading');
    await pg.goto(`${pageOrigin}${parserPage}`);
    await parser(pg).locator('input[type=file]').setInputFiles({ name: 'big.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(5 * 1048576 + 1) });
    await parser(pg).getByRole('button', { name: 'RETRY' }).waitFor();
  }],
];

const reportSteps = [
  ['01-loading', async (pg) => {
    api.report = 'ok';
    api.holdReport = true;
    await pg.goto(`${pageOrigin}/report.html`);
    await pg.locator('census-report').locator('.skeleton').first().waitFor();
  }],
  ['02-loaded', async (pg) => {
    api.holdReport = false;
    api.releaseReport?.();
    await pg.locator('census-report').getByText('Total lives').waitFor();
    await pg.locator('census-report').locator('us-state-map path, svg path.state').first().waitFor().catch(() => undefined);
    await pg.waitForTimeout(600);
  }],
  ['03-how-we-read', async (pg) => {
    await pg.locator('census-report').getByText('How we read your file').click();
    await pg.waitForTimeout(200);
  }],
  ['04-error', async (pg) => {
    api.report = 'fail';
    await pg.goto(`${pageOrigin}/report.html`);
    await pg.locator('census-report').getByText('Something went wrong!').waitFor();
  }],
];

const dashboardSteps = [
  ['01', async (pg) => {
    await pg.goto(`${pageOrigin}/dashboard.html`);
    await pg.waitForFunction(() => !!customElements.get('us-state-map'));
    await pg.waitForTimeout(1200);
  }],
];

for (const width of [1280, 390]) {
  if (!only || only === 'parser') await session(width, '/parser.html', 'parser', parserSteps);
  if (!only || only === 'light') {
    parserPage = '/parser-light.html';
    await session(width, parserPage, 'parser-light', parserSteps);
    parserPage = '/parser.html';
  }
  if (!only || only === 'report') await session(width, '/report.html', 'report', reportSteps);
  if (!only || only === 'dashboard') await session(width, '/dashboard.html', 'dashboard', dashboardSteps);
}
await browser.close();
widgetServer.close();
pageServer.close();
console.log(`look-census: screenshots in ${out}`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('look-census: no axe violations, CSP violations or page errors');
