/**
 * What the routes share: configuration, the data store (rows), the file store, the mailer and the
 * outbox, the census case service and the token signer. Built by app.ts (createContext), which hands
 * it to the routes; the retention sweep (retention.ts) and the SMTP intake (intake/) are given the
 * same object but declare only the parts they use, so no room imports this type but routes/.
 *
 * `data.cases` is the raw case store (rows, no rules); `caseService` is the census cases as routes
 * and the mail intake use them (expiry, files, jobs and the mail they cause). Routes use the service.
 */
import type { Config } from '../config';
import type { JobQueue } from '../jobs/queue';
import type { CensusService } from '../cases/service';
import type { Mailer } from '../mail/mailer';
import type { OutboxSender } from '../mail/outbox-sender';
import type { MailQueue } from '../mail/queue';
import type { LimitState } from '../security/rate-limit-store';
import type { TokenSigner } from '../security/tokens';
import type { DataStore } from '../store/database';
import type { FileStore } from '../store/files';

export interface AppContext {
  config: Config;
  /** Every row (cases, outbox, mailing list, case-study requests): SQLite, or PostgreSQL with DATABASE_URL. */
  data: DataStore;
  /** The census files, encrypted: DATA_DIR, or PostgreSQL with DATABASE_URL. */
  files: FileStore;
  /** The census job queue (jobs/queue.ts): SQLite's case rows, or pg-boss with DATABASE_URL. */
  jobs: JobQueue;
  mailer: Mailer;
  caseStudyTokens: TokenSigner;
  /** Sends the outbox; started when the app is ready, stopped when it closes. */
  outboxSender: OutboxSender | null;
  /** Queue a mail (durable outbox, per-recipient cap). */
  mail: MailQueue;
  /** The census cases: intake, status, reports, exports, deletion, retention, and the job runner. */
  caseService: CensusService;
  /** With REDIS_URL: whether the rate limits count in Redis or, while it is away, in this process. */
  limits?: LimitState;
}
