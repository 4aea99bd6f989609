/**
 * Every element's meta, collected: the input of scripts/gen-widget-manifest.ts
 * (custom-elements.json and benefold-widgets.d.ts). Node-safe: metas import data only.
 */
import { meta as caseStudyForm } from './case-study-form/meta';
import { meta as censusParser } from './census-parser/meta';
import type { WidgetMeta } from './internal/meta';
import { meta as webinarSubscribe } from './webinar-subscribe/meta';

export const WIDGET_METAS: readonly WidgetMeta[] = [caseStudyForm, webinarSubscribe, censusParser];
