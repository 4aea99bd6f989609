/**
 * The census status model (product-spec.md sections 3 and 4), framework-free.
 * Server statuses map onto the five-step tracker; polling speed depends on the status.
 */
import { TIMING } from '../constants';

export const CENSUS_STATUSES = [
  'uploading',
  'classified',
  'preprocessing',
  'deduplicating',
  'postprocessing',
  'completed',
  'error',
  'failure',
  'success',
] as const;
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
