/** Every store on one driver: the whole database's, or one transaction's. */
import type { CaseJobs, Stores } from '../database';
import { createCaseStudyRequestStore } from './case-study-requests';
import { createCaseStore } from './census-cases';
import type { Sql } from './driver';
import { createIntakeLog } from './intake-log';
import { createOutboxStore } from './mail-outbox';
import { createMailingListStore } from './mailing-list';

export function sqlStores(sql: Sql, caseJobs: CaseJobs): Stores {
  return {
    cases: createCaseStore(sql),
    caseJobs,
    outbox: createOutboxStore(sql),
    mailingList: createMailingListStore(sql),
    caseStudyRequests: createCaseStudyRequestStore(sql),
    intakeLog: createIntakeLog(sql),
  };
}
