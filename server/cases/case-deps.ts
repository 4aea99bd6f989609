/**
 * What the parts of the census service share (intake, lifecycle, reports and exports, expiry): the
 * stores, the keys, and how a case id becomes its key at rest and a row becomes what callers see.
 * Below this line a case is named by its key at rest (`ref`); only what callers see carries the id.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { JobQueue } from '../jobs/queue';
import type { MailHelpers } from '../mail/census-result-mail';
import type { MailQueue } from '../mail/queue';
import type { CaseRef } from '../security/case-ref';
import type { ClientKey } from '../security/client-key';
import { openText } from '../security/vault';
import type { CaseRow } from '../store/census-cases';
import type { DataStore, Stores } from '../store/database';
import type { FileStore } from '../store/files';
import { isSampleCase, SAMPLE_CASE } from './sample-id';
import { DAY_MS } from '../../shared/constants';


export interface CaseDeps {
  config: Config;
  data: DataStore;
  files: FileStore;
  /** The job queue: a new run is queued through it, in the transaction that stores the run. */
  queue: JobQueue;
  mail: MailQueue;
  /** What the census result mail is composed with (mail/census-result-mail.ts). */
  mailHelpers: MailHelpers;
  fileKey: Buffer;
  log: FastifyBaseLogger;
  /** A case's key at rest (security/case-ref.ts). */
  ref: CaseRef;
  /** Who sent a case, as stored with it (security/client-key.ts). */
  clientKey: ClientKey;
  /** The sample case's key at rest (it never expires). */
  sampleRef: string;
  /** The retention cut-off: cases created before it are past their retention. */
  cutoff(now?: Date): string;
  /** Reads a live case, answered with the id the caller named; the sample case never expires. */
  live(store: Pick<Stores['cases'], 'get' | 'getIgnoringExpiry'>, caseId: string): Promise<CaseRow | undefined>;
  /** The case id a stored row was made for (its sealed copy), for the links a mail carries. */
  idOf(row: CaseRow): string | null;
}

export function caseDeps(o: Pick<CaseDeps, 'config' | 'data' | 'files' | 'queue' | 'mail' | 'fileKey' | 'log' | 'ref' | 'clientKey'>): CaseDeps {
  const cutoff = (now = new Date()) => new Date(now.getTime() - o.config.retentionDays * DAY_MS).toISOString();
  return {
    ...o,
    sampleRef: o.ref(SAMPLE_CASE.id),
    mailHelpers: { mail: o.mail, fileKey: o.fileKey, publicUrl: o.config.publicUrl, retentionDays: o.config.retentionDays },
    cutoff,
    async live(store, caseId) {
      const row = await (isSampleCase(caseId) ? store.getIgnoringExpiry(o.ref(caseId)) : store.get(o.ref(caseId), cutoff()));
      return row && { ...row, id: caseId };
    },
    idOf: (row) => (row.sealedId ? openText(o.fileKey, row.sealedId, row.id) : null),
  };
}
