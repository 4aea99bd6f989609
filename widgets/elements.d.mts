/** Types for elements.mjs (plain JS so that rollup and node scripts read it without a TS step). */
export declare const BUDGETS: {
  loader: number;
  form: number;
  'census-parser': number;
  'census-report': number;
  chart: number;
  'engine-worker': number;
};
export { ELEMENTS } from './generated/elements.mjs';
