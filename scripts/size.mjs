#!/usr/bin/env node
/**
 * `npm run size`: gzip sizes of the widget bundle against the budgets of widgets/elements.mjs
 * (ARCHITECTURE.md, "Budgets"). An element's first use = widgets.js + its entry chunk + every chunk
 * it imports statically, transitively (dist/widgets/manifest.json, written from rollup's chunk
 * graph). Each file is gzipped on its own (level 9), as a server would send it. Exits 1 past a
 * budget or when dist/widgets is missing (run `node scripts/build-widgets.mjs` first).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BUDGETS, ELEMENTS } from '../widgets/elements.mjs';

const dir = fileURLToPath(new URL('../dist/widgets/', import.meta.url));
if (!existsSync(`${dir}manifest.json`) || !existsSync(`${dir}widgets.js`)) {
  console.error('size: dist/widgets is missing; run `node scripts/build-widgets.mjs` (or `npm run build`) first.');
  process.exit(1);
}

const gz = (file) => gzipSync(readFileSync(`${dir}${file}`), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const manifest = JSON.parse(readFileSync(`${dir}manifest.json`, 'utf8'));

const rows = [];
const loader = gz('widgets.js');
rows.push({ what: 'widgets.js (loader)', size: loader, budget: BUDGETS.loader, files: 'widgets.js' });
for (const { tag, budget } of ELEMENTS) {
  const entry = manifest.elements[tag];
  if (!entry) {
    rows.push({ what: `<${tag}> first use`, size: NaN, budget: BUDGETS[budget], files: 'not built' });
    continue;
  }
  const files = [entry.entry, ...entry.imports];
  const size = loader + files.reduce((sum, f) => sum + gz(f), 0);
  rows.push({ what: `<${tag}> first use`, size, budget: BUDGETS[budget], files: ['widgets.js', ...files].join(' + ') });
}

// The engine worker of <census-parser private> (issue 29): one file, fetched only when private mode is
// used (after the element's first use), so it has a budget of its own.
if (manifest.engineWorker) {
  rows.push({ what: 'census engine worker (private mode)', size: gz(manifest.engineWorker), budget: BUDGETS['engine-worker'], files: manifest.engineWorker });
} else {
  rows.push({ what: 'census engine worker (private mode)', size: NaN, budget: BUDGETS['engine-worker'], files: 'not built' });
}

// The marketing site's JavaScript on the home page (ARCHITECTURE.md budgets): the entry, every chunk
// it imports statically, and the home route's chunk with its static imports (dist/site/.vite/manifest.json).
const SITE_HOME_BUDGET = 120 * 1024;
const siteDir = fileURLToPath(new URL('../dist/site/', import.meta.url));
if (existsSync(`${siteDir}.vite/manifest.json`)) {
  const site = JSON.parse(readFileSync(`${siteDir}.vite/manifest.json`, 'utf8'));
  const files = new Set();
  const walk = (key) => {
    const chunk = site[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  walk('index.html');
  walk('src/pages/Home.tsx');
  const size = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(`${siteDir}${f}`), { level: 9 }).length, 0);
  rows.push({ what: 'site: home page JavaScript', size, budget: SITE_HOME_BUDGET, files: [...files].map((f) => f.replace('assets/', '')).join(' + ') });
} else {
  rows.push({ what: 'site: home page JavaScript', size: NaN, budget: SITE_HOME_BUDGET, files: 'dist/site not built' });
}

let failed = false;
const width = Math.max(...rows.map((r) => r.what.length));
console.log(`${'what'.padEnd(width)}  ${'gzip'.padStart(9)}  ${'budget'.padStart(9)}  files`);
for (const r of rows) {
  const ok = r.size <= r.budget;
  if (!ok) failed = true;
  console.log(`${r.what.padEnd(width)}  ${kb(r.size).padStart(9)}  ${kb(r.budget).padStart(9)}  ${ok ? '' : 'OVER BUDGET  '}${r.files}`);
}
if (failed) {
  console.error('size: over budget');
  process.exit(1);
}
