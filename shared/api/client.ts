/**
 * One axios client for the product host and the census host. No timeout by default
 * (product-spec.md section 7): a slow upload must not be cut off by the client.
 */
import axios, { type AxiosInstance, type AxiosProgressEvent } from 'axios';
import { BRAND } from '../brand';
import type { CensusReading } from '../census/report';
import type { CensusMemberTable } from '../census/members';
import type { CensusStatus } from '../census/status';
import {
  API_PATHS,
  type CaseStudyRequest,
  type CaseStudyResponse,
  type CensusContactKind,
  type CensusExportResult,
  type CensusStatusResult,
  type CensusTargetReadiness,
  type CensusUploadResult,
  type Envelope,
  type MailingListSubscription,
  type MessageResponse,
} from './types';

export interface ApiClientOptions {
  /** The product API origin, e.g. https://api.benefold.example ('' = same origin). */
  apiBase?: string;
  /** The census API origin (the "second host"); defaults to apiBase. */
  censusApiBase?: string;
  /** Milliseconds; 0 (the default) means no timeout. */
  timeout?: number;
}

function trimBase(base: string | undefined): string {
  return (base ?? '').replace(/\/+$/, '');
}

/** The upload's answer: the case id and, when the server sends it, the case's first status. */
export type CensusUploadAnswer = CensusUploadResult & { status?: CensusStatus };

export interface ApiClient {
  readonly http: AxiosInstance;
  readonly census: AxiosInstance;
  requestCaseStudy(body: Omit<CaseStudyRequest, 'caseStudyName'> & { caseStudyName?: string }): Promise<MessageResponse>;
  getCaseStudy(params: Record<string, string>): Promise<CaseStudyResponse>;
  subscribe(body: MailingListSubscription): Promise<void>;
  subscribePromotion(email: string): Promise<void>;
  /**
   * POST /main/case with the file (multipart). `password` opens an encrypted file; `caseId` adds the
   * file to an existing case; `keepSsn` keeps full SSNs for carrier files (a new case only).
   * Resolves with the new case's id and first status.
   */
  uploadCensus(
    file: Blob,
    fileName: string,
    onProgress?: (fraction: number) => void,
    options?: { password?: string; caseId?: string; reading?: CensusReading; readingSavedOn?: string; keepSsn?: boolean },
  ): Promise<CensusUploadAnswer>;
  /**
   * PATCH /main/case?caseId= with {reading}: the case is processed again with that reading (an empty
   * reading returns to the automatic one). Resolves with the case's new status.
   */
  patchCensusReading(caseId: string, reading: CensusReading | undefined, savedOn?: string, asOf?: string): Promise<CensusUploadAnswer>;
  /**
   * PATCH /main/case?caseId= with {keepSsn}: keep full SSNs for carrier files, or stop; the case is
   * processed again (the reading is kept). Resolves with the case's new status.
   */
  setKeepSsn(caseId: string, keepSsn: boolean): Promise<CensusUploadAnswer>;
  /** POST /main/case without a file: e-mail me when the case is ready ('notify'), or ask for help. */
  notifyWhenReady(caseId: string, email: string, kind?: CensusContactKind): Promise<void>;
  /** DELETE /main/case?caseId= (204). */
  deleteCensusCase(caseId: string): Promise<void>;
  getCensusStatus(caseId: string): Promise<CensusStatusResult>;
  getCensusCase<T = unknown>(caseId: string, mode?: 'census', fileName?: string): Promise<T>;
  /** A signed link to the export of a case: the clean census, or an export target's file (docs/census-export.md). */
  exportCensus(caseId: string, fileName?: string, target?: string): Promise<string>;
  /** What the case lacks for each export target: GET /main/case?reportType=readiness. */
  getCensusReadiness(caseId: string, fileName?: string): Promise<CensusTargetReadiness[]>;
  /**
   * The member table (issue 28): GET /main/case?reportType=members, every member read with its values
   * and problems; with target, that target's missing fields per member ('readiness' problems).
   */
  getCensusMembers(caseId: string, fileName?: string, target?: string): Promise<CensusMemberTable>;
  /**
   * GET /main/origin: 'allowed' (204), 'refused' (403: this page's origin may not use the API), or
   * 'unknown' (any other answer or none: the API could not be asked, which says nothing of the origin).
   */
  checkOrigin(): Promise<'allowed' | 'refused' | 'unknown'>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const http = axios.create({
    baseURL: trimBase(options.apiBase),
    timeout: options.timeout ?? 0,
    headers: { 'Content-Type': 'application/json' },
  });
  const census = axios.create({
    baseURL: trimBase(options.censusApiBase ?? options.apiBase),
    timeout: options.timeout ?? 0,
  });

