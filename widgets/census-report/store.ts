/**
 * The state of one <census-report> and its calls, free of any UI framework: load the case, switch
 * files ('All files' or one file: mode 'census' with the file name), export the clean XLSX or another
 * export target's file (with the readiness of each target, loaded beside the report), delete,
 * apply a corrected reading (PATCH, then the case's status polled until it is processed again), and
 * add another file of the group to the case (the same upload with the caseId, then the same wait).
 */
import type { ApiClient } from '../../shared/api/client';
import type { CensusTargetReadiness } from '../../shared/api/types';
import type { CensusReading, CensusReadingInfo, CensusReport } from '../../shared/census/report';
import { MESSAGES } from '../../shared/messages';
import { runEnded, waitForRunEnd } from '../internal/poll-case';
import { createWidgetStore, type StoreApi } from '../internal/store';
import type { CensusMemberTable } from '../../shared/census/members';
import { standingHandEdits } from './members/standing';
import { emptyDraft, readingToSend, type ReportWithReading } from './draft';
import type { EngineAsk, EngineReply, PrivateEngine } from '../internal/engine-client';

const M = MESSAGES.census;

/** The value of the 'All files' option (no file name sent). */
export const ALL_FILES = '';

export interface CensusReportState {
  /** 'gone': the case does not exist (expired, deleted or unknown: the API answered 404). */
  status: 'idle' | 'loading' | 'loaded' | 'error' | 'deleted' | 'gone';
  caseId: string | null;
  report: CensusReport | null;
  /** The case's files, from the first load (a file's own report lists only itself). */
  files: string[];
  /** The selected file name, or ALL_FILES. */
  selected: string;
  exporting: boolean;
  deleting: boolean;
  /** The export target chosen beside Export ('clean': the spec's clean export). */
  target: string;
  /** What the census lacks for each target (null until loaded, or when it could not be loaded). */
  readiness: CensusTargetReadiness[] | null;
  /** The file the readiness is of (readiness follows the file selection). */
  readinessOf: string | null;
  /** A reading was sent and the case is being processed again (the old figures stay until then). */
  recalculating: boolean;
  /** Why the last 'Apply and recalculate' failed (shown beside the button), or null. */
  recalcError: string | null;
  /** The case exists but has no report (409: its last run failed, e.g. with a reading that did not fit). */
  runFailed: boolean;
  /** A file being added to the case (uploaded, then the case processed again), or null. */
  adding: string | null;
  /** The last 'Add a file' outcome, said beside its button: what was added, or why it was not. */
  addResult: { ok: boolean; message: string } | null;
  /**
   * The hand edits and row marks of the member table last sent (issue 28). A PATCH replaces the whole
   * reading, so a later reading (the reading panel's Apply) carries them again; {} drops them.
   */
  handEdits: Pick<CensusReading, 'edits' | 'rows'>;
}

export interface CensusReportEvents {
  'census-report-loaded': { caseId: string; fileName: string | null; totalLives: number };
  'census-report-error': { message: string };
  'census-export': { caseId: string; fileName: string | null; fileURL: string; target: string };
  'census-report-deleted': { caseId: string };
  'census-report-recalculated': { caseId: string; totalLives: number };
  'census-report-file-added': { caseId: string; fileName: string; totalLives: number };
}

export interface CensusReportDeps {
  client: Pick<ApiClient, 'getCensusCase' | 'exportCensus' | 'deleteCensusCase' | 'patchCensusReading' | 'getCensusStatus' | 'getCensusReadiness' | 'uploadCensus' | 'getCensusMembers'> &
    Partial<Pick<ApiClient, 'setKeepSsn'>>;
  /** Milliseconds between status polls while recalculating (2000 on the page). */
  pollMs?: number;
  /** Private mode: starts the engine worker that recalculates a report made in the page. */
  engine?(): PrivateEngine;
  emit<K extends keyof CensusReportEvents>(name: K, detail: CensusReportEvents[K], cancelable?: boolean): boolean;
}

