#!/usr/bin/env node
// The `census` command: a tiny shim that lets Node run the TypeScript CLI (server/census/cli.ts)
// through tsx, a runtime dependency. All behaviour lives in cli.ts.
try {
  const { register } = await import('tsx/esm/api');
  register();
  const { run } = await import('../server/census/cli.ts');
  process.exitCode = await run(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`census: could not start: ${String(err?.message ?? err).split('\n')[0]}\n`);
  process.exitCode = 2;
}
