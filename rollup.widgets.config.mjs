/**
 * The widget bundle (dist/widgets), three builds run in order:
 *  0. engine worker: widgets/census-parser/private/engine-worker.ts -> chunks/census-engine-worker-[hash].js,
 *     the census engine for <census-parser private> (issue 29), one classic worker script loaded only
 *     when private mode is used. The engine's Node-only pieces are swapped for browser twins here
 *     (browserTwins below), never by checks in the engine. Its file name goes into the elements build.
 *  1. elements: widgets/<tag>/index.ts -> chunks/<tag>-[hash].js, ES modules with code splitting
 *     (shared code in chunks/shared-[hash].js). Writes manifest.json: each element's entry chunk and the
 *     chunks it imports statically, transitively (read by the loader build and scripts/size.mjs).
 *  2. loader: widgets/loader.ts -> widgets.js, a classic script (IIFE) with the chunk table injected.
 * React is aliased to Preact (preact/compat). Run through scripts/build-widgets.mjs, or
 * `npx rollup -c rollup.widgets.config.mjs`.
 */
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import esbuild from 'rollup-plugin-esbuild';
import { ELEMENTS } from './widgets/elements.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = `${root}dist/widgets`;
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const target = 'es2020';

/** Filled by the elements build, read by the loader build; engineWorker by the worker build, read by the elements build. */
const manifest = { version, elements: /** @type {Record<string, {entry: string, imports: string[]}>} */ ({}), engineWorker: /** @type {string | null} */ (null) };

const constants = () =>
  replace({
    preventAssignment: true,
    values: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __BENEFOLD_VERSION__: JSON.stringify(version),
      // The engine worker's file, relative to the chunks (a function: read after the worker build).
      __BENEFOLD_ENGINE_WORKER__: () => JSON.stringify(manifest.engineWorker ? manifest.engineWorker.replace(/^chunks\//, './') : null),
    },
  });

/**
 * The engine's browser twins, chosen by the worker's bundle (issue 29, "one engine, two places"):
 *  - `node:crypto` and `node:zlib` -> widgets/census-parser/private/node/{crypto,zlib}.ts (the calls
 *    the engine makes: SHA-256, HMAC, random bytes; capped raw inflate and CRC-32 for the ZIP guard);
 *  - a module of server/ with a `<name>.browser.ts` beside it -> that file (read/sheetjs.browser.ts:
 *    SheetJS's ES build; names-table.browser.ts: the first-name table imported statically).
 * Any other `node:` import fails the build: the worker must not carry a Node-only module.
 */
function browserTwins() {
  const twins = { 'node:crypto': 'crypto', 'node:zlib': 'zlib' };
  return {
    name: 'benefold-browser-twins',
    resolveId(source, importer) {
      if (source in twins) return `${root}widgets/census-parser/private/node/${twins[source]}.ts`;
      if (source.startsWith('node:')) this.error(`the engine worker imports ${source} (from ${importer}): give it a browser twin`);
      if (!importer || !source.startsWith('.') || !importer.startsWith(`${root}server/`)) return null;
      const twin = `${resolvePath(dirname(importer), source)}.browser.ts`;
      return existsSync(twin) ? twin : null;
    },
  };
}

/** JSON modules as ES modules (the first-name table in the worker). */
function jsonModules() {
  return {
    name: 'benefold-json',
    transform(code, id) {
      if (!id.endsWith('.json')) return null;
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(code)))});`, map: { mappings: '' } };
    },
  };
}

/**
 * TypeScript/TSX through esbuild (transform only). The plugin's own resolveId is dropped: it resolves
 * relative imports straight to files, bypassing node-resolve's `browser` field mapping, which pulled
 * axios's Node http adapter into the bundle. node-resolve (with the .ts/.tsx extensions) resolves.
 */
const typescript = (options = {}) => {
  const plugin = esbuild({ target, tsconfig: `${root}tsconfig.json`, minify: false, ...options });
  delete plugin.resolveId;
  return plugin;
};

const minify = () =>
  terser({
    ecma: 2020,
    module: true,
    compress: { passes: 2 },
    format: { comments: false },
  });

/** Writes manifest.json from the chunk graph: entry + static imports, transitively. */
function chunkManifest() {
  return {
    name: 'benefold-chunk-manifest',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      for (const chunk of chunks) {
        if (!chunk.isEntry) continue;
        const seen = new Set();
        const visit = (file) => {
          for (const dep of byFile.get(file)?.imports ?? []) {
            if (seen.has(dep)) continue;
            seen.add(dep);
            visit(dep);
          }
        };
        visit(chunk.fileName);
        manifest.elements[chunk.name] = { entry: chunk.fileName, imports: [...seen] };
      }
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

/**
 * The map boundaries are data served beside the bundle, not JavaScript (ARCHITECTURE.md "Budgets"):
 * us-atlas's states-10m.json is copied to dist/widgets/states-10m.json, the default `topology-url`
 * of <us-state-map>.
 */
function mapData() {
  return {
    name: 'benefold-map-data',
    generateBundle() {
      const source = readFileSync(createRequire(import.meta.url).resolve('us-atlas/states-10m.json'));
      this.emitFile({ type: 'asset', fileName: 'states-10m.json', source });
    },
  };
}

/** @type {import('rollup').RollupOptions[]} */
export default [
  {
    input: { 'census-engine-worker': `${root}widgets/census-parser/private/engine-worker.ts` },
    plugins: [
      browserTwins(),
      nodeResolve({ browser: true, preferBuiltins: false, extensions: ['.mjs', '.js', '.ts', '.json'] }),
      commonjs(),
      jsonModules(),
      constants(),
      typescript(),
      minify(),
      {
        name: 'benefold-engine-worker-name',
        generateBundle(_options, bundle) {
          manifest.engineWorker = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)?.fileName ?? null;
        },
      },
    ],
    output: {
      dir: outDir,
      format: 'iife',
      entryFileNames: 'chunks/[name]-[hash].js',
      inlineDynamicImports: true,
      sourcemap: true,
    },
  },
  {
    input: Object.fromEntries(ELEMENTS.map(({ tag }) => [tag, `${root}widgets/${tag}/index.ts`])),
    preserveEntrySignatures: 'exports-only',
    plugins: [
      alias({
        entries: [
          { find: /^react$/, replacement: 'preact/compat' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
        ],
      }),
      nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
      commonjs(),
      constants(),
      typescript({ jsx: 'automatic' }),
      minify(),
      chunkManifest(),
      mapData(),
    ],
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: 'chunks/[name]-[hash].js',
      // Shared chunks are named for what they are, not for whichever module rollup picked.
      chunkFileNames: 'chunks/shared-[hash].js',
      sourcemap: true,
    },
  },
  {
    input: `${root}widgets/loader.ts`,
    plugins: [
      nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts'] }),
      constants(),
      replace({
        preventAssignment: true,
        values: {
          // A function: evaluated when the loader is transformed, after the elements build.
          __BENEFOLD_CHUNKS__: () =>
            JSON.stringify(
              Object.fromEntries(
                Object.entries(manifest.elements).map(([tag, e]) => [tag, [e.entry, ...e.imports]]),
              ),
            ),
        },
      }),
      typescript(),
      minify(),
    ],
    output: {
      file: `${outDir}/widgets.js`,
      format: 'iife',
      sourcemap: true,
    },
  },
];
