/**
 * <census-report>: the public API of the element, the one source for defineWidget's attribute
 * handling, custom-elements.json and the TypeScript declarations.
 */
import { API_BASE_ATTRIBUTE, CENSUS_API_BASE_ATTRIBUTE, defineMeta } from '../internal/meta';
import { tokenDocs } from '../internal/styles';

export const DEFAULTS = { headingLevel: 2, uploadUrl: '/tools/census', pollInterval: 2000 } as const;

export type { CensusReportEvents } from './store';

export const meta = defineMeta({
  tag: 'census-report',
  budget: 'census-report',
  className: 'CensusReportElement',
  summary: 'The census case detail: processed-files dropdown, Export, and the cards of figures and charts.',
  description: [
    'Loads `{census-api-base}/main/case?caseId=` and shows Total lives (with the excluded and retired',
    "footnote when both are above 0), Male to Female, Age band, Salary band ($'000), Tenure and the",
    'Distribution map; skeletons while loading; a full-page "Something went wrong!" on failure. The',
    "processed-files dropdown selects the first file, or 'All files' (first, selected) when the case has",
    'several; choosing one reloads its figures. Export downloads the clean XLSX of the selection (a',
    'spinner while busy, "Failed to export!" on failure). "How we read your file" (collapsed) lists each',
    'column with the field it became, how sure the engine is and why, what was skipped and what was',
    "filled in. 'Delete this report' deletes the case and its files after a confirmation.",
    'Under the title a summary line splits the lives into employees and dependents and says the as-of',
    'date and how much of the files was read; a Coverage tiers card appears when the files carry a tier;',
    'each distribution card says what it counts. When the engine is unsure, "Please check how we read',
    'your file" lists its reasons and opens the panel at those columns. In the panel every column, sheet',
    'and code value can be changed; "Apply and recalculate" sends the reading (PATCH) and polls the',
    "status every `poll-interval` ms until the case is processed again. A deleted, expired or unknown",
    "case says so and links to `upload-url` ('Parse another file'). 'Not counted (N)' in the Total lives",
    'card opens, below the cards, who was left out of the lives, which rows were removed and which sheets',
    'were not read, by reason, with file, sheet and row (loaded on first use). The element draws its own surface',
    '(dark by default; `theme="light"` for white pages).',
  ].join(' '),
  attributes: [
    { name: 'case-id', type: 'string', description: 'The case to show (the caseId from <census-parser>).' },
    {
      name: 'private-result',
      type: 'boolean',
      default: false,
      description:
        "Shows the result of a `<census-parser private>` on the same page, in place (issue 29): the parser sets the `result` property when its analysis is done; no case is loaded and nothing is sent. A corrected reading, the member table's hand edits or another effective date are recalculated in the engine worker from the file in memory; Export (the clean census and every target, with each target's readiness) and the member table are made in that worker too, and the file is downloaded from the page's memory (a `blob:` URL). Delete lets the report, the file and the worker's copy go and shows the waiting line again. On a page without a `<census-parser>` (the parser's `report-url`), it shows the result this tab's parser handed over (encrypted in IndexedDB, its key in this tab's session history; taken once), else says that a private report lives only as long as the tab that made it, with a link to `upload-url`. Not in this mode: adding a file, and keeping full SSNs for carrier files (it re-reads the upload).",
    },
    {
      name: 'case-id-param',
      type: 'string',
      description:
        "Without `case-id`: read the case id from this query parameter of the page address (e.g. `caseId` for `report.html?caseId=...`), so a partner's report page needs no script.",
    },
    API_BASE_ATTRIBUTE,
    CENSUS_API_BASE_ATTRIBUTE,
    { name: 'topology-url', type: 'string', description: "Passed to the Distribution map's `topology-url`." },
    { name: 'heading-level', type: 'number', default: DEFAULTS.headingLevel, description: 'Level of the report title, 1 to 6, to fit the page outline; the card titles are one level below.' },
    { name: 'no-delete', type: 'boolean', default: false, description: "Hides 'Delete this report'." },
    {
      name: 'theme',
      type: 'string',
      default: 'dark',
      description: "'dark' (default) or 'light': the colours of the surface the element draws behind everything it renders. `--bf-*` tokens set on the page still win.",
    },
    {
      name: 'upload-url',
      type: 'string',
      default: DEFAULTS.uploadUrl,
      description: "Where 'Parse another file' leads when the case has expired or was deleted (the page with <census-parser>).",
    },
    {
      name: 'poll-interval',
      type: 'number',
      default: DEFAULTS.pollInterval,
      description: 'Milliseconds between status polls while the case is recalculated with a corrected reading.',
    },
  ],
  properties: [
    {
      name: 'result',
      typeText: '{ fileName: string; report: object; reports: { whole: object; files: Record<string, object> }; file?: File } | null',
      description: "With `private-result`: the report made in the page by `<census-parser private>` (set by the parser; the detail of its `census-private-result`). Kept in memory only.",
    },
  ],
  events: [
    {
      name: 'census-report-loaded',
      detail: '{ caseId: string; fileName: string | null; totalLives: number }',
      description: 'Figures arrived (first load or a file switch); `fileName` null for the whole case.',
    },
    { name: 'census-report-error', detail: '{ message: string }', description: "Loading failed; the element shows 'Something went wrong!'." },
    {
      name: 'census-export',
      detail: '{ caseId: string; fileName: string | null; fileURL: string; target: string }',
      description: "Export got the signed download URL of the chosen export target ('clean': the clean census); the browser then downloads from it. Not fired in private mode (the file is made and downloaded in the page; no URL to share).",
    },
    { name: 'census-report-deleted', detail: '{ caseId: string }', description: 'The case and its files were deleted on request.' },
    {
      name: 'census-report-recalculated',
      detail: '{ caseId: string; totalLives: number }',
      description: "The case was processed again with a corrected reading ('Apply and recalculate' or 'Back to the automatic reading') and its new figures loaded.",
    },
    {
      name: 'census-report-file-added',
      detail: '{ caseId: string; fileName: string; totalLives: number }',
      description: "'Add a file to this report': the file joined the case, every file was read together, and the combined figures loaded.",
    },
  ],
  cssParts: [
    { name: 'base', description: 'The whole report.' },
    { name: 'toolbar', description: 'The row with the files dropdown and Export.' },
    { name: 'select', description: 'The processed-files dropdown.' },
    { name: 'button', description: 'Export and the other buttons.' },
    { name: 'spinner', description: 'The spinner in Export while busy.' },
    { name: 'card', description: 'Each card (also `card-lives`).' },
    { name: 'card-lives', description: 'The Total lives card.' },
    { name: 'total', description: 'The Total lives figure.' },
    { name: 'footnote', description: 'The excluded and retired footnote.' },
    { name: 'skeleton', description: 'A loading placeholder.' },
    { name: 'error', description: "The full-page 'Something went wrong!'." },
    { name: 'reading', description: "The 'How we read your file' panel (a <details>)." },
    { name: 'delete-button', description: "'Delete this report'." },
    { name: 'split', description: 'The Total lives card\'s list of lives by relationship.' },
    { name: 'summary', description: 'The summary line under the title (lives by relationship, as-of date, what was read).' },
    { name: 'card-note', description: "What a card counts ('Lives with an age: 98 of 102.')." },
    { name: 'tiers', description: 'The list of the Coverage tiers card.' },
    { name: 'review', description: "'Please check how we read your file' (the engine's reasons), below the cards." },
    { name: 'review-flag', description: "'These figures need your check' in the Total lives card: leads to the review notice." },
    { name: 'reading-notice', description: "'Read with your changes' and 'Back to the automatic reading'." },
    { name: 'recalculating', description: 'The message shown while the case is processed again.' },
    { name: 'badge', description: "'Please check' beside a column the engine was unsure of." },
    { name: 'apply-button', description: "'Apply and recalculate'." },
    { name: 'apply-status', description: "The line beside Apply: changes to apply, or after Apply the new lives and what changed." },
    { name: 'show-all', description: "'Show all N columns' / 'Show only the columns to check' in the reading panel." },
    { name: 'as-of', description: "The 'Ages and tenure as of' form (the effective date)." },
    { name: 'as-of-input', description: 'Its date input.' },
    { name: 'as-of-button', description: "'Recalculate' at the chosen date." },
    { name: 'keep-ssn', description: "'Keep full SSNs for carrier files' under the export target choice (checkbox, label and why): PATCHes {keepSsn} and waits for the recalculation. Not on the sample." },
    { name: 'keep-ssn-checkbox', description: 'Its checkbox.' },
    { name: 'add-file', description: "The 'Add a file to this report' row (button, hint and outcome)." },
    { name: 'add-file-button', description: "'Add a file to this report'." },
    { name: 'add-file-status', description: 'What was added, or why it could not be (a live status).' },
    { name: 'not-counted-button', description: "'Not counted (N)' in the Total lives card: opens the list of who is not counted." },
    { name: 'not-counted', description: "The 'Not counted' list: members left out of the lives, rows removed and sheets not read, by reason." },
    { name: 'members-button', description: "'Members (N)' under the cards: opens the member table." },
    { name: 'members', description: 'The member table (issue 28): every member read, counted or not, to check and fix rows and cells before recalculating.' },
  ],
  cssProperties: [
    ...tokenDocs(),
    { name: '--bf-chart-height', default: '16em', description: 'Height of the chart areas.' },
  ],
});
