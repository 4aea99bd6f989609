/**
 * The census job, run in a worker thread (piscina) so that parsing never blocks the server's event
 * loop and a run past the time limit can be stopped hard (the pool terminates the thread).
 *
 * It decrypts the case's files, runs the engine (server/census/engine.ts), and writes the results -
 * the reports (whole case and per file) and the clean XLSX exports - encrypted beside the files under
 * names that start with this attempt's result key. It reports its stages on a MessagePort; the main
 * thread stores each status before anyone can see it. The main thread commits the result key in the
 * database; results of an attempt that never commits are unreferenced and deleted with the case.
 *
 * Built to dist/server/census-worker.mjs (scripts/build-server.mjs); from source it runs under tsx.
 */
import type { MessagePort } from 'node:worker_threads';
import { analyzeCensus, CensusEngineError, errorFileName, exportCensus, resultForFile, type CensusReport } from '../census/engine';
import { CensusReadError } from '../census/read';
import { usePseudonymKey } from '../census/text';
import type { CensusErrorCode } from '../../shared/api/types';
import { reportName, type StoredReports } from './result-files';
import { readSealed, writeSealed } from './vault';
import { lowerThisThreadPriority } from './thread-priority';
import { join } from 'node:path';

// Requests first: this thread yields the CPU to the server's event loop (thread-priority.ts).
lowerThisThreadPriority();

export interface CensusTaskFile {
  fileName: string;
  storedName: string;
  position: number;
  password?: string;
}

export interface CensusTask {
  dir: string;
  key: Uint8Array;
  /** The server's stored key behind SSN pseudonyms (stable across restarts). */
  pseudonymKey: Uint8Array;
  files: CensusTaskFile[];
  asOf: string;
  resultKey: string;
  maxBytes: number;
  /** A case that came by e-mail: the message's Message-ID, shown as each file's smtpId. */
  smtpId: string | null;
  port: MessagePort;
}

export type CensusTaskResult =
  | { ok: true; totalLives: number; fileNames: string[] }
  | { ok: false; message: string; code: CensusErrorCode | null };

/** Messages on the port: 'started', then the tracker statuses as the engine gets there. */
export type StageMessage = 'started' | 'preprocessing' | 'deduplicating' | 'postprocessing';


function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function failure(err: unknown): CensusTaskResult {
  const file = errorFileName(err);
  const where = file ? `${file}: ` : '';
  if (err instanceof CensusReadError) {
    if (err.code === 'password-required') {
      return { ok: false, code: 'password-required', message: `${where}${sentence(err.message)} Upload it again with its password.` };
    }
    if (err.code === 'bad-password') {
      return { ok: false, code: 'password-incorrect', message: `${where}${sentence(err.message)} Check the password and upload the file again.` };
    }
    return { ok: false, code: null, message: `${where}${sentence(err.message)}` };
  }
  if (err instanceof CensusEngineError) return { ok: false, code: null, message: `${where}${sentence(err.message)}` };
  throw err;
}

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

async function readInputs(key: Buffer, task: { dir: string; files: CensusTaskFile[] }) {
  const inputs = [];
  for (const f of task.files) {
    const bytes = await readSealed(key, join(task.dir, f.storedName));
    inputs.push({ fileName: f.fileName, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), password: f.password });
  }
  return inputs;
}

export interface ExportTask {
  dir: string;
  key: Uint8Array;
  pseudonymKey: Uint8Array;
  files: CensusTaskFile[];
  asOf: string;
  maxBytes: number;
  /** The file's name in the case, or null for the whole case. */
  fileName: string | null;
  /** Where to write the export (encrypted), inside dir. */
  outName: string;
}

/**
 * The clean XLSX of a completed case (or one of its files): the analysis is run again from the
 * encrypted files (the stored report holds figures, not members) and the workbook is written
 * encrypted beside them.
 */
export async function exportTask(task: ExportTask): Promise<{ ok: true } | { ok: false; message: string }> {
  const key = Buffer.from(task.key);
  usePseudonymKey(task.pseudonymKey);
  await warmUp();
  try {
    const result = await analyzeCensus(await readInputs(key, task), { asOf: task.asOf, limits: { maxBytes: task.maxBytes } });
    const part = task.fileName === null ? result : resultForFile(result, task.fileName);
    await writeSealed(key, join(task.dir, task.outName), exportCensus(part, 'xlsx'));
    return { ok: true };
  } catch (err) {
    const f = failure(err);
    if (f.ok) return { ok: true };
    return { ok: false, message: f.message };
  }
}

export default async function runCensusTask(task: CensusTask): Promise<CensusTaskResult> {
  const { port } = task;
  const key = Buffer.from(task.key);
  usePseudonymKey(task.pseudonymKey);
  try {
    await warmUp();
    port.postMessage('started' satisfies StageMessage);
    port.postMessage('preprocessing' satisfies StageMessage);
    const inputs = await readInputs(key, task);
    let result;
    try {
      result = await analyzeCensus(inputs, {
        asOf: task.asOf,
        limits: { maxBytes: task.maxBytes },
        onStage: (stage) => {
          if (stage === 'merge') port.postMessage('deduplicating' satisfies StageMessage);
          else if (stage === 'dedupe') port.postMessage('postprocessing' satisfies StageMessage);
        },
      });
    } catch (err) {
      return failure(err);
    }
    const withSmtpId = (report: CensusReport): CensusReport =>
      task.smtpId === null
        ? report
        : {
            ...report,
            files: report.files.map((f) => ({ ...f, smtpId: task.smtpId! })),
            livesPerFile: report.livesPerFile.map((f) => ({ ...f, smtpId: task.smtpId! })),
          };
    const reports: StoredReports = { whole: withSmtpId(result.report), files: {} };
    for (const f of task.files) {
      if (!result.files.some((s) => s.fileName === f.fileName)) continue;
      reports.files[f.fileName] = withSmtpId(resultForFile(result, f.fileName).report);
    }
    // Exports are made when first asked for (exportTask): an XLSX of a large census takes far longer
    // than its analysis, and most cases are never exported.
    await writeSealed(key, join(task.dir, reportName(task.resultKey)), Buffer.from(JSON.stringify(reports)));
    return { ok: true, totalLives: result.report.totalLives, fileNames: result.files.map((f) => f.fileName) };
  } finally {
    port.close();
  }
}
