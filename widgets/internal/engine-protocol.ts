/**
 * The messages between the page (./engine-client.ts) and the engine worker of private mode
 * (widgets/census-parser/private/engine-worker.ts). Types only: no element chunk loads the engine.
 */
import type { CensusErrorCode } from '../../shared/api/types';
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
