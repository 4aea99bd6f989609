/**
 * Starts the real server (node server/start.mjs, as `npm start` does after building) on a free
 * loopback port with a temporary DATA_DIR, and a third-party "embedder" origin on another port.
 * Tests read their addresses with inject('serverUrl'), inject('embedderUrl'), inject('dataDir').
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startEmbedder, type Embedder } from './support/embedder';
import { freePort } from './support/ports';
import { pollUntil } from '../support/wait';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    embedderUrl: string;
    dataDir: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
let server: ChildProcess | undefined;
let embedder: Embedder | undefined;
let dataDir = '';

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const healthy = await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
      return fetch(`${url}/healthz`).then((r) => r.ok, () => false); // not listening yet
    },
    Boolean,
    { timeoutMs: 30_000, intervalMs: 150 },
  );
  if (!healthy) throw new Error(`server did not become healthy:\n${output()}`);
}

export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'benefold-e2e-'));
  const [port, embedderPort] = await Promise.all([freePort(), freePort()]);
  const serverUrl = `http://127.0.0.1:${port}`;
  const embedderUrl = `http://127.0.0.1:${embedderPort}`;
  let log = '';
  server = spawn(process.execPath, ['server/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: serverUrl,
      ALLOWED_ORIGINS: `${serverUrl},${embedderUrl}`,
      SMTP_URL: '',
      // The e2e tests do not mail census files in: an ephemeral port, so the run never needs 2525
      // (another server on this machine may hold it).
      SMTP_INTAKE_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (log += d));
  server.stderr?.on('data', (d) => (log += d));
  await waitForHealth(serverUrl, server, () => log);
  embedder = await startEmbedder(root, serverUrl, embedderPort);
  project.provide('serverUrl', serverUrl);
  project.provide('embedderUrl', embedderUrl);
  project.provide('dataDir', dataDir);
}

export async function teardown(): Promise<void> {
  await embedder?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
