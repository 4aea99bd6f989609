// Runs the TypeScript server through tsx (no compile step): `node server/start.mjs`.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
