/**
 * Census jobs run at a lower CPU priority than the server's request thread. On the 2-core machine a
 * job parsing a 5 MB census would otherwise take a core from the uploads and status calls that
 * arrive meanwhile (20 parallel uploads waited ~1 s for their caseId mostly behind jobs). The
 * jobs still get every cycle nobody else wants, so they finish as soon as the uploads are in.
 *
 * Linux only: setpriority(2) with a thread id changes that one thread (Node's os.setPriority passes
 * the id through); /proc/thread-self names the calling thread. Elsewhere this does nothing.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** Nice value of a job thread: 10 gives it about a tenth of a core next to a busy nice-0 thread. */
export const JOB_NICE = 10;

export function lowerThisThreadPriority(nice = JOB_NICE): boolean {
  if (isMainThread || process.platform !== 'linux') return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
