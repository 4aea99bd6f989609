/**
 * The messages between the page (./engine-client.ts) and the engine worker of private mode
 * (widgets/census-parser/private/engine-worker.ts). Types only: no element chunk loads the engine.
 */
import type { CensusErrorCode, CensusTargetReadiness } from '../../shared/api/types';
import type { CensusMemberTable } from '../../shared/census/members';
import type { CensusReading, CensusReport } from '../../shared/census/report';
import type { EngineStage } from '../../shared/census/status';

/** Page -> worker: analyse one file (its bytes are transferred, not copied). */
export interface AnalyseRequest {
  type: 'analyse';
  /** Answers carry it back: a page that started again ignores the answers of an older run. */
  id: number;
  fileName: string;
  bytes: ArrayBuffer;
  password?: string;
  /** YYYY-MM-DD, the day ages are counted at (the server's default: today, UTC). */
  asOf: string;
  /** Choices saved in this browser for files with these headers (issue 14), as the upload sends them. */
  reading?: CensusReading;
  /** The day those choices were saved. */
  readingSavedOn?: string;
}

/**
 * Page -> worker: a question about the last analysis the worker made (it keeps that result, the
 * members read, in memory until it is stopped or cleared). Answered with 'none' when it holds none
 * (the page analyses the file again, then asks again).
 *  - export: the file of an export target ('clean': the clean XLSX; 'clean-csv' the clean CSV), its
 *    bytes transferred, with the download name and type the server's link would give;
 *  - readiness: every target's readiness, as GET /main/case?reportType=readiness answers it;
 *  - members: the member table, as GET /main/case?reportType=members answers it (with a target: its
 *    readiness problems per member);
 *  - clear: forget the result ('Delete').
 */
export type EngineQuery =
  | { type: 'export'; id: number; target: string; fileName?: string }
  | { type: 'readiness'; id: number; fileName?: string }
  | { type: 'members'; id: number; target?: string; fileName?: string }
  | { type: 'clear'; id: number };

export type EngineRequest = AnalyseRequest | EngineQuery;

/** Worker -> page: the answers to an EngineQuery. */
export type QueryAnswer =
  | { id: number; type: 'file'; bytes: ArrayBuffer; name: string; mime: string }
  | { id: number; type: 'readiness'; targets: CensusTargetReadiness[] }
  | { id: number; type: 'members'; table: CensusMemberTable }
  | { id: number; type: 'cleared' }
  /** The worker holds no analysis (a new worker, or cleared): analyse first. */
  | { id: number; type: 'none' }
  /** The question could not be answered (an unknown target, a writer's failure). */
  | { id: number; type: 'failed'; message: string; code: null }
  | { id: number; type: 'crashed'; message: string };

/** The reports as the server stores them for a case (server/store/result-files.ts StoredReports). */
export interface PrivateReports {
  whole: CensusReport;
  files: Record<string, CensusReport>;
}

/** Worker -> page. */
export type EngineAnswer =
  | { id: number; type: 'stage'; stage: EngineStage }
  | { id: number; type: 'done'; reports: PrivateReports; totalLives: number; noRows: boolean }
  /** The engine refused the file (the same sentence and code the server's job answers). */
  | { id: number; type: 'failed'; message: string; code: CensusErrorCode | null }
  /** The engine itself failed (a bug, out of memory): the spec's error view with RETRY. */
  | { id: number; type: 'crashed'; message: string };
