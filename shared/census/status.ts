/**
 * The census status model (product-spec.md sections 3 and 4), framework-free.
 * Server statuses map onto the five-step tracker; polling speed depends on the status.
 */
import { TIMING } from '../constants';

/**
 * The engine's stages, as a contract: the worker reports each as it reaches it, in this order, and
 * each is the case status shown while it runs (not a name chosen for timing).
 */
export const ENGINE_STAGES = ['preprocessing', 'deduplicating', 'postprocessing'] as const;
export type EngineStage = (typeof ENGINE_STAGES)[number];

/**
 * What a case's status is on the server (GET /main/case/status, the OpenAPI document, the case row),
 * in order: taken in, the engine's stages, then one of the two outcomes.
 */
export const CASE_STATUSES = ['classified', ...ENGINE_STAGES, 'completed', 'error'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/** The statuses of a case whose run is not over (its job is still to do). */
export const OPEN_CASE_STATUSES = ['classified', ...ENGINE_STAGES] as const;

/** Every status the widgets know: the server's, plus their own before the upload and the legacy pair. */
export const CENSUS_STATUSES = ['uploading', ...CASE_STATUSES, 'failure', 'success'] as const;
export type CensusStatus = (typeof CENSUS_STATUSES)[number];

export const TRACKER_STEPS = ['Analysing', 'Extracting', 'Deduplicating', 'Post Processing', 'Completed'] as const;
export type TrackerStep = (typeof TRACKER_STEPS)[number];

/** Index of the tracker step a status stands for, or -1 before the first step. */
export function stepIndex(status: CensusStatus | null | undefined): number {
  switch (status) {
    case 'classified':
      return 0;
    case 'preprocessing':
      return 1;
    case 'deduplicating':
      return 2;
    case 'postprocessing':
      return 3;
    case 'completed':
    case 'success':
      return 4;
    default:
      return -1;
  }
}

export function isTerminal(status: CensusStatus | null | undefined): boolean {
  return status === 'completed' || status === 'success' || status === 'error' || status === 'failure';
}
export function isFailed(status: CensusStatus | null | undefined): boolean {
  return status === 'error' || status === 'failure';
}

/** 3 s while deduplicating or postprocessing, 15 s otherwise. */
export function pollInterval(status: CensusStatus | null | undefined): number {
  return status === 'deduplicating' || status === 'postprocessing' ? TIMING.pollFastIntervalMs : TIMING.pollIntervalMs;
}
