/**
 * The sample case: a real case, processed by the real engine, of a fictional census we made
 * ourselves (examples/census/sample-census.xlsx, from scripts/gen-sample-census.mjs), so a visitor
 * can see what the census tool produces before uploading anyone's data (/tools/census/sample).
 *
 * It is marked by its reserved id (SAMPLE_CASE.id), not by a column: the store needs no change.
 * What that id means is decided here and asked through isSampleCase() (sample-id.ts):
 * - created at start-up when missing (or when its last run failed), in the background, through the
 *   ordinary queue: start-up does not wait for it;
 * - never expired by retention (the service reads it without the retention cut-off and the sweep
 *   skips it);
 * - read-only: the API refuses to delete it, add a file to it or change it (SAMPLE_TEXT.readOnly);
 * - the report answers carry `isSample: true` so the report can say so.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { SAMPLE_CASE } from './sample-id';
import type { CensusService } from './service';

export { SAMPLE_CASE, SAMPLE_TEXT, isSampleCase } from './sample-id';

/**
 * Makes the sample case when it is missing. Resolves with what it did; never throws (a server
 * without the examples folder simply has no sample, and says so in its log).
 */
export async function ensureSampleCase(
  census: CensusService,
  config: Pick<Config, 'examplesDir'>,
  log: FastifyBaseLogger,
): Promise<'present' | 'created' | 'no-file'> {
  try {
    const existing = await census.get(SAMPLE_CASE.id);
    if (existing && existing.status !== 'error') return 'present';
    if (existing) await census.delete(SAMPLE_CASE.id, { sample: true });
    const path = join(config.examplesDir, SAMPLE_CASE.file);
    const bytes = await readFile(path).catch(() => null);
    if (!bytes) {
      log.info({ path }, 'sample case: no sample census file, so no sample report');
      return 'no-file';
    }
    const incoming = await census.incoming();
    await incoming.writer.write(bytes);
    await incoming.writer.finish();
    const fileName = SAMPLE_CASE.file.split('/').pop()!;
    await census.createCase({ incoming, fileName, size: bytes.length, password: null }, 'web', undefined, { caseId: SAMPLE_CASE.id });
    log.info({ caseId: SAMPLE_CASE.id }, 'sample case: created, processing in the background');
    return 'created';
  } catch (err) {
    // Servers of a cluster start together and each finds the sample missing: the first to commit
    // wins (its row's key is unique) and the others find it there. That is a normal start, not an error.
    if (await census.get(SAMPLE_CASE.id).catch(() => undefined)) {
      log.info('sample case: made by another server');
      return 'present';
    }
    log.error({ err }, 'sample case: could not be created');
    return 'no-file';
  }
}
