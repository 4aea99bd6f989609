/**
 * <census-parser>: the public API of the element, the one source for defineWidget's attribute
 * handling, custom-elements.json and the TypeScript declarations.
 */
import { BRAND } from '../../shared/brand';
import { TIMING } from '../../shared/constants';
import { API_BASE_ATTRIBUTE, CENSUS_API_BASE_ATTRIBUTE, defineMeta } from '../internal/meta';
import { tokenDocs } from '../internal/styles';

export const DEFAULTS = {
  reportUrl: '/tools/census/{caseId}',
  pollInterval: TIMING.pollIntervalMs,
  intakeEmail: BRAND.emails.censusIntake,
} as const;

export type { CensusParserEvents } from './store';

export const meta = defineMeta({
  tag: 'census-parser',
  budget: 'census-parser',
  className: 'CensusParserElement',
  summary: 'The census tool: drop or pick a census spreadsheet, watch it processed, then open its report.',
  description: [
    'Takes the first dropped or picked file (CSV, XLS, XLSX; at most 5 MB; the others of a drop are named as not uploaded), uploads it at once to',
    '`{census-api-base}/main/case` with a progress bar, then polls the case status every 15 s (3 s while',
    'deduplicating or postprocessing; the first checks come at once and quickly, the spec\'s intervals being',
    'the longest gap) and shows the five-step tracker. 5 s after `completed` it fires',
    'the cancelable `census-complete`, whose default action opens `report-url`. While processing a',
    'visitor may ask to be e-mailed when the file is ready; once a case exists, ask for help. A',
    'password-protected file makes the element ask for the password and send the file again. The lower',
    'panel offers the intake address (copy button, QR code of a mailto: link).',
    'With `private` (issue 29) nothing is uploaded: the file is read and analysed in a Web Worker in the page',
    '(the same engine, loaded from the widget origin only then); the engine\'s stages drive the same tracker',
    'and its refusals give the same errors and password prompt; no request carries the file or a value of it, so the notify',
    'and help forms give way to one sentence saying why. The result goes to a `<census-report private-result>` on',
    'the same page, shown there in place, or, without one, to the `census-private-result` event; `census-uploaded`',
    'and `census-complete` are not fired (there is no case).',
  ].join(' '),
  attributes: [
    API_BASE_ATTRIBUTE,
    CENSUS_API_BASE_ATTRIBUTE,
    {
      name: 'report-url',
      type: 'string',
      default: DEFAULTS.reportUrl,
      description:
        "Where the report opens after completion: a URL template in which `{caseId}` is replaced (a relative URL given here resolves against the page). Left out, the report opens on Benefold's own report page, `/tools/census/{caseId}` on the census API's origin, so a partner page never needs a report page of its own.",
    },
    {
      name: 'poll-interval',
      type: 'number',
      default: DEFAULTS.pollInterval,
      description:
        'The slow status-polling interval in ms (the spec says 15000). Only for demos and tests; the 3 s interval while deduplicating or postprocessing is kept unless this is shorter.',
    },
    {
      name: 'intake-email',
      type: 'string',
      default: DEFAULTS.intakeEmail,
      description: 'The shared intake address shown in the lower panel, copied by COPY EMAIL ID and encoded in the QR code.',
    },
    { name: 'no-heavy-lifting', type: 'boolean', default: false, description: "Hides the lower panel ('Want us to do the heavy lifting?')." },
    {
      name: 'private',
      type: 'boolean',
      default: false,
      description:
        "Private mode: the file never leaves the browser. It is analysed in a Web Worker (chunks/census-engine-worker-*.js, fetched from the widget origin when first used; on a page of another origin it starts from a one-line blob: script, so that page's CSP needs `worker-src blob:`); the result is shown by a `<census-report private-result>` on the page, else fired as `census-private-result`; with a `report-url` of this origin the parser then opens it, and the `<census-report private-result>` there shows the result from this tab's copy (encrypted with a non-extractable key kept in this tab's session history, taken once: a reload or another tab says that a private report lives only as long as the tab; docs/privacy-mode.md). No notify or help form (nothing is sent).",
    },
    {
      name: 'theme',
      type: 'string',
      default: 'dark',
      description: "'dark' (default) or 'light': the colours of the cards the element draws behind everything it renders. `--bf-*` tokens set on the page still win.",
    },
  ],
  events: [
    {
      name: 'census-private-result',
      detail: '{ fileName: string; report: object; reports: { whole: object; files: Record<string, object> }; file: File }',
      description:
        'Private mode only, when no `<census-report private-result>` is on the page: the finished analysis, the report JSON the server would store for a case (`report` is the whole report). Nothing of it was sent anywhere. With a `report-url` of this origin it is cancelable; its default action opens report-url (`{caseId}` filled with `private`), handing the result over in this tab.',
    },
    { name: 'census-uploaded', detail: '{ caseId: string }', description: 'The server took the file and made a case.' },
    {
      name: 'census-status',
      detail: "{ status: 'uploading' | 'classified' | 'preprocessing' | 'deduplicating' | 'postprocessing' | 'completed' | 'error' | 'failure' | 'success' }",
      description: 'The case status changed (each poll that brings a new status).',
    },
    {
      name: 'census-complete',
      detail: '{ caseId: string; url: string }',
      cancelable: true,
      description:
        'Fired 5 s after the status became completed. Default action: open `url` (report-url filled in). `preventDefault()` keeps the visitor on the page (e.g. to route in a single-page app).',
    },
    {
      name: 'census-error',
      detail: '{ message: string }',
      description: 'The file was refused, the upload failed or the case failed; `message` is what the visitor reads.',
    },
  ],
  cssParts: [
    { name: 'base', description: 'The main card.' },
    { name: 'drop-area', description: 'The drop area (a button: Enter or Space opens the file picker).' },
    { name: 'browse', description: "The 'Browse' word in the drop area." },
    { name: 'hint', description: "The 'Supported formats' line, and the line under it ('Also PDF and scanned pages')." },
    { name: 'hint-documents', description: "The line under 'Supported formats': 'Also PDF and scanned pages (PNG, JPG)' (not in private mode: documents are read on the server)." },
    { name: 'notice', description: "A message under the drop area ('No file selected', wrong type), the other files of a drop, or a refused origin." },
    { name: 'keep-ssn', description: "'Keep full SSNs for carrier files' under the drop area (checkbox, label and why): sent with the upload as keepSsn." },
    { name: 'keep-ssn-checkbox', description: 'Its checkbox (off by default).' },
    { name: 'origin-refused', description: "Said when the element loads and the API refuses this page's origin (for the site owner: which origin to have allowed)." },
    { name: 'file', description: 'The file row (icon and name) while uploading and processing.' },
    { name: 'file-icon', description: 'The CSV or spreadsheet icon.' },
    { name: 'progress', description: 'The upload progress bar (a <progress>).' },
    { name: 'tracker', description: 'The five-step tracker (an <ol>).' },
    { name: 'step', description: 'A tracker step; also `step-reached` and `step-current`.' },
    { name: 'step-reached', description: 'A reached step.' },
    { name: 'step-current', description: 'The current step (it pulses).' },
    { name: 'notify-form', description: 'The notify-me form shown while processing.' },
    { name: 'help-form', description: "The 'Need help processing your file?' form." },
    { name: 'input', description: 'E-mail and password inputs.' },
    { name: 'button', description: 'Every button.' },
    { name: 'error', description: 'The error view (sad face, message, RETRY).' },
    { name: 'retry', description: 'The RETRY button.' },
    { name: 'password-form', description: 'The password prompt for a protected file.' },
    { name: 'report-link', description: 'The link to the report once completed.' },
    { name: 'private-note', description: "Private mode's sentences: the file stays on this device (under the drop area); nothing is sent, so no e-mail (in place of the notify and help forms)." },
    { name: 'heavy-lifting', description: 'The lower panel with the intake address and the QR code.' },
    { name: 'copy-button', description: 'COPY EMAIL ID.' },
    { name: 'qr', description: 'The QR code (an <svg>).' },
  ],
  cssProperties: tokenDocs(),
});
