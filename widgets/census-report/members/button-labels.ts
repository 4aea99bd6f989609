/** The words of the 'Members (N)' button and the panel around the table, loaded with the report. */
const n = (v: number) => v.toLocaleString('en-US');

export const BUTTON_LABELS = {
  button: (count: number) => `Members (${n(count)})`,
  hint: 'Every member we read, counted or not: check and fix rows and cells.',
  title: 'Members',
  loading: 'Loading the members...',
  loadFailed: 'The members could not be loaded.',
  retry: 'Try again',
  hide: 'Hide the members',
} as const;
