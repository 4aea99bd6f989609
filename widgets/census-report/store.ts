/**
 * The state of one <census-report> and its calls, free of any UI framework: load the case, switch
 * files ('All files' or one file: mode 'census' with the file name), export the clean XLSX, delete.
 */
import type { ApiClient } from '../../shared/api/client';
import type { CensusReport } from '../../shared/census/report';
import { MESSAGES } from '../../shared/messages';
import { createWidgetStore, type StoreApi } from '../internal/store';

const M = MESSAGES.census;

/** The value of the 'All files' option (no file name sent). */
export const ALL_FILES = '';

export interface CensusReportState {
  status: 'idle' | 'loading' | 'loaded' | 'error' | 'deleted';
  caseId: string | null;
  report: CensusReport | null;
  /** The case's files, from the first load (a file's own report lists only itself). */
  files: string[];
  /** The selected file name, or ALL_FILES. */
  selected: string;
  exporting: boolean;
  deleting: boolean;
}

export interface CensusReportEvents {
  'census-report-loaded': { caseId: string; fileName: string | null; totalLives: number };
  'census-report-error': { message: string };
  'census-export': { caseId: string; fileName: string | null; fileURL: string };
  'census-report-deleted': { caseId: string };
}

export interface CensusReportDeps {
  client: Pick<ApiClient, 'getCensusCase' | 'exportCensus' | 'deleteCensusCase'>;
  emit<K extends keyof CensusReportEvents>(name: K, detail: CensusReportEvents[K], cancelable?: boolean): boolean;
}

export interface CensusReportActions {
  load(caseId: string, deps: CensusReportDeps): Promise<void>;
  selectFile(fileName: string, deps: CensusReportDeps): Promise<void>;
  /** Resolves with the signed download URL, or null after a failure (the caller alerts). */
  exportFile(deps: CensusReportDeps): Promise<string | null>;
  remove(deps: CensusReportDeps): Promise<boolean>;
}

export type CensusReportStore = StoreApi<CensusReportState & CensusReportActions>;

export function createCensusReportStore(): CensusReportStore {
  /** Bumped per request: an older answer (a slow file switch) never overwrites a newer one. */
  let seq = 0;
  return createWidgetStore<CensusReportState, CensusReportActions>(
    { status: 'idle', caseId: null, report: null, files: [], selected: ALL_FILES, exporting: false, deleting: false },
    (set, get) => {
      async function fetchReport(caseId: string, fileName: string, deps: CensusReportDeps, first: boolean) {
        const mine = ++seq;
        set({ status: 'loading', caseId, selected: fileName });
        try {
          const report = fileName
            ? await deps.client.getCensusCase<CensusReport>(caseId, 'census', fileName)
            : await deps.client.getCensusCase<CensusReport>(caseId);
          if (mine !== seq) return;
          if (!report || typeof report !== 'object' || !Array.isArray(report.files)) throw new Error('not a census report');
          const patch: Partial<CensusReportState> = { status: 'loaded', report };
          if (first) {
            const files = report.files.map((f) => f.fileName);
            patch.files = files;
            // One file: it is selected; several: 'All files' comes first and is selected.
            patch.selected = files.length === 1 ? files[0] : ALL_FILES;
          }
          set(patch);
          deps.emit('census-report-loaded', { caseId, fileName: get().selected || null, totalLives: report.totalLives });
        } catch (err) {
          if (mine !== seq) return;
          console.error(M.detailLoadFailed, err);
          set({ status: 'error', report: null });
          deps.emit('census-report-error', { message: M.somethingWentWrong });
        }
      }
      return {
        async load(caseId, deps) {
          if (!caseId) return;
          set({ files: [], report: null });
          await fetchReport(caseId, ALL_FILES, deps, true);
        },
        async selectFile(fileName, deps) {
          const { caseId, selected } = get();
          if (!caseId || fileName === selected) return;
          await fetchReport(caseId, fileName, deps, false);
        },
        async exportFile(deps) {
          const { caseId, selected, exporting } = get();
          if (!caseId || exporting) return null;
          set({ exporting: true });
          try {
            const fileURL = await deps.client.exportCensus(caseId, selected || undefined);
            if (!fileURL) throw new Error('no fileURL');
            deps.emit('census-export', { caseId, fileName: selected || null, fileURL });
            return fileURL;
          } catch (err) {
            console.error(M.exportFailed, err);
            return null;
          } finally {
            set({ exporting: false });
          }
        },
        async remove(deps) {
          const { caseId, deleting } = get();
          if (!caseId || deleting) return false;
          set({ deleting: true });
          try {
            await deps.client.deleteCensusCase(caseId);
            seq++;
            set({ status: 'deleted', report: null, files: [], deleting: false });
            deps.emit('census-report-deleted', { caseId });
            return true;
          } catch (err) {
            console.error(M.deleteFailed, err);
            set({ deleting: false });
            return false;
          }
        },
      };
    },
  );
}
