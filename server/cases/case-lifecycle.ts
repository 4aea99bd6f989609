/**
 * A case's life after it came in: read as users may see it, a reading given from outside (a new
 * run), notify and help requests (with the mail they cause), deletion.
 */
import { censusHelpMail } from '../mail/templates/census';
import type { CaseRow, ContactKind } from '../store/census-cases';
import type { CaseDeps } from './case-deps';
import { isCaseId } from './case-id';
import { saveReading, type StoredReading } from '../store/stored-reading';
import { loadCaseOptions, saveCaseOptions } from '../store/case-options';
import type { JobRunner } from '../jobs/runner';
import { censusMail } from '../mail/census-result-mail';
import { isSampleCase } from './sample-id';

export function createCaseLifecycle(d: CaseDeps, runner: JobRunner) {
  const { config, data, files, ref, cutoff, live } = d;
  const cases = data.cases;
  /** Readings being applied, per case (a cache of promises only). */
  const readingQueue = new Map<string, Promise<CaseRow['status'] | null>>();
  return {
    async get(caseId: string): Promise<CaseRow | undefined> {
      return isCaseId(caseId) ? live(cases, caseId) : undefined;
    },
    async keepsSsn(c: CaseRow): Promise<boolean> {
      return (await loadCaseOptions(files, ref(c.id))).keepSsn === true;
    },
    setReading(caseId: string, reading: StoredReading | undefined, asOf?: string, keepSsn?: boolean): Promise<CaseRow['status'] | null> {
      // One after the other per case (in this process): the last one written is the last one run.
      const previous = readingQueue.get(caseId) ?? Promise.resolve();
      const key = ref(caseId);
      const mine = previous.catch(() => undefined).then(async () => {
        if (!(await cases.get(key, cutoff()))) return null;
        // Only the effective date changes: the stored reading stays as it is.
        if (reading) await saveReading(files, key, reading);
        if (keepSsn !== undefined) await saveCaseOptions(files, key, { keepSsn });
        // The new run and its job (with PostgreSQL) commit together.
        const run = await data.transaction(async (tx) => {
          const r = await tx.cases.rerun(key, cutoff(), undefined, asOf);
          if (r !== null) await d.queue.enqueue(tx, key, r);
          return r;
        });
        if (run === null) {
          // Deleted between the check and the save: the reading just written would be left behind
          // (the folder made again) until the orphan sweep an hour later.
          if (!(await cases.getIgnoringExpiry(key))) await files.removeCase(key);
          return null;
        }
        runner.kick();
        return (await cases.get(key, cutoff()))?.status ?? null;
      });
      readingQueue.set(caseId, mine);
      void mine.finally(() => {
        if (readingQueue.get(caseId) === mine) readingQueue.delete(caseId);
      }).catch(() => undefined);
      return mine;
    },
    contact(caseId: string, email: string, kind: ContactKind): Promise<boolean> {
      return data.transaction(async (tx) => {
        const c = await live(tx.cases, caseId);
        if (!c) return false;
        const key = ref(caseId);
        const row = await tx.cases.addContact(key, email, kind);
        if (!row || row.mailedAt) return true;
        if (kind === 'help') {
          await d.mail.queue(censusHelpMail(email, config.publicUrl, caseId, c.status, config.helpEmail), `case:${key}:help:${email.toLowerCase()}`, tx);
          await tx.cases.markContactMailed(row.id);
        } else {
          // A finished case: the notify mail at once, as its run's end would have queued it.
          await censusMail(d.mailHelpers, tx, key);
        }
        return true;
      });
    },
    async delete(caseId: string, opts?: { sample?: boolean }): Promise<boolean> {
      if (isSampleCase(caseId) && !opts?.sample) return false;
      if (!isCaseId(caseId) || !(await live(cases, caseId))) return false;
      await cases.delete(ref(caseId));
      await files.removeCase(ref(caseId));
      return true;
    },
  };
}
