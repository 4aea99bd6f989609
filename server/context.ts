/** What the routes share: configuration, stores, the mailer and the token signer. */
import type { Database } from 'better-sqlite3';
import type { Config } from './config';
import type { Mailer } from './mail/mailer';
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
}
