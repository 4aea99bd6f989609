/**
 * The census export task: the clean XLSX of a completed case (or of one of its files), or the file
 * of another export target, or (target null) the readiness of every target as JSON, made in the
 * job threads from the encrypted files and the case's reading, under the case's time limit, and
 * stored encrypted under `outName`. Answers null when written, or the reason it was not. It stores
 * only its own file: what follows (the link) is the caller's.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Piscina } from 'piscina';
import { CENSUS_UPLOAD } from '../../../shared/constants';
import { loadReading } from '../../store/stored-reading';
import { loadCaseOptions } from '../../store/case-options';
import type { ExportTask, ExportTaskResult } from '../worker';
import type { CaseStore } from '../../store/census-cases';
import type { FileStore } from '../../store/files';
import { JOB_TEXT, isOutOfMemory, STARTUP_ALLOWANCE_MS } from '../job-text';
import { taskFiles } from '../task-files';

export interface ExportHelpers {
  pool: Piscina;
  cases: CaseStore;
  files: FileStore;
  fileKey: Buffer;
  pseudonymKey: Buffer;
  timeLimitMs: () => number;
  memoryMb: number;
  log: FastifyBaseLogger;
}

export async function censusExport(h: ExportHelpers, caseId: string, fileName: string | null, outName: string, target?: string | null): Promise<string | null> {
  const row = await h.cases.getIgnoringExpiry(caseId);
  if (!row) return JOB_TEXT.failed;
  const task: ExportTask = {
    pseudonymKey: new Uint8Array(h.pseudonymKey),
    files: await taskFiles(h.files, h.fileKey, caseId, await h.cases.files(caseId)),
    asOf: row.asOf,
    maxBytes: CENSUS_UPLOAD.maxBytes,
    fileName,
    reading: await loadReading(h.files, caseId),
    target,
    // The case opted in: the full SSNs are read again from the upload, in the thread, for this file only.
    ...((await loadCaseOptions(h.files, caseId)).keepSsn ? { keepSsn: true } : {}),
  };
  const controller = new AbortController();
  const timeLimitMs = h.timeLimitMs();
  const timer = setTimeout(() => controller.abort(), timeLimitMs + STARTUP_ALLOWANCE_MS);
  try {
    const r = (await h.pool.run(task, { name: 'exportTask', signal: controller.signal })) as ExportTaskResult;
    if (!r.ok) return r.message;
    await h.files.write(caseId, outName, r.bytes);
    return null;
  } catch (err) {
    if (isOutOfMemory(err)) {
      h.log.warn({ caseId, memoryMb: h.memoryMb }, 'census export stopped at the memory limit');
      return JOB_TEXT.memory(h.memoryMb);
    }
    h.log.error({ err, caseId }, 'census export failed');
    return controller.signal.aborted ? JOB_TEXT.timeLimit(timeLimitMs) : JOB_TEXT.failed;
  } finally {
    clearTimeout(timer);
  }
}
