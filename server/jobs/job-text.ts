/**
 * What a job says when it stops a case for a reason of its own (not the engine's): the texts the case
 * page shows, and the time a worker thread may take to start, which the time limit leaves out.
 */

/** Starting a worker thread (and, from source, compiling it) is not part of the time limit. */
export const STARTUP_ALLOWANCE_MS = 30_000;

function seconds(ms: number): string {
  const n = ms / 1000;
  return `${Number.isInteger(n) ? n : n.toFixed(1)} second${n === 1 ? '' : 's'}`;
}

export const JOB_TEXT = {
  timeLimit: (ms: number) =>
    `Processing this census took longer than the ${seconds(ms)} allowed, so it was stopped. Split the file into smaller files or save it as CSV, and upload it again.`,
  memory: (mb: number) =>
    `Processing this census needed more than the ${mb} MB of memory one file may use, so it was stopped. Split the file into smaller files, and upload them together.`,
  interrupted: 'Processing this census was interrupted several times, so it was stopped. Please upload the file again.',
  failed: 'We could not process this census file. Please check the file and upload it again, or e-mail it to us.',
} as const;

/** A job stopped because its thread reached the heap limit (the thread is gone; the pool starts another). */
export function isOutOfMemory(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}
