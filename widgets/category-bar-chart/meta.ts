/**
 * <category-bar-chart>: the public API of the element (the one source for defineWidget,
 * custom-elements.json and the declarations).
 */
import { CHART_CSS_PROPERTY } from '../internal/charts/chart';
import { defineMeta } from '../internal/meta';
import { CATEGORY_BAR_DEFAULTS as DEFAULTS } from '../internal/charts/defaults';
import { tokenDocs } from '../internal/styles';

/** The defaults the component draws with (widgets/internal/charts/defaults.ts). */
export { DEFAULTS };

/** No events: the chart only shows data. */
export type CategoryBarChartEvents = Record<never, never>;

export const meta = defineMeta({
  tag: 'category-bar-chart',
  budget: 'chart',
  className: 'CategoryBarChartElement',
  summary: 'A bar chart of counts by category label, with the value above each bar.',
  description: [
    'Data: an object keyed by category label with counts, e.g. `{"18-24": 4, "25-29": 10}`, drawn in key',
    'order; as the `data` property or a JSON `data` attribute. Bars 20 px thick; `variant="half"` makes',
    'them 50% of the category width with labels at 45 degrees. Value labels above the bars, no y axis, no',
    "legend; 'No data available' for an empty object. A visually hidden table carries the data for screen",
    'readers.',
  ].join(' '),
  attributes: [
    {
      name: 'data',
      type: 'json',
      typeText: 'Record<string, number>',
      description: 'Counts keyed by category label (JSON in the attribute; an object as the property).',
    },
    { name: 'label', type: 'string', default: DEFAULTS.label, description: 'What the chart shows; names it for assistive technology.' },
    {
      name: 'variant',
      type: 'string',
      typeText: "'default' | 'half'",
      default: 'default',
      description: "`half`: bars 50% of the category width, labels at 45 degrees (the salary-band look).",
    },
  ],
  events: [],
  cssParts: [
    { name: 'base', description: 'The chart (a <figure>), or the empty box.' },
    { name: 'chart', description: 'The box around the canvas.' },
    { name: 'empty', description: "The 'No data available' box." },
  ],
  cssProperties: [...tokenDocs(), CHART_CSS_PROPERTY],
});
