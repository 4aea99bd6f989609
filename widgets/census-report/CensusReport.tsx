/**
 * <census-report> as a React component (rendered by Preact in the bundle).
 * The element's public API is ./meta.ts; the state and the calls live in ./store.ts. What it shows is
 * in small files beside it: Toolbar.tsx, Cards.tsx (the figures; the charts are the components of
 * internal/charts/, rendered in this shadow root), StatusPages.tsx, ReadingPanel.tsx, AddFile.tsx,
 * AsOfControl.tsx, targets.tsx, not-counted/, members/ (the member table, issue 28).
 */
import { SAMPLE_CASE } from '../../shared/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { createApiClient } from '../../shared/api/client';
import type { CensusReport as Report } from '../../shared/census/report';
import { MESSAGES } from '../../shared/messages';
import { resolveApiBases } from '../internal/config';
import { emit, hostOf } from '../internal/emit';
import { Spinner } from '../internal/form';
import { forgetReading, saveReading } from '../internal/saved-readings';
import { useOwnStore, useStore } from '../internal/store';
import { AddFile } from './AddFile';
import { AsOfControl } from './AsOfControl';
import { useSavedReadingOnce } from './auto-apply';
import { FigureCards } from './Cards';
import { emptyDraft, headersByFile, readingToSend, type ReportWithReading } from './draft';
import { REPORT_LABELS } from './labels';
import { DEFAULTS } from './meta';
import { MembersPanel, MembersToggle, reportKeyOf } from './members/Members';
import { standingHandEdits } from './members/standing';
import { NotCountedPanel, NotCountedToggle } from './not-counted/NotCounted';
import { ReadingNotice, ReadingPanel, ReviewNotice } from './ReadingPanel';
import { DeletedPage, ErrorPage, GonePage, NoCasePage, PrivateWaitingPage } from './StatusPages';
import { asOfSentence, livesSentence, readSentence } from './summary-sentences';
import { FixList, showsListFirst } from './targets';
import { Toolbar } from './Toolbar';
import { startEngineWorker, type PrivateEngine } from '../internal/engine-client';
import {
  ALL_FILES,
  createCensusReportStore,
  type CensusReportDeps,
  type CensusReportEvents,
  type CensusReportStore,
} from './store';

export { REPORT_LABELS } from './labels';

const M = MESSAGES.census;

/** How long a private export's blob: URL lives after its download was started. */
const BLOB_URL_LIFETIME_MS = 40_000;


export interface CensusReportProps {
  caseId?: string;
  caseIdParam?: string;
  apiBase?: string;
  censusApiBase?: string;
  topologyUrl?: string;
  headingLevel?: number;
  noDelete?: boolean;
  uploadUrl?: string;
  pollInterval?: number;
  theme?: string;
  /** Private mode (issue 29): shows `result`, made in the page, instead of loading a case. */
  privateResult?: boolean;
  result?: { fileName: string; report: object; file?: File; engine?: PrivateEngine } | null;
  store?: CensusReportStore;
  container?: Node;
}


/** The case id: the attribute, else the page address's `case-id-param` query parameter. */
export function caseIdOf(props: Pick<CensusReportProps, 'caseId' | 'caseIdParam'>): string | undefined {
  if (props.caseId) return props.caseId;
  if (!props.caseIdParam) return undefined;
  return new URLSearchParams(window.location.search).get(props.caseIdParam) || undefined;
}

