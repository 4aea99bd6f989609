/**
 * When <census-parser> checks the case status (issue 21: 'live progress').
 *
 * The spec's intervals (15 s, 3 s while deduplicating or postprocessing) are the longest gap between
 * two checks. A small census is read in a fraction of a second, so the first check comes as soon as
 * the case exists and the next ones follow quickly, stretching until the spec's interval takes over:
 * each of the five steps shows when it happens, and a small file's report opens within seconds
 * instead of after the first 15 s wait. The ten quick checks cost less than the status budget of
 * one IP for a few seconds (300 a minute by default).
 */
import { pollInterval, type CensusStatus } from '../../shared/census/status';
import { TIMING } from '../../shared/constants';

/** Gaps (ms) before the 1st, 2nd, ... status check of one case; later checks use the spec's interval. */
export const QUICK_CHECK_GAPS_MS = [0, 400, 600, 1000, 1000, 2000, 2000, 3000, 5000, 8000] as const;

/**
 * The wait before the next status check: the quick gap for the `checksDone`-th check, never more
 * than the spec's interval for `status` (3 s while deduplicating or postprocessing, else the slow one,
 * which `poll-interval` may shorten for demos and tests). Without `checksDone`, the spec's interval.
 */
export function nextPollDelay(status: CensusStatus | null, slowMs: number = TIMING.pollIntervalMs, checksDone = Infinity): number {
  const spec = pollInterval(status);
  const longest = spec === TIMING.pollIntervalMs ? slowMs : Math.min(spec, slowMs);
  const quick = QUICK_CHECK_GAPS_MS[checksDone] ?? Infinity;
  return Math.min(quick, longest);
}
