/**
 * <gender-doughnut> - the male / female / unknown split as a doughnut (product-spec 'Chart widgets').
 * @attr data - JSON `{male, female, unknown}` of `{value, percentage}` (or the `data` property).
 * @attr label - accessible name and caption.
 * The full reference is custom-elements.json; the source of truth is ./meta.ts.
 */
import { CHART_CSS } from '../internal/charts';
import { defineWidget } from '../internal/define-widget';
import { GenderDoughnut } from './GenderDoughnut';
import { meta } from './meta';

export const GenderDoughnutElement = defineWidget(meta.tag, GenderDoughnut, meta, { styles: CHART_CSS });
