/**
 * For the dev look scripts: starts the built server (`npm run build` first) on a free loopback port
 * with a temporary DATA_DIR, and waits until it answers. stop() ends it and removes the data.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startBuiltServer(root, dataPrefix) {
  const port = await new Promise((r) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => r(p));
    });
  });
  const dataDir = mkdtempSync(join(tmpdir(), dataPrefix));
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['server/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, SMTP_URL: '', SMTP_INTAKE_PORT: '0' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    stop() {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
