/**
 * What a census run answers, made the same wherever the engine runs: in the server's job thread
 * (./worker.ts) and in the browser's engine worker (private mode, widgets/census-parser/private).
 * Pure: no Node-only import, so the browser bundle takes it as it is.
 *  - failure(): an engine error as the visitor reads it (with its code for a password prompt);
 *  - storedReports(): the report JSON stored for a case (whole case and per file).
 */
import type { CensusErrorCode } from '../../shared/api/types';
import { CensusEngineError, errorFileName, resultForFile, type CensusReport, type CensusResult } from '../census/engine';
import { CensusReadError } from '../census/read';
import { readingInfo, type StoredReading } from '../store/stored-reading';
import type { StoredReports } from '../store/result-files';

export type CensusFailure = { ok: false; message: string; code: CensusErrorCode | null };

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** An engine or reader error as the visitor reads it; anything else is thrown again (a crash, not an answer). */
export function failure(err: unknown): CensusFailure {
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
 * The reports a case stores: the whole case and each file's own, with the reading as the API answers
 * it ('saved' with its day for choices saved in the browser) and, for a case that came by e-mail,
 * the message's id as each file's smtpId.
 */
export function storedReports(result: CensusResult, fileNames: string[], reading: StoredReading | undefined, smtpId: string | null): StoredReports {
  const finish = (engineReport: CensusReport): CensusReport => {
    const report: CensusReport = { ...engineReport, reading: readingInfo(engineReport.reading, reading) };
    return smtpId === null
      ? report
      : {
          ...report,
          files: report.files.map((f) => ({ ...f, smtpId })),
          livesPerFile: report.livesPerFile.map((f) => ({ ...f, smtpId })),
        };
  };
  const reports: StoredReports = { whole: finish(result.report), files: {} };
  for (const name of fileNames) {
    if (!result.files.some((s) => s.fileName === name)) continue;
    reports.files[name] = finish(resultForFile(result, name).report);
  }
  return reports;
}
