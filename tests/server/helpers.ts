/**
 * Test helpers for the server: an app on a temporary DATA_DIR / DIST_DIR / EXAMPLES_DIR (removed by
 * close()), and a reader for the .eml files the outbox mailer writes.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { CASE_REF_PURPOSE, caseRefs } from '../../server/security/case-ref';
import { deriveKey, loadOrCreateMasterKey } from '../../server/security/keys';
import { waitUntil } from '../support/wait';
import { multipart, type Part } from './support/multipart';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  root: string;
  close(): Promise<void>;
  /** Writes a file under the temporary dist dir. */
  dist(rel: string, content: string | Buffer): void;
  /** Writes a file under the temporary examples dir. */
  example(rel: string, content: string): void;
  outbox(): string[];
  /** Sends what the outbox table holds now, then reads the .eml files. */
  mail(): Promise<string[]>;
}

export const PUBLIC_URL = 'https://benefold.test';

export async function makeApp(env: Record<string, string> = {}): Promise<TestApp> {
  const root = mkdtempSync(join(tmpdir(), 'benefold-server-test-'));
  const config = loadConfig({
    DATA_DIR: join(root, 'data'),
    DIST_DIR: join(root, 'dist'),
    EXAMPLES_DIR: join(root, 'examples'),
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = buildApp(config);
  await app.ready();
  const write = (base: string, rel: string, content: string | Buffer) => {
    const file = join(base, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  const readOutbox = (): string[] => {
    const dir = join(config.dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
    } catch {
      /* no mail yet */
    }
    return files.map((f) => readFileSync(join(dir, f), 'utf8'));
  };
  return {
    app,
    config,
    root,
    async close() {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
    dist: (rel, content) => write(config.distDir, rel, content),
    example: (rel, content) => write(config.examplesDir, rel, content),
    async mail() {
      await app.ctx.outboxSender?.flush();
      return readOutbox();
    },
    outbox: readOutbox,
  };
}

/**
 * The key a case is stored under (its id's keyed hash, server/security/case-ref.ts), for tests that
 * look at the database or the data folder: the id itself is never there.
 */
export function storedKey(config: Pick<Config, 'encryptionKey' | 'dataDir'>, caseId: string): string {
  return caseRefs(deriveKey(loadOrCreateMasterKey(config), CASE_REF_PURPOSE))(caseId);
}

/** The header block of a raw message (up to the first blank line), unfolded. */
export function headersOf(eml: string): string[] {
  const head = eml.split(/\r?\n\r?\n/)[0];
  return head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}

/** The message with quoted-printable soft breaks and escapes decoded (good enough for assertions). */
export function decodeQp(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * Polls a case's status (inject) until it is completed or error, and answers its data. A 429 (the
 * status limit, reached when a loaded machine makes a case slow) waits as its Retry-After asks.
 */
export async function waitForFinal(app: TestApp['app'], caseId: string, timeoutMs = 30_000) {
  const ask = async (): Promise<any> => {
    const res = await app.inject({ url: `/main/case/status?caseId=${caseId}` });
    if (res.statusCode !== 429) return res.json().data;
    // Rate limited: the next look comes when Retry-After says (at most 2 s).
    await new Promise((r) => setTimeout(r, Math.min(2000, 1000 * Number(res.headers['retry-after'] ?? 1))));
    return null;
  };
  // A look every 250 ms stays under the default status limit (300 a minute) however long a loaded
  // machine takes; at 50 ms a slow case spent the minute's allowance and every later look was refused.
  return waitUntil(ask, (d) => d?.status === 'completed' || d?.status === 'error', { timeoutMs, intervalMs: 250, what: `case ${caseId} to finish` });
}

/** POST /main/case with a file (other form fields first): the answer as it came. */
export function postCase(app: TestApp['app'], fileName: string, bytes: Buffer, extra: Part[] = []) {
  const m = multipart([...extra, { name: 'file', value: bytes, fileName }]);
  return app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
}

/** Uploads a file, which must be accepted: the new case's id. */
export async function uploadCase(app: TestApp['app'], fileName: string, bytes: Buffer, extra: Part[] = []): Promise<string> {
  const res = await postCase(app, fileName, bytes, extra);
  if (res.statusCode !== 200) throw new Error(`upload of ${fileName}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.json().data.caseId as string;
}

/** Uploads a file and waits until its case is completed: the case's id. */
export async function completedCaseOf(app: TestApp['app'], fileName: string, bytes: Buffer): Promise<string> {
  const caseId = await uploadCase(app, fileName, bytes);
  const final = await waitForFinal(app, caseId);
  if (final.status !== 'completed') throw new Error(`case of ${fileName}: ${final.status} ${final.message ?? ''}`);
  return caseId;
}
