/**
 * <us-state-map> - counts by US state as a shaded map with a Low/High legend (product-spec 'Chart widgets').
 * Attributes, properties, events, parts and custom properties: ./meta.ts, the one source (custom-elements.json
 * and the declarations are generated from it).
 */
import { defineWidget } from '../internal/define-widget';
import { meta } from './meta';
import { MAP_CSS, UsStateMap } from '../internal/charts/UsStateMap';

export const UsStateMapElement = defineWidget(meta.tag, UsStateMap, meta, { styles: MAP_CSS });
