/**
 * <category-bar-chart> - counts by category label as bars (product-spec 'Chart widgets').
 * Attributes, properties, events, parts and custom properties: ./meta.ts, the one source (custom-elements.json
 * and the declarations are generated from it).
 */
import { CHART_CSS } from '../internal/charts/chart';
import { defineWidget } from '../internal/define-widget';
import { CategoryBarChart } from '../internal/charts/CategoryBarChart';
import { meta } from './meta';

export const CategoryBarChartElement = defineWidget(meta.tag, CategoryBarChart, meta, { styles: CHART_CSS });
