/** <census-report>'s captions: the spec's card titles and the words it names without spelling out (ours). */
import { MESSAGES } from '../../shared/messages';
import { formatCount } from '../internal/format';

const M = MESSAGES.census;

/** Captions the spec names without spelling out (ours), and the spec's card titles. */
export const REPORT_LABELS = {
  title: 'Census report',
  files: 'Processed files',
  allFiles: M.allFiles,
  export: M.export,
  ...M.cards,
  reading: M.howWeRead,
  tryAgain: 'Try again',
  tiers: 'Coverage tiers',
  gone: 'This report has expired or was deleted, so it cannot be shown again. Upload the file again to see its figures.',
  parseAnother: 'Parse another file',
  loading: 'Loading the report...',
  /** <census-report private-result> before the parser's analysis is done (issue 29). */
  privateWaiting: 'The report of a file read in private mode appears here. Nothing is uploaded.',
  /** On report-url's page when this tab holds no private report (a reload, another tab, a copied address). */
  privateGoneTitle: 'A private report lives only as long as the tab that made it.',
  privateGone:
    'It was read on this device and never uploaded or stored, so it cannot be opened again after a reload, in another tab or from a copied address. Read the file again to see its figures.',
  /** Beside the reading panel's Apply in private mode (corrections are a later slice). */
  privateNoApply: 'Private mode: a corrected reading cannot be applied here yet.',
  /** Above the figures of a private-mode report: where it lives, plainly (exports and the member table are made on this device too). */
  privateOnly:
    'Private mode: this report, its exports and its member table are made on this device and live only as long as this tab. Nothing is uploaded.',
  /** A census table with a header and nothing under it (a header-only CSV): no chart of zero bars. */
  noRows: M.noRows,
  footnote: (excluded: number, retired: number) =>
    `Not counted: ${formatCount(excluded)} excluded (terminated, waived or deceased) and ${formatCount(retired)} retired.`,
} as const;
