/**
 * Names of a case's results inside its folder, and the stored report's shape. Kept apart from the
 * worker so that the main thread never loads the engine (a fast cold start).
 * A result key is "r<run>a<attempt>-<random>": every attempt writes under its own key and only the
 * one that commits is referenced by the case row.
 */
export const reportName = (resultKey: string) => `${resultKey}-report.bin`;
/** A clean export keeps its name of before export targets; another target's file has the target's id. */
export const exportName = (resultKey: string, part: number | 'all', target = 'clean') =>
  target === 'clean' ? `${resultKey}-export-${part}.bin` : `${resultKey}-export-${part}-${target}.bin`;
/** The readiness of every export target for a part (counts and field names only). */
export const readinessName = (resultKey: string, part: number | 'all') => `${resultKey}-readiness-${part}.bin`;

/** The member table of a part (issue 28), with one target's readiness when given (target '' for none): the answer `{data: table}`, gzipped. */
export const membersName = (resultKey: string, part: number | 'all', target = '') => `${resultKey}-members-${part}${target ? `-${target}` : ''}.bin`;
/** An export task's `target` that asks for the member table instead (with the target whose readiness it adds). */
export const MEMBERS_TASK = 'members:';

/** The stored reports: the whole case and each file's (keyed by its name in the case). */
export interface StoredReports {
  whole: unknown;
  files: Record<string, unknown>;
}
