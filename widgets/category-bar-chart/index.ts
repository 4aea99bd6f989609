/**
 * <category-bar-chart> - counts by category label as bars (product-spec 'Chart widgets').
 * @attr data - JSON object label -> count (or the `data` property).
 * @attr label - accessible name and caption.
 * @attr variant - `half`: 50% bar width, labels at 45 degrees.
 * The full reference is custom-elements.json; the source of truth is ./meta.ts.
 */
import { CHART_CSS } from '../internal/charts';
import { defineWidget } from '../internal/define-widget';
import { CategoryBarChart } from './CategoryBarChart';
import { meta } from './meta';

export const CategoryBarChartElement = defineWidget(meta.tag, CategoryBarChart, meta, { styles: CHART_CSS });
