/**
 * Crash test on the real, compiled server (node server/start.mjs): a case is processing when the
 * process is killed with SIGKILL; the server restarts on the same data folder, takes the case again
 * once its lease has run out, and completes it exactly once - the right figures, one notify mail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CENSUS_UPLOAD } from '../../shared/constants';
import { CASE_REF_PURPOSE, caseRefs } from '../../server/security/case-ref';
import { deriveKey, loadOrCreateMasterKey } from '../../server/security/keys';
import { censusCsvUnder } from '../server/support/census-files';
import { freePort } from './support/ports';
import Database from 'better-sqlite3';
import { pollUntil, waitUntil } from '../support/wait';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'benefold-crash-'));
let child: ChildProcess | undefined;

async function start(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['server/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: '',
      SMTP_INTAKE: 'false',
      CENSUS_JOB_LEASE_MS: '2000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout?.on('data', (d) => (log += d));
  proc.stderr?.on('data', (d) => (log += d));
  const healthy = await pollUntil(
    async () => {
      if (proc.exitCode !== null) throw new Error(`server exited: ${log}`);
      return fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false); // not listening yet
    },
    Boolean,
    { timeoutMs: 20_000, intervalMs: 100 },
  );
  if (!healthy) throw new Error(`server did not start: ${log}`);
  return proc;
}

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed while a case is processing', () => {
  it('completes the case exactly once after a restart, with the right figures', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await start(port);

    const { csv, rows } = censusCsvUnder(CENSUS_UPLOAD.maxBytes);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(csv)]), 'big-census.csv');
    const up = await fetch(`${base}/main/case`, { method: 'POST', body: form });
    expect(up.status).toBe(200);
    const { caseId } = ((await up.json()) as { data: { caseId: string } }).data;
    const notify = new FormData();
    notify.append('email', 'hr@acme-benefits.example');
    notify.append('caseId', caseId);
    expect((await fetch(`${base}/main/case`, { method: 'POST', body: notify })).status).toBe(200);

    // Kill it hard while the engine works on the file.
    const status = async () => ((await (await fetch(`${base}/main/case/status?caseId=${caseId}`)).json()) as { data: { status: string } }).data.status;
    const seen = await pollUntil(status, (s) => s !== 'classified', { timeoutMs: 15_000, intervalMs: 10 });
    expect(['preprocessing', 'deduplicating', 'postprocessing']).toContain(seen);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));

    // Restart on the same data folder: the case resumes and completes.
    child = await start(port);
    const final = await pollUntil(status, (s) => ['completed', 'error'].includes(s), { timeoutMs: 60_000, intervalMs: 200 });
    expect(final).toBe('completed');
    const report = ((await (await fetch(`${base}/main/case?caseId=${caseId}`)).json()) as { data: { totalLives: number } }).data;
    expect(report.totalLives).toBe(rows);

    // Exactly once: one notify mail, and only the committed attempt's results are on disk. The mails
    // are read once the server's outbox has nothing left to send.
    const db = new Database(join(dataDir, 'benefold.db'), { readonly: true, fileMustExist: true });
    try {
      const unsent = () => (db.prepare('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL').get() as { n: number }).n;
      const queued = () => (db.prepare('SELECT count(*) AS n FROM mail_outbox').get() as { n: number }).n;
      await waitUntil(() => ({ queued: queued(), unsent: unsent() }), (o) => o.queued > 0 && o.unsent === 0, { timeoutMs: 20_000, what: 'the notify mail to be sent' });
    } finally {
      db.close();
    }
    const outbox = join(dataDir, 'outbox');
    const mails = readdirSync(outbox).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(join(outbox, f), 'utf8'));
    expect(mails.filter((m) => m.includes('hr@acme-benefits.example'))).toHaveLength(1);
    // The case's folder is named by the id's keyed hash (server/security/case-ref.ts), never by the id.
    const key = caseRefs(deriveKey(loadOrCreateMasterKey({ encryptionKey: null, dataDir }), CASE_REF_PURPOSE))(caseId);
    const reports = readdirSync(join(dataDir, 'cases', key)).filter((f) => f.endsWith('-report.bin'));
    expect(reports).toHaveLength(1);
  }, 120_000);
});
