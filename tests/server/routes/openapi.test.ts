/**
 * GET /api/openapi.json: an OpenAPI 3.1 document generated from the route schemas. Checked for the
 * structure OpenAPI 3.1 requires (no network here for the official meta-schema), every schema in it
 * compiled by Ajv as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), and every route of the server
 * listed.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANONICAL_FIELDS, MEMBER_TABLE_FIELDS } from '../../../shared/census/report';
import { CASE_STATUSES } from '../../../shared/census/status';
import { makeApp, type TestApp } from '../helpers';

let t: TestApp;
let doc: Record<string, any>;
beforeAll(async () => {
  t = await makeApp();
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the required fields on every operation, parameter and response', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      for (const [method, op] of Object.entries<Record<string, any>>(item)) {
        expect(METHODS, `${path} ${method}`).toContain(method);
        expect(Object.keys(op.responses ?? {}).length, `${path} ${method}`).toBeGreaterThan(0);
        for (const [code, r] of Object.entries<Record<string, any>>(op.responses)) {
          expect(code, path).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
          expect(typeof r.description, `${path} ${method} ${code}`).toBe('string');
        }
        for (const p of op.parameters ?? []) {
          expect(['query', 'header', 'path', 'cookie']).toContain(p.in);
          expect(typeof p.name).toBe('string');
          if (p.in === 'path') expect(p.required).toBe(true);
        }
        // Path templates and path parameters agree.
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
        const declared = (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name).sort();
        expect(declared, `${path} ${method}`).toEqual(templated);
      }
    }
  });

  it('holds only schemas that compile as JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const schemas: unknown[] = [];
    const collect = (node: unknown, key?: string) => {
      if (!node || typeof node !== 'object') return;
      if (key === 'schema') schemas.push(node);
      for (const [k, v] of Object.entries(node)) collect(v, k);
    };
    collect(doc.paths);
    expect(schemas.length).toBeGreaterThan(10);
    for (const s of schemas) expect(() => ajv.compile(s as object)).not.toThrow();
  });

  it('lists every route of the server', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    const expected: [string, string][] = [
      ['/main/case', 'post'],
      ['/main/case', 'get'],
      ['/main/case', 'delete'],
      ['/main/case/status', 'get'],
      ['/main/case/file', 'get'],
      ['/main/case-study', 'post'],
      ['/main/case-study', 'get'],
      ['/main/mailing-list', 'post'],
      ['/healthz', 'get'],
      ['/api/openapi.json', 'get'],
      ['/widgets/{*}', 'get'],
      ['/examples', 'get'],
      ['/examples/{*}', 'get'],
      ['/files/case-study/{name}', 'get'],
      ['/{*}', 'get'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}\n${routes}`).toBeDefined();
    }
    expect(doc.paths['/main/case'].post.requestBody.content['multipart/form-data']).toBeDefined();
    expect(doc.paths['/main/case-study'].post.requestBody.content['application/json']).toBeDefined();
  });

  it('gives one list of case statuses and of canonical fields wherever it names them (shared/census)', () => {
    const statusEnums: unknown[][] = [];
    const fieldEnums: unknown[][] = [];
    const walk = (node: unknown, key: string) => {
      if (Array.isArray(node)) return node.forEach((n) => walk(n, key));
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if (k === 'enum' && key === 'status') statusEnums.push(v as unknown[]);
        if (k === 'enum' && key === 'field') fieldEnums.push(v as unknown[]);
        walk(v, k === 'properties' || k === 'items' || k === 'enum' ? key : k);
      }
    };
    walk(doc.paths, '');
    expect(statusEnums.length).toBeGreaterThanOrEqual(2);
    for (const e of statusEnums) expect(e).toEqual([...CASE_STATUSES]);
    expect(fieldEnums.length).toBeGreaterThanOrEqual(1);
    // A field is a canonical field, or one the member table edits (issue 28: hand edits and problems).
    const lists = [JSON.stringify([...CANONICAL_FIELDS, null]), JSON.stringify([...MEMBER_TABLE_FIELDS]), JSON.stringify([...MEMBER_TABLE_FIELDS, null])];
    for (const e of fieldEnums) expect(lists).toContain(JSON.stringify(e));
    expect(fieldEnums.map((e) => JSON.stringify(e))).toContain(lists[0]);
  });
});
