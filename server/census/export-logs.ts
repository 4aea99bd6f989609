/**
 * The log sheets our clean export writes after its members (targets/clean.ts): 'Changes', every change
 * the engine made, and 'Not counted', every member left out of the lives. Their header rows are ours,
 * word for word, so a clean export uploaded again is known by them: its logs hold no members
 * (select-tables.ts), where read as tables they counted their rows as people (a 150-member export
 * read back as 299 lives, silently).
 */
export const CHANGE_HEADERS = ['File', 'Sheet', 'Row', 'Field', 'From', 'To', 'Why'] as const;
/** The report view's columns (File, Sheet, Row, Who, and the reason in words), plus the wide column and the reason's code. */
export const NOT_COUNTED_HEADERS = ['File', 'Sheet', 'Row', 'Column', 'Who', 'Reason', 'Details', 'Reason code'] as const;

/** A table whose header row is one of our export's log headers. */
export function isExportLog(headers: readonly string[]): boolean {
  const given = headers.filter(Boolean);
  return [CHANGE_HEADERS, NOT_COUNTED_HEADERS].some((h) => given.length === h.length && h.every((x, i) => given[i] === x));
}
