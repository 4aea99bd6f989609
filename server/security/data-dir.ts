/**
 * The data folder at start-up (issue 31): owner-only, and no upload left half-written by a crash.
 *
 * - DATA_DIR is created 0700; one that already exists with looser permissions (made by hand, by an
 *   older version, or by a container's volume) is tightened to 0700 and the start-up log says so;
 *   when it cannot be (a folder we do not own), the log warns with the mode found.
 * - DATA_DIR/incoming holds uploads still arriving (store/disk-files.ts). Run one process per
 *   DATA_DIR (docs/deploy.md): at start-up none is arriving, so whatever is there is a crash's
 *   leftover (encrypted, but a user's census all the same) and is removed before the first request,
 *   instead of waiting for the hourly sweep (which keeps removing leftovers older than an hour).
 */
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OWNER_ONLY = 0o700;

/** What these need of the app's logger. */
export interface StartLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function secureDataDir(dataDir: string, log: StartLog): void {
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY });
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  const was = mode.toString(8).padStart(4, '0');
  try {
    chmodSync(dataDir, OWNER_ONLY);
    log.info({ dataDir, was }, `data folder permissions tightened to 0700 (they were ${was})`);
  } catch (err) {
    log.warn({ dataDir, was, err: (err as Error).message }, `the data folder is readable by others (mode ${was}) and could not be made 0700: fix its permissions`);
  }
}

/** Removes every file in DATA_DIR/incoming (see above); answers how many. */
export function clearIncoming(incomingDir: string, log: Pick<StartLog, 'info'>): number {
  let names: string[];
  try {
    names = readdirSync(incomingDir);
  } catch {
    return 0; // no folder yet
  }
  for (const n of names) rmSync(join(incomingDir, n), { recursive: true, force: true });
  if (names.length) log.info({ files: names.length }, 'removed uploads left unfinished by an earlier run (data/incoming)');
  return names.length;
}
