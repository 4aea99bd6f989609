#!/usr/bin/env node
/**
 * `npm test`: builds what the browser tests need, then runs every Vitest project
 * (node: shared + server + census engine; dom: widget and site components; e2e: real Chromium).
 * Extra arguments go to vitest, e.g. `npm test -- --project node`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.error(`test: Chromium is missing at ${chromium}. Install Debian's package: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

const build = spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const outDir = mkdtempSync(join(tmpdir(), 'benefold-test-'));
const jsonFile = join(outDir, 'results.json');
const run = spawnSync(
  'node',
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`, ...args],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);

// One plain closing line that any CI log reader understands.
try {
  const r = JSON.parse(readFileSync(jsonFile, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log('tests: results unavailable');
}
rmSync(outDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
