/**
 * <census-report case-id="..."> - the census case detail: files dropdown, Export, figures and charts.
 *
 * @attr case-id - the case to show.
 * @attr api-base, census-api-base - API origins.
 * @attr topology-url - for the Distribution map.
 * @attr heading-level - level of the card headings (default 2).
 * @attr no-delete - Boolean: hides 'Delete this report'.
 * @event census-report-loaded, census-report-error, census-export, census-report-deleted
 *
 * The full, generated reference is custom-elements.json; the source of truth is ./meta.ts.
 */
import { CHART_CSS } from '../internal/charts';
import { defineWidget } from '../internal/define-widget';
import { MAP_CSS } from '../us-state-map/UsStateMap';
import { CensusReport } from './CensusReport';
import { meta } from './meta';
import { createCensusReportStore } from './store';
import { styles } from './styles';
import { NOT_COUNTED_CSS } from './not-counted/styles';

export const CensusReportElement = defineWidget(meta.tag, CensusReport, meta, {
  styles: `${CHART_CSS}\n${MAP_CSS}\n${styles}\n${NOT_COUNTED_CSS}`,
  createStore: createCensusReportStore,
});
