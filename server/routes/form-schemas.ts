/**
 * OpenAPI descriptions of the form routes (/api/openapi.json). The bodies are checked by the shared
 * yup schemas in the handlers (their messages are the spec's), so they are given as `docBody` and
 * never compiled into a validator; the answers are documented as `response`.
 */
import { errors, message } from './error-schema';

export const FORM_SCHEMAS = {
  caseStudyPost: {
    tags: ['forms'],
    summary: 'Ask for the case study: the link is mailed to the visitor',
    docBody: {
      type: 'object',
      properties: {
        firstName: { type: 'string', maxLength: 100 },
        lastName: { type: 'string', maxLength: 100 },
        email: { type: 'string', format: 'email', description: 'A work address (free-mail providers are refused)' },
        caseStudyName: { type: 'string', const: 'eoi-transformation-case-study.pdf' },
        website: { type: 'string', description: 'Honeypot: leave empty' },
      },
      required: ['firstName', 'lastName', 'email', 'caseStudyName'],
    },
    docResponse: { 200: { description: 'Recorded; the mail is on its way', ...message }, ...errors(400, 403, 404, 413, 415, 429) },
  },
  caseStudyGet: {
    tags: ['forms'],
    summary: 'Open a mailed case-study link',
    querystring: { type: 'object', properties: { token: { type: 'string' } }, additionalProperties: true },
    docResponse: {
      200: { description: 'The PDF link', type: 'object', properties: { link: { type: 'string', format: 'uri' } }, required: ['link'] },
      ...errors(404),
    },
  },
  mailingListPost: {
    tags: ['forms'],
    summary: 'Subscribe an address to a mailing list',
    docBody: {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        mailingListType: { type: 'string', examples: ['PROMOTION'] },
        mailingListIdentifier: { type: 'string', examples: ['JAN2024'] },
        website: { type: 'string', description: 'Honeypot: leave empty' },
      },
      required: ['email', 'mailingListType', 'mailingListIdentifier'],
    },
    docResponse: {
      200: { description: 'Subscribed (or already subscribed)', type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      ...errors(400, 403, 413, 415, 429),
    },
  },
  health: {
    tags: ['site'],
    summary: 'Health check (the database answers)',
    docResponse: { 200: { description: 'Healthy', type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } },
  },
  healthLive: {
    tags: ['site'],
    summary: 'Liveness for a load balancer: the process answers',
    docResponse: { 200: { description: 'Alive', type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } },
  },
  healthReady: {
    tags: ['site'],
    summary: 'Readiness for a load balancer: the database and the job queue answer',
    docResponse: {
      200: {
        description: 'Ready; `rateLimits` is there while Redis (REDIS_URL) is unreachable and the limits count per process',
        type: 'object',
        properties: { ok: { type: 'boolean' }, rateLimits: { type: 'string' } },
        required: ['ok'],
      },
      ...errors(503),
    },
  },
} as const;
