/**
 * Polling a census case's status, for both census elements (issue 27: it was written twice, in
 * census-parser/store.ts and census-report/store.ts). Timers are plain setTimeout, so tests drive
 * the polling with fake timers.
 */
import type { ApiClient } from '../../shared/api/client';
import type { CensusStatusResult } from '../../shared/api/types';

export interface PollCaseOptions {
  caseId: string;
  client: Pick<ApiClient, 'getCensusStatus'>;
  /** The wait (ms) before the next check, given how many checks were made so far. */
  delay(checksDone: number): number;
  /** Each answer; true stops the polling (the run ended, or the caller moved on). */
  onAnswer(answer: CensusStatusResult): boolean;
  /** A failed check; true stops the polling, false checks again after the delay. */
  onError(err: unknown): boolean;
  /** Checks already made for this case: a poll picked up again after a pause keeps its schedule. */
  checksDone?: number;
  /** Asked before each check: false stops the polling without asking (a newer request took over). */
  current?(): boolean;
  /** Called once when `current()` stopped the polling. */
  onStale?(): void;
}

export interface CasePoll {
  /** No further check; an answer still in flight is ignored. */
  stop(): void;
  /** Checks made so far (including checksDone). */
  checks(): number;
}

/** Checks the case's status after delay(0), then again after each answer until a callback says stop. */
export function pollCase(o: PollCaseOptions): CasePoll {
  let checks = o.checksDone ?? 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const next = () => {
    if (!stopped) timer = setTimeout(() => void check(), o.delay(checks));
  };
  async function check() {
    if (stopped) return;
    if (o.current && !o.current()) {
      stopped = true;
      o.onStale?.();
      return;
    }
    checks++;
    let stop: boolean;
    try {
      const answer = await o.client.getCensusStatus(o.caseId);
      if (stopped) return;
      stop = o.onAnswer(answer);
    } catch (err) {
      if (stopped) return;
      stop = o.onError(err);
    }
    if (stop) stopped = true;
    else next();
  }
  next();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    checks: () => checks,
  };
}

/** A run's end: 'completed' or 'error'. */
export function runEnded(status: string): status is 'completed' | 'error' {
  return status === 'completed' || status === 'error';
}

/**
 * Polls every `intervalMs` until the case's run ends and resolves with that answer; null when
 * `current()` turned false first; rejects when a check fails.
 */
export function waitForRunEnd(o: Pick<PollCaseOptions, 'caseId' | 'client' | 'current'> & { intervalMs: number }): Promise<CensusStatusResult | null> {
  return new Promise((resolve, reject) => {
    pollCase({
      caseId: o.caseId,
      client: o.client,
      current: o.current,
      delay: () => o.intervalMs,
      onStale: () => resolve(null),
      onAnswer(answer) {
        if (!runEnded(answer.status)) return false;
        resolve(answer);
        return true;
      },
      onError(err) {
        reject(err);
        return true;
      },
    });
  });
}
