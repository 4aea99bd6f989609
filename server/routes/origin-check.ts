/**
 * GET /main/origin: 204 when the calling page's origin may use the API. The API scope's origin
 * hook (http/cors.ts) answers 403 {message} first for an origin that is not allowed, so a
 * widget can say so when it loads, in words a partner developer can act on, instead of after a
 * visitor picked a file (issue 21). It stores and reveals nothing: the answer is the same 204 for
 * every allowed origin, and CORS reflects every origin anyway (cors.ts explains why).
 */
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../shared/api/types';
import type { AppContext } from './context';
import { API_PREFIX } from './api';

export async function originCheckRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const limit = ctx.config.rateLimits.censusStatus;
  app.get(
    API_PATHS.originCheck.slice(API_PREFIX.length),
    {
      schema: {
        tags: ['census'],
        summary: 'Whether the calling page may use the API',
        description: "204 when the request's Origin is allowed (or there is none); 403 {message} when it is not, answered by the API's origin check before this route.",
        response: { 204: { type: 'null', description: 'The origin may use the API.' } },
      },
      config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
    },
    async (_req, reply) => reply.code(204).header('cache-control', 'no-store').send(),
  );
}
