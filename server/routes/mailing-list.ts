/**
 * POST /main/mailing-list {email, mailingListType, mailingListIdentifier}: JSON only, validated with
 * shared's mailingListSchema (400 {message}), idempotent per (e-mail, type, identifier), 200 {ok: true}.
 * A filled honeypot gets the same 200 and nothing is stored.
 */
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../shared/api/types';
import { MESSAGES } from '../../shared/messages';
import { mailingListSchema, type MailingListInput } from '../../shared/validation/schemas';
import { checkAddress } from '../security/email-address';
import { rejectBadText, textOrMissing } from './case-study';
import type { AppContext } from './context';
import { HttpError } from '../http/errors';
import { honeypotFilled } from '../security/honeypot';
import { requireJson } from '../http/json-only';
import { API_PREFIX, JSON_BODY_LIMIT } from './api';
import { FORM_SCHEMAS } from './form-schemas';
import { firstError } from './validation';

const FIELDS = ['email', 'mailingListType', 'mailingListIdentifier'] as const;

export async function mailingListRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post(API_PATHS.mailingList.slice(API_PREFIX.length), {
    schema: FORM_SCHEMAS.mailingListPost,
    bodyLimit: JSON_BODY_LIMIT,
    config: { rateLimit: { max: ctx.config.rateLimits.mailingList.max, timeWindow: ctx.config.rateLimits.mailingList.timeWindowMs } },
    preValidation: requireJson,
    handler: async (req) => {
      const body = req.body as Record<string, unknown>;
      rejectBadText(body);
      const input: Record<string, unknown> = {};
      for (const f of FIELDS) input[f] = textOrMissing(body[f]);
      const result = firstError<MailingListInput>(mailingListSchema, input, FIELDS);
      if (!result.values) throw new HttpError(400, result.message);
      const email = checkAddress(result.values.email);
      if (!email) throw new HttpError(400, MESSAGES.webinar.emailInvalid);
      if (!honeypotFilled(body)) await ctx.data.mailingList.subscribe({ ...result.values, email });
      return { ok: true };
    },
  });
}
