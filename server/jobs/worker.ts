/**
 * The census job, run in a worker thread (piscina) so that parsing never blocks the server's event
 * loop and a run past the time limit can be stopped hard (the pool terminates the thread).
 *
 * It is given the case's files (decrypted by the main thread, which owns the file store), runs the
 * engine (server/census/engine.ts) and answers the stored reports (whole case and per file) as bytes;
 * the main thread stores them encrypted and commits the case. It reports its stages on a
 * MessagePort; the main thread stores each status before anyone can see it. The thread sees no
 * store and no file: it works the same whether files live on disk or in PostgreSQL.
 *
 * Built to dist/server/census-worker.mjs (scripts/build-server.mjs); from source it runs under tsx.
 */
import type { EngineStage } from '../../shared/census/status';
import { setFlagsFromString } from 'node:v8';
import { gzipSync } from 'node:zlib';
import { runInNewContext } from 'node:vm';
import { workerData, type MessagePort } from 'node:worker_threads';
import { analyzeCensus, resultForFile, type AnalyzeOptions } from '../census/engine';
import { exportCensus } from '../census/export';
import { usePseudonymKey } from '../census/text';
import { TARGETS, readinessOf, targetById, writeTarget } from '../census/targets';
import type { CensusErrorCode } from '../../shared/api/types';
import type { StoredReading } from '../store/stored-reading';
import { MEMBERS_TASK } from '../store/result-files';
import { failure, storedReports } from './census-outcome';
import { memberTable } from '../census/member-table';
import { lowerThisThreadPriority } from './thread-priority';

// Requests first: in a process that serves requests this thread yields the CPU to the server's
// event loop (thread-priority.ts); in a worker process there is nothing to yield to.
if ((workerData as { lowerPriority?: boolean } | null)?.lowerPriority !== false) lowerThisThreadPriority();

/**
 * The thread's heap is collected as each task ends, once its answer has been sent: a large census
 * grows the heap to a few hundred MB, which an idle thread would otherwise keep until it is stopped
 * a minute later (pool.ts idleTimeout); V8 hands the freed pages back within a second of this.
 * (--expose-gc cannot be given to a worker thread; set now, it gives a new context its gc().)
 */
setFlagsFromString('--expose-gc');
/**
 * Job threads favour memory over speed: V8 grows their heaps later and collects sooner (a process-wide
 * flag, set as the first thread starts). The 249,000-row workbook's export peaked at 1,116 MB of the
 * server's RSS without it (docs/server.md, "Memory per job and per file").
 */
setFlagsFromString('--optimize-for-size');
const collectGarbage = runInNewContext('gc') as () => void;
const collectWhenDone = () => setImmediate(collectGarbage);

export interface CensusTaskFile {
  fileName: string;
  position: number;
  /** The file's content, decrypted. */
  bytes: Uint8Array;
  password?: string;
}

export interface CensusTask {
  /** The server's stored key behind SSN pseudonyms (stable across restarts). */
  pseudonymKey: Uint8Array;
  files: CensusTaskFile[];
  asOf: string;
  maxBytes: number;
  /** A case that came by e-mail: the message's Message-ID, shown as each file's smtpId. */
  smtpId: string | null;
  /** The reading given from outside (validated by server/cases/reading-check.ts, stored by store/stored-reading.ts), if any. */
  reading?: StoredReading;
  port: MessagePort;
}

export type CensusTaskResult =
  | {
      ok: true;
      totalLives: number;
      fileNames: string[];
      /** StoredReports as JSON (UTF-8). */
      reports: Uint8Array;
      /** Nobody read at all (a census table with a header and no rows): said on the status, not an error. */
      noRows: boolean;
      /** The member table as 'Members (N)' first asks for it (whole case, no target), gzipped; absent above MEMBER_TABLE_AHEAD_MAX. */
      members?: Uint8Array;
    }
  | { ok: false; message: string; code: CensusErrorCode | null };

/**
 * Messages on the port: 'started', then each of the engine's stages (shared/census/status.ts
 * ENGINE_STAGES, the contract the case statuses are named by) as the engine gets there.
 */
export type StageMessage = 'started' | EngineStage;


/**
 * Warm the engine once per thread, before any task: its first run loads tables (first names, codes)
 * and compiles hot paths, which must not count against a file's time limit.
 */
const WARM_UP = Buffer.from('Employee ID,First Name,Last Name,Relationship,Date of Birth,Gender,Zip\r\n1,Ann,Lee,EE,01/02/1980,F,02134\r\n1,Bo,Lee,SP,03/04/1981,M,02134\r\n');
let warm: Promise<unknown> | null = null;
function warmUp(): Promise<unknown> {
  // (Not a top-level await: tsx cannot load a worker module that has one.)
  warm ??= analyzeCensus([{ fileName: 'warm-up.csv', bytes: new Uint8Array(WARM_UP) }], { asOf: '2026-01-01' })
    .then((r) => exportCensus(r, 'xlsx'))
    .catch(() => undefined);
  return warm;
}

function inputsOf(task: { files: CensusTaskFile[] }) {
  return task.files.map((f) => ({ fileName: f.fileName, bytes: f.bytes, password: f.password }));
}

