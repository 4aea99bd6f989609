/**
 * <gender-doughnut>: the public API of the element (the one source for defineWidget,
 * custom-elements.json and the declarations).
 */
import { CHART_CSS_PROPERTY } from '../internal/charts/chart';
import { defineMeta } from '../internal/meta';
import { DOUGHNUT_DEFAULTS as DEFAULTS } from '../internal/charts/defaults';
import { tokenDocs } from '../internal/styles';

/** The defaults the component draws with (widgets/internal/charts/defaults.ts). */
export { DEFAULTS };

export type GenderDoughnutEvents = Record<never, never>;

export const meta = defineMeta({
  tag: 'gender-doughnut',
  budget: 'chart',
  className: 'GenderDoughnutElement',
  summary: 'A doughnut of the male / female / unknown split, legend on the right.',
  description: [
    'Data: `{male, female, unknown}`, each `{value, percentage}` (the census report\'s `genderRatio`); as',
    "the `data` property or a JSON `data` attribute. Labels 'Male (pct%)', 'Female (pct%)', 'Unknown",
    "(pct%)' with whole-number percentages; legend on the right (below on narrow widths). 'No data",
    "available' for an empty object or when every value is 0. A visually hidden table carries the data.",
  ].join(' '),
  attributes: [
    {
      name: 'data',
      type: 'json',
      typeText: '{ male?: { value: number; percentage: number }; female?: { value: number; percentage: number }; unknown?: { value: number; percentage: number } }',
      description: 'The split (JSON in the attribute; an object as the property).',
    },
    { name: 'label', type: 'string', default: DEFAULTS.label, description: 'What the chart shows; names it for assistive technology.' },
  ],
  events: [],
  cssParts: [
    { name: 'base', description: 'The chart (a <figure>), or the empty box.' },
    { name: 'chart', description: 'The box around the canvas.' },
    { name: 'empty', description: "The 'No data available' box." },
  ],
  cssProperties: [
    ...tokenDocs(),
    CHART_CSS_PROPERTY,
    { name: '--bf-chart-female', default: '#e879c6', description: 'Colour of the female slice (male uses --bf-color-primary).' },
    { name: '--bf-chart-unknown', default: '#8a94ad', description: 'Colour of the unknown slice.' },
  ],
});
