#!/usr/bin/env node
/**
 * Look at the widgets in real Chromium: serves dist/widgets and a stand-in API on one loopback
 * origin, and embed pages on ANOTHER origin under a strict CSP
 * (`script-src <widget origin>; style-src 'self' <widget origin>`), then screenshots both forms in
 * every state at 1280 and 390 px, runs axe (WCAG 2 A/AA) on each state and reports CSP violations
 * and console errors. Exits 1 on any axe violation, CSP violation or page error.
 *
 *   node scripts/build-widgets.mjs && node scripts/dev/look.mjs [outDir=/tmp/bf-look]
 *
 * Needs Chromium at /usr/bin/chromium (Debian package `chromium`).
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist/widgets');
const out = process.argv[2] ?? '/tmp/bf-look';
mkdirSync(out, { recursive: true });
if (!existsSync(join(dist, 'widgets.js'))) {
  console.error('look: build first (node scripts/build-widgets.mjs)');
  process.exit(1);
}
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// ---- the widget origin: dist/widgets + a stand-in API whose answers the script sets ----
let mode = { status: 200, body: { message: 'ok' } };
let release = null;
const seen = [];
const types = { '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json' };
const widgetServer = createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', 'content-type');
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  if (url.pathname.startsWith('/main/')) {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      seen.push({ path: url.pathname, body });
      const m = mode;
      if (m.hold) await new Promise((r) => (release = r));
      const text = m.body === undefined ? '' : JSON.stringify(m.body);
      res.writeHead(m.status, { 'content-type': 'application/json' }).end(text);
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
body{margin:0;min-height:100vh;background:#0a0f1e;background-image:radial-gradient(60rem 30rem at 80% -10%,rgba(79,95,232,.25),transparent 60%);color:#eef2fb;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:var(--w,36rem);margin:0 auto;padding:48px 20px}
.eyebrow{margin:0 0 12px;color:#a7b1c9;font-size:13px;letter-spacing:.08em;text-transform:uppercase}
`;
const page = (tag, width) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${tag} - look</title>
<link rel="stylesheet" href="/page.css">
<script src="${widgetOrigin}/widgets/widgets.js" data-api-base="${widgetOrigin}"></script>
</head><body><main class="${width}"><p class="eyebrow">Partner portal</p><${tag}></${tag}></main></body></html>`;
const pageServer = createServer((req, res) => {
  const csp = `default-src 'none'; script-src ${widgetOrigin}; style-src 'self' ${widgetOrigin}; connect-src ${widgetOrigin}; img-src data:`;
  if (req.url === '/page.css') return res.writeHead(200, { 'content-type': 'text/css' }).end(pageCss + 'main.wide{--w:40rem}');
  const tag = req.url === '/case-study.html' ? 'case-study-form' : req.url === '/webinar.html' ? 'webinar-subscribe' : null;
  if (!tag) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
  res.end(page(tag, tag === 'webinar-subscribe' ? 'wide' : ''));
});

const listen = (s) => new Promise((r) => s.listen(0, '127.0.0.1', () => r(s.address().port)));
widgetOrigin = `http://127.0.0.1:${await listen(widgetServer)}`;
const pageOrigin = `http://localhost:${await listen(pageServer)}`; // another origin (host differs)

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const problems = [];
async function check(pg, label) {
  await pg.evaluate(axeSource);
  const result = await pg.evaluate(() =>
    // eslint-disable-next-line no-undef
    axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
  );
  for (const v of result.violations) {
    // The embed page is a bare test page: page-level landmark/heading rules are not the widget's business.
    if (['region', 'landmark-one-main', 'page-has-heading-one'].includes(v.id)) continue;
    problems.push(`${label}: axe ${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
}

async function session(width, file, tag, steps) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  const pg = await context.newPage();
  pg.on('console', (m) => {
    // The browser logs the 403/500 answers the failure states ask for; those are expected.
    if (/Failed to load resource: the server responded with a status of (403|500)/.test(m.text())) return;
    if (m.type() === 'error' || /Content Security Policy|Refused to/.test(m.text())) problems.push(`${tag}@${width}: console ${m.type()}: ${m.text()}`);
  });
  pg.on('pageerror', (e) => problems.push(`${tag}@${width}: page error ${e.message}`));
  pg.on('dialog', (d) => {
    dialogs.push(d.message());
    d.accept();
  });
  await pg.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await pg.goto(`${pageOrigin}/${file}`);
  await pg.waitForFunction((t) => !!customElements.get(t) && !!document.querySelector(t)?.shadowRoot?.querySelector('form'), tag);
  const el = pg.locator(tag);
  // Keyboard: Tab walks the visible controls in order (the honeypot is skipped).
  const order = [];
  for (let i = 0; i < 5; i++) {
    await pg.keyboard.press('Tab');
    order.push(await pg.evaluate((t) => {
      const a = document.querySelector(t)?.shadowRoot?.activeElement;
      return a ? `${a.localName}${a.name ? `[${a.name}]` : ''}` : document.activeElement?.localName ?? '';
    }, tag));
  }
  const expected = tag === 'case-study-form' ? ['input[firstName]', 'input[lastName]', 'input[email]', 'button'] : ['input[email]', 'button'];
  if (JSON.stringify(order.slice(0, expected.length)) !== JSON.stringify(expected)) problems.push(`${tag}@${width}: tab order ${order.join(' > ')}`);
  await pg.evaluate(() => document.activeElement?.blur());
  for (const [state, act] of steps) {
    mode = { status: 200, body: { message: 'ok' } };
    await act(el, pg);
    await pg.waitForTimeout(250);
    const shot = join(out, `${tag}-${width}-${state}.png`);
    await pg.screenshot({ path: shot, fullPage: true });
    await check(pg, `${tag}@${width} ${state}`);
    if (release) {
      release();
      release = null;
    }
  }
  await context.close();
}

const dialogs = [];
const fillCase = async (el, first, last, email) => {
  await el.getByLabel('First name').fill(first);
  await el.getByLabel('Last name').fill(last);
  await el.getByLabel('Work email').fill(email);
};
const submit = (el) => el.locator('button[type=submit]').click();

const caseSteps = [
  ['1-empty', async () => {}],
  ['2-required', async (el) => {
    await submit(el);
    await el.getByText('First Name is required').waitFor();
  }],
  ['3-free-mail', async (el) => {
    await fillCase(el, 'Jane', 'Doe', 'jane@gmail.com');
    await submit(el);
    await el.getByRole('alert').waitFor();
  }],
  ['4-submitting', async (el) => {
    await el.getByLabel('Work email').fill('jane.doe@acme-insurance.com');
    mode = { status: 200, body: { message: 'ok' }, hold: true };
    await submit(el);
    await el.getByRole('button', { name: 'Submitting...' }).waitFor();
  }],
  ['5-success', async (el) => {
    await el.getByText('Your case study link has been mailed to your inbox.').waitFor();
  }],
  ['6-failure', async (el) => {
    mode = { status: 403 };
    await submit(el);
    await el.getByRole('alert').waitFor();
  }],
];
// 5-success: the hold set in step 4 is released after step 4's screenshot.

const webinarSteps = [
  ['1-empty', async () => {}],
  ['2-invalid', async (el) => {
    await el.getByLabel('Email address').fill('jane@acme');
    await submit(el);
    await el.getByText('Please enter correct email address').waitFor();
  }],
  ['3-failure', async (el) => {
    await el.getByLabel('Email address').fill('jane.doe@acme-insurance.com');
    mode = { status: 500, body: { message: 'down' } };
    await submit(el);
    await el.getByRole('alert').waitFor();
  }],
  ['4-submitting', async (el) => {
    mode = { status: 200, body: { ok: true }, hold: true };
    await submit(el);
    await el.locator('button[aria-busy=true]').waitFor();
  }],
  ['5-success', async (el) => {
    await el.getByText(/exclusive offers/).waitFor();
  }],
];

for (const width of [1280, 390]) {
  await session(width, 'case-study.html', 'case-study-form', caseSteps);
  await session(width, 'webinar.html', 'webinar-subscribe', webinarSteps);
}
await browser.close();
widgetServer.close();
pageServer.close();

const free = seen.filter((s) => s.body.includes('gmail.com'));
if (free.length) problems.push('a free-mail address reached the API');
if (!dialogs.length) problems.push('the webinar failure showed no alert');
console.log(`look: screenshots in ${out}; ${seen.length} API requests; alerts: ${JSON.stringify([...new Set(dialogs)])}`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('look: no axe violations, no CSP violations, no console errors');
