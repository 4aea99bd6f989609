/**
 * Retention: census cases (rows, files, exports) are deleted RETENTION_DAYS after their upload;
 * mailing-list rows and case-study requests FORM_RETENTION_DAYS after they were made; sent or
 * failed outbox mail (it holds addresses) after RETENTION_DAYS. A case past its retention answers 404
 * even before the sweep removes it (the store filters by age).
 *
 * When: at start and every RETENTION_SWEEP_MS (an hour). With SQLite the process sweeps itself. With
 * PostgreSQL every server asks for a sweep through pg-boss with a throttle key, so each period gets
 * one sweep job for the whole cluster, run by one worker (the job's output records what it deleted).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { PostgresDataStore } from '../store/postgres';
import { SWEEP_QUEUE } from '../store/postgres/queues';

const DAY_MS = 86_400_000;

export async function sweepOnce(ctx: AppContext, now = new Date()): Promise<{ cases: number; forms: number; mail: number }> {
  const cases = await ctx.caseService.sweep(now);
  const formCutoff = new Date(now.getTime() - ctx.config.formRetentionDays * DAY_MS);
  const forms = (await ctx.data.mailingList.purge(formCutoff)) + (await ctx.data.caseStudyRequests.purge(formCutoff));
  const mail = await ctx.data.outbox.purge(new Date(now.getTime() - ctx.config.retentionDays * DAY_MS));
  return { cases, forms, mail };
}

async function sweepAndLog(ctx: AppContext, log: FastifyBaseLogger) {
  const n = await sweepOnce(ctx);
  if (n.cases || n.forms || n.mail) log.info(n, 'retention: deleted expired data');
  return n;
}

/** Starts the sweeps; `runsSweeps` false (an api process) only asks for them. */
export async function startRetention(ctx: AppContext, log: FastifyBaseLogger, runsSweeps = true): Promise<{ stop(): Promise<void> }> {
  const periodMs = ctx.config.retentionSweepMs;
  if (ctx.data.kind !== 'postgres') {
    const run = () => sweepAndLog(ctx, log).catch((err) => log.error({ err }, 'retention sweep failed'));
    void run();
    const timer = setInterval(run, periodMs);
    timer.unref();
    return { stop: async () => clearInterval(timer) };
  }
  const boss = (ctx.data as PostgresDataStore).boss;
  if (runsSweeps) await boss.work(SWEEP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => sweepAndLog(ctx, log));
  const ask = () =>
    boss
      .send(SWEEP_QUEUE, {}, { singletonKey: 'sweep', singletonSeconds: Math.max(1, Math.round(periodMs / 1000)) })
      .catch((err) => log.error({ err }, 'could not ask for a retention sweep'));
  void ask();
  const timer = setInterval(ask, Math.min(periodMs, 60_000));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (runsSweeps) await boss.offWork(SWEEP_QUEUE).catch(() => {});
    },
  };
}
