/**
 * <us-state-map>: the public API of the element (the one source for defineWidget,
 * custom-elements.json and the declarations).
 */
import { defineMeta } from '../internal/meta';
import { MAP_DEFAULTS as DEFAULTS } from '../internal/charts/defaults';
import { tokenDocs } from '../internal/styles';

/** The defaults the component draws with (widgets/internal/charts/defaults.ts). */
export { DEFAULTS };

export type UsStateMapEvents = Record<never, never>;

export const meta = defineMeta({
  tag: 'us-state-map',
  budget: 'chart',
  className: 'UsStateMapElement',
  summary: 'A map of the 50 US states plus DC shaded by count, with a Low/High legend.',
  description: [
    'Data: an object keyed by two-letter state code (50 states plus DC) with counts; as the `data`',
    'property or a JSON `data` attribute. Counts are shaded in 5 quantized steps (d3-scale) from light',
    'blue to the primary colour; states with 0, or every state when the maximum is 0, are grey. The',
    'legend shows Low and High with the minimum and maximum under them, and a list names the five',
    'states with the most. The map is one focusable region (not one tab stop per state) whose visually',
    'hidden table carries every count for screen readers; each state shows its name and count under',
    'the pointer. The boundaries (us-atlas states-10m.json) are fetched when the map',
    'mounts, from beside widgets.js unless `topology-url` says otherwise, and drawn when the map comes',
    'within half a screen of the viewport or the page is printed; if the fetch fails, the map does',
    "not render. 'No data available' for an empty object.",
  ].join(' '),
  attributes: [
    {
      name: 'data',
      type: 'json',
      typeText: 'Record<string, number>',
      description: 'Counts keyed by USPS state code (JSON in the attribute; an object as the property).',
    },
    { name: 'label', type: 'string', default: DEFAULTS.label, description: 'What the map shows; names it for assistive technology.' },
    {
      name: 'topology-url',
      type: 'string',
      description: 'Where to fetch the us-atlas states topology (default: states-10m.json beside widgets.js, served by our server).',
    },
  ],
  events: [],
  cssParts: [
    { name: 'base', description: 'The map (a <figure>), or the empty box.' },
    { name: 'map', description: 'The <svg>.' },
    { name: 'state', description: 'Each state shape.' },
    { name: 'legend', description: 'The Low/High legend.' },
    { name: 'top-states', description: 'The list of the states with the most (under the legend).' },
    { name: 'empty', description: "The 'No data available' box." },
  ],
  cssProperties: [
    ...tokenDocs(),
    { name: '--bf-map-low', default: '#cfe0ff', description: 'Colour of the lowest of the 5 steps (light blue); the highest is --bf-color-primary.' },
    { name: '--bf-map-zero', default: '#3a4560', description: 'Colour of states with no count.' },
  ],
});
