/**
 * The census result mail: what a finished run causes, composed from what is stored - the notify
 * requests on the case and the reply to an e-mailed census - and queued in the outbox within the
 * transaction `tx` that stored the result (or, for a notify request on a case already finished, the
 * request). Dedupe keys make it once per run and address. It reads only the case row as stored: a
 * run's outcome reaches the mail through the row, never through a call from the code that made it.
 */
import type { MailQueue } from './queue';
import { censusFailedMail, censusReadyMail, mailReason } from './templates/census';
import { openText } from '../security/vault';
import type { Stores } from '../store/database';

export interface MailHelpers {
  mail: MailQueue;
  /** Opens the sealed case id a row carries (the links in the mail need the id, not its key). */
  fileKey: Buffer;
  publicUrl: string;
  retentionDays: number;
}

/** Queues the mail that case `caseRef` (its key at rest) causes as stored now; nothing while it runs. */
export async function censusMail(h: MailHelpers, tx: Stores, caseRef: string): Promise<void> {
  const c = await tx.cases.getIgnoringExpiry(caseRef);
  if (!c || (c.status !== 'completed' && c.status !== 'error') || !c.sealedId) return;
  const caseId = openText(h.fileKey, c.sealedId, c.id);
  // Notify addresses and e-mail senders are unverified: a failure is told in fixed words (mailReason).
  const reason = c.status === 'completed' ? '' : mailReason(c, (await tx.cases.files(caseRef)).length);
  const mailTo = (to: string) =>
    c.status === 'completed' ? censusReadyMail(to, h.publicUrl, caseId, h.retentionDays) : censusFailedMail(to, reason, h.publicUrl, caseId);
  for (const contact of await tx.cases.contacts(caseRef)) {
    if (contact.kind !== 'notify' || contact.mailedAt) continue;
    await h.mail.queue(mailTo(contact.email), `case:${caseRef}:run:${c.run}:notify:${contact.id}`, tx);
    await tx.cases.markContactMailed(contact.id);
  }
  if (c.source === 'email' && c.replyTo) await h.mail.queue(mailTo(c.replyTo), `case:${caseRef}:run:${c.run}:reply`, tx);
}