export interface CensusReportActions {
  load(caseId: string, deps: CensusReportDeps): Promise<void>;
  /**
   * Shows a report made in this page (private mode, issue 29: <census-parser private>'s result)
   * instead of loading a case: no case id, so every call to the API stays off. With its file (kept in
   * memory only), a corrected reading or another effective date is recalculated in the engine worker.
   * With the parser's worker (`engine`, still holding the analysis), exports and the member table are
   * asked of it; without, of a worker of the report's own that analyses the file again first.
   */
  showLocal(report: CensusReport, file?: File, engine?: PrivateEngine): void;
  selectFile(fileName: string, deps: CensusReportDeps): Promise<void>;
  /**
   * Resolves with the signed download URL, or null after a failure (the caller alerts). In private
   * mode: a blob: URL of the file made in the engine worker, with its name (the caller revokes it).
   */
  exportFile(deps: CensusReportDeps): Promise<string | { url: string; name: string } | null>;
  /** Private mode: the member table of the shown report, made in the engine worker (the API's answer otherwise). */
  localMembers(deps: CensusReportDeps): Promise<CensusMemberTable>;
  /** Private mode's Delete: the report, its file and the worker's copy are let go; the element shows its start state. */
  clearLocal(): void;
  setTarget(target: string): void;
  /** Loads the readiness of every target for the selected file (once per file; failures leave it null). */
  loadReadiness(deps: CensusReportDeps): Promise<void>;
  remove(deps: CensusReportDeps): Promise<boolean>;
  /** Sends the reading ({} = back to the automatic one) and reloads once the case is processed again. */
  applyReading(reading: CensusReading, deps: CensusReportDeps, savedOn?: string): Promise<void>;
  /** Moves the effective date (ages and tenure as of `asOf`, YYYY-MM-DD) and reloads once recalculated. */
  setAsOf(asOf: string, deps: CensusReportDeps): Promise<void>;
  /** Keeps full SSNs for carrier files, or stops (PATCH {keepSsn}), and reloads once recalculated. */
  setKeepSsn(keepSsn: boolean, deps: CensusReportDeps): Promise<void>;
  /** Uploads another file to this case (employees and dependents, say) and reloads the combined report. */
  addFile(file: File, deps: CensusReportDeps): Promise<void>;
  /** A picked file that cannot be added (wrong type, too large), said beside the button. */
  failAdd(message: string): void;
}