export function CensusReport(inputProps: CensusReportProps) {
  const props = { ...inputProps, caseId: caseIdOf(inputProps) };
  const store = useOwnStore(props.store, createCensusReportStore);
  const state = useStore(store);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const depsRef = useRef<CensusReportDeps | null>(null);
  const [readingOpen, setReadingOpen] = useState(false);
  const [focusSignal, setFocusSignal] = useState(0);
  const [notCountedOpen, setNotCountedOpen] = useState(false);
  // The list takes the focus when the visitor opens it, not when it comes back after a file switch.
  const notCountedFocus = useRef(false);
  const [membersOpen, setMembersOpen] = useState(false);
  /** The member table's own store, made by its chunk on first use and kept here while it is closed. */
  const membersHolder = useRef<unknown>(null);
  depsRef.current ??= {
    get pollMs() {
      const ms = Number(propsRef.current.pollInterval);
      return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULTS.pollInterval;
    },
    get client() {
      const p = propsRef.current;
      return createApiClient(resolveApiBases({ apiBase: p.apiBase, censusApiBase: p.censusApiBase }));
    },
    engine: () => startEngineWorker(),
    emit<K extends keyof CensusReportEvents>(name: K, detail: CensusReportEvents[K], cancelable?: boolean) {
      const root = rootRef.current;
      return root ? emit<CensusReportEvents, K>(hostOf(root), name, detail, { cancelable }) : true;
    },
  };
  const deps = depsRef.current;

  const local = !!props.privateResult;
  useEffect(() => {
    if (local) return;
    if (props.caseId && props.caseId !== store.getState().caseId) void store.getState().load(props.caseId, deps);
  }, [props.caseId, store, deps, local]);
  // Private mode: the parser's result, shown as it is (nothing loaded, nothing sent).
  const localReport = local ? (props.result?.report as Report | undefined) : undefined;
  const localFile = local ? props.result?.file : undefined;
  const localEngine = local ? props.result?.engine : undefined;
  useEffect(() => {
    if (localReport) store.getState().showLocal(localReport, localFile, localEngine);
  }, [localReport, localFile, localEngine, store]);

  // Private mode on report-url's page (no parser here): this tab's encrypted copy, taken once
  // (../internal/private-handoff.ts, loaded only then). 'gone': none, or already shown (a reload,
  // another tab); 'deleted': Delete pressed here.
  const [tabCopy, setTabCopy] = useState<'checking' | 'none' | 'gone' | 'deleted'>('checking');
  const wantsTabCopy = local && !props.result && tabCopy === 'checking';
  /** The shown report came from this tab's hand-over (Delete then says so, and clears the entry's mark). */
  const fromTab = useRef(false);
  useEffect(() => {
    if (!wantsTabCopy) return;
    const root = rootRef.current;
    const host = root ? (hostOf(root) as HTMLElement & { result?: unknown }) : null;
    const scope = (host?.getRootNode() as Document | ShadowRoot | undefined) ?? document;
    // Beside a parser the result comes from it, as before.
    if (scope.querySelector?.('census-parser') || document.querySelector('census-parser')) {
      setTabCopy('none');
      return;
    }
    let live = true;
    void import('../internal/private-handoff')
      .then((m) => m.takeFromTab())
      .then((taken) => {
        if (!live) return;
        if (taken.status === 'found' && host) {
          fromTab.current = true;
          host.result = taken.result;
        } else setTabCopy((t) => (t === 'checking' ? 'gone' : t));
      })
      .catch((err) => {
        console.error("Benefold: this tab's private report could not be read.", err);
        if (live) setTabCopy((t) => (t === 'checking' ? 'gone' : t));
      });
    return () => {
      live = false;
    };
  }, [wantsTabCopy]);

  const [forgotten, setForgotten] = useState(false);
  /** The lives of the view (all files or one) when Apply was pressed, for the panel's 'was N'. */
  const [appliedFrom, setAppliedFrom] = useState<{ view: string; lives: number } | null>(null);
  // A report read automatically: the visitor's saved choices for its headers are applied once.
  const autoReport = state.status === 'loaded' ? (state.report as ReportWithReading | null) : null;
  useSavedReadingOnce(autoReport, props.caseId, state.selected, state.files.length, store, deps);

  // Readiness of the export targets follows the report and the file selection (advice: it may fail).
  const loadedReport = state.status === 'loaded' && !!state.report;
  useEffect(() => {
    if (loadedReport && !state.recalculating) void store.getState().loadReadiness(deps);
  }, [loadedReport, state.selected, state.recalculating, store, deps]);

  // The report title at heading-level, the card titles one below it.
  const titleLevel = Math.min(6, Math.max(1, Math.round(Number(props.headingLevel) || DEFAULTS.headingLevel)));
  const level = Math.min(6, titleLevel + 1);

  // The chosen target's list of things to fix, shown before its download (null: hidden).
  const [fixing, setFixing] = useState<string | null>(null);
  const chosen = state.readiness?.find((t) => t.id === state.target);
  const onExportClick = () => {
    if (chosen && showsListFirst(chosen)) {
      setFixing(chosen.id);
      return;
    }
    void onExport();
  };
  const onExport = async () => {
    setFixing(null);
    const made = await state.exportFile(deps);
    if (!made) {
      window.alert(M.exportFailed);
      return;
    }
    // The signed URL answers with Content-Disposition: attachment, so this downloads, not navigates.
    // Private mode: a blob: URL of the file the engine worker made, with its name.
    const a = document.createElement('a');
    a.href = typeof made === 'string' ? made : made.url;
    a.download = typeof made === 'string' ? '' : made.name;
    a.rel = 'noopener';
    (rootRef.current ?? document.body).append(a);
    a.click();
    a.remove();
    // The download holds the file once it has started; the URL is let go after (as FileSaver.js does).
    if (typeof made !== 'string') setTimeout(() => URL.revokeObjectURL(made.url), BLOB_URL_LIFETIME_MS);
  };
  const onDelete = async () => {
    if (!window.confirm(M.deleteConfirm)) return;
    if (local) {
      // Private mode: the report, the file in memory and the worker's copy are let go; the start state shows.
      state.clearLocal();
      // On report-url's page: the tab's entry forgets it too (its ciphertext went when it was taken).
      // Said before the result goes, so that the render it causes does not look for the tab's copy again.
      if (fromTab.current) {
        fromTab.current = false;
        setTabCopy('deleted');
        void import('../internal/private-handoff').then((m) => m.forgetInTab());
      }
      const root = rootRef.current;
      if (root) (hostOf(root) as HTMLElement & { result?: unknown }).result = null;
      return;
    }
    if (!(await state.remove(deps))) window.alert(M.deleteFailed);
  };

  // Private mode before a result, or after Delete.
  if (local && tabCopy === 'deleted') return <DeletedPage rootRef={rootRef} />;
  if (local && !localReport && tabCopy === 'gone') return <GonePage rootRef={rootRef} uploadUrl={props.uploadUrl} privateTab />;
  if (local && !localReport && tabCopy === 'checking') return <PrivateWaitingPage rootRef={rootRef} text={REPORT_LABELS.loading} />;
  if (local && (!localReport || state.status === 'idle')) return <PrivateWaitingPage rootRef={rootRef} />;
  if (!props.caseId && !local) return <NoCasePage rootRef={rootRef} />;
  if (state.status === 'error') {
    return (
      <ErrorPage
        rootRef={rootRef}
        runFailed={state.runFailed}
        recalculating={state.recalculating}
        onRetry={() => void state.load(props.caseId!, deps)}
        onAutomatic={() => void state.applyReading({}, deps)}
      />
    );
  }
  if (state.status === 'gone') return <GonePage rootRef={rootRef} uploadUrl={props.uploadUrl} />;
  if (state.status === 'deleted') return <DeletedPage rootRef={rootRef} />;

  const report = (state.status === 'loaded' ? state.report : null) as ReportWithReading | null;
  const loading = !report;
  const several = state.files.length > 1;
  const summary = report ? [livesSentence(report as Report), asOfSentence(report as Report), readSentence(report as Report, state.selected !== ALL_FILES ? 1 : state.files.length || report.files.length)].filter(Boolean) : [];
  const notCounted = report?.notCounted && report.notCounted.total > 0 ? report.notCounted : null;
  const notCountedId = `${id}-not-counted`;
  const closeNotCounted = () => {
    setNotCountedOpen(false);
    rootRef.current?.querySelector<HTMLButtonElement>('.not-counted-toggle')?.focus();
  };
  const toggleNotCounted = () => {
    if (notCountedOpen) return closeNotCounted();
    notCountedFocus.current = true;
    setNotCountedOpen(true);
  };
  const membersId = `${id}-members`;
  const closeMembers = () => {
    setMembersOpen(false);
    rootRef.current?.querySelector<HTMLButtonElement>('.members-toggle')?.focus();
  };
  const openReading = () => {
    setReadingOpen(true);
    setFocusSignal((n) => n + 1);
  };

  return (
    <div ref={rootRef} className="report" part="base" aria-busy={loading || undefined}>
      <p className="visually-hidden" aria-live="polite">
        {loading ? REPORT_LABELS.loading : ''}
      </p>
      <Toolbar
        id={id}
        titleLevel={titleLevel}
        files={state.files}
        selected={state.selected}
        onSelect={(file) => void state.selectFile(file, deps)}
        target={state.target}
        readiness={state.readiness}
        reviewNeeded={!!state.report?.review?.needed}
        onTarget={(t) => {
          state.setTarget(t);
          setFixing(null);
        }}
        loading={loading}
        exporting={state.exporting}
        // Private mode: made in the engine worker from the file in memory (none without it).
        onExport={local && !localFile ? undefined : onExportClick}
        // Kept in place while the report reloads (the last report's choice), so keyboard focus stays on it.
        // Drawn (disabled) while the first load runs too, so the cards below do not move when it arrives;
        // never on the sample (known by its id before it loads), which cannot be changed.
        keepSsn={
          local || props.caseId === SAMPLE_CASE.id || state.report?.isSample
            ? undefined
            : { checked: !!state.report?.keepSsn, busy: !state.report || state.recalculating || loading, onChange: (keep) => void state.setKeepSsn(keep, deps) }
        }
      />

      {fixing && chosen && chosen.id === fixing ? (
        <FixList target={chosen} level={level} busy={state.exporting} onDownload={() => void onExport()} onCancel={() => setFixing(null)} />
      ) : null}

      {summary.length ? (
        <p className="summary" part="summary">
          {summary.join(' ')}
        </p>
      ) : loading ? (
        // The summary's room, kept while loading, so the cards do not move when it arrives.
        <span className="summary skeleton skeleton-summary" part="skeleton" aria-hidden="true" />
      ) : null}
      {local && report ? (
        <p className="message message-info private-note" part="private-note" role="note">
          {REPORT_LABELS.privateOnly}
        </p>
      ) : null}
      {report && !local ? (
        <ReadingNotice
          report={report}
          busy={state.recalculating}
          forgotten={forgotten}
          onAutomatic={() => void state.applyReading({}, deps)}
          onForget={() => {
            forgetReading(headersByFile(report));
            setForgotten(true);
          }}
        />
      ) : null}
      {state.recalculating ? (
        <p className="message message-info" role="status" part="recalculating">
          <Spinner />
          Recalculating with your reading...
        </p>
      ) : null}

      <FigureCards
        report={report}
        level={level}
        perFile={several && state.selected === ALL_FILES}
        recalculating={state.recalculating}
        topologyUrl={props.topologyUrl}
        notCountedToggle={notCounted ? <NotCountedToggle notCounted={notCounted} open={notCountedOpen} controls={notCountedId} onToggle={toggleNotCounted} /> : null}
      />
      {notCounted && notCountedOpen ? <NotCountedPanel id={notCountedId} notCounted={notCounted} level={level} onClose={closeNotCounted} focusRequest={notCountedFocus} /> : null}
      {report && (!local || localFile) ? <MembersToggle count={report.membersFound} open={membersOpen} controls={membersId} onToggle={() => (membersOpen ? closeMembers() : setMembersOpen(true))} /> : null}
      {report && membersOpen ? (
        <MembersPanel
          id={membersId}
          level={level}
          onClose={closeMembers}
          table={{
            holder: membersHolder,
            loadKey: `${local ? 'private' : props.caseId}\u0000${state.selected}\u0000${state.target}\u0000${reportKeyOf(report)}`,
            // Private mode: the same table, made in the engine worker (nothing asked of the API).
            fetch: local
              ? () => state.localMembers(deps)
              : () => deps.client.getCensusMembers(props.caseId!, state.selected || undefined, state.target === 'clean' ? undefined : state.target),
            editable: !report.isSample,
            recalculating: state.recalculating,
            recalcError: state.recalcError,
            readingIsYours: !!report.reading && report.reading.source !== 'automatic',
            standing: standingHandEdits(report, state.handEdits),
            onApply: (parts) => {
              setAppliedFrom({ view: state.selected, lives: report.totalLives });
              void state.applyReading({ ...readingToSend(report, emptyDraft()), ...parts }, deps);
            },
            onAutomatic: () => void state.applyReading({}, deps),
          }}
        />
      ) : null}
      {/* Below the cards: rows that arrive with the report must not push the figures down as they load
          (the site keeps its layout shift under 0.1). */}
      {report && (!local || localFile) && !report.isSample && report.asOf ? <AsOfControl asOf={report.asOf} state={state} deps={deps} /> : null}
      {report && !local && !report.isSample ? <AddFile state={state} deps={deps} disabled={loading || state.recalculating} /> : null}
      {/* The review notice sits with the panel its button opens, not above the cards: it arrives with
          the report, and above the cards it pushed every figure down (layout shift, issue 21). */}
      {report ? <ReviewNotice report={report} level={level} onOpen={openReading} /> : null}
      {report ? (
        <ReadingPanel
          report={report}
          level={level}
          open={readingOpen}
          onToggle={setReadingOpen}
          focusSignal={focusSignal}
          recalculating={state.recalculating}
          recalcError={state.recalcError}
          canRemember={!report.isSample && !local}
          locked={local && !localFile ? REPORT_LABELS.privateNoApply : undefined}
          appliedFrom={appliedFrom?.view === state.selected ? appliedFrom.lives : null}
          onApply={(reading, remember) => {
            if (remember) saveReading(reading, headersByFile(report));
            setForgotten(false);
            setAppliedFrom({ view: state.selected, lives: report.totalLives });
            void state.applyReading(reading, deps);
          }}
        />
      ) : null}

      {props.noDelete || loading || (local && !localFile) ? null : (
        <div className="danger-zone">
          <button type="button" className="button secondary" part="button delete-button" disabled={state.deleting} onClick={() => void onDelete()}>
            {state.deleting ? <Spinner /> : null}
            {M.deleteReport}
          </button>
        </div>
      )}
    </div>
  );
}


