/** The export targets: the registry, the writer and readiness (docs/census-export.md). */
export { TARGETS, DEFAULT_TARGET, targetById, targetList, unknownTargetMessage } from './registry';
export { writeTarget, writeTargetTo, exportFileName, CONTENT_TYPES } from './writer';
export { readinessOf } from './readiness';
export type { ExportTarget, ExportInput, Readiness, ReadinessProblem } from './types';
