/**
 * <census-parser> - the census tool: upload a census spreadsheet, watch it processed, open its report.
 *
 * @summary Drop or pick a CSV/XLS/XLSX (at most 5 MB); progress bar, five-step tracker, notify and help
 *   forms, password prompt for protected files, intake address with copy button and QR code.
 *
 * @attr api-base, census-api-base - API origins (else Benefold.configure / data-* / widgets.js origin).
 * @attr report-url - Template with {caseId}; default /tools/census/{caseId} on the census API's origin.
 * @attr poll-interval - The slow polling interval in ms (default 15000; demos and tests only). The first
 *   checks come at once and quickly (./poll-schedule.ts); the spec's intervals are the longest gap.
 * @attr intake-email - The address of the lower panel (default BRAND.emails.censusIntake).
 * @attr no-heavy-lifting - Boolean: hides the lower panel.
 * @attr theme - 'dark' (default) or 'light' for white pages.
 *
 * @event census-uploaded - `{ caseId }`.
 * @event census-status - `{ status }` on every status change.
 * @event census-complete - `{ caseId, url }`, 5 s after completed; cancelable (default: opens url).
 * @event census-error - `{ message }`.
 *
 * The full, generated reference is custom-elements.json; the source of truth is ./meta.ts.
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
