#!/usr/bin/env node
/**
 * Builds what is needed: the compiled server and `census` command (dist/server), the widget bundle (dist/widgets), the case-study PDF (dist/files) and the
 * marketing site (dist/site). A step is skipped when its inputs have not changed since its last build
 * (a stamp of the inputs' paths and contents in dist/.stamps/); `--force` rebuilds all.
 *
 * Contents, not modification times: a checkout, a `touch` or a step that rewrites a file with the
 * same bytes must not trigger a rebuild. A step's own outputs are never its inputs (`exclude`):
 * the widget step writes widgets/generated/, which used to make every `npm start` rebuild the
 * widgets and then the site (13.8 s instead of about 1 s).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');

/** Each step: the command, the inputs whose change triggers it (minus what it writes itself), and an output that must exist. */
const steps = [
  {
    name: 'server',
    cmd: ['node', 'scripts/build-server.mjs'],
    inputs: ['server', 'shared', 'scripts/build-server.mjs', 'package-lock.json'],
    output: 'dist/server/main.mjs',
  },
  {
    name: 'widgets',
    cmd: ['node', 'scripts/build-widgets.mjs'],
    // server/census and what the engine worker takes beside it: <census-parser private> bundles the engine (issue 29).
    inputs: ['widgets', 'shared', 'server/census', 'server/jobs/census-outcome.ts', 'server/store/stored-reading.ts', 'rollup.widgets.config.mjs', 'scripts/build-widgets.mjs', 'scripts/gen-widget-manifest.ts', 'package-lock.json'],
    exclude: ['widgets/generated'],
    output: 'dist/widgets/widgets.js',
  },
  {
    name: 'case-study PDF',
    cmd: ['node', 'scripts/build-case-study-pdf.mjs'],
    inputs: ['server/case-study', 'shared', 'scripts/build-case-study-pdf.mjs', 'package-lock.json'],
    output: 'dist/files',
  },
  {
    name: 'site',
    cmd: ['node', 'scripts/prerender-site.mjs'],
    inputs: ['site', 'shared', 'vite.config.ts', 'widgets/generated', 'scripts/prerender-site.mjs', 'package-lock.json'],
    output: 'dist/site/index.html',
  },
];

function listFiles(path, exclude, out = []) {
  const abs = join(root, path);
  if (exclude.includes(path) || !existsSync(abs)) return out;
  const st = statSync(abs);
  if (st.isFile()) out.push(path);
  else for (const entry of readdirSync(abs).sort()) listFiles(join(path, entry), exclude, out);
  return out;
}

/** A hash of every input file's path and bytes (the sources are a few MB: hashing takes ~50 ms). */
function stampOf(step) {
  const hash = createHash('sha256');
  for (const file of step.inputs.flatMap((p) => listFiles(p, step.exclude ?? []))) {
    hash.update(`${relative('.', file)}\0`);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

const stampDir = join(root, 'dist/.stamps');
mkdirSync(stampDir, { recursive: true });

for (const step of steps) {
  const stampFile = join(stampDir, step.name.replace(/\W+/g, '-'));
  const stamp = stampOf(step);
  const fresh = !force && existsSync(join(root, step.output)) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  if (fresh) {
    console.log(`build: ${step.name} is up to date`);
    continue;
  }
  const started = Date.now();
  console.log(`build: ${step.name}...`);
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build: ${step.name} failed`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, stamp);
  console.log(`build: ${step.name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