  return {
    http,
    census,
    async requestCaseStudy(body) {
      const res = await http.post<MessageResponse>(API_PATHS.caseStudy, {
        caseStudyName: BRAND.caseStudyName,
        ...body,
      });
      return res.data;
    },
    async getCaseStudy(params) {
      const res = await http.get<CaseStudyResponse>(API_PATHS.caseStudy, { params });
      return res.data;
    },
    async subscribe(body) {
      await http.post(API_PATHS.mailingList, body);
    },
    async subscribePromotion(email) {
      await http.post(API_PATHS.mailingList, { email, ...BRAND.promotion });
    },
    async uploadCensus(file, fileName, onProgress, options = {}) {
      const form = new FormData();
      if (options.caseId) form.append('caseId', options.caseId);
      if (options.password !== undefined) form.append('password', options.password);
      // A reading saved in this browser for files with these headers (JSON), and the day it was saved.
      if (options.reading) form.append('reading', JSON.stringify(options.reading));
      if (options.reading && options.readingSavedOn) form.append('readingSavedOn', options.readingSavedOn);
      // Full SSNs for carrier files: only when asked for (the server's default keeps the last four digits).
      if (options.keepSsn) form.append('keepSsn', 'true');
      // The file last: a streaming server reads the other fields before the bytes.
      form.append('file', file, fileName);
      const res = await census.post<Envelope<CensusUploadAnswer>>(API_PATHS.censusCase, form, {
        onUploadProgress: (e: AxiosProgressEvent) => {
          if (onProgress && e.total) onProgress(Math.min(1, e.loaded / e.total));
        },
      });
      return res.data.data;
    },
    async patchCensusReading(caseId, reading, savedOn, asOf) {
      // {asOf} alone moves the effective date and keeps the reading (issue 21).
      const body = { ...(reading === undefined ? {} : { reading }), ...(savedOn ? { savedOn } : {}), ...(asOf ? { asOf } : {}) };
      const res = await census.patch<Envelope<CensusUploadAnswer>>(API_PATHS.censusCase, body, { params: { caseId } });
      return res.data.data;
    },
    async setKeepSsn(caseId, keepSsn) {
      const res = await census.patch<Envelope<CensusUploadAnswer>>(API_PATHS.censusCase, { keepSsn }, { params: { caseId } });
      return res.data.data;
    },
    async notifyWhenReady(caseId, email, kind) {
      const form = new FormData();
      form.append('email', email);
      form.append('caseId', caseId);
      if (kind) form.append('kind', kind);
      await census.post(API_PATHS.censusCase, form);
    },
    async deleteCensusCase(caseId) {
      await census.delete(API_PATHS.censusCase, { params: { caseId } });
    },
    async checkOrigin() {
      try {
        await census.get(API_PATHS.originCheck);
        return 'allowed';
      } catch (err) {
        return (err as { response?: { status?: number } } | null)?.response?.status === 403 ? 'refused' : 'unknown';
      }
    },
    async getCensusStatus(caseId) {
      const res = await census.get<Envelope<CensusStatusResult>>(API_PATHS.censusCaseStatus, { params: { caseId } });
      return res.data.data;
    },
    async getCensusCase<T>(caseId: string, mode?: 'census', fileName?: string) {
      const params: Record<string, string> = { caseId };
      if (mode) params.reportType = mode;
      if (fileName) params.fileName = fileName;
      const res = await census.get<Envelope<T>>(API_PATHS.censusCase, { params });
      return res.data.data;
    },
    async exportCensus(caseId, fileName, target) {
      const params: Record<string, string> = { caseId, reportType: 'file' };
      if (fileName) params.fileName = fileName;
      if (target) params.target = target;
      const res = await census.get<Envelope<CensusExportResult>>(API_PATHS.censusCase, { params });
      return res.data.data.fileURL;
    },
    async getCensusReadiness(caseId, fileName) {
      const params: Record<string, string> = { caseId, reportType: 'readiness' };
      if (fileName) params.fileName = fileName;
      const res = await census.get<Envelope<{ targets: CensusTargetReadiness[] }>>(API_PATHS.censusCase, { params });
      return res.data.data.targets;
    },
    async getCensusMembers(caseId, fileName, target) {
      const params: Record<string, string> = { caseId, reportType: 'members' };
      if (fileName) params.fileName = fileName;
      if (target) params.target = target;
      const res = await census.get<Envelope<CensusMemberTable>>(API_PATHS.censusCase, { params });
      return res.data.data;
    },
  };
}
