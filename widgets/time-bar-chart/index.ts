/**
 * <time-bar-chart> - counts by time bucket as bars (product-spec 'Chart widgets').
 * Attributes, properties, events, parts and custom properties: ./meta.ts, the one source (custom-elements.json
 * and the declarations are generated from it).
 */
import { CHART_CSS } from '../internal/charts/chart';
import { defineWidget } from '../internal/define-widget';
import { meta } from './meta';
import { TimeBarChart } from '../internal/charts/TimeBarChart';

export const TimeBarChartElement = defineWidget(meta.tag, TimeBarChart, meta, { styles: CHART_CSS });
