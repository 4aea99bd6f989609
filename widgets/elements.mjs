/**
 * The elements the bundle ships, and the size budgets (gzip) their first use must meet.
 * Read by rollup.widgets.config.mjs (entries), scripts/size.mjs (budgets) and tests (every row has
 * a folder widgets/<tag>/ with index.ts and meta.ts, listed in widgets/manifest.ts).
 *
 * To add an element: create widgets/<tag>/{index.ts, meta.ts, <Component>.tsx, styles.ts}, add its
 * meta to widgets/manifest.ts and a row here. The loader picks it up from the build.
 */

/** Budgets in bytes, gzip (ARCHITECTURE.md, "Budgets"). `firstUse` = loader + element chunk + its static imports. */
export const BUDGETS = {
  loader: 4 * 1024,
  form: 60 * 1024,
  'census-parser': 75 * 1024,
  'census-report': 150 * 1024,
  /** Each chart element alone (issue 8). */
  chart: 90 * 1024,
};

/** @type {ReadonlyArray<{ tag: string, budget: Exclude<keyof typeof BUDGETS, 'loader'> }>} */
export const ELEMENTS = [
  { tag: 'case-study-form', budget: 'form' },
  { tag: 'webinar-subscribe', budget: 'form' },
  { tag: 'census-parser', budget: 'census-parser' },
  { tag: 'census-report', budget: 'census-report' },
  { tag: 'us-state-map', budget: 'chart' },
  { tag: 'gender-doughnut', budget: 'chart' },
  { tag: 'time-bar-chart', budget: 'chart' },
  { tag: 'category-bar-chart', budget: 'chart' },
];
