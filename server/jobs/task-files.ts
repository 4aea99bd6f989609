/** A case's files, decrypted, as a worker thread takes them (the thread sees no store). */
import type { CensusTaskFile } from './worker';
import { openText } from '../security/vault';
import type { CaseFileRow } from '../store/census-cases';
import type { FileStore } from '../store/files';

export async function taskFiles(files: FileStore, fileKey: Buffer, caseId: string, rows: CaseFileRow[]): Promise<CensusTaskFile[]> {
  const out: CensusTaskFile[] = [];
  for (const f of rows) {
    const bytes = await files.read(caseId, f.storedName);
    out.push({
      fileName: f.fileName,
      position: f.position,
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      ...(f.password ? { password: openText(fileKey, f.password, f.id) } : {}),
    });
  }
  return out;
}
