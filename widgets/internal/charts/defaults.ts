/**
 * The chart components' defaults: the elements' meta.ts files publish them (custom-elements.json),
 * the components in this folder draw with them.
 */

/** <category-bar-chart> */
export const CATEGORY_BAR_DEFAULTS = { label: 'Bar chart', thickness: 20, halfWidth: 0.5 } as const;

/** <gender-doughnut> */
export const DOUGHNUT_DEFAULTS = { label: 'Male to Female' } as const;

/** <time-bar-chart> */
export const TIME_BAR_DEFAULTS = {
  label: 'Counts over time',
  /** product-spec section 9: thickness 10 above 20 bars, else 20. */
  thinAbove: 20,
  thin: 10,
  thick: 20,
  unknownLabel: 'Unknown',
} as const;

/** <us-state-map> */
export const MAP_DEFAULTS = {
  label: 'Distribution by state',
  /** Beside the widget bundle: scripts copy us-atlas's states-10m.json into dist/widgets/. */
  topologyFile: 'states-10m.json',
} as const;
