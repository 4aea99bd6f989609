/**
 * <census-report case-id="..."> - the census case detail: files dropdown, Export, figures and charts.
 * <census-report private-result> shows the result of a <census-parser private> on the same page
 * instead (set as its `result` property; nothing loaded, nothing sent; issue 29).
 *
 * Attributes, properties, events, parts and custom properties: ./meta.ts, the one source (custom-elements.json
 * and the declarations are generated from it).
 */
import { CHART_CSS } from '../internal/charts/chart';
import { defineWidget } from '../internal/define-widget';
import { MAP_CSS } from '../internal/charts/UsStateMap';
import { CensusReport } from './CensusReport';
import { meta } from './meta';
import { createCensusReportStore } from './store';
import { styles } from './styles';
import { NOT_COUNTED_CSS } from './not-counted/styles';
import { MEMBERS_CSS } from './members/styles';

export const CensusReportElement = defineWidget(meta.tag, CensusReport, meta, {
  styles: `${CHART_CSS}\n${MAP_CSS}\n${styles}\n${NOT_COUNTED_CSS}\n${MEMBERS_CSS}`,
  createStore: createCensusReportStore,
});
