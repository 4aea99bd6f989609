// Starts the server from its compiled JavaScript (dist/server/main.mjs, built by `npm run build`,
// which `npm start` runs first). No TypeScript compiler runs in production.
import { existsSync } from 'node:fs';

const main = new URL('../dist/server/main.mjs', import.meta.url);
if (!existsSync(main)) {
  console.error('benefold: the server is not built yet: run `npm run build` (or `npm start`, which builds first).');
  process.exit(1);
}
await import(main.href);
