/**
 * <gender-doughnut> - the male / female / unknown split as a doughnut (product-spec 'Chart widgets').
 * Attributes, properties, events, parts and custom properties: ./meta.ts, the one source (custom-elements.json
 * and the declarations are generated from it).
 */
import { CHART_CSS } from '../internal/charts/chart';
import { defineWidget } from '../internal/define-widget';
import { GenderDoughnut } from '../internal/charts/GenderDoughnut';
import { meta } from './meta';

export const GenderDoughnutElement = defineWidget(meta.tag, GenderDoughnut, meta, { styles: CHART_CSS });
