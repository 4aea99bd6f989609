/**
 * Which case is the sample (see sample.ts): one reserved id. Its own module so the service, the
 * routes and sample.ts can all ask without importing each other.
 */
import { SAMPLE_CASE } from '../../shared/constants';

export { SAMPLE_CASE };

export const SAMPLE_TEXT = {
  readOnly: 'This is the sample report: it cannot be changed or deleted. Upload your own census to get a report you can correct and delete.',
} as const;

export function isSampleCase(caseId: unknown): boolean {
  return caseId === SAMPLE_CASE.id;
}
