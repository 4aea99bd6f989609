#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark in scripts/bench/ (files named *-bench.ts through tsx, and
 * lighthouse.mjs, the site's Lighthouse run, which needs `npm run build` first) one after the
 * other, each in its own Node process. `npm run bench -- census` runs only those whose name contains
 * "census"; `npm run bench -- lighthouse` only the Lighthouse run. Exit status: non-zero when a
 * benchmark fails or misses a target it checks.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'scripts/bench');
const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('-bench.ts') || f === 'lighthouse.mjs')
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const r = spawnSync(process.execPath, [...loader, join(dir, file), ...process.argv.slice(2).filter((a) => a.startsWith('-'))], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) failed++;
}
if (benches.length === 0) console.log('bench: no benchmark matched');
process.exit(failed ? 1 : 0);
