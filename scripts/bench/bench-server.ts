/**
 * The built server started for a benchmark (`server/start.mjs` on loopback, its own data folder, rate
 * limits out of the way, no mail): the API bench and the private-mode bench start it the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Starts the server and resolves when /healthz answers, with the time that took (a cold start). */
export async function startBenchServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<{ proc: ChildProcess; coldMs: number }> {
  const started = performance.now();
  const proc = spawn(process.execPath, ['server/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: '',
      SMTP_INTAKE: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_CENSUS_UPLOAD: '100000',
      RATE_LIMIT_CENSUS_STATUS: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { proc, coldMs: performance.now() - started };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 2));
  }
}
