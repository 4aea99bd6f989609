/**
 * A reading given from outside as a case stores it (encrypted, beside the case's files, by the file
 * store) and as every run of the case loads it: the jobs' input beside the files. Validating a reading
 * is the case's (cases/reading-check.ts).
 */
import type { CensusReading, CensusReadingInfo } from '../../shared/census/report';
import type { FileStore } from './files';

/** Stored beside the case's files; the name must not start with 'r' (the runner clears 'r...' results). */
export const READING_FILE = 'given-reading.bin';

export interface StoredReading {
  reading: CensusReading;
  /** YYYY-MM-DD: the reading came saved from the visitor's browser on that day (report says 'saved'). */
  savedOn?: string;
}

export function isEmptyReading(r: CensusReading): boolean {
  return !r.columns?.length && !r.sheets?.length && !r.codes?.length && !r.edits?.length && !r.rows?.length;
}

export async function saveReading(files: FileStore, caseId: string, stored: StoredReading): Promise<void> {
  await files.write(caseId, READING_FILE, new TextEncoder().encode(JSON.stringify(stored)));
}

/** The case's stored reading, or undefined (none, or the automatic one). */
export async function loadReading(files: FileStore, caseId: string): Promise<StoredReading | undefined> {
  if (!(await files.exists(caseId, READING_FILE))) return undefined;
  const stored = JSON.parse((await files.read(caseId, READING_FILE)).toString('utf8')) as StoredReading;
  return isEmptyReading(stored.reading) ? undefined : stored;
}

/**
 * The report's `reading` as the API answers it: the engine says 'automatic' or 'yours'; a reading
 * that came saved from the browser becomes 'saved' with its day. Until the engine describes the
 * reading itself, the server derives `changed` from the stored reading.
 */
export function readingInfo(engine: CensusReadingInfo | undefined, stored: StoredReading | undefined): CensusReadingInfo {
  if (!stored) return engine ?? { source: 'automatic', changed: [] };
  const changed: CensusReadingInfo['changed'] = engine?.changed ?? [
    ...(stored.reading.columns ?? []).map((c) => ({ file: c.file, sheet: c.sheet, header: c.header, kind: 'column' as const })),
    ...(stored.reading.sheets ?? []).flatMap((s) => [
      ...(s.read !== undefined ? [{ file: s.file, sheet: s.sheet, header: null, kind: 'sheet' as const, value: String(s.read) }] : []),
      ...(s.headerRow !== undefined ? [{ file: s.file, sheet: s.sheet, header: null, kind: 'headerRow' as const, value: String(s.headerRow) }] : []),
    ]),
    ...(stored.reading.codes ?? []).map((c) => ({ file: c.file, sheet: c.sheet, header: c.header, kind: 'code' as const, value: c.value })),
  ];
  if (engine?.source === 'automatic' && engine.changed.length === 0 && changed.length === 0) return engine;
  return stored.savedOn ? { source: 'saved', savedOn: stored.savedOn, changed } : { source: 'yours', changed };
}
