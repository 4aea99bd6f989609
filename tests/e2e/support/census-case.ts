/**
 * A real census case made through the public API, as <census-parser> makes one: a fixture from
 * ../shared/fixtures/census posted to POST /main/case, then GET /main/case/status polled until the
 * engine has finished. Tests that need a case page show a case that exists, as a visitor would.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from '../../support/wait';

export const CENSUS_FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/fixtures/census');

export interface CensusTruth {
  files: string[];
  expected: { totalLives: number };
}

export function readTruth(fixture: string): CensusTruth {
  return JSON.parse(readFileSync(join(CENSUS_FIXTURES, `${fixture}.truth.json`), 'utf8')) as CensusTruth;
}

/** Uploads the fixture's first file and resolves with the case id once the case is completed. */
export async function createCompletedCase(serverUrl: string, fixture: string, timeoutMs = 45_000): Promise<string> {
  return createCompletedCaseOf(serverUrl, join(CENSUS_FIXTURES, readTruth(fixture).files[0]), timeoutMs);
}

/** Uploads one file (any path) and resolves with the case id once the case is completed. */
export async function createCompletedCaseOf(serverUrl: string, path: string, timeoutMs = 45_000): Promise<string> {
  const file = basename(path);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), file);
  const res = await fetch(`${serverUrl}/main/case`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`POST /main/case answered ${res.status}: ${await res.text()}`);
  const { caseId } = ((await res.json()) as { data: { caseId: string } }).data;
  const status = await waitUntil(
    async () => ((await (await fetch(`${serverUrl}/main/case/status?caseId=${caseId}`)).json()) as { data: { status: string } }).data.status,
    (s) => s === 'completed' || s === 'error',
    { timeoutMs, intervalMs: 100, what: `case ${caseId} of ${file}` },
  );
  if (status === 'error') throw new Error(`case ${caseId} of ${file} ended in error`);
  return caseId;
}
