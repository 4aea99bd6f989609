/**
 * <time-bar-chart> - counts by time bucket as bars (product-spec 'Chart widgets').
 * @attr data - JSON object timestamp-ms -> count (or the `data` property).
 * @attr label - accessible name and caption.
 * The full reference is custom-elements.json; the source of truth is ./meta.ts.
 */
import { CHART_CSS } from '../internal/charts';
import { defineWidget } from '../internal/define-widget';
import { meta } from './meta';
import { TimeBarChart } from './TimeBarChart';

export const TimeBarChartElement = defineWidget(meta.tag, TimeBarChart, meta, { styles: CHART_CSS });