export interface ExportTask {
  pseudonymKey: Uint8Array;
  files: CensusTaskFile[];
  asOf: string;
  maxBytes: number;
  /** The file's name in the case, or null for the whole case. */
  fileName: string | null;
  /** The case's reading given from outside: the export is read as the report was. */
  reading?: StoredReading;
  /** The export target (server/census/targets; 'clean' when absent), or null: only the readiness of every target. */
  target?: string | null;
  /**
   * The case opted in to full SSNs for carrier files (store/case-options.ts): the engine keeps them
   * for the readiness and for a target that requires the SSN, and for nothing else.
   */
  keepSsn?: boolean;
}

/** The engine's options with the case's outside reading, when it has one. */
function withReading(opts: AnalyzeOptions, stored: StoredReading | undefined): AnalyzeOptions {
  return (stored ? { ...opts, reading: stored.reading } : opts) as AnalyzeOptions;
}

/** Members up to which the analysis run makes the member table ahead (above it: on first ask, as a target's is). */
export const MEMBER_TABLE_AHEAD_MAX = 60_000;

/** A member table stored as the API answers it, gzipped: 50,000 members are some 18 MB of JSON, 1-2 MB gzipped. */
function memberTableBytes(table: ReturnType<typeof memberTable>): Uint8Array {
  return gzipSync(`{"data":${JSON.stringify(table)}}`, { level: 4 });
}

export type ExportTaskResult = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/** The readiness of every target, as the main thread stores it (counts and field names only). */
export function readinessBytes(part: Parameters<typeof readinessOf>[1]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(TARGETS.map((t) => readinessOf(t, part))));
}

/**
 * The clean XLSX of a completed case (or one of its files): the analysis is run again from the
 * files (the stored report holds figures, not members); the main thread stores the workbook encrypted.
 */
export async function exportTask(task: ExportTask): Promise<ExportTaskResult> {
  usePseudonymKey(task.pseudonymKey);
  await warmUp();
  try {
    // The member table (issue 28): every member read, of the whole case (rows of one file with fileName).
    // It shows the last four digits only: it is never given the full SSNs.
    if (task.target?.startsWith(MEMBERS_TASK)) {
      const result = await analyzeCensus(inputsOf(task), withReading({ asOf: task.asOf, limits: { maxBytes: task.maxBytes } }, task.reading));
      const id = task.target.slice(MEMBERS_TASK.length);
      const table = memberTable(result, { fileName: task.fileName ?? undefined, target: id ? targetById(id) : undefined });
      return { ok: true, bytes: memberTableBytes(table) };
    }
    const target = task.target === null ? null : targetById(task.target ?? 'clean');
    if (target === undefined) return { ok: false, message: `No export target '${task.target}'.` };
    // Full SSNs only for the readiness (counts) and the files of targets that require them.
    const keepSsn = task.keepSsn === true && (target === null || target.requires.some((r) => r.field === 'ssn'));
    const opts: AnalyzeOptions = { asOf: task.asOf, limits: { maxBytes: task.maxBytes }, ...(keepSsn ? { keepSsn } : {}) };
    const result = await analyzeCensus(inputsOf(task), withReading(opts, task.reading));
    const part = task.fileName === null ? result : resultForFile(result, task.fileName);
    if (target === null) return { ok: true, bytes: readinessBytes(part) };
    return { ok: true, bytes: writeTarget(target, part) };
  } catch (err) {
    const f = failure(err);
    return { ok: false, message: f.ok ? '' : f.message };
  } finally {
    collectWhenDone();
  }
}

export default async function runCensusTask(task: CensusTask): Promise<CensusTaskResult> {
  const { port } = task;
  usePseudonymKey(task.pseudonymKey);
  try {
    await warmUp();
    port.postMessage('started' satisfies StageMessage);
    const inputs = inputsOf(task);
    let result;
    try {
      result = await analyzeCensus(
        inputs,
        withReading(
          {
            asOf: task.asOf,
            limits: { maxBytes: task.maxBytes },
            // The engine names its stages by the contract (ENGINE_STAGES): they are the statuses.
            onStage: (stage) => port.postMessage(stage satisfies StageMessage),
          },
          task.reading,
        ),
      );
    } catch (err) {
      return failure(err);
    }
    const reports = storedReports(result, task.files.map((f) => f.fileName), task.reading, task.smtpId);
    // Exports are made when first asked for (exportTask): an XLSX of a large census takes far longer
    // than its analysis, and most cases are never exported. The member table is made now, from the
    // members in hand (a second analysis took 3 s of a 50,000-member case's first 'Members (N)').
    const members = result.members.length <= MEMBER_TABLE_AHEAD_MAX ? memberTableBytes(memberTable(result)) : undefined;
    return {
      ok: true,
      totalLives: result.report.totalLives,
      fileNames: result.files.map((f) => f.fileName),
      noRows: result.report.totalLives === 0 && (result.report.notCounted?.total ?? 0) === 0,
      ...(members ? { members } : {}),
      reports: new TextEncoder().encode(JSON.stringify(reports)),
    };
  } finally {
    port.close();
    collectWhenDone();
  }
}
