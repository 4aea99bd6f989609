/**
 * The worker threads census jobs and exports run in (piscina): `workers` threads at most, started on
 * demand, stopped after 5 s idle. Each thread's heap is limited to `memoryMb` (V8's old
 * generation, worker resourceLimits): a job that would need more is stopped with its thread (piscina
 * rejects it with ERR_WORKER_OUT_OF_MEMORY, job-text.ts's isOutOfMemory) and a new thread takes the next job.
 * A thread collects its garbage as each job ends (worker.ts) and is stopped after IDLE_THREAD_MS idle,
 * when what a large census took wholly goes back. A job's thread priority is lowered in a process that also
 * answers requests (jobs/thread-priority.ts reads `lowerPriority` as the thread starts).
 *
 * The worker file: from TypeScript source (tests, `npm run dev`) jobs/worker.ts under tsx
 * (execArgv --import tsx); from the build, dist/server/census-worker.mjs beside the bundle that
 * imports this module. A worker module must not use top-level await (tsx then fails to load it).
 */
import { Piscina } from 'piscina';

/**
 * A thread idle this long is stopped, and what it held goes back to the system: V8 collects a
 * thread's garbage as its job ends (worker.ts), but the memory a large census took (its heap pages
 * and the buffers of its reading and writing) is only wholly handed back when the thread stops. At a
 * minute, a server that had exported the largest workbook kept 939 MB for that minute; at 5 s it is
 * back to 300 MB. A new thread costs a warm-up of a fraction of a second (worker.ts warmUp), outside
 * the time limit.
 */
const IDLE_THREAD_MS = 5_000;

function workerFile(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { filename: new URL('./worker.ts', here).href, execArgv: ['--import', 'tsx'] };
  return { filename: new URL('./census-worker.mjs', here).href, execArgv: [] };
}

export function createJobPool(opts: { workers: number; memoryMb: number; lowerPriority: boolean }): Piscina {
  const { filename, execArgv } = workerFile();
  return new Piscina({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads: opts.workers,
    idleTimeout: IDLE_THREAD_MS,
    resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb },
    // Read by worker.ts as it starts (thread-priority.ts).
    workerData: { lowerPriority: opts.lowerPriority },
  });
}

