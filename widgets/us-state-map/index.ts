/**
 * <us-state-map> - counts by US state as a shaded map with a Low/High legend (product-spec 'Chart widgets').
 * @attr data - JSON object state code -> count (or the `data` property).
 * @attr label - accessible name and caption.
 * @attr topology-url - where to fetch us-atlas states-10m.json (default: beside widgets.js).
 * The full reference is custom-elements.json; the source of truth is ./meta.ts.
 */
import { defineWidget } from '../internal/define-widget';
import { meta } from './meta';
import { MAP_CSS, UsStateMap } from './UsStateMap';

export const UsStateMapElement = defineWidget(meta.tag, UsStateMap, meta, { styles: MAP_CSS });
