/**
 * Vite builds the marketing site (site/ -> dist/site) and Vitest runs every test suite.
 *
 * Test projects:
 *  - node: shared/, server/ (the census engine included) - plain Node.
 *  - dom:  widgets/ and site/ component tests under jsdom with React.
 *  - e2e:  real Chromium (playwright-core, system /usr/bin/chromium) against the running server;
 *          needs `npm run build` first (scripts/test.mjs does that).
 */
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: `${root}site`,
  publicDir: `${root}site/public`,
  base: '/',
  build: {
    outDir: `${root}dist/site`,
    emptyOutDir: true,
    sourcemap: true,
    // scripts/prerender-site.mjs reads the manifest to preload each route's own chunk.
    manifest: true,
    // Fonts and small images stay files: the CSP allows data: but files cache better.
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        // The React site's template: scripts/prerender-site.mjs renders every route into it.
        main: `${root}site/index.html`,
      },
    },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    root,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          root,
          environment: 'node',
          include: ['tests/shared/**/*.test.ts', 'tests/server/**/*.test.ts'],
          // Says once, before any test, when ../shared (fixtures, corpus) is missing.
          globalSetup: ['tests/support/shared-check.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          root,
          environment: 'jsdom',
          include: ['tests/widgets/**/*.test.{ts,tsx}', 'tests/site/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root,
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/shared-check.ts', 'tests/e2e/global-setup.ts'],
          // One browser-heavy file at a time: the machine has two cores and the tests share one server.
          // One file at a time (the files share one server and Chromium is heavy on two cores), in
          // the threads pool: the node and dom projects keep the forks pool, and Vitest runs its
          // pools side by side, so the browser files run beside the others instead of after them.
          pool: 'threads',
          poolOptions: { threads: { singleThread: true } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
