#!/usr/bin/env node
/**
 * Compiles the server and the `census` command to plain JavaScript (dist/server/*.mjs) with esbuild,
 * so that production runs no TypeScript compiler: `npm start` and `npx census` load these files.
 * Data files the code reads beside itself (the first-name table) are copied next to the bundles, so
 * `new URL('./data/...', import.meta.url)` resolves the same from source and from dist.
 *
 * Start-up time: the packages are bundled too (fastify and its plugins, yup, nodemailer, SheetJS,
 * papaparse ...). Node 20 resolves and reads each CommonJS file of a package on its own - some 400
 * files for the server - and that was a third of the cold start (~500 -> ~350 ms of CPU to the first
 * answer; `census analyze` ~300 -> ~240 ms). Code splitting keeps what a dynamic import() loads (the
 * SMTP intake's smtp-server and mailparser) in chunks of its own, read only when it is used.
 * Minifying did not help (V8 parses lazily; it only made stack traces unreadable).
 *
 * Kept EXTERNAL, loaded from node_modules at run time, because bundling would break them:
 *   better-sqlite3  a native addon, found through its own path;
 *   piscina         starts its worker threads from its own files (node_modules/piscina/dist/worker.js);
 *   pino, thread-stream  a logging transport runs a worker file beside the package (__dirname);
 *   @fastify/multipart, @fastify/busboy  server/security/multipart-guard.ts patches busboy's streams
 *                   as resolved from node_modules: the route must use that same copy.
 *   pdfjs-dist      starts its worker code from pdf.worker.mjs beside its own build, and reads its
 *                   fonts and CMaps from its package folder (server/census/read/pdf.ts imports it
 *                   only when a PDF arrives).
 * A package that reads its own files through __dirname must be added there (grep the bundle).
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
  // The census job's worker thread (server/jobs/pool.ts loads it beside main.mjs).
  'census-worker': 'server/jobs/worker.ts',
};

/** Packages that must not be bundled (see above). */
export const EXTERNAL = ['better-sqlite3', 'piscina', 'pino', 'thread-stream', '@fastify/multipart', '@fastify/busboy', 'pdfjs-dist', 'tesseract.js'];

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [name, join(root, src)])),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  external: EXTERNAL,
  splitting: true,
  // Chunks sit beside the entries: code in them resolves 'new URL("./data/...", import.meta.url)' the same.
  chunkNames: '[name]-[hash]',
  // Bundled CommonJS packages call require() (for node: built-ins and each other): give the ES
  // modules one.
  banner: { js: "import { createRequire as __bfCreateRequire } from 'node:module'; const require = __bfCreateRequire(import.meta.url);" },
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
cpSync(join(root, 'server/census/data'), join(outdir, 'data'), { recursive: true });
