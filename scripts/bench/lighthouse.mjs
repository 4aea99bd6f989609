#!/usr/bin/env node
/**
 * Lighthouse (mobile, simulated throttling: Lighthouse's default) on the marketing site, driving
 * the system's Chromium. Starts the built server (run `npm run build` first) on a free port with a
 * temporary DATA_DIR, audits each page three times and keeps the median performance run, prints
 * the scores and key metrics with the median run's long tasks and the machine's load average (a
 * loaded machine lowers the scores: compare runs made under the same load), and exits 1 when a page
 * misses its target (issue 9: performance >= 95, accessibility, best practices and SEO 100; the
 * sample report, a page of charts and a map, performance >= 90: issue 21).
 *
 *   node scripts/bench/lighthouse.mjs [path ...]        (default: / /enroll /aboutus /tools/census)
 *   npm run bench -- lighthouse
 *   LH_RUNS=1 node scripts/bench/lighthouse.mjs /       (one run per page)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = fileURLToPath(new URL('../..', import.meta.url));
const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
const PAGES = paths.length ? paths : ['/', '/enroll', '/group-underwriting', '/aboutus', '/tools/census', '/tools/census/sample'];
const RUNS = Number(process.env.LH_RUNS ?? 3);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Pages with their own performance target. */
const PERFORMANCE_TARGETS = { '/tools/census/sample': 90 };
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

if (!existsSync(join(root, 'dist/site/index.html'))) {
  console.error('lighthouse: dist/site is missing; run `npm run build` first.');
  process.exit(1);
}

const loadStart = loadavg().map((l) => l.toFixed(1)).join(' ');
const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bf-lighthouse-'));
const server = spawn(process.execPath, ['server/start.mjs'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, SMTP_URL: '', ANALYTICS_ID: '' },
  stdio: 'ignore',
});
for (let i = 0; i < 200; i++) {
  try {
    if ((await fetch(`${url}/healthz`)).ok) break;
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 150));
}

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const rows = [];
let failed = false;
try {
  for (const path of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      });
      runs.push(result.lhr);
    }
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor(runs.length / 2)];
    const score = (k) => Math.round((lhr.categories[k].score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? '-';
    const row = {
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
    };
    rows.push(row);
    row.longTasks = (lhr.audits['long-tasks']?.details?.items ?? [])
      .slice(0, 5)
      .map((t) => `${Math.round(t.duration)} ms ${String(t.url).replace(url, '').replace(/^Unattributable$/, '(unattributable)')}`);
    const targets = { ...TARGETS, performance: PERFORMANCE_TARGETS[path] ?? TARGETS.performance };
    const misses = Object.entries(targets).filter(([k, t]) => row[k] < t);
    if (misses.length) {
      failed = true;
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
        .map((a) => `${a.id} (${a.score})`);
      row.note = `below target: ${misses.map(([k]) => k).join(', ')}; audits not passed: ${failing.join(', ')}`;
    }
    if (process.env.LH_REPORT_DIR) writeFileSync(join(process.env.LH_REPORT_DIR, `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '_')}.json`), JSON.stringify(lhr));
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`Lighthouse ${rows.length ? 'mobile' : ''} (median of ${RUNS} by performance; targets: perf >= ${TARGETS.performance} (${Object.entries(PERFORMANCE_TARGETS).map(([p, t]) => `${p} >= ${t}`).join(', ')}), others ${TARGETS.seo}; load average ${loadStart} at the start, ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end)`);
console.log('page                perf  a11y  bp   seo   FCP      LCP      TBT      CLS');
for (const r of rows) {
  console.log(
    `${r.path.padEnd(18)}  ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r['best-practices']).padStart(3)}  ${String(r.seo).padStart(4)}   ${r.FCP.padEnd(8)} ${r.LCP.padEnd(8)} ${r.TBT.padEnd(8)} ${r.CLS}`,
  );
  if (r.longTasks.length) console.log(`  long tasks: ${r.longTasks.join(', ')}`);
  if (r.note) console.log(`  ${r.note}`);
}
process.exit(failed ? 1 : 0);
