/**
 * The size budgets (gzip) an element's first use must meet, and the element table. Read by
 * rollup.widgets.config.mjs (entries), scripts/size.mjs (budgets) and tests.
 *
 * The element list has one source: widgets/manifest.ts (each element's meta, with its `budget`).
 * ELEMENTS is generated from it into widgets/generated/elements.mjs by scripts/gen-widget-manifest.ts
 * (run by scripts/build-widgets.mjs before rollup); tests/widgets/manifest.test.ts fails when the
 * committed file differs from the metas.
 *
 * To add an element: create widgets/<tag>/{index.ts, meta.ts (with its budget), <Component>.tsx,
 * styles.ts}, add its meta to widgets/manifest.ts and build. The loader picks it up from the build.
 */

/** Budgets in bytes, gzip (ARCHITECTURE.md, "Budgets"). `firstUse` = loader + element chunk + its static imports. */
export const BUDGETS = {
  loader: 4 * 1024,
  form: 60 * 1024,
  'census-parser': 75 * 1024,
  'census-report': 150 * 1024,
  /** Each chart element alone (issue 8). */
  chart: 90 * 1024,
  /** The engine worker of <census-parser private> (issue 29): its one file, loaded only when private mode is used. */
  'engine-worker': 350 * 1024,
};

export { ELEMENTS } from './generated/elements.mjs';
