/**
 * The case study (product-spec.md sections 3, 5, 7, 8).
 *
 * POST /main/case-study {firstName, lastName, email, caseStudyName}: JSON only; the shared schema
 * (400 {message}: the first problem, in form order; a free-mail address gets the "domain is not
 * allowed" message; an address under a reserved top-level domain that can never receive mail -
 * .invalid, .localhost, .test - gets our own message naming the domain); an unknown caseStudyName
 * 404 {message}; a filled honeypot 200 and nothing sent;
 * otherwise the request is recorded and the visitor is mailed a personal viewer link, 200 {message}.
 *
 * GET /main/case-study?token=...: a valid token 200 {link} (the PDF's absolute URL); anything else
 * 404 {message}. Both answers are no-store, no-referrer.
 */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, type CaseStudyResponse, type MessageResponse } from '../../shared/api/types';
import { BRAND } from '../../shared/brand';
import { MESSAGES } from '../../shared/messages';
import { blockedDomainOf, emailDomain } from '../../shared/validation/email';
import { caseStudyRequestSchema, stripControl, type CaseStudyRequestInput } from '../../shared/validation/schemas';
import type { AppContext } from './context';
import { HttpError } from '../http/errors';
import { checkAddress, hasLoneSurrogate } from '../security/email-address';
import { caseStudyMail } from '../mail/templates/case-study';
import { setNoStore } from '../http/headers';
import { honeypotFilled } from '../security/honeypot';
import { requireJson } from '../http/json-only';
import { CASE_STUDY_TOKEN_TTL_MS } from '../security/tokens';
import { CASE_STUDY_PDF_DIR } from './static';
import { API_PREFIX, JSON_BODY_LIMIT } from './api';
import { FORM_SCHEMAS } from './form-schemas';
import { firstError } from './validation';
import { DAY_MS } from '../../shared/constants';

const FIELDS = ['firstName', 'lastName', 'email'] as const;

/** The longest a case-study answer waits for its mail's first attempt. */
export const MAIL_WAIT_MS = 1000;

function settleWithin(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!work) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

/** A second request for the same study from the same address within this window is not mailed. */
export const REPEAT_WINDOW_MS = DAY_MS;

export const BAD_TEXT = 'A field holds characters that are not valid text.';

/** Strings with lone surrogates are refused (400), never stored or mailed. */
export function rejectBadText(body: Record<string, unknown>): void {
  for (const v of Object.values(body)) {
    if (typeof v === 'string' && hasLoneSurrogate(v)) throw new HttpError(400, BAD_TEXT);
  }
}

/**
 * A field of the wrong type (an array, a number, an object where text belongs) counts as missing,
 * so the answer is the schema's own message for that field, never a JavaScript type error.
 */
export function textOrMissing(value: unknown): string | undefined {
  return typeof value === 'string' ? stripControl(value) : undefined;
}

/** Reserved top-level domains that can never receive mail (RFC 2606, RFC 6761). */
export const UNDELIVERABLE_TLDS = ['invalid', 'localhost', 'test'] as const;

export const undeliverableMessage = (domain: string) =>
  `We cannot send e-mail to "${domain}". Please check your work email address.`;

/** The domain of an address whose top-level domain is reserved, or null. */
export function undeliverableDomain(email: string): string | null {
  const domain = emailDomain(email);
  const tld = domain.split('.').pop() ?? '';
  return (UNDELIVERABLE_TLDS as readonly string[]).includes(tld) ? domain : null;
}
const cs = MESSAGES.caseStudy;

export const CASE_STUDY_VIEWER_PATH = '/case-study/download';

export function caseStudyPdfUrl(publicUrl: string): string {
  return `${publicUrl}/${CASE_STUDY_PDF_DIR}/${BRAND.caseStudyName}`;
}

export async function caseStudyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const { config } = ctx;
  const path = API_PATHS.caseStudy.slice(API_PREFIX.length);

  app.post(path, {
    schema: FORM_SCHEMAS.caseStudyPost,
    bodyLimit: JSON_BODY_LIMIT,
    config: { rateLimit: { max: config.rateLimits.caseStudy.max, timeWindow: config.rateLimits.caseStudy.timeWindowMs } },
    preValidation: requireJson,
    handler: async (req): Promise<MessageResponse> => {
      const body = req.body as Record<string, unknown>;
      rejectBadText(body);
      // Control characters (CR/LF above all) never reach a mail header, the database or a log.
      const input: Record<string, unknown> = {};
      for (const f of FIELDS) input[f] = textOrMissing(body[f]);

      const result = firstError<CaseStudyRequestInput>(caseStudyRequestSchema, input, FIELDS);
      if (!result.values) {
        const domain = result.field === 'email' && result.message === cs.workEmail ? blockedDomainOf(String(input.email)) : null;
        throw new HttpError(400, domain ? cs.domainNotAllowed(domain) : result.message);
      }
      const undeliverable = undeliverableDomain(result.values.email);
      if (undeliverable) throw new HttpError(400, undeliverableMessage(undeliverable));
      if (body.caseStudyName !== BRAND.caseStudyName) throw new HttpError(404, cs.notFound);
      if (honeypotFilled(body)) return { message: cs.success };

      const { firstName, lastName } = result.values;
      const email = checkAddress(result.values.email);
      if (!email) throw new HttpError(400, cs.emailInvalid);
      // A repeated request (same address and study within a day) is answered the same, and not mailed.
      if (await ctx.data.caseStudyRequests.askedSince(email, BRAND.caseStudyName, new Date(Date.now() - REPEAT_WINDOW_MS))) {
        return { message: cs.success };
      }
      // The request and its mail are stored together; the outbox sends it (with retries) after the answer.
      await ctx.data.transaction(async (tx) => {
        const requestId = await tx.caseStudyRequests.create({ firstName, lastName, email, caseStudyName: BRAND.caseStudyName });
        const token = ctx.caseStudyTokens.sign({ caseStudyName: BRAND.caseStudyName, requestId });
        const link = `${config.publicUrl}${CASE_STUDY_VIEWER_PATH}?token=${encodeURIComponent(token)}`;
        const queued = await ctx.mail.queue(
          caseStudyMail({
            firstName,
            lastName,
            email,
            link,
            publicUrl: config.publicUrl,
            validDays: Math.round(CASE_STUDY_TOKEN_TTL_MS / DAY_MS),
          }),
          `case-study:${requestId}`,
          tx,
        );
        if (queued) await tx.caseStudyRequests.markMailed(requestId);
        else await tx.caseStudyRequests.markFailed(requestId, 'not queued: the address reached the daily mail limit');
      });
      // Give the outbox a moment, so the mail has normally left when the visitor reads "mailed to
      // your inbox"; a slow or stalled SMTP server never holds the answer longer than this.
      await settleWithin(ctx.outboxSender?.flush(), MAIL_WAIT_MS);
      return { message: cs.success };
    },
  });

  app.get(path, { schema: FORM_SCHEMAS.caseStudyGet }, async (req, reply): Promise<CaseStudyResponse | MessageResponse> => {
    setNoStore(reply);
    const { token } = req.query as { token?: unknown };
    const payload = ctx.caseStudyTokens.verify(token);
    if (!payload || payload.caseStudyName !== BRAND.caseStudyName) {
      reply.code(404);
      return { message: cs.notFound };
    }
    return { link: caseStudyPdfUrl(config.publicUrl) };
  });
}
