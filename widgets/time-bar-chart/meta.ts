/**
 * <time-bar-chart>: the public API of the element (the one source for defineWidget,
 * custom-elements.json and the declarations).
 */
import { CHART_CSS_PROPERTY } from '../internal/charts/chart';
import { defineMeta } from '../internal/meta';
import { TIME_BAR_DEFAULTS as DEFAULTS } from '../internal/charts/defaults';
import { tokenDocs } from '../internal/styles';

/** The defaults the component draws with (widgets/internal/charts/defaults.ts). */
export { DEFAULTS };

export type TimeBarChartEvents = Record<never, never>;

export const meta = defineMeta({
  tag: 'time-bar-chart',
  budget: 'chart',
  className: 'TimeBarChartElement',
  summary: 'A bar chart of counts by time bucket (keys are timestamps in milliseconds).',
  description: [
    'Data: an object keyed by timestamp in milliseconds (or the text `NaN`) with counts; as the `data`',
    'property or a JSON `data` attribute. Buckets are drawn in time order (`NaN` last, labelled',
    '"Unknown"); each label is the date of timestamp / 1000 read as Unix seconds (UTC). Bars 10 px thick',
    "above 20 bars, else 20; labels at 45 degrees; value labels above the bars, no y axis, no legend; 'No",
    "data available' for an empty object. A visually hidden table carries the data for screen readers.",
  ].join(' '),
  attributes: [
    {
      name: 'data',
      type: 'json',
      typeText: 'Record<string, number>',
      description: 'Counts keyed by timestamp in ms or `NaN` (JSON in the attribute; an object as the property).',
    },
    { name: 'label', type: 'string', default: DEFAULTS.label, description: 'What the chart shows; names it for assistive technology.' },
  ],
  events: [],
  cssParts: [
    { name: 'base', description: 'The chart (a <figure>), or the empty box.' },
    { name: 'chart', description: 'The box around the canvas.' },
    { name: 'empty', description: "The 'No data available' box." },
  ],
  cssProperties: [...tokenDocs(), CHART_CSS_PROPERTY],
});
