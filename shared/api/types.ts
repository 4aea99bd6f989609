/**
 * The API contract between the widgets and the server (product-spec.md sections 3 and 7).
 * The server's routes and the widgets' client both use these types.
 */
import type { CensusStatus } from '../census/status';

export const API_PATHS = {
  caseStudy: '/main/case-study',
  mailingList: '/main/mailing-list',
  /** Census case calls live on the census host (the "second API host"). */
  censusCase: '/main/case',
  censusCaseStatus: '/main/case/status',
} as const;

export interface CaseStudyRequest {
  firstName: string;
  lastName: string;
  email: string;
  caseStudyName: string;
  /** Honeypot: a hidden field people never fill; bots do. */
  website?: string;
}
export interface CaseStudyResponse {
  link: string;
}
export interface MessageResponse {
  message: string;
}

export interface MailingListSubscription {
  email: string;
  mailingListType: string;
  mailingListIdentifier: string;
  website?: string;
}

/** Census responses wrap their payload twice: response.data.data (axios data, then the API's data). */
export interface Envelope<T> {
  data: T;
}
export interface CensusUploadResult {
  caseId: string;
}
export interface CensusStatusResult {
  caseId: string;
  status: CensusStatus;
  message?: string;
}
export interface CensusExportResult {
  fileURL: string;
}
export type CensusReportType = 'census' | 'file';
