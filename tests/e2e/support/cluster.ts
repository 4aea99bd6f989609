/**
 * Starts the compiled server (node server/start.mjs) as one process of a cluster: its own port and
 * DATA_DIR, the shared DATABASE_URL and ENCRYPTION_KEY, a ROLE. stop() SIGTERMs it, kill() SIGKILLs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASE_REF_PURPOSE, caseRefs } from '../../../server/security/case-ref';
import { deriveKey } from '../../../server/security/keys';
import { freePort } from './ports';
import { pollUntil } from '../../support/wait';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface ClusterProcess {
  name: string;
  url: string;
  dataDir: string;
  proc: ChildProcess;
  log(): string;
  kill(): Promise<void>;
  stop(): Promise<number | null>;
}

export async function startProcess(name: string, env: Record<string, string>): Promise<ClusterProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `benefold-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['server/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SMTP_URL: '',
      SMTP_INTAKE: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout?.on('data', (d) => (log += d));
  proc.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const p: ClusterProcess = {
    name,
    url,
    dataDir,
    proc,
    log: () => log,
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      return exited;
    },
  };
  const ready = await pollUntil(
    async (): Promise<boolean | 'exited'> => (proc.exitCode !== null ? 'exited' : fetch(`${url}/health/ready`).then((r) => r.ok, () => false)), // false: not listening yet
    (r) => r !== false,
    { timeoutMs: 60_000, intervalMs: 150 },
  );
  if (ready === true) return p;
  await p.kill();
  if (ready === 'exited') throw new Error(`${name} exited with ${proc.exitCode}:\n${log}`);
  throw new Error(`${name} did not become ready:\n${log}`);
}

/**
 * The key a case is stored under (the id's keyed hash, server/security/case-ref.ts) for a server
 * started with this master key (ENCRYPTION_KEY, base64), for tests that look at the database or the
 * data folder: the id itself is never there.
 */
export function storedKeyFor(masterKeyBase64: string): (caseId: string) => string {
  return caseRefs(deriveKey(Buffer.from(masterKeyBase64, 'base64'), CASE_REF_PURPOSE));
}
