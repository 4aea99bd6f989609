/**
 * The state of one <census-parser> and its whole flow, free of any UI framework:
 * check the file -> upload (with progress) -> poll the status (at once, then quickly, stretching to the
 * spec's intervals: ./poll-schedule.ts) -> completed (then, 5 s later, the cancelable census-complete
 * whose default action opens the report) or error (or a password prompt).
 *
 * Private mode (issue 29, `deps.privateMode`): no upload and no case. The file is read and analysed
 * in the engine worker (deps.engine(), ../internal/engine-client.ts): the worker's stage announcements
 * drive the same tracker steps, its refusals give the same errors and password prompt, and the result
 * is handed to the page (deps.handOver) instead of opening a report.
 *
 * Timers are plain setTimeout, so tests drive the polling rules with fake timers. The flow talks to
 * the outside through `CensusParserDeps` (the API client, the events, navigation), handed in by the
 * component at each call, so attribute changes (api-base, report-url, poll-interval) apply at once.
 */
import type { ApiClient } from '../../shared/api/client';
import type { CensusErrorCode } from '../../shared/api/types';
import { isFailed, type CensusStatus } from '../../shared/census/status';
import { CENSUS_UPLOAD, TIMING } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { asReading, findSavedForTextFile } from '../internal/saved-readings';
import { pollCase, type CasePoll } from '../internal/poll-case';
import { createWidgetStore, type StoreApi } from '../internal/store';
import { PARSER_LABELS } from './labels';
import { nextPollDelay } from './poll-schedule';
import type { PrivateEngine } from '../internal/engine-client';

export { nextPollDelay } from './poll-schedule';

const M = MESSAGES.census;

export type Phase = 'idle' | 'uploading' | 'processing' | 'completed' | 'error' | 'password';
export type FileKind = 'csv' | 'spreadsheet';

export interface ContactForm {
  email: string;
  sending: boolean;
  /** The address the request went to, once the server took it (the field is then locked). */
  sentTo: string | null;
  /**
   * Why the server refused the address (its own sentence), shown under the field, which stays
   * editable: a typo must not look like a promise of mail that never comes (docs/decisions.md).
   */
  error: string | null;
}

export interface CensusParserState {
  phase: Phase;
  dragging: boolean;
  file: { name: string; size: number; kind: FileKind } | null;
  /** Upload progress, 0..1 (from the upload's progress events). */
  progress: number;
  caseId: string | null;
  status: CensusStatus | null;
  /** The main error line (spec section 8 texts), or null. */
  error: string | null;
  /** A second line: the server's own reason, when it gave one. */
  errorDetail: string | null;
  /** A message under the drop area that does not leave the idle view ('No file selected'). */
  notice: string | null;
  /** Set in the 'password' phase: why the password is asked for. */
  passwordCode: CensusErrorCode | null;
  password: string;
  notify: ContactForm;
  help: ContactForm;
  copied: boolean;
  /** The report address once completed. */
  reportUrl: string | null;
  /** What the completed status says the figures cannot show ('No rows under the header: ...'), or null. */
  completedNote: string | null;
  /** How many other files came with the one used (a drop of several files): said, not silently lost. */
  otherFiles: number;
  /** 'Keep full SSNs for carrier files' (off by default): sent with the upload as keepSsn. */
  keepSsn: boolean;
}

/**
 * What a private run hands to the page: the report JSON as the server would store it for a case
 * (shared/census/report.ts CensusReport; typed `object` here as in the published declarations).
 */
export interface CensusPrivateResult {
  fileName: string;
  /** The whole report (what <census-report> shows). */
  report: object;
  /** The reports as a case stores them: the whole and each file's. */
  reports: { whole: object; files: Record<string, object> };
  /** The file itself (in memory only): a <census-report private-result> recalculates from it. */
  file: File;
}

