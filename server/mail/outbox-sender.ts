/**
 * Sends what the outbox table holds (store/mail-outbox.ts), off the request path.
 *
 * A loop takes due mails under a lease, hands each to the mailer (SMTP with short timeouts, or an
 * .eml file) and marks it sent; a failure is retried with exponential backoff (30 s, 1 min, 2 min,
 * ... capped at 1 hour) and given up after MAX_ATTEMPTS. A mail interrupted by a crash is sent after
 * the restart, once its lease has run out. With the .eml mailer that is exactly once (the file is
 * named by the row id, so a repeat replaces it); over SMTP a crash between the server's "250 OK" and
 * our mark can repeat a mail, which carries the same Message-ID so mail systems can drop the copy.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxStore } from '../store/mail-outbox';
import type { Mailer } from './mailer';

export const OUTBOX_POLL_MS = 1000;
export const OUTBOX_LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxSender {
  /** Look for due mail now (called after queueing one). */
  kick(): void;
  /** Sends everything due now; resolves when done (tests and shutdown use it). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function startOutboxSender(store: OutboxStore, mailer: Mailer, log: FastifyBaseLogger, pollMs = OUTBOX_POLL_MS): OutboxSender {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function drain(): Promise<void> {
    for (;;) {
      const batch = await store.claimDue(OUTBOX_LEASE_MS, 10);
      if (batch.length === 0) return;
      for (const row of batch) {
        if (stopped) return;
        try {
          await mailer.send(row.message, row.id);
          await store.markSent(row.id);
        } catch (err) {
          const reason = (err as Error)?.message ?? String(err);
          if (row.attempts >= MAX_ATTEMPTS) {
            await store.giveUp(row.id, reason);
            log.error({ err, mail: row.id }, 'mail given up after retries');
          } else {
            await store.retryLater(row.id, reason, new Date(Date.now() + backoffMs(row.attempts)));
            log.warn({ err, mail: row.id, attempts: row.attempts }, 'mail failed; will retry');
          }
        }
      }
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again && !stopped);
      } catch (err) {
        log.error({ err }, 'outbox sender failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = setInterval(() => {
    if (!stopped) void run();
  }, pollMs);
  timer.unref();
  void run();

  return {
    kick() {
      if (!stopped) void run();
    },
    async flush() {
      while (running) await running;
      await run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
