/**
 * A case's options as the case stores them (encrypted, beside its files, by the file store, like its
 * reading: every store backend keeps them) and as its exports load them. Today one option:
 * `keepSsn`, 'Keep full SSNs for carrier files' (issue 28): the export task reads the full SSN again
 * from the encrypted upload, for the targets that require it. The flag holds no census data; the
 * numbers themselves are never stored apart from the upload (docs/decisions.md).
 */
import type { FileStore } from './files';

/** Stored beside the case's files; the name must not start with 'r' (the runner clears 'r...' results). */
export const OPTIONS_FILE = 'case-options.bin';

export interface CaseOptions {
  keepSsn?: boolean;
}

/** Stores the case's options (none set: the file is removed). */
export async function saveCaseOptions(files: FileStore, caseId: string, options: CaseOptions): Promise<void> {
  if (!options.keepSsn) {
    await files.removePrefix(caseId, OPTIONS_FILE);
    return;
  }
  await files.write(caseId, OPTIONS_FILE, new TextEncoder().encode(JSON.stringify({ keepSsn: true })));
}

/** The case's options ({} when it has none). */
export async function loadCaseOptions(files: FileStore, caseId: string): Promise<CaseOptions> {
  if (!(await files.exists(caseId, OPTIONS_FILE))) return {};
  const stored = JSON.parse((await files.read(caseId, OPTIONS_FILE)).toString('utf8')) as CaseOptions;
  return stored.keepSsn === true ? { keepSsn: true } : {};
}