/**
 * What a <census-report private-result> is handed: the result and the engine worker that made it,
 * still holding the analysis (its exports, readiness and member table are asked of it). The worker
 * is never on the event.
 */
export interface PrivateHandOver extends CensusPrivateResult {
  engine?: PrivateEngine;
}

export interface CensusParserEvents {
  'census-uploaded': { caseId: string };
  'census-private-result': CensusPrivateResult;
  'census-status': { status: CensusStatus };
  'census-complete': { caseId: string; url: string };
  'census-error': { message: string };
}

export interface CensusParserDeps {
  client: Pick<ApiClient, 'uploadCensus' | 'getCensusStatus' | 'notifyWhenReady'>;
  /** Dispatches an event on the element; returns false when a listener cancelled it. */
  emit<K extends keyof CensusParserEvents>(name: K, detail: CensusParserEvents[K], cancelable?: boolean): boolean;
  /** The report address for a case (report-url with {caseId} filled in, absolute). */
  reportUrl(caseId: string): string;
  /** Opens a URL (the default action of census-complete). */
  navigate(url: string): void;
  /** The slow polling interval in ms (15 s unless poll-interval says otherwise). */
  pollIntervalMs?: number;
  /** Private mode: the file is analysed in the page (deps.engine), never uploaded. */
  privateMode?: boolean;
  /** Starts the engine worker for one private run. */
  engine?(): PrivateEngine;
  /**
   * Hands a private run's result to the page (a <census-report private-result>, else an event);
   * true when a report took it, and with it the engine worker (the parser then no longer stops it).
   */
  handOver?(result: PrivateHandOver): boolean;
}

export interface CensusParserActions {
  setDragging(dragging: boolean): void;
  /**
   * A picked or dropped file (only the first of a drop is passed in, with how many others came
   * along); starts the upload at once.
   */
  selectFile(file: File | null | undefined, deps: CensusParserDeps, otherFiles?: number): void;
  setPassword(value: string): void;
  setKeepSsn(value: boolean): void;
  submitPassword(deps: CensusParserDeps): void;
  setContactEmail(form: 'notify' | 'help', value: string): void;
  submitContact(form: 'notify' | 'help', deps: CensusParserDeps): Promise<void>;
  markCopied(): void;
  /**
   * Private mode: the result could not be handed to report-url (../internal/private-handoff.ts):
   * the error view, with RETRY.
   */
  handOverFailed(deps: CensusParserDeps, detail: string | null): void;
  /** RETRY: clears file, error, case and status. */
  reset(): void;
  /** Stops the timers (the element left the page; the element unmounts on every move). */
  dispose(): void;
  /** Picks the polling up again after dispose() (the element came back). */
  resume(deps: CensusParserDeps): void;
}

export type CensusParserStore = StoreApi<CensusParserState & CensusParserActions>;

const emptyContact = (): ContactForm => ({ email: '', sending: false, sentTo: null, error: null });

export function initialState(): CensusParserState {
  return {
    phase: 'idle',
    dragging: false,
    file: null,
    progress: 0,
    caseId: null,
    status: null,
    error: null,
    errorDetail: null,
    notice: null,
    passwordCode: null,
    password: '',
    notify: emptyContact(),
    help: emptyContact(),
    copied: false,
    reportUrl: null,
    completedNote: null,
    otherFiles: 0,
    keepSsn: false,
  };
}

/** 'csv' (CSV or delimited text) or 'spreadsheet' by extension; null when the file is not one of the accepted types. */
export function fileKind(name: string): FileKind | null {
  const lower = name.toLowerCase();
  // Delimited text (.txt, .tsv) is taken beside the spec's list and shown as a CSV (issue 21).
  if (lower.endsWith('.csv') || CENSUS_UPLOAD.textExtensions.some((ext) => lower.endsWith(ext))) return 'csv';
  // A PDF document or a scanned page (PNG, JPG; issue 30) is read as a workbook of its tables: shown with the spreadsheet icon.
  if (lower.endsWith('.xlsx') || lower.endsWith('.xls') || CENSUS_UPLOAD.documentExtensions.some((ext) => lower.endsWith(ext))) return 'spreadsheet';
  return null;
}

