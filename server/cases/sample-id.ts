/**
 * Which case is the sample (see sample.ts): one reserved id. Its own module so the service, the
 * routes and sample.ts can all ask without importing each other.
 */
import { SAMPLE_CASE } from '../../shared/constants';

export { SAMPLE_CASE };

export const SAMPLE_TEXT = {
  readOnly: 'This is the sample report: it cannot be changed or deleted. Upload your own census to get a report you can correct and delete.',
  /** Notify and help requests (issue 31): on the public sample they let anyone make us mail any address, or our team, on demand. */
  noContact: 'This is the sample report: it takes no notify or help requests. Upload your own census to be told when its report is ready or to ask us about it.',
} as const;

export function isSampleCase(caseId: unknown): boolean {
  return caseId === SAMPLE_CASE.id;
}
