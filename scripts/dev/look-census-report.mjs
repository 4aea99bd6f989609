#!/usr/bin/env node
/**
 * Look at <census-report> as a partner embeds it, against the real built server: uploads a fixture
 * from ../shared/fixtures/census through the API, then screenshots the report at 1280 and 390 px on
 * a dark host page and on a white host page (default theme, and theme="light"), with the reading
 * panel open, and runs axe on each. With `review` as third argument, the report answer gets a sample
 * review and code values added in the browser (to look at those states before the engine gives them).
 *
 *   npm run build && node scripts/dev/look-census-report.mjs [outDir=/tmp/bf-look-report] [fixture=footer-blanks-xlsx.xlsx] [review]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = process.argv[2] ?? '/tmp/bf-look-report';
const fixture = process.argv[3] ?? 'footer-blanks-xlsx.xlsx';
const withReview = process.argv[4] === 'review';
mkdirSync(out, { recursive: true });
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const freePort = () =>
  new Promise((r) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => r(p));
    });
  });
const [port, hostPort] = [await freePort(), await freePort()];
const url = `http://127.0.0.1:${port}`;
const hostUrl = `http://127.0.0.1:${hostPort}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bf-look-report-'));
const server = spawn(process.execPath, ['server/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, ALLOWED_ORIGINS: `${url},${hostUrl}`, SMTP_URL: '', SMTP_INTAKE_PORT: '0' },
  stdio: 'ignore',
});
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${url}/healthz`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 150));
}

const page = (bg, text, attrs) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;background:${bg};color:${text};font:16px/1.6 Georgia,serif}main{max-width:1180px;margin:0 auto;padding:1.5rem 1rem}footer{padding:1rem;border-top:1px solid #8884}</style>
<script src="${url}/widgets/widgets.js" data-api-base="${url}" defer></script></head>
<body><main><h1>Northwind Benefits portal</h1><census-report case-id-param="caseId" heading-level="2" ${attrs}></census-report></main><footer>Footer of the host page</footer></body></html>`;
const host = createServer((req, res) => {
  const u = new URL(req.url, hostUrl);
  const html = u.pathname === '/white.html' ? page('#ffffff', '#1a1a1a', '') : u.pathname === '/light.html' ? page('#ffffff', '#1a1a1a', 'theme="light"') : page('#0a0f1e', '#eef2fb', '');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}).listen(hostPort, '127.0.0.1');

// A bare name is a fixture of ../shared/fixtures/census; a path (with a slash) is used as given.
const fixturePath = fixture.includes('/') ? fixture : join(root, '../shared/fixtures/census', fixture);
const form = new FormData();
form.append('file', new Blob([readFileSync(fixturePath)]), fixturePath.split('/').pop());
const up = await (await fetch(`${url}/main/case`, { method: 'POST', body: form })).json();
const caseId = up.data.caseId;
for (let i = 0; i < 200; i++) {
  const s = await (await fetch(`${url}/main/case/status?caseId=${caseId}`)).json();
  if (s.data.status === 'completed' || s.data.status === 'error') break;
  await new Promise((r) => setTimeout(r, 200));
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let failures = 0;
for (const name of ['dark', 'white', 'light']) {
  for (const width of [1280, 390]) {
    const p = await browser.newPage({ viewport: { width, height: 900 } });
    if (withReview) {
      await p.route(`${url}/main/case?*`, async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        const cols = body.data.columns;
        const status = cols.find((c) => c.field === 'status') ?? cols[0];
        const rel = cols.find((c) => c.field === 'relationship') ?? cols[1];
        body.data.review = { needed: true, reasons: [`We were not sure which column holds the employment status: we used '${status.header}'.`], columns: [{ file: status.file, sheet: status.sheet, header: status.header }] };
        body.data.codeValues = [{ file: rel.file, sheet: rel.sheet, header: rel.header, field: 'relationship', values: [{ value: 'EE', as: 'employee', count: 40 }, { value: 'SP', as: 'spouse', count: 22 }, { value: 'CH', as: 'child', count: 14 }] }];
        body.data.reading = { source: 'yours', changed: [{ file: status.file, sheet: status.sheet, header: status.header, kind: 'column' }] };
        await route.fulfill({ response: res, json: body });
      });
    }
    const errors = [];
    p.on('pageerror', (e) => errors.push(String(e)));
    await p.goto(`${hostUrl}/${name}.html?caseId=${caseId}`);
    await p.locator('census-report [part~="total"]').waitFor();
    await p.locator('census-report path.state').first().waitFor().catch(() => {});
    await p.waitForTimeout(600);
    await p.screenshot({ path: join(out, `report-${name}-${width}.png`), fullPage: true });
    await p.locator('census-report summary.reading-summary').click();
    await p.waitForTimeout(200);
    await p.screenshot({ path: join(out, `report-${name}-${width}-reading.png`), fullPage: true });
    const overflow = await p.evaluate(() => document.documentElement.scrollHeight - document.querySelector('footer').getBoundingClientRect().bottom - window.scrollY);
    await p.addScriptTag({ content: axeSource });
    const v = await p.evaluate(async () => (await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] })).violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`));
    console.log(`${name} ${width}: axe serious ${v.length}${v.length ? `\n  ${v.join('\n  ')}` : ''}; page below footer ${Math.round(overflow)} px; errors ${errors.length}`);
    failures += v.length + errors.length;
    await p.close();
  }
}
await browser.close();
host.close();
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
console.log(`screenshots in ${out}`);
process.exit(failures ? 1 : 0);
