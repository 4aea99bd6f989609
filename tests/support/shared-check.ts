/**
 * Vitest globalSetup of the node and e2e projects: the census fixtures, the real files and the POI
 * corpus live beside this repository in ../shared (read-only, not in git). Without them dozens of
 * tests fail one by one with ENOENT; this says so once, before any test runs, and stops the run.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const SHARED_DIR = resolve(root, '../shared');
/** What the suites read from it. */
export const SHARED_NEEDS = ['fixtures/census/index.json', 'fixtures/census-real', 'corpora/poi'];

export function missingShared(dir = SHARED_DIR): string[] {
  return SHARED_NEEDS.filter((p) => !existsSync(join(dir, p)));
}

/** Throws one sentence naming what is missing from `dir`. */
export function checkShared(dir = SHARED_DIR): void {
  const missing = missingShared(dir);
  if (missing.length === 0) return;
  throw new Error(
    `../shared is missing or incomplete (looked in ${dir}; not found: ${missing.join(', ')}). ` +
      'The census fixtures, real files and corpus the tests read live there, beside this repository: put the shared folder back and run again.',
  );
}

export function setup(): void {
  checkShared();
}
