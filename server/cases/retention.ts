/**
 * Retention: census cases (rows, files, exports) are deleted RETENTION_DAYS after their upload;
 * mailing-list rows and case-study requests FORM_RETENTION_DAYS after they were made; sent or
 * failed outbox mail (it holds addresses) after RETENTION_DAYS. Runs at start and every hour. A case
 * past its retention answers 404 even before the sweep removes it (the store filters by age).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';

export const RETENTION_SWEEP_MS = 3_600_000;
const DAY_MS = 86_400_000;

export async function sweepOnce(ctx: AppContext, now = new Date()): Promise<{ cases: number; forms: number; mail: number }> {
  const cases = await ctx.caseService.sweep(now);
  const formCutoff = new Date(now.getTime() - ctx.config.formRetentionDays * DAY_MS);
  const forms = (await ctx.data.mailingList.purge(formCutoff)) + (await ctx.data.caseStudyRequests.purge(formCutoff));
  const mail = await ctx.data.outbox.purge(new Date(now.getTime() - ctx.config.retentionDays * DAY_MS));
  return { cases, forms, mail };
}

export function startRetention(ctx: AppContext, log: FastifyBaseLogger): { stop(): void } {
  const run = () =>
    sweepOnce(ctx).then(
      (n) => {
        if (n.cases || n.forms || n.mail) log.info(n, 'retention: deleted expired data');
      },
      (err) => log.error({ err }, 'retention sweep failed'),
    );
  void run();
  const timer = setInterval(run, RETENTION_SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
