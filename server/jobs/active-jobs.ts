/**
 * The jobs running in this process, as both queue backends keep them: how many, when none is left
 * (idle), and the drain (let them finish for a while, then tell the rest to stop).
 */
export interface ActiveJobs {
  size(): number;
  /** Aborted once the drain is over: running jobs stop and are handed back. */
  readonly closing: AbortSignal;
  /** Runs `work` as an active job; `ended` is called once it settled and left the set. */
  track<T>(key: string, work: Promise<T>, ended?: () => void): Promise<T>;
  /** Resolves at the next moment no job runs (now, when none does). */
  whenNone(): Promise<void>;
  /** Waits up to drainMs for running jobs, then aborts `closing` and waits for them to end. */
  drain(drainMs: number): Promise<void>;
}

export function createActiveJobs(): ActiveJobs {
  const active = new Map<string, Promise<void>>();
  const closing = new AbortController();
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (active.size > 0) return;
    const w = waiters;
    waiters = [];
    for (const resolve of w) resolve();
  };
  const all = () => Promise.all(active.values()).then(() => undefined);
  return {
    size: () => active.size,
    closing: closing.signal,
    track(key, work, ended) {
      active.set(
        key,
        work.then(
          () => undefined,
          () => undefined,
        ).finally(() => {
          active.delete(key);
          ended?.();
          settle();
        }),
      );
      return work;
    },
    whenNone() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    async drain(drainMs) {
      if (active.size && drainMs > 0) {
        let t: NodeJS.Timeout | undefined;
        await Promise.race([all(), new Promise((r) => (t = setTimeout(r, drainMs)))]);
        clearTimeout(t);
      }
      closing.abort();
      await all();
    },
  };
}
