/**
 * Retention: census cases (rows, files, exports) are deleted RETENTION_DAYS after their upload;
 * mailing-list rows and case-study requests FORM_RETENTION_DAYS after they were made; sent or
 * failed outbox mail (it holds addresses) after RETENTION_DAYS. A case past its retention answers 404
 * even before the sweep removes it (the store filters by age).
 *
 * When: at start and every RETENTION_SWEEP_MS (an hour), once for the whole deployment, as the job
 * queue schedules it (jobs/queue.ts sweepEvery): with SQLite the process sweeps itself; with
 * PostgreSQL one throttled pg-boss job per period, run by one worker (its output records what it
 * deleted).
 */
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '../shared/constants';
import type { CensusService } from './cases/service';
import type { Config } from './config';
import type { JobQueue } from './jobs/queue';
import type { DataStore } from './store/database';

/**
 * What the sweeps use, and nothing more: the case service's sweep, the form and outbox stores' purges,
 * the queue's scheduling and three settings. The app's context (routes/context.ts) has all of it and
 * is passed as it is.
 */
export interface RetentionDeps {
  config: Pick<Config, 'retentionDays' | 'formRetentionDays' | 'retentionSweepMs'>;
  caseService: Pick<CensusService, 'sweep'>;
  data: Pick<DataStore, 'mailingList' | 'caseStudyRequests' | 'outbox'>;
  jobs: Pick<JobQueue, 'sweepEvery'>;
}

export async function sweepOnce(ctx: RetentionDeps, now = new Date()): Promise<{ cases: number; forms: number; mail: number }> {
  const cases = await ctx.caseService.sweep(now);
  const formCutoff = new Date(now.getTime() - ctx.config.formRetentionDays * DAY_MS);
  const forms = (await ctx.data.mailingList.purge(formCutoff)) + (await ctx.data.caseStudyRequests.purge(formCutoff));
  const mail = await ctx.data.outbox.purge(new Date(now.getTime() - ctx.config.retentionDays * DAY_MS));
  return { cases, forms, mail };
}

async function sweepAndLog(ctx: RetentionDeps, log: FastifyBaseLogger) {
  const n = await sweepOnce(ctx);
  if (n.cases || n.forms || n.mail) log.info(n, 'retention: deleted expired data');
  return n;
}

/** Starts the sweeps; `runsSweeps` false (an api process) only asks for them. */
export async function startRetention(ctx: RetentionDeps, log: FastifyBaseLogger, runsSweeps = true): Promise<{ stop(): Promise<void> }> {
  return ctx.jobs.sweepEvery(ctx.config.retentionSweepMs, () => sweepAndLog(ctx, log), runsSweeps, log);
}