/** The API's answer status, when the call failed with one. */
export function httpStatus(err: unknown): number | undefined {
  const status = (err as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The API's sentence for a failed call ({message} or {error}), else the fallback. */
export function apiMessage(err: unknown, fallback: string): string {
  const data = (err as { response?: { data?: { message?: unknown; error?: unknown } } } | null)?.response?.data;
  const text = typeof data?.message === 'string' ? data.message : typeof data?.error === 'string' ? data.error : '';
  return text && text.length <= 400 ? text : fallback;
}

export const ADD_FILE_TEXT = {
  adding: (name: string) => `Adding ${name} and reading the files together...`,
  added: (name: string, lives: number) => `Added ${name}: ${lives.toLocaleString('en-US')} lives in all files.`,
  failed: 'The file could not be added. Please try again.',
  caseFailed: 'The files could not be read together. Check the added file, or upload it on its own.',
} as const;

export const RECALC_TEXT = {
  failed: 'We could not recalculate with this reading. Please try again.',
  caseFailed: 'Your file could not be read with this reading. Change it, or go back to the automatic reading.',
} as const;

const DEFAULT_POLL_MS = 2000;

export type CensusReportStore = StoreApi<CensusReportState & CensusReportActions>;

export function createCensusReportStore(): CensusReportStore {
  /** Bumped per request: an older answer (a slow file switch) never overwrites a newer one. */
  let seq = 0;
  /** Private mode: the file of the report shown, in memory only (showLocal). */
  let localFile: File | null = null;
  /** Private mode: the reading the shown report was made with (kept when the effective date moves). */
  let localReading: CensusReading | undefined;
  /**
   * Private mode: the engine worker that holds the analysis of the shown report (exports, readiness
   * and the member table are asked of it), started on the first such question, and whether its
   * analysis of the shown report is in (a promise while it is made; false: it was refused).
   */
  let localEngine: PrivateEngine | null = null;
  let localHeld: Promise<boolean> | null = null;
  const stopLocalEngine = () => {
    localEngine?.stop();
    localEngine = null;
    localHeld = null;
  };
  return createWidgetStore<CensusReportState, CensusReportActions>(
    { status: 'idle', caseId: null, report: null, files: [], selected: ALL_FILES, exporting: false, deleting: false, target: 'clean', readiness: null, readinessOf: null, recalculating: false, recalcError: null, runFailed: false, adding: null, addResult: null, handEdits: {} },
    (set, get) => {
      /** Polls the case's status every pollMs until the run ends; null when a newer request took over. */
      /** The failed run's sentence from the status answer (e.g. the engine naming a column it does not know). */
      let runMessage: string | null = null;
      async function waitForRun(caseId: string, status: string, deps: CensusReportDeps, mine: number): Promise<'completed' | 'error' | null> {
        runMessage = null;
        if (runEnded(status)) return mine === seq ? status : null;
        const answer = await waitForRunEnd({ caseId, client: deps.client, intervalMs: deps.pollMs ?? DEFAULT_POLL_MS, current: () => mine === seq });
        if (!answer) return null;
        runMessage = answer.message ?? null;
        return mine === seq ? (answer.status as 'completed' | 'error') : null;
      }
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
          // 409 on the first load is a state, not a failure (said below); anything else is logged.
          if (!(first && httpStatus(err) === 409)) console.error(M.detailLoadFailed, err);
          // 409 on the first load: the case is being processed again (a reading applied from another
          // tab, or a reload mid-run): wait for that run, then load.
          if (first && httpStatus(err) === 409) {
            set({ recalculating: true });
            const status = await waitForRun(caseId, 'processing', deps, seq).catch(() => 'error' as const);
            if (mine !== seq) return;
            set({ recalculating: false });
            if (status === 'completed') return fetchReport(caseId, ALL_FILES, deps, true);
          }
          // 404: expired, deleted or never existed; no retry can bring it back.
          set({ status: httpStatus(err) === 404 ? 'gone' : 'error', report: null, runFailed: httpStatus(err) === 409 });
          deps.emit('census-report-error', { message: M.somethingWentWrong });
        }
      }
      /**
       * Sends a change of the case (a reading, the effective date), then polls its status until the
       * new run has finished and reloads; the old figures stay meanwhile. The step is ours, not the spec's.
       */
      async function recalculate(deps: CensusReportDeps, send: (caseId: string) => Promise<{ status?: string }>): Promise<void> {
        const { caseId } = get();
        if (!caseId) return;
        const mine = ++seq;
        set({ recalculating: true, recalcError: null });
        try {
          const answer = await send(caseId);
          const status = await waitForRun(caseId, answer.status ?? 'processing', deps, mine);
          if (status === null) return;
          if (status === 'error') {
            set({ recalculating: false, recalcError: runMessage ? `${RECALC_TEXT.caseFailed} ${runMessage}` : RECALC_TEXT.caseFailed });
            return;
          }
          // The readiness of the targets follows the new figures (an edit, an SSN kept, a date moved):
          // loaded again once they are in.
          set({ recalculating: false, readinessOf: null, readiness: null });
          await fetchReport(caseId, ALL_FILES, deps, true);
          const report = get().report;
          if (report) deps.emit('census-report-recalculated', { caseId, totalLives: report.totalLives });
        } catch (err) {
          if (mine !== seq) return;
          console.error(RECALC_TEXT.failed, err);
          if (httpStatus(err) === 404) {
            set({ recalculating: false, status: 'gone', report: null });
            return;
          }
          set({ recalculating: false, recalcError: apiMessage(err, RECALC_TEXT.failed) });
        }
      }
      /**
       * Private mode: the report made again in the engine worker from the file in memory, with the
       * reading or effective date given (what a PATCH makes the server's job do); nothing is sent.
       */
      async function recalculateHere(deps: CensusReportDeps, change: { reading?: CensusReading; asOf?: string }): Promise<void> {
        const file = localFile;
        const report = get().report;
        if (!file || !report || !deps.engine) return;
        const mine = ++seq;
        set({ recalculating: true, recalcError: null });
        // A worker of its own for the new analysis: it keeps it for the exports and the member table.
        stopLocalEngine();
        const engine = (localEngine = deps.engine());
        let settle: (held: boolean) => void = () => undefined;
        localHeld = new Promise<boolean>((resolve) => (settle = resolve));
        try {
          const reading = change.reading && Object.keys(change.reading).length ? change.reading : undefined;
          const outcome = await engine.analyse(
            { fileName: file.name, bytes: await file.arrayBuffer(), asOf: change.asOf ?? report.asOf, ...(reading ? { reading } : {}) },
            () => undefined,
          );
          settle(outcome.type === 'done');
          if (mine !== seq) return;
          if (outcome.type !== 'done') {
            // The report shown stays: its analysis is made again when it is next asked for.
            if (localEngine === engine) stopLocalEngine();
            set({ recalculating: false, recalcError: outcome.type === 'failed' ? `${RECALC_TEXT.caseFailed} ${outcome.message}` : RECALC_TEXT.failed });
            return;
          }
          localReading = reading;
          set({ recalculating: false, report: outcome.reports.whole, handEdits: { edits: reading?.edits, rows: reading?.rows }, readiness: null, readinessOf: null });
        } catch (err) {
          settle(false);
          if (mine !== seq) return;
          console.error(RECALC_TEXT.failed, err);
          if (localEngine === engine) stopLocalEngine();
          set({ recalculating: false, recalcError: RECALC_TEXT.failed });
        }
      }
      /**
       * Private mode: asks the engine worker about the analysis of the shown report, made there first
       * if it holds none (the parser's worker is stopped once its run ends: the report's own makes it
       * again from the file in memory, with the same reading and date, nothing sent).
       */
      async function askLocal(deps: CensusReportDeps, query: EngineAsk): Promise<EngineReply> {
        const file = localFile;
        const report = get().report;
        const crashed = (message: string): EngineReply => ({ id: 0, type: 'crashed', message });
        if (!file || !report || !deps.engine) return crashed('no file in memory');
        for (let attempt = 0; attempt < 2; attempt++) {
          if (!localEngine || !localHeld) {
            stopLocalEngine();
            const engine = (localEngine = deps.engine());
            const reading = localReading;
            localHeld = file
              .arrayBuffer()
              .then((bytes) => engine.analyse({ fileName: file.name, bytes, asOf: report.asOf, ...(reading ? { reading } : {}) }, () => undefined))
              .then((outcome) => outcome.type === 'done')
              .catch(() => false);
          }
          const engine = localEngine;
          const held = localHeld;
          if (!(await held)) {
            if (localHeld === held) stopLocalEngine();
            return crashed('the file could not be read again');
          }
          const answer = await engine.ask(query);
          // A worker that lost its analysis (it should not) makes it once more.
          if (answer.type !== 'none') return answer;
          if (localEngine === engine) stopLocalEngine();
        }
        return crashed('the engine holds no analysis');
      }
      return {
        showLocal(report, file, engine) {
          seq++;
          // (The same result shown again keeps its worker.)
          if (!engine || engine !== localEngine) stopLocalEngine();
          if (engine && file) {
            localEngine = engine;
            localHeld = Promise.resolve(true);
          }
          localFile = file ?? null;
          // The reading it was made with (choices saved in this browser, applied by the parser).
          const info = (report as ReportWithReading).reading;
          localReading = info && info.source !== 'automatic' && info.changed?.length ? readingToSend(report as ReportWithReading, emptyDraft()) : undefined;
          const files = report.files.map((f) => f.fileName);
          // As a case's first load: one file is selected; several: 'All files'.
          set({ status: 'loaded', caseId: null, report, files, selected: files.length === 1 ? files[0] : ALL_FILES, readiness: null, readinessOf: null, recalculating: false, recalcError: null, runFailed: false, handEdits: {} });
        },
        async load(caseId, deps) {
          if (!caseId) return;
          set({ files: [], report: null, handEdits: {} });
          await fetchReport(caseId, ALL_FILES, deps, true);
        },
        applyReading(reading, deps, savedOn) {
          // {} is the automatic reading: no hand edits either. Otherwise those standing go along.
          const standing = standingHandEdits(get().report as { reading?: CensusReadingInfo } | null, get().handEdits);
          const { edits, rows } = Object.keys(reading).length ? { edits: reading.edits ?? standing.edits, rows: reading.rows ?? standing.rows } : { edits: undefined, rows: undefined };
          const send: CensusReading = { ...reading, ...(edits?.length ? { edits } : {}), ...(rows?.length ? { rows } : {}) };
          if (!edits?.length) delete send.edits;
          if (!rows?.length) delete send.rows;
          if (localFile) return recalculateHere(deps, { reading: send });
          return recalculate(deps, async (caseId) => {
            const answer = await deps.client.patchCensusReading(caseId, send, savedOn);
            set({ handEdits: { edits: send.edits, rows: send.rows } });
            return answer;
          });
        },
        setAsOf(asOf, deps) {
          if (localFile) return recalculateHere(deps, { reading: localReading, asOf });
          return recalculate(deps, (caseId) => deps.client.patchCensusReading(caseId, undefined, undefined, asOf));
        },
        setKeepSsn(keepSsn, deps) {
          const send = deps.client.setKeepSsn;
          if (!send) return Promise.resolve();
          return recalculate(deps, (caseId) => send(caseId, keepSsn));
        },
        async addFile(file, deps) {
          const { caseId, adding } = get();
          if (!caseId || adding) return;
          const mine = ++seq;
          set({ adding: file.name, addResult: null });
          try {
            const answer = await deps.client.uploadCensus(file, file.name, undefined, { caseId });
            const status = await waitForRun(caseId, answer.status ?? 'processing', deps, mine);
            if (status === null) return;
            if (status === 'error') {
              set({ adding: null, addResult: { ok: false, message: runMessage ? `${ADD_FILE_TEXT.caseFailed} ${runMessage}` : ADD_FILE_TEXT.caseFailed } });
              return;
            }
            set({ adding: null, readinessOf: null });
            await fetchReport(caseId, ALL_FILES, deps, true);
            const report = get().report;
            if (report) {
              set({ addResult: { ok: true, message: ADD_FILE_TEXT.added(file.name, report.totalLives) } });
              deps.emit('census-report-file-added', { caseId, fileName: file.name, totalLives: report.totalLives });
            }
          } catch (err) {
            if (mine !== seq) return;
            console.error(ADD_FILE_TEXT.failed, err);
            // The server's sentence says why (a file it cannot read, too large, the sample case).
            set({ adding: null, addResult: { ok: false, message: apiMessage(err, ADD_FILE_TEXT.failed) } });
          }
        },
        failAdd(message) {
          set({ addResult: { ok: false, message } });
        },
        async selectFile(fileName, deps) {
          const { caseId, selected } = get();
          if (!caseId || fileName === selected) return;
          await fetchReport(caseId, fileName, deps, false);
        },
        setTarget(target) {
          set({ target });
        },
        async loadReadiness(deps) {
          if (localFile && get().status === 'loaded') {
            const { selected, readinessOf, report } = get();
            if (readinessOf === selected) return;
            set({ readinessOf: selected, readiness: null });
            const answer = await askLocal(deps, { type: 'readiness', ...(selected ? { fileName: selected } : {}) });
            if (answer.type === 'readiness' && get().readinessOf === selected && get().report === report) set({ readiness: answer.targets });
            else if (answer.type !== 'readiness') console.error('census readiness', answer.type);
            return;
          }
          const { caseId, selected, readinessOf } = get();
          if (!caseId || readinessOf === selected) return;
          set({ readinessOf: selected, readiness: null });
          try {
            const readiness = await deps.client.getCensusReadiness(caseId, selected || undefined);
            if (get().readinessOf === selected && get().caseId === caseId) set({ readiness });
          } catch (err) {
            // Readiness is advice: without it the choice still exports, only without its marks.
            console.error('census readiness', httpStatus(err));
          }
        },
        async exportFile(deps) {
          if (localFile) {
            const { selected, exporting, target } = get();
            if (exporting) return null;
            set({ exporting: true });
            try {
              const answer = await askLocal(deps, { type: 'export', target, ...(selected ? { fileName: selected } : {}) });
              if (answer.type !== 'file') throw new Error(answer.type === 'failed' || answer.type === 'crashed' ? answer.message : answer.type);
              const url = URL.createObjectURL(new Blob([answer.bytes], { type: answer.mime }));
              return { url, name: answer.name };
            } catch (err) {
              console.error(M.exportFailed, err);
              return null;
            } finally {
              set({ exporting: false });
            }
          }
          const { caseId, selected, exporting, target } = get();
          if (!caseId || exporting) return null;
          set({ exporting: true });
          try {
            const fileURL = await deps.client.exportCensus(caseId, selected || undefined, target === 'clean' ? undefined : target);
            if (!fileURL) throw new Error('no fileURL');
            deps.emit('census-export', { caseId, fileName: selected || null, fileURL, target });
            return fileURL;
          } catch (err) {
            console.error(M.exportFailed, err);
            return null;
          } finally {
            set({ exporting: false });
          }
        },
        async localMembers(deps) {
          const { selected, target } = get();
          const answer = await askLocal(deps, { type: 'members', ...(selected ? { fileName: selected } : {}), ...(target === 'clean' ? {} : { target }) });
          if (answer.type !== 'members') throw new Error(answer.type === 'failed' || answer.type === 'crashed' ? answer.message : answer.type);
          return answer.table;
        },
        clearLocal() {
          seq++;
          stopLocalEngine();
          localFile = null;
          localReading = undefined;
          set({ status: 'idle', report: null, files: [], selected: ALL_FILES, readiness: null, readinessOf: null, recalculating: false, recalcError: null, exporting: false, handEdits: {} });
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
