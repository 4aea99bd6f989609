/**
 * <census-parser> - the census tool: upload a census spreadsheet, watch it processed, open its report.
 *
 * Drop or pick a CSV/XLS/XLSX (at most 5 MB); progress bar, five-step tracker, notify and help forms,
 * password prompt for protected files, intake address with copy button and QR code.
 *
 * Attributes, properties, events, parts and custom properties: ./meta.ts, the one source (custom-elements.json
 * and the declarations are generated from it).
 */
import { defineWidget } from '../internal/define-widget';
import { CensusParser } from './CensusParser';
import { meta } from './meta';
import { createCensusParserStore } from './store';
import { styles } from './styles';

export const CensusParserElement = defineWidget(meta.tag, CensusParser, meta, {
  styles,
  createStore: createCensusParserStore,
});
