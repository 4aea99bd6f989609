/**
 * Queueing mail: every mail the server sends goes through here into the durable outbox
 * (store/mail-outbox.ts), is sent by the outbox sender, and obeys a per-recipient daily cap so that
 * no form can be used to flood one address. Call it inside the transaction that causes the mail,
 * with that transaction's stores.
 */
import type { FastifyBaseLogger } from 'fastify';
import { BRAND } from '../../shared/brand';
import type { OutboxStore } from '../store/mail-outbox';
import type { MailMessage } from './mailer';
import type { OutboxSender } from './outbox-sender';
import { DAY_MS } from '../../shared/constants';

/** At most this many mails to one address in 24 hours (our own addresses excepted). */
export const MAIL_PER_RECIPIENT_PER_DAY = 5;

export interface MailQueue {
  /**
   * Queues a mail; its outbox id, or null when the recipient reached the cap or the key was used.
   * `tx`: the stores of the transaction that causes the mail (the mail is queued with it or not at all).
   */
  queue(message: MailMessage, dedupeKey: string, tx?: { outbox: OutboxStore }): Promise<string | null>;
}

export function createMailQueue(outbox: OutboxStore, sender: () => OutboxSender | null, log: FastifyBaseLogger): MailQueue {
  return {
    async queue(message, dedupeKey, tx) {
      const store = tx?.outbox ?? outbox;
      const to = message.to.address.toLowerCase();
      if (!to.endsWith(`@${BRAND.domain}`) && (await store.countTo(to, new Date(Date.now() - DAY_MS))) >= MAIL_PER_RECIPIENT_PER_DAY) {
        log.warn('mail not queued: the recipient reached the daily limit');
        return null;
      }
      const id = await store.enqueue(message, dedupeKey);
      // Normally after the caller's transaction has committed; if not, the sender's poll finds it.
      if (id) setImmediate(() => sender()?.kick());
      return id;
    },
  };
}
