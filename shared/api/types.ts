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
  /** 204 when the calling page's origin may use the API, 403 when not (a widget asks at load). */
  originCheck: '/main/origin',
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
/**
 * Machine-readable reasons beside an error status, so that a widget can act on them:
 * 'password-required': the file is encrypted and no password came with it; ask for one and send the
 *   file again (a new POST /main/case with `file` and `password`, which makes a new case).
 * 'password-incorrect': a password came with it but does not open the file; ask again.
 */
export type CensusErrorCode = 'password-required' | 'password-incorrect';

export interface CensusStatusResult {
  caseId: string;
  status: CensusStatus;
  /** With status 'error': a sentence a person can act on. */
  message?: string;
  /** With status 'error', when the widget can do something about it. */
  code?: CensusErrorCode;
  /** With status 'completed', what the figures cannot show: 'No rows under the header: ...'. */
  notice?: string;
}

/** POST /main/case without a file: a request to be e-mailed when the case completes, or for help. */
export type CensusContactKind = 'notify' | 'help';
export interface CensusExportResult {
  fileURL: string;
}
export type CensusReportType = 'census' | 'file' | 'readiness';

/** One export target with what the case lacks for it (server/census/targets/readiness.ts). */
export interface CensusTargetReadiness {
  id: string;
  name: string;
  format: 'xlsx' | 'csv' | 'json';
  ready: boolean;
  /** Which members the file holds, counted ('34 employees; dependents are not part of this import.'). */
  holds?: string;
  /** askEmployer: data the employer can send or correct (absent in readiness stored before it existed: treated as true). */
  problems: { field: string; count: number; blocking: boolean; askEmployer?: boolean; message: string }[];
}
