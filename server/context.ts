/** What the routes share: configuration, stores, the mailer, the outbox, the census cases and the token signer. */
import type { Database } from 'better-sqlite3';
import type { Config } from './config';
import type { CensusService } from './cases/service';
import type { Mailer } from './mail/mailer';
import type { OutboxSender } from './mail/outbox-sender';
import type { MailQueue } from './mail/queue';
import type { CaseStore } from './store/census-cases';
import type { OutboxStore } from './store/mail-outbox';
import type { TokenSigner } from './security/tokens';
import type { CaseStudyRequestStore } from './store/case-study-requests';
import type { MailingListStore } from './store/mailing-list';

export interface AppContext {
  config: Config;
  db: Database;
  mailingList: MailingListStore;
  caseStudyRequests: CaseStudyRequestStore;
  mailer: Mailer;
  caseStudyTokens: TokenSigner;
  cases: CaseStore;
  outbox: OutboxStore;
  /** Sends the outbox; started when the app is ready, stopped when it closes. */
  outboxSender: OutboxSender | null;
  /** Queue a mail (durable outbox, per-recipient cap). */
  mail: MailQueue;
  census: CensusService;
}
