/**
 * The words of the report's 'Not counted' view (issue 21), in one place. The reason headings are the
 * engine's (NOT_COUNTED_REASONS in shared/census/report.ts), so the view and the clean export's
 * 'Not counted' sheet say the same.
 */
const n = (v: number) => v.toLocaleString('en-US');

export const NOT_COUNTED_LABELS = {
  toggle: (count: number) => `Not counted (${n(count)})`,
  title: 'Not counted',
  intro: (count: number) =>
    `${n(count)} ${count === 1 ? 'entry' : 'entries'}: members left out of the lives, rows removed and sheets not read, by reason. The clean census export lists the same in its 'Not counted' sheet.`,
  loading: 'Loading the list...',
  loadFailed: 'The list could not be loaded.',
  retry: 'Try again',
  caption: 'Who is not counted, by reason',
  file: 'File',
  sheet: 'Sheet',
  row: 'Row',
  page: 'Page',
  line: 'Line',
  pageN: (page: number) => `page ${n(page)}`,
  lineN: (line: number) => `line ${n(line)}`,
  who: 'Who',
  reason: 'Reason',
  wholeSheet: 'whole sheet',
  noName: '(no text)',
  group: (heading: string, count: number) => `${heading} (${n(count)})`,
  more: (count: number) => `and ${n(count)} more: the clean census export lists every one.`,
  orphans: (count: number) =>
    `${n(count)} ${count === 1 ? 'dependent' : 'dependents'} linked to no employee ${count === 1 ? 'is' : 'are'} counted in the lives (not listed here); the issues name them.`,
  hide: 'Hide the list',
} as const;
