/**
 * <census-report> as a React component (rendered by Preact in the bundle).
 * The element's public API is ./meta.ts; the state and the calls live in ./store.ts. The charts are
 * the chart elements' components, rendered in this shadow root (their CSS is part of ours).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createApiClient } from '../../shared/api/client';
import type { CensusReading, CensusReport as Report } from '../../shared/census/report';
import { MESSAGES } from '../../shared/messages';
import { CategoryBarChart } from '../category-bar-chart/CategoryBarChart';
import { GenderDoughnut } from '../gender-doughnut/GenderDoughnut';
import { resolveApiBases } from '../internal/config';
import { emit, hostOf } from '../internal/emit';
import { Spinner } from '../internal/form';
import { formatCount } from '../internal/format';
import { useOwnStore, useStore } from '../internal/store';
import { UsStateMap } from '../us-state-map/UsStateMap';
import { DEFAULTS } from './meta';
import { AddFile } from './AddFile';
import { AsOfControl } from './AsOfControl';
import { asReading, findSaved, forgetReading, loadSaved, saveReading } from '../internal/saved-readings';
import { headersByFile, type ReportWithReading } from './draft';
import { ReadingNotice, ReadingPanel, ReviewFlag, ReviewNotice } from './ReadingPanel';
import { FixList, TargetSelect } from './targets';
import { NotCountedPanel, NotCountedToggle } from './not-counted/NotCounted';
import { asOfSentence, countsSentence, genderSentence, livesSentence, readSentence, relationshipSplit, tierRows } from './summary';
import {
  ALL_FILES,
  createCensusReportStore,
  type CensusReportDeps,
  type CensusReportEvents,
  type CensusReportStore,
} from './store';
import { H } from './heading';

const M = MESSAGES.census;

/** Captions the spec names without spelling out (ours), and the spec's card titles. */
export const REPORT_LABELS = {
  title: 'Census report',
  files: 'Processed files',
  allFiles: M.allFiles,
  export: M.export,
  ...M.cards,
  reading: M.howWeRead,
  tryAgain: 'Try again',
  tiers: 'Coverage tiers',
  gone: 'This report has expired or was deleted, so it cannot be shown again. Upload the file again to see its figures.',
  parseAnother: 'Parse another file',
  loading: 'Loading the report...',
  footnote: (excluded: number, retired: number) =>
    `Not counted: ${formatCount(excluded)} excluded (terminated, waived or deceased) and ${formatCount(retired)} retired.`,
} as const;

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
  depsRef.current ??= {
    get pollMs() {
      const ms = Number(propsRef.current.pollInterval);
      return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULTS.pollInterval;
    },
    get client() {
      const p = propsRef.current;
      return createApiClient(resolveApiBases({ apiBase: p.apiBase, censusApiBase: p.censusApiBase }));
    },
    emit<K extends keyof CensusReportEvents>(name: K, detail: CensusReportEvents[K], cancelable?: boolean) {
      const root = rootRef.current;
      return root ? emit<CensusReportEvents, K>(hostOf(root), name, detail, { cancelable }) : true;
    },
  };
  const deps = depsRef.current;

  useEffect(() => {
    if (props.caseId && props.caseId !== store.getState().caseId) void store.getState().load(props.caseId, deps);
  }, [props.caseId, store, deps]);

  // A report read automatically whose file has headers the visitor saved choices for (a workbook:
  // <census-parser> sends saved choices with the upload only for text files): apply them once.
  const [forgotten, setForgotten] = useState(false);
  /** The lives of the view (all files or one) when Apply was pressed, for the panel's 'was N'. */
  const [appliedFrom, setAppliedFrom] = useState<{ view: string; lives: number } | null>(null);
  const autoReport = state.status === 'loaded' ? (state.report as ReportWithReading | null) : null;
  useEffect(() => {
    const r = autoReport;
    if (!r || !props.caseId || (state.selected !== ALL_FILES && state.files.length > 1)) return;
    // The sample case is read-only (the API refuses a reading for it).
    if (r.isSample || (r.reading?.source ?? 'automatic') !== 'automatic' || autoApplied.has(props.caseId)) return;
    if (!loadSaved().length) return;
    const reading: CensusReading = { columns: [], sheets: [] };
    let savedOn = '';
    for (const [file, headers] of headersByFile(r)) {
      const hit = findSaved(headers);
      if (!hit) continue;
      const part = asReading(hit, file);
      reading.columns!.push(...(part.columns ?? []));
      reading.sheets!.push(...(part.sheets ?? []));
      if (part.codes?.length) (reading.codes ??= []).push(...part.codes);
      savedOn = savedOn > hit.savedOn ? savedOn : hit.savedOn;
    }
    if (!savedOn) return;
    markAutoApplied(props.caseId);
    void store.getState().applyReading(reading, deps, savedOn);
  }, [autoReport, props.caseId, store, deps, state.selected, state.files.length]);

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
    if (chosen && !chosen.ready) {
      setFixing(chosen.id);
      return;
    }
    void onExport();
  };
  const onExport = async () => {
    setFixing(null);
    const url = await state.exportFile(deps);
    if (!url) {
      window.alert(M.exportFailed);
      return;
    }
    // The signed URL answers with Content-Disposition: attachment, so this downloads, not navigates.
    const a = document.createElement('a');
    a.href = url;
    a.download = '';
    a.rel = 'noopener';
    (rootRef.current ?? document.body).append(a);
    a.click();
    a.remove();
  };
  const onDelete = async () => {
    if (!window.confirm(M.deleteConfirm)) return;
    if (!(await state.remove(deps))) window.alert(M.deleteFailed);
  };

  if (!props.caseId) {
    return (
      <div ref={rootRef} className="report" part="base">
        <p className="hint">{MESSAGES.census.noData}</p>
      </div>
    );
  }

  if (state.status === 'error') {
    return (
      <div ref={rootRef} className="report" part="base">
        <div className="error-page" part="error" role="alert">
          <p className="error-title">{M.somethingWentWrong}</p>
          <button type="button" className="button" part="button" onClick={() => void state.load(props.caseId!, deps)}>
            {REPORT_LABELS.tryAgain}
          </button>
          {state.runFailed ? (
            // The last run failed (perhaps with a corrected reading): the automatic reading may still work.
            <button type="button" className="button secondary" part="button" disabled={state.recalculating} onClick={() => void state.applyReading({}, deps)}>
              {state.recalculating ? <Spinner /> : null}
              Back to the automatic reading
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  if (state.status === 'gone') {
    return (
      <div ref={rootRef} className="report" part="base">
        <div className="error-page" part="error" role="alert">
          <p className="error-title">{M.somethingWentWrong}</p>
          <p className="error-text">{REPORT_LABELS.gone}</p>
          <a className="button" part="button" href={props.uploadUrl || DEFAULTS.uploadUrl}>
            {REPORT_LABELS.parseAnother}
          </a>
        </div>
      </div>
    );
  }

  if (state.status === 'deleted') {
    return (
      <div ref={rootRef} className="report" part="base">
        <p className="message message-success" role="status">
          {M.deleted}
        </p>
      </div>
    );
  }

  const report = (state.status === 'loaded' ? state.report : null) as ReportWithReading | null;
  const loading = !report;
  const several = state.files.length > 1;
  const tiers = report ? tierRows(report as Report) : [];
  // 5 or 6 cards before the map: with 5 the fifth (Tenure) spans two columns so no slot stays empty,
  // and every card keeps its place when a Coverage tiers card arrives after the skeletons.
  const cards = tiers.length ? 6 : 5;
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
  const openReading = () => {
    setReadingOpen(true);
    setFocusSignal((n) => n + 1);
  };

  return (
    <div ref={rootRef} className="report" part="base" aria-busy={loading || undefined}>
      <p className="visually-hidden" aria-live="polite">
        {loading ? REPORT_LABELS.loading : ''}
      </p>
      <div className="toolbar" part="toolbar">
        <H level={titleLevel} className="title">
          {REPORT_LABELS.title}
        </H>
        <div className="controls">
          <label className="label" htmlFor={`${id}-files`}>
            {REPORT_LABELS.files}
          </label>
          <select
            id={`${id}-files`}
            className="input select"
            part="select"
            value={state.selected}
            disabled={!state.files.length}
            onChange={(e) => void state.selectFile(e.currentTarget.value, deps)}
          >
            {several ? <option value={ALL_FILES}>{REPORT_LABELS.allFiles}</option> : null}
            {state.files.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
          <TargetSelect
            id={`${id}-target`}
            value={state.target}
            readiness={state.readiness}
            disabled={loading}
            onChange={(t) => {
              state.setTarget(t);
              setFixing(null);
            }}
          />
          <button
            type="button"
            className="button"
            part="button"
            disabled={loading || state.exporting}
            aria-busy={state.exporting || undefined}
            onClick={onExportClick}
          >
            {state.exporting ? <Spinner /> : null}
            {REPORT_LABELS.export}
          </button>
        </div>
      </div>

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
      {report ? (
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

      <div className={`grid cards-${cards}`} aria-busy={state.recalculating || undefined}>
        <Card title={REPORT_LABELS.totalLives} level={level} loading={loading} lives>
          {report ? (
            <Lives report={report as Report} several={several && state.selected === ALL_FILES}>
              <ReviewFlag report={report} />
              {notCounted ? <NotCountedToggle notCounted={notCounted} open={notCountedOpen} controls={notCountedId} onToggle={toggleNotCounted} /> : null}
            </Lives>
          ) : null}
        </Card>
        <Card title={REPORT_LABELS.gender} level={level} loading={loading} noted note={report ? genderSentence(report as Report) : null}>
          {report ? <GenderDoughnut data={report.genderRatio} label={REPORT_LABELS.gender} /> : null}
        </Card>
        <Card title={REPORT_LABELS.age} level={level} loading={loading} noted note={report ? countsSentence(report as Report, 'age') : null}>
          {report ? <CategoryBarChart data={report.ageBand as Record<string, number>} label={REPORT_LABELS.age} /> : null}
        </Card>
        <Card title={REPORT_LABELS.salary} level={level} loading={loading} noted note={report ? countsSentence(report as Report, 'salary') : null}>
          {report ? <CategoryBarChart data={report.salaryBand as Record<string, number>} label={REPORT_LABELS.salary} variant="half" /> : null}
        </Card>
        <Card title={REPORT_LABELS.tenure} level={level} loading={loading} noted note={report ? countsSentence(report as Report, 'tenure') : null}>
          {report ? <CategoryBarChart data={report.tenure as Record<string, number>} label={REPORT_LABELS.tenure} /> : null}
        </Card>
        {tiers.length ? (
          <Card title={REPORT_LABELS.tiers} level={level} loading={loading} note="Employees counted as lives or waived, by the coverage they chose.">
            <Tiers rows={tiers} />
          </Card>
        ) : null}
        <Card title={REPORT_LABELS.distribution} level={level} loading={loading} wide>
          {report ? <UsStateMap data={report.demographics} label={REPORT_LABELS.distribution} topologyUrl={props.topologyUrl} unit="lives" /> : null}
        </Card>
      </div>

      {notCounted && notCountedOpen ? <NotCountedPanel id={notCountedId} notCounted={notCounted} level={level} onClose={closeNotCounted} focusRequest={notCountedFocus} /> : null}
      {/* Below the cards: rows that arrive with the report must not push the figures down as they load
          (the site keeps its layout shift under 0.1). */}
      {report && !report.isSample && report.asOf ? <AsOfControl asOf={report.asOf} state={state} deps={deps} /> : null}
      {report && !report.isSample ? <AddFile state={state} deps={deps} disabled={loading || state.recalculating} /> : null}
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
          canRemember={!report.isSample}
          appliedFrom={appliedFrom?.view === state.selected ? appliedFrom.lives : null}
          onApply={(reading, remember) => {
            if (remember) saveReading(reading, headersByFile(report));
            setForgotten(false);
            setAppliedFrom({ view: state.selected, lives: report.totalLives });
            void state.applyReading(reading, deps);
          }}
        />
      ) : null}

      {props.noDelete || loading ? null : (
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

/**
 * Cases whose saved choices were applied automatically in this tab: never twice, so that 'Back to
 * the automatic reading' sticks. Kept as short hashes (not the case ids, which open the report) in
 * sessionStorage, which ends with the tab.
 */
const AUTO_KEY = 'benefold:census-readings:applied';
const autoHash = (id: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
};
const autoApplied = {
  has(caseId: string): boolean {
    try {
      return (sessionStorage.getItem(AUTO_KEY) ?? '').split(' ').includes(autoHash(caseId));
    } catch {
      return true; // no storage: never apply on our own
    }
  },
};
function markAutoApplied(caseId: string): void {
  try {
    const list = (sessionStorage.getItem(AUTO_KEY) ?? '').split(' ').filter(Boolean).slice(-50);
    sessionStorage.setItem(AUTO_KEY, [...list, autoHash(caseId)].join(' '));
  } catch {
    /* blocked */
  }
}

/** Literal part names (tests/widgets/manifest.test.ts reads them from the source). */
const CARD_PARTS = { plain: { part: 'card' }, lives: { part: 'card card-lives' } } as const;

function Card({
  title,
  level,
  loading,
  children,
  wide,
  lives,
  note,
  noted,
}: {
  title: string;
  level: number;
  loading: boolean;
  children: ReactNode;
  wide?: boolean;
  lives?: boolean;
  /** What the card counts, under its title. */
  note?: string | null;
  /** The card has a note line: its room is kept while loading and when the file has no such data. */
  noted?: boolean;
}) {
  return (
    <section className={`card tile${wide ? ' wide' : ''}${lives ? ' tile-lives' : ''}`} {...(lives ? CARD_PARTS.lives : CARD_PARTS.plain)}>
      <H level={level} className="tile-title">
        {title}
      </H>
      {note && !loading ? (
        <p className="tile-note" part="card-note">
          {note}
        </p>
      ) : noted ? (
        <span className="tile-note tile-note-empty" aria-hidden="true" />
      ) : null}
      {loading ? <span className={lives ? 'skeleton skeleton-figure' : 'skeleton skeleton-chart'} part="skeleton" aria-hidden="true" /> : children}
    </section>
  );
}

/** children: the 'Not counted (N)' toggle, under the footnote it details. */
function Lives({ report, several, children }: { report: Report; several: boolean; children?: ReactNode }) {
  const { retired, excluded } = report.livesAdditionalInfo ?? { retired: 0, excluded: 0 };
  const split = relationshipSplit(report);
  return (
    <div className="lives">
      <p className="total" part="total">
        {formatCount(report.totalLives)}
      </p>
      {excluded > 0 && retired > 0 ? (
        <p className="footnote" part="footnote">
          {REPORT_LABELS.footnote(excluded, retired)}
        </p>
      ) : null}
      {children}
      {split.length ? (
        <ul className="split" part="split" aria-label="Lives by relationship">
          {split.map(([name, count]) => (
            <li key={name}>
              <span>{name}</span>
              <span className="split-count">{formatCount(count)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {several ? (
        <ul className="per-file">
          {report.livesPerFile.map((f) => (
            <li key={f.smtpId || f.fileName}>
              <span className="per-file-name">{f.fileName}</span>
              <span className="per-file-lives">{formatCount(f.lives)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The coverage tiers as a list with counts and shares (no chart: five rows read better as text). */
function Tiers({ rows }: { rows: ReturnType<typeof tierRows> }) {
  return (
    <ul className="tiers" part="tiers">
      {rows.map((r) => (
        <li key={r.tier} className="tier">
          <span className="tier-name">
            {r.name}
            {r.tier === 'waived' ? null : <span className="muted"> ({r.tier})</span>}
          </span>
          <span className="tier-count">{formatCount(r.count)}</span>
          <span className="tier-share muted">{r.share}%</span>
          <span className={`tier-bar w${Math.round(r.share / 5) * 5}`} aria-hidden="true" />
        </li>
      ))}
    </ul>
  );
}
