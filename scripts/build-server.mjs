#!/usr/bin/env node
/**
 * Compiles the server and the `census` command to plain JavaScript (dist/server/*.mjs) with esbuild,
 * so that production runs no TypeScript compiler: `npm start` and `npx census` load these files.
 * Packages stay external (node_modules is there at run time); our own modules are bundled, one file
 * an entry. Data files the code reads beside itself (the first-name table) are copied next to the
 * bundles, so `new URL('./data/...', import.meta.url)` resolves the same from source and from dist.
 *
 * To add an entry (a worker file, say), add it to ENTRIES: its output is dist/server/<name>.mjs.
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist/server');

/** name -> source entry, relative to the repository root. */
export const ENTRIES = {
  main: 'server/main.ts',
  'census-cli': 'server/census/cli.ts',
  // The census job's worker thread (server/cases/runner.ts loads it beside main.mjs).
  'census-worker': 'server/cases/worker.ts',
};

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [name, join(root, src)])),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
cpSync(join(root, 'server/census/data'), join(outdir, 'data'), { recursive: true });