/** The report URL template's {caseId} filled in (URL-encoded). */
export function fillTemplate(template: string, caseId: string): string {
  return template.split('{caseId}').join(encodeURIComponent(caseId));
}

function serverMessage(err: unknown): string | null {
  const data = (err as { response?: { data?: unknown } } | null)?.response?.data;
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message.trim() : null;
}

export function createCensusParserStore(): CensusParserStore {
  let poller: CasePoll | undefined;
  let completeTimer: ReturnType<typeof setTimeout> | undefined;
  let copyTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every reset and new upload: answers of an older run are ignored. */
  let run = 0;
  /** The file itself, kept for a password retry (not in the state: not something to render). */
  let blob: File | null = null;
  /** False between dispose() and resume(): nothing is scheduled while the element is away. */
  let active = true;
  /** Status checks made for the current case (the quick schedule of ./poll-schedule.ts). */
  let checks = 0;
  /**
   * The engine worker of the current private run, stopped when the run ends or is reset. Not by
   * dispose(): the element unmounts on every move, and the run must go on meanwhile.
   */
  let engine: PrivateEngine | null = null;
  const stopEngine = () => {
    engine?.stop();
    engine = null;
  };

  const stopPolling = () => {
    if (poller) checks = poller.checks();
    poller?.stop();
    poller = undefined;
  };
  const clearTimers = () => {
    stopPolling();
    clearTimeout(completeTimer);
    completeTimer = undefined;
  };

  return createWidgetStore<CensusParserState, CensusParserActions>(initialState(), (set, get) => {
    function fail(deps: CensusParserDeps, error: string, detail: string | null, extra: Partial<CensusParserState> = {}) {
      clearTimers();
      set({ phase: 'error', error, errorDetail: detail, ...extra });
      deps.emit('census-error', { message: detail ? `${error}: ${detail}` : error });
    }

    /** Polls the current case (internal/poll-case.ts) on the quick, then the spec's schedule. */
    function startPolling(deps: CensusParserDeps, mine: number) {
      stopPolling();
      if (!active) return; // resume() starts it again
      const caseId = get().caseId;
      if (!caseId) return;
      poller = pollCase({
        caseId,
        client: deps.client,
        checksDone: checks,
        delay: (done) => nextPollDelay(get().status, deps.pollIntervalMs, done),
        current: () => mine === run,
        onAnswer: (answer) => onStatus(deps, mine, answer.status, answer.message, answer.code, answer.notice),
        onError(err) {
          if (mine !== run) return true;
          const status = (err as { response?: { status?: number } } | null)?.response?.status;
          // An unknown case (expired, deleted) will not come back; anything else may be a blip.
          if (status === 404) {
            fail(deps, M.statusError, serverMessage(err));
            return true;
          }
          return false;
        },
      });
    }

    /** A status seen (the upload's answer or a check); true when polling should stop. */
    function onStatus(deps: CensusParserDeps, mine: number, status: CensusStatus, message?: string, code?: CensusErrorCode, notice?: string): boolean {
      if (mine !== run) return true;
      const changed = status !== get().status;
      set({ status });
      if (changed) deps.emit('census-status', { status });
      if (code === 'password-required' || code === 'password-incorrect') {
        clearTimers();
        set({ phase: 'password', passwordCode: code, password: '', error: null, errorDetail: null });
        return true;
      }
      if (isFailed(status)) {
        fail(deps, M.statusError, message ?? null);
        return true;
      }
      if (status === 'completed' || status === 'success') {
        stopPolling();
        const caseId = get().caseId!;
        const url = deps.reportUrl(caseId);
        set({ phase: 'completed', reportUrl: url, completedNote: notice ?? null });
        completeTimer = setTimeout(() => {
          if (mine !== run) return;
          if (deps.emit('census-complete', { caseId, url }, true)) deps.navigate(url);
        }, TIMING.navigateAfterCompleteMs);
        return true;
      }
      // Still running: the poller (started below when this was the upload's answer) asks again.
      return false;
    }

    async function upload(deps: CensusParserDeps, password?: string) {
      const file = blob;
      if (!file) return;
      const mine = ++run;
      clearTimers();
      set({ phase: 'uploading', progress: 0, caseId: null, status: null, error: null, errorDetail: null, notice: null, completedNote: null });
      try {
        // Choices saved in this browser for files with these headers go with the file (issue 14).
        const saved = await findSavedForTextFile(file, file.name);
        const options = {
          ...(password === undefined ? {} : { password }),
          ...(saved ? { reading: asReading(saved, file.name), readingSavedOn: saved.savedOn } : {}),
          ...(get().keepSsn ? { keepSsn: true } : {}),
        };
        const answer = await deps.client.uploadCensus(
          file,
          file.name,
          (progress) => {
            if (mine === run) set({ progress });
          },
          Object.keys(options).length ? options : undefined,
        );
        if (mine !== run) return;
        set({ phase: 'processing', progress: 1, caseId: answer.caseId, passwordCode: null, password: '' });
        deps.emit('census-uploaded', { caseId: answer.caseId });
        checks = 0;
        // The upload's answer carries the first status; the first check follows at once (a small
        // census is often read by then), the next ones quickly (./poll-schedule.ts).
        if (!answer.status || !onStatus(deps, mine, answer.status)) startPolling(deps, mine);
      } catch (err) {
        if (mine !== run) return;
        // 'Failed to submit file' resets the status (spec section 8); the server's reason is kept.
        fail(deps, M.uploadFailed, serverMessage(err), { status: null, caseId: null, progress: 0 });
      }
    }

    /** A stage of a private run: the same status, event and tracker step as a polled case. */
    function privateStatus(deps: CensusParserDeps, status: CensusStatus) {
      if (status === get().status) return;
      set({ status });
      deps.emit('census-status', { status });
    }

    /** Private mode: the file analysed in the engine worker; nothing is sent. */
    async function analyseHere(deps: CensusParserDeps, password?: string) {
      const file = blob;
      if (!file || !deps.engine) return;
      const mine = ++run;
      clearTimers();
      stopEngine();
      set({ phase: 'processing', progress: 1, caseId: null, status: null, error: null, errorDetail: null, notice: null, completedNote: null, reportUrl: null });
      privateStatus(deps, 'classified');
      try {
        // Choices saved in this browser for files with these headers are used as the upload sends them.
        const saved = await findSavedForTextFile(file, file.name);
        const bytes = await file.arrayBuffer();
        if (mine !== run) return;
        const reading = saved ? asReading(saved, file.name) : undefined;
        engine = deps.engine();
        const outcome = await engine.analyse(
          {
            fileName: file.name,
            bytes,
            asOf: new Date().toISOString().slice(0, 10),
            ...(password === undefined ? {} : { password }),
            ...(reading && saved ? { reading, readingSavedOn: saved.savedOn } : {}),
          },
          (stage) => {
            if (mine === run) privateStatus(deps, stage);
          },
        );
        if (mine !== run) return;
        if (outcome.type !== 'done') stopEngine();
        if (outcome.type === 'failed' && (outcome.code === 'password-required' || outcome.code === 'password-incorrect')) {
          set({ phase: 'password', passwordCode: outcome.code, password: '', error: null, errorDetail: null });
          return;
        }
        if (outcome.type !== 'done') {
          set({ status: 'error' });
          deps.emit('census-status', { status: 'error' });
          fail(deps, M.statusError, outcome.message);
          return;
        }
        set({ phase: 'completed', passwordCode: null, password: '', completedNote: outcome.noRows ? M.noRows : null });
        privateStatus(deps, 'completed');
        // The worker holds the analysis: a report on the page takes it over (no second analysis for its
        // exports and member table); otherwise it is stopped.
        const kept = engine;
        engine = null;
        if (!deps.handOver?.({ fileName: file.name, report: outcome.reports.whole, reports: outcome.reports, file, ...(kept ? { engine: kept } : {}) })) kept?.stop();
      } catch (err) {
        if (mine !== run) return;
        console.error('Benefold: the file could not be read in private mode.', err);
        fail(deps, M.statusError, err instanceof Error ? err.message : null);
      }
    }

    /** The run of a chosen file: uploaded, or analysed here in private mode. */
    const start = (deps: CensusParserDeps, password?: string) => (deps.privateMode ? analyseHere(deps, password) : upload(deps, password));

    return {
      setDragging(dragging) {
        if (get().dragging !== dragging) set({ dragging });
      },
      selectFile(file, deps, otherFiles = 0) {
        set({ dragging: false });
        const state = get();
        if (state.phase === 'uploading' || state.phase === 'processing') return;
        if (!file) {
          set({ notice: M.noFile });
          return;
        }
        const kind = fileKind(file.name);
        if (!kind) {
          set({ notice: M.unsupportedTypeWithDocuments });
          return;
        }
        if (file.size > CENSUS_UPLOAD.maxBytes) {
          // Not taken; the error view shows the message (spec section 8).
          blob = null;
          fail(deps, M.tooLarge, null, { file: null });
          return;
        }
        blob = file;
        set({ file: { name: file.name, size: file.size, kind }, notify: emptyContact(), help: emptyContact(), otherFiles: Math.max(0, otherFiles) });
        void start(deps);
      },
      setPassword(password) {
        set({ password });
      },
      setKeepSsn(keepSsn) {
        set({ keepSsn });
      },
      submitPassword(deps) {
        const { password, phase } = get();
        if (phase !== 'password' || !password) return;
        void start(deps, password);
      },
      setContactEmail(form, email) {
        const current = get()[form];
        if (current.sentTo !== null || current.sending) return;
        set({ [form]: { ...current, email, error: null } } as Partial<CensusParserState>);
      },
      async submitContact(form, deps) {
        const { caseId } = get();
        const current = get()[form];
        if (!caseId || current.sending || current.sentTo !== null) return;
        // No client-side validation (spec section 5): the server decides.
        set({ [form]: { ...current, sending: true, error: null } } as Partial<CensusParserState>);
        try {
          await deps.client.notifyWhenReady(caseId, current.email.trim(), form);
          set({ [form]: { ...get()[form], sending: false, sentTo: current.email.trim(), error: null } } as Partial<CensusParserState>);
        } catch (err) {
          // Logged (spec section 8), and also said under the field (docs/decisions.md): the server's
          // own sentence when it refused the address, else that nothing was sent.
          console.error(`Benefold: the ${form} request failed.`, err);
          const error = serverMessage(err) ?? PARSER_LABELS.contactFailed;
          set({ [form]: { ...get()[form], sending: false, error } } as Partial<CensusParserState>);
        }
      },
      handOverFailed(deps, detail) {
        if (get().phase !== 'completed') return;
        fail(deps, M.statusError, detail);
      },
      markCopied() {
        clearTimeout(copyTimer);
        set({ copied: true });
        copyTimer = setTimeout(() => set({ copied: false }), TIMING.copyTickMs);
      },
      reset() {
        run++;
        clearTimers();
        stopEngine();
        blob = null;
        // The visitor's choice of full SSNs stays for the next file.
        set({ ...initialState(), copied: get().copied, keepSsn: get().keepSsn });
      },
      dispose() {
        active = false;
        clearTimers();
      },
      resume(deps) {
        if (active) return;
        active = true;
        if (get().phase === 'processing') startPolling(deps, run);
      },
    };
  });
}
