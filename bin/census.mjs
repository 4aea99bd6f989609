#!/usr/bin/env node
// The `census` command: runs the compiled CLI (dist/server/census-cli.mjs, built by `npm run build`).
// In a development checkout that has not been built, it falls back to the TypeScript source through
// tsx (a development dependency). All behaviour lives in server/census/cli.ts.
import { existsSync } from 'node:fs';

// --languages LIST (a diagnostic) restricts the language packs, which are read when the engine
// loads: it becomes CENSUS_LANGUAGES before the import below (cli.ts checks the two agree).
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--') break;
  if (argv[i] === '--languages' && argv[i + 1] !== undefined) process.env.CENSUS_LANGUAGES = argv[i + 1];
  else if (argv[i].startsWith('--languages=')) process.env.CENSUS_LANGUAGES = argv[i].slice('--languages='.length);
}

const compiled = new URL('../dist/server/census-cli.mjs', import.meta.url);
try {
  let run;
  if (existsSync(compiled)) {
    ({ run } = await import(compiled.href));
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    ({ run } = await import('../server/census/cli.ts'));
  }
  process.exitCode = await run(process.argv.slice(2));
  // Done: exit once stdout has flushed, rather than letting Node take down a large census's heap object by
  // object (about 30 ms of the 5 MB CSV's run). Nothing else is pending: the OCR worker is closed by run.
  process.stdout.write('', () => process.exit());
} catch (err) {
  const missing = err?.code === 'ERR_MODULE_NOT_FOUND' && !existsSync(compiled);
  const reason = missing ? 'not built yet: run `npm run build`' : String(err?.message ?? err).split('\n')[0];
  process.stderr.write(`census: could not start: ${reason}\n`);
  process.exitCode = 2;
}
