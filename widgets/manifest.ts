/**
 * Every element's meta, collected: the input of scripts/gen-widget-manifest.ts
 * (custom-elements.json and benefold-widgets.d.ts). Node-safe: metas import data only.
 */
import { meta as caseStudyForm } from './case-study-form/meta';
import { meta as categoryBarChart } from './category-bar-chart/meta';
import { meta as censusParser } from './census-parser/meta';
import { meta as censusReport } from './census-report/meta';
import { meta as genderDoughnut } from './gender-doughnut/meta';
import { meta as timeBarChart } from './time-bar-chart/meta';
import { meta as usStateMap } from './us-state-map/meta';
import type { WidgetMeta } from './internal/meta';
import { meta as webinarSubscribe } from './webinar-subscribe/meta';

export const WIDGET_METAS: readonly WidgetMeta[] = [
  caseStudyForm,
  webinarSubscribe,
  censusParser,
  censusReport,
  usStateMap,
  genderDoughnut,
  timeBarChart,
  categoryBarChart,
];
