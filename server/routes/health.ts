/** GET /healthz -> {ok: true} once the database answers. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export function registerHealthRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', async (_req, reply) => {
    ctx.db.prepare('SELECT 1').get();
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });
}
