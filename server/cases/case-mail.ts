/**
 * The mail a finished run causes (its notify requests, the reply to an e-mailed census), queued in
 * the transaction `tx` that stored the result or the request. Dedupe keys make it once per run.
 */
import { censusFailedMail, censusReadyMail, mailReason } from '../mail/templates/census';
import type { CaseRow } from '../store/census-cases';
import type { Stores } from '../store/database';
import type { CaseDeps } from './case-deps';

export async function mailNotify(d: CaseDeps, tx: Stores, caseRefId: string, caseId: string, c: CaseRow): Promise<void> {
  const { config } = d;
  // Notify addresses and e-mail senders are unverified: a failure is told in fixed words (mailReason).
  const reason = c.status === 'completed' ? '' : mailReason(c, (await tx.cases.files(caseRefId)).length);
  for (const contact of await tx.cases.contacts(caseRefId)) {
    if (contact.kind !== 'notify' || contact.mailedAt) continue;
    const mail = c.status === 'completed'
      ? censusReadyMail(contact.email, config.publicUrl, caseId, config.retentionDays)
      : censusFailedMail(contact.email, reason, config.publicUrl, caseId);
    await d.mail.queue(mail, `case:${caseRefId}:run:${c.run}:notify:${contact.id}`, tx);
    await tx.cases.markContactMailed(contact.id);
  }
  if (c.source === 'email' && c.replyTo) {
    const mail = c.status === 'completed'
      ? censusReadyMail(c.replyTo, config.publicUrl, caseId, config.retentionDays)
      : censusFailedMail(c.replyTo, reason, config.publicUrl, caseId);
    await d.mail.queue(mail, `case:${caseRefId}:run:${c.run}:reply`, tx);
  }
}
