/**
 * Cases come in: an incoming file stored encrypted, a new case made of such files (the row and its
 * job in one transaction), a file added to a case (a new run).
 */
import { randomBytes } from 'node:crypto';
import type { CaseSource } from '../store/census-cases';
import type { IncomingFile } from '../store/files';
import { sealText } from '../security/vault';
import type { CaseDeps } from './case-deps';
import { newCaseId } from './case-id';
import { isEmptyReading, saveReading, type StoredReading } from '../store/stored-reading';
import { saveCaseOptions } from '../store/case-options';
import type { JobRunner } from '../jobs/runner';

export interface StoredFile {
  incoming: IncomingFile;
  fileName: string;
  size: number;
  password?: string | null;
}

export function createCaseIntake(d: CaseDeps, runner: JobRunner) {
  const { data, files, fileKey, ref, cutoff } = d;
  const cases = data.cases;
  const newFileRow = (file: StoredFile) => {
    const id = randomBytes(12).toString('base64url');
    return {
      id,
      fileName: file.fileName,
      storedName: file.incoming.storedName,
      size: file.size,
      password: file.password ? sealText(fileKey, file.password, id) : null,
    };
  };
  return {
    incoming: () => files.incoming(),
    discard: (file: IncomingFile) => file.discard(),
    async createCase(
      fileOrFiles: StoredFile | StoredFile[],
      source: CaseSource,
      from?: { replyTo: string | null; smtpId: string | null },
      opts?: { caseId?: string; reading?: StoredReading; asOf?: string; client?: string; keepSsn?: boolean },
    ): Promise<string> {
      const list = Array.isArray(fileOrFiles) ? fileOrFiles : [fileOrFiles];
      const caseId = opts?.caseId ?? newCaseId();
      const key = ref(caseId);
      try {
        await files.place(key, list.map((f) => f.incoming));
        // Before the row: the first run must find it.
        const reading = opts?.reading;
        if (reading && !isEmptyReading(reading.reading)) await saveReading(files, key, reading);
        if (opts?.keepSsn) await saveCaseOptions(files, key, { keepSsn: true });
        // The row and its job (with PostgreSQL) commit together: a case is never stored without work queued.
        await data.transaction(async (tx) => {
          const row = {
            id: key,
            sealedId: sealText(fileKey, caseId, key),
            source,
            replyTo: from?.replyTo ?? null,
            smtpId: from?.smtpId ?? null,
            // Who sent it, hashed (security/client-key.ts): the job threads are shared fairly between clients.
            clientKey: opts?.client ? d.clientKey(opts.client) : null,
            ...(opts?.asOf ? { asOf: opts.asOf } : {}),
          };
          await tx.cases.create(row, list.map(newFileRow));
          await d.queue.enqueue(tx, key, 1);
        });
      } catch (err) {
        // A reserved id may already have files (another server made the sample first): remove only ours.
        if (opts?.caseId) for (const f of list) await files.removePrefix(key, f.incoming.storedName);
        else await files.removeCase(key);
        throw err;
      }
      runner.kick();
      return caseId;
    },
    async addFile(caseId: string, file: StoredFile): Promise<string | null> {
      const key = ref(caseId);
      if (!(await cases.get(key, cutoff()))) {
        await file.incoming.discard();
        return null;
      }
      await files.place(key, [file.incoming]);
      const added = await data.transaction(async (tx) => {
        const a = await tx.cases.addFile(key, newFileRow(file), cutoff());
        if (a) await d.queue.enqueue(tx, key, a.run);
        return a;
      });
      if (added === null) await files.removePrefix(key, file.incoming.storedName);
      else runner.kick();
      return added?.fileName ?? null;
    },
  };
}
