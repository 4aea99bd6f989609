/**
 * Waiting for what a test means, not for a fixed time (issue 27). Every suite (node, dom, e2e) polls
 * through these two instead of hand-written `for (;;) { ...; await sleep(n) }` loops, so a test reads
 * as the condition it waits for and the interval between looks lives in one place.
 *
 * A fixed pause is right only when the time itself is what is tested (the spec's 5 s pause before
 * the report opens, a menu's close delay, a database that stays away for 3 s) or when a test checks
 * that something does NOT happen within a window: such a pause is a named constant where it is used.
 */

export interface WaitOptions {
  /** Give up after this long (ms). */
  timeoutMs?: number;
  /** Time between looks (ms). */
  intervalMs?: number;
  /** What is waited for, for the timeout's message. */
  what?: string;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Looks at `probe` until `done` holds for its answer and returns that answer; at the timeout it
 * returns the last answer anyway, so the caller's own `expect` says what was wanted and what was seen.
 */
export async function pollUntil<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, { timeoutMs = 30_000, intervalMs = 50 }: WaitOptions = {}): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > end) return value;
    await pause(intervalMs);
  }
}

/** Like pollUntil, but a timeout is an error naming `what` and the last answer. */
export async function waitUntil<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, opts: WaitOptions = {}): Promise<T> {
  const { timeoutMs = 30_000, what = 'the condition' } = opts;
  const started = Date.now();
  const value = await pollUntil(probe, done, opts);
  if (done(value)) return value;
  throw new Error(`waited ${Date.now() - started} ms (limit ${timeoutMs}) for ${what}; last seen: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}
