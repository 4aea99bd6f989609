/**
 * The validator compiler of every route schema (Fastify's setValidatorCompiler). Our route schemas
 * only ever check query strings of plain text fields (a caseId, a token, an enum such as
 * reportType); bodies are parsed and checked in the handlers (multipart streams, the shared yup
 * schemas), so they are documented as `docBody` and never reach a validator.
 *
 * Why not Ajv (Fastify's default): building an Ajv instance and compiling the route schemas took
 * ~40 ms of CPU of every cold start (a tenth of it), for checks this small. The semantics are Ajv's
 * under Fastify's options (coerceTypes: 'array'): a field given once is a string; given several
 * times it is an array and fails a string field; an enum must match exactly; `required` is honoured.
 * Anything richer fails at start-up with the route's name, so that nobody gets a check silently
 * skipped: extend this file, or give that route its own validatorCompiler.
 */
import type { FastifySchemaCompiler } from 'fastify';

interface FlatField {
  type?: 'string';
  enum?: readonly string[];
  [doc: string]: unknown;
}

interface FlatSchema {
  type: 'object';
  properties?: Record<string, FlatField>;
  required?: readonly string[];
  additionalProperties?: boolean;
}

/** Keys that only describe (for the OpenAPI document) and do not check anything. */
const DOC_KEYS = new Set(['description', 'examples', 'example', 'title', 'default', 'deprecated']);

function isFlat(schema: unknown): schema is FlatSchema {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as Record<string, unknown>;
  if (s.type !== 'object') return false;
  for (const key of Object.keys(s)) if (!['type', 'properties', 'required', 'additionalProperties', ...DOC_KEYS].includes(key)) return false;
  // additionalProperties: false would remove fields (Ajv's removeAdditional); not supported here.
  if (s.additionalProperties === false) return false;
  if (s.required !== undefined && !(Array.isArray(s.required) && s.required.every((r) => typeof r === 'string'))) return false;
  for (const field of Object.values((s.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    if (!field || typeof field !== 'object') return false;
    for (const key of Object.keys(field)) if (key !== 'type' && key !== 'enum' && !DOC_KEYS.has(key)) return false;
    if (field.type !== undefined && field.type !== 'string') return false;
    if (field.enum !== undefined && !(Array.isArray(field.enum) && field.enum.every((e) => typeof e === 'string'))) return false;
  }
  return true;
}

function invalid(part: string, name: string, why: string): { error: Error } {
  return { error: new Error(`${part}/${name} ${why}`) };
}

export const flatQueryValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (httpPart !== 'querystring' || !isFlat(schema)) {
    throw new Error(`${method} ${url}: the ${httpPart ?? 'request'} schema is more than server/http/query-validator.ts checks (plain text query fields)`);
  }
  const fields = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  return (data: unknown) => {
    const query = (data ?? {}) as Record<string, unknown>;
    for (const name of required) if (query[name] === undefined) return invalid(httpPart, name, 'is required');
    for (const [name, field] of fields) {
      let value = query[name];
      if (value === undefined) continue;
      // Ajv's coerceTypes 'array': an array of one item stands for that item.
      if (Array.isArray(value)) {
        if (value.length !== 1) return invalid(httpPart, name, 'must be string');
        value = value[0];
        query[name] = value;
      }
      if (typeof value !== 'string') return invalid(httpPart, name, 'must be string');
      if (field.enum && !field.enum.includes(value)) return invalid(httpPart, name, 'must be equal to one of the allowed values');
    }
    return { value: query };
  };
};
