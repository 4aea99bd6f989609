/**
 * The page-level API of the widget bundle: `window.Benefold`, created by the loader (widgets.js)
 * and read by the element chunks.
 *
 * This file holds type declarations only and imports nothing: scripts/gen-widget-manifest.ts copies
 * it verbatim into the published benefold-widgets.d.ts, so it is the one source of these types.
 */

/** API origins used by the elements. Per-element attributes win over these. */
export interface BenefoldConfig {
  /** The product API origin, e.g. `https://api.benefold.example` (`''` = the page's own origin). */
  apiBase?: string;
  /** The census API origin (the "second host"); defaults to the resolved `apiBase`. */
  censusApiBase?: string;
}

export interface BenefoldGlobal {
  /** The version of the bundle that created this object (the first loader on the page). */
  readonly version: string;
  /**
   * The page-wide configuration in effect: the loader script's `data-api-base` /
   * `data-census-api-base`, or the origin the loader was served from, overridden by `configure()`.
   */
  readonly config: BenefoldConfig;
  /** Sets page-wide options; undefined keys are left as they are. Read at each request. */
  configure(options: BenefoldConfig): BenefoldConfig;
  /**
   * Loads and defines an element now (for tags the loader cannot see, e.g. inside another shadow
   * root). Resolves once the element is defined; rejects for a tag no loader on the page knows.
   */
  load(tag: string): Promise<CustomElementConstructor>;
}
