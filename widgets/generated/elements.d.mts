/** Types for the generated elements.mjs (plain JS so that rollup and node scripts read it without a TS step). */
export declare const ELEMENTS: ReadonlyArray<{ tag: string; budget: 'form' | 'census-parser' | 'census-report' | 'chart' }>;
