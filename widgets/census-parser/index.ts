/**
 * <census-parser> - the census tool: upload a census spreadsheet, watch it processed, open its report.
 *
 * Drop or pick a CSV/XLS/XLSX (at most 5 MB); progress bar, five-step tracker, notify and help forms,
 * password prompt for protected files, intake address with copy button and QR code.
 *
 * `<census-parser private>` (issue 29): nothing is uploaded. The file is analysed by the census engine
 * in a Web Worker (./private/engine-worker.ts, its own file, loaded from the widget origin only then);
 * the engine's stages drive the tracker; no notify or help form ('Private mode: nothing is sent, so we
 * cannot e-mail you'). The result is handed to a `<census-report private-result>` on the page (its
 * `result` property), or else dispatched as `census-private-result` with
 * `{ fileName, report, reports: { whole, files } }` (the report JSON a case would store).
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
