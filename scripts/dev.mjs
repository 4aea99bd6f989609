#!/usr/bin/env node
/**
 * `npm run dev`: builds, starts the server, rebuilds the widgets, the PDF and the site when their
 * sources change (scripts/build.mjs skips what is unchanged) and restarts the server when server/
 * or shared/ changes. Nothing here is needed in production.
 */
import { spawn, spawnSync } from 'node:child_process';
import { watch } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const build = () => spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' }).status === 0;

let server;
function startServer() {
  server = spawn('node', ['server/start.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } });
}
function restartServer() {
  if (!server || server.exitCode !== null) return startServer();
  server.once('exit', startServer);
  server.kill('SIGTERM');
}

function debounce(fn, ms = 250) {
  let t;
  return () => {
    clearTimeout(t);
    t = setTimeout(fn, ms);
  };
}

build();
startServer();
const rebuild = debounce(() => build());
const restart = debounce(() => {
  build();
  restartServer();
});
for (const dir of ['widgets', 'site', 'examples']) watch(`${root}${dir}`, { recursive: true }, rebuild);
for (const dir of ['server', 'shared']) watch(`${root}${dir}`, { recursive: true }, restart);
process.on('SIGINT', () => {
  server?.kill('SIGTERM');
  process.exit(0);
});
