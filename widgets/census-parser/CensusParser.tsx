/**
 * <census-parser> as a React component (rendered by Preact in the bundle).
 * The element's public API is ./meta.ts; the state and the whole flow live in ./store.ts.
 */
import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { createApiClient } from '../../shared/api/client';
import { stepIndex, TRACKER_STEPS } from '../../shared/census/status';
import { CENSUS_UPLOAD } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { resolveApiBases } from '../internal/config';
import { emit, hostOf } from '../internal/emit';
import { KEEP_SSN_LABELS } from '../internal/keep-ssn';
import { Spinner, TickIcon } from '../internal/form';
import { qrPath } from '../internal/qr';
import { useOwnStore, useStore } from '../internal/store';
import { CopyIcon, FileIcon, SadFace, UploadIcon } from './icons';
import { PARSER_LABELS } from './labels';
import { DEFAULTS } from './meta';
import { startEngineWorker } from '../internal/engine-client';
import {
  createCensusParserStore,
  fillTemplate,
  type CensusPrivateResult,
  type PrivateHandOver,
  type CensusParserDeps,
  type CensusParserEvents,
  type CensusParserActions,
  type CensusParserState,
  type CensusParserStore,
} from './store';

const M = MESSAGES.census;

export { PARSER_LABELS };

export interface CensusParserProps {
  apiBase?: string;
  censusApiBase?: string;
  reportUrl?: string;
  pollInterval?: number;
  intakeEmail?: string;
  noHeavyLifting?: boolean;
  /** Private mode (issue 29): the file is analysed in a worker in the page, never uploaded. */
  private?: boolean;
  /** 'dark' (default) or 'light'; read by the CSS through the host attribute. */
  theme?: string;
  store?: CensusParserStore;
  container?: Node;
}

export function CensusParser(props: CensusParserProps) {
  const store = useOwnStore(props.store, createCensusParserStore);
  const state = useStore(store);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);

  // Read at each call, so attribute changes apply at once.
  const propsRef = useRef(props);
  propsRef.current = props;
  const depsRef = useRef<CensusParserDeps | null>(null);
  depsRef.current ??= {
    get client() {
      const p = propsRef.current;
      const { censusApiBase } = resolveApiBases({ apiBase: p.apiBase, censusApiBase: p.censusApiBase });
      return createApiClient({ censusApiBase });
    },
    emit<K extends keyof CensusParserEvents>(name: K, detail: CensusParserEvents[K], cancelable?: boolean) {
      const root = rootRef.current;
      if (!root) return true;
      return emit<CensusParserEvents, K>(hostOf(root), name, detail, { cancelable });
    },
    reportUrl(caseId: string) {
      const p = propsRef.current;
      // A report-url of the page's own resolves against the page; without one, the report is ours
      // and opens on the census API's origin (which serves /tools/census/{caseId}), so a partner
      // page that leaves the attribute out never sends the visitor to its own 404 (issue 21).
      const own = p.reportUrl;
      const filled = fillTemplate(own || DEFAULTS.reportUrl, caseId);
      const base = own ? document.baseURI : resolveApiBases({ apiBase: p.apiBase, censusApiBase: p.censusApiBase }).censusApiBase || document.baseURI;
      try {
        return new URL(filled, new URL(base, document.baseURI)).href;
      } catch {
        return filled;
      }
    },
    navigate(url: string) {
      window.location.assign(url);
    },
    get pollIntervalMs() {
      const n = propsRef.current.pollInterval;
      return typeof n === 'number' && n > 0 ? n : DEFAULTS.pollInterval;
    },
    get privateMode() {
      return !!propsRef.current.private;
    },
    engine: () => startEngineWorker(),
    handOver(result: PrivateHandOver) {
      const root = rootRef.current;
      const host = root ? hostOf(root) : null;
      // A <census-report private-result> beside the parser (same document or shadow root) shows it in place.
      const scope = (host?.getRootNode() as Document | ShadowRoot | undefined) ?? document;
      const report = scope.querySelector?.('census-report[private-result]') ?? document.querySelector('census-report[private-result]');
      if (report) {
        (report as HTMLElement & { result?: CensusPrivateResult }).result = result;
        return true;
      }
      // The event carries the result, not the worker (stopped by the caller). With a report-url of
      // this origin its default action opens that page, which reads this tab's encrypted copy
      // (../internal/private-handoff.ts: loaded only then; the new page analyses the file again).
      const { engine: _engine, ...detail } = result;
      const own = propsRef.current.reportUrl;
      const url = own ? new URL(fillTemplate(own, 'private'), document.baseURI) : null;
      const sameOrigin = !!url && url.origin === window.location.origin;
      if (url && !sameOrigin) console.error(`Benefold: ${PARSER_LABELS.privateOtherOrigin}`);
      if (this.emit('census-private-result', detail, sameOrigin) && sameOrigin && url) {
        void import('../internal/private-handoff')
          .then((m) => {
            if (!m.canHandOver()) throw new Error(PARSER_LABELS.privateNoHandOver);
            return m.handOverAndOpen(detail, url.href);
          })
          .catch((err) => {
            console.error('Benefold: the private report could not be handed to report-url.', err);
            store.getState().handOverFailed(this, err instanceof Error ? err.message : null);
          });
      }
      return false;
    },
  };
  const deps = depsRef.current;

  useEffect(() => {
    store.getState().resume(deps);
    return () => store.getState().dispose();
  }, [store, deps]);

  // Ask the API once per origin it lives on whether this page may use it: a refused origin is said
  // when the element loads, not after a visitor picked a file (issue 21).
  const [originRefused, setOriginRefused] = useState<string | null>(null);
  const { censusApiBase } = resolveApiBases({ apiBase: props.apiBase, censusApiBase: props.censusApiBase });
  useEffect(() => {
    // Private mode needs no API: nothing is asked, nothing is sent.
    if (props.private) return;
    let live = true;
    void createApiClient({ censusApiBase })
      .checkOrigin()
      .then((answer) => {
        if (!live) return;
        const origin = window.location.origin;
        setOriginRefused(answer === 'refused' ? origin : null);
        if (answer === 'refused') console.error(`Benefold: ${PARSER_LABELS.originRefused(origin)}`);
      });
    return () => {
      live = false;
    };
  }, [censusApiBase, props.private]);

  const openPicker = () => inputRef.current?.click();
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openPicker();
    }
  };
  const onDragEnter = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    dragDepth.current++;
    state.setDragging(true);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    if (!store.getState().dragging) state.setDragging(true);
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) state.setDragging(false);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    dragDepth.current = 0;
    // Only the first dropped file is used (spec section 5); the others are counted, to be said.
    const files = e.dataTransfer?.files;
    state.selectFile(files?.[0] ?? null, deps, files ? files.length - 1 : 0);
  };
  const onPicked = () => {
    const input = inputRef.current;
    const file = input?.files?.[0] ?? null;
    state.selectFile(file, deps);
    if (input) input.value = ''; // picking the same file again must fire change again
  };

  const { phase } = state;
  const intakeEmail = props.intakeEmail || DEFAULTS.intakeEmail;

  return (
    <div ref={rootRef}>
      <div className="card" part="base">
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement(state)}
        </p>
        {originRefused ? (
          <p className="origin-refused" part="notice origin-refused" role="alert">
            {PARSER_LABELS.originRefused(originRefused)}
          </p>
        ) : null}
        {phase === 'idle' ? (
          <div className="stack">
            <div
              className="drop"
              part="drop-area"
              role="button"
              tabIndex={0}
              aria-describedby={`${id}-hint${props.private ? '' : ` ${id}-hint-documents`}${state.notice ? ` ${id}-notice` : ''}`}
              data-dragging={state.dragging ? '' : undefined}
              onClick={openPicker}
              onKeyDown={onKeyDown}
              onDragEnter={onDragEnter}
              onDragOver={onDragOver}
              onDragLeave={onDragLeave}
              onDrop={onDrop}
            >
              <UploadIcon />
              <span className="drop-text">
                {state.dragging ? (
                  M.dropActive
                ) : (
                  <>
                    {M.dropPrompt.replace(/Browse$/, '')}
                    <span className="browse" part="browse">
                      {PARSER_LABELS.browse}
                    </span>
                  </>
                )}
              </span>
              <span className="hint" part="hint" id={`${id}-hint`}>
                {M.supported}
              </span>
              {props.private ? null : (
                <span className="hint" part="hint hint-documents" id={`${id}-hint-documents`}>
                  {PARSER_LABELS.supportedDocuments}
                </span>
              )}
            </div>
            <input ref={inputRef} type="file" accept={ACCEPT} hidden tabIndex={-1} onChange={onPicked} />
            {state.notice ? (
              <p className="notice" part="notice" id={`${id}-notice`} role="alert">
                {state.notice}
              </p>
            ) : null}
            {props.private ? (
              <p className="hint private-note" part="private-note">
                {PARSER_LABELS.privateIdle}
              </p>
            ) : null}
            {props.private ? null : <div className="keep-ssn" part="keep-ssn">
              <input
                id={`${id}-keep-ssn`}
                type="checkbox"
                part="keep-ssn-checkbox"
                checked={state.keepSsn}
                aria-describedby={`${id}-keep-ssn-hint`}
                onChange={(e) => state.setKeepSsn(e.currentTarget.checked)}
              />
              <label htmlFor={`${id}-keep-ssn`}>{KEEP_SSN_LABELS.label}</label>
              <p className="hint" id={`${id}-keep-ssn-hint`}>
                {KEEP_SSN_LABELS.hint}
              </p>
            </div>}
          </div>
        ) : null}

        {phase === 'uploading' || phase === 'processing' || phase === 'completed' || phase === 'password' ? (
          <div className="processing">
            {state.file ? (
              <div className="file" part="file">
                <FileIcon kind={state.file.kind} />
                <div className="file-text">
                  <span className="file-name" title={state.file.name}>
                    {state.file.name}
                  </span>
                  <span className={phase === 'completed' ? 'file-state ready' : 'file-state'}>
                    {phase === 'uploading' ? M.uploading : phase === 'password' ? '' : phase === 'completed' ? (state.completedNote ?? PARSER_LABELS.completed) : M.processing}
                  </span>
                </div>
              </div>
            ) : null}
            {state.otherFiles > 0 && state.file ? (
              <p className="other-files" part="notice">
                {PARSER_LABELS.otherFiles(state.file.name, state.otherFiles)}
              </p>
            ) : null}
            {phase === 'uploading' ? <UploadProgress id={id} progress={state.progress} /> : null}
            {phase === 'processing' || phase === 'completed' ? <Tracker status={state.status} /> : null}
            {phase === 'completed' && state.reportUrl ? (
              <p className="done-line">
                <a className="link" part="report-link" href={state.reportUrl}>
                  {PARSER_LABELS.openReport}
                </a>
              </p>
            ) : null}
            {phase === 'password' ? <PasswordForm id={id} state={state} store={store} deps={deps} /> : null}
            {phase === 'completed' && props.private ? (
              <p className="done-line" role="status">
                {PARSER_LABELS.privateDone}
              </p>
            ) : null}
            {props.private && (phase === 'processing' || phase === 'completed') ? <PrivateNote /> : null}
            {phase === 'processing' && !props.private ? (
              <ContactForm
                id={`${id}-notify`}
                kind="notify"
                heading={M.notifyHeading}
                intro={M.notifyIntro}
                state={state}
                store={store}
                deps={deps}
              />
            ) : null}
          </div>
        ) : null}

        {phase === 'error' ? (
          <div className="error-view" part="error">
            <SadFace />
            <p className="error-title" role="alert">
              {state.error}
            </p>
            {state.error === M.statusError ? <p className="error-text">{M.trackerError}</p> : null}
            {state.errorDetail ? <p className="error-detail">{state.errorDetail}</p> : null}
            <button type="button" className="button" part="button retry" onClick={() => state.reset()}>
              {M.retry}
            </button>
            {props.private ? <PrivateNote /> : null}
          </div>
        ) : null}

        {state.caseId && phase !== 'uploading' ? (
          <ContactForm id={`${id}-help`} kind="help" heading={M.helpHeading} intro={M.helpIntro} state={state} store={store} deps={deps} />
        ) : null}
      </div>

      {props.noHeavyLifting ? null : <HeavyLifting id={id} email={intakeEmail} copied={state.copied} onCopied={state.markCopied} />}
    </div>
  );
}

/** In place of the notify and help forms in private mode: nothing is sent, so no e-mail. */
function PrivateNote() {
  return (
    <p className="subpanel private-note" part="private-note">
      {PARSER_LABELS.privateNoMail}
    </p>
  );
}

/** What the live region says for the current state (errors are role="alert" themselves). */
function announcement(state: CensusParserState): string {
  switch (state.phase) {
    case 'uploading':
      return M.uploading;
    case 'processing': {
      const i = stepIndex(state.status);
      return i >= 0 ? `${M.processing} ${TRACKER_STEPS[i]}` : M.processing;
    }
    case 'completed':
      return `${TRACKER_STEPS[4]}. ${state.completedNote ?? PARSER_LABELS.completed}`;
    case 'password':
      return state.passwordCode === 'password-incorrect' ? M.passwordIncorrect : M.passwordRequired;
    default:
      return '';
  }
}

function UploadProgress({ id, progress }: { id: string; progress: number }) {
  const pct = Math.round(progress * 100);
  return (
    <div className="progress-row">
      <progress
        className="progress"
        part="progress"
        id={`${id}-progress`}
        max={100}
        value={pct}
        aria-label={PARSER_LABELS.progress}
      />
      <span className="progress-pct" aria-hidden="true">
        {pct}%
      </span>
    </div>
  );
}

/** Literal part names (tests/widgets/manifest.test.ts reads them from the source). */
const STEP_PARTS = {
  plain: { part: 'step' },
  reached: { part: 'step step-reached' },
  current: { part: 'step step-reached step-current' },
} as const;
const FORM_PARTS = { notify: { part: 'notify-form' }, help: { part: 'help-form' } } as const;

function Tracker({ status }: { status: CensusParserState['status'] }) {
  const current = stepIndex(status);
  const finished = current === TRACKER_STEPS.length - 1;
  return (
    <ol className="tracker" part="tracker" aria-label={PARSER_LABELS.tracker}>
      {TRACKER_STEPS.map((step, i) => {
        const reached = i <= current;
        const isCurrent = i === current;
        const parts = isCurrent ? STEP_PARTS.current : reached ? STEP_PARTS.reached : STEP_PARTS.plain;
        const classes = [
          'step',
          reached ? 'reached' : '',
          isCurrent ? 'current' : '',
          isCurrent && !finished ? 'pulse' : '',
          reached && (!isCurrent || finished) ? 'done' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={step} className={classes} {...parts} aria-current={isCurrent ? 'step' : undefined}>
            <span className="step-dot" aria-hidden="true" />
            <span>{step}</span>
          </li>
        );
      })}
    </ol>
  );
}

interface FormProps {
  id: string;
  state: CensusParserState & CensusParserActions;
  store: CensusParserStore;
  deps: CensusParserDeps;
}

function ContactForm({ id, kind, heading, intro, state, deps }: FormProps & { kind: 'notify' | 'help'; heading: string; intro: string }) {
  const form = state[kind];
  const sent = form.sentTo !== null;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void state.submitContact(kind, deps);
  };
  const buttonText = kind === 'notify' ? (sent ? PARSER_LABELS.notifiedButton : PARSER_LABELS.notifyButton) : PARSER_LABELS.helpButton;
  return (
    <form className="subpanel" {...FORM_PARTS[kind]} noValidate aria-labelledby={`${id}-heading`} onSubmit={onSubmit}>
      <p className="subheading" id={`${id}-heading`}>
        {heading}
      </p>
      <p className="subintro">{intro}</p>
      <label className="visually-hidden" htmlFor={`${id}-email`}>
        {PARSER_LABELS.email}
      </label>
      <div className="inline">
        <input
          id={`${id}-email`}
          className="input"
          part="input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          placeholder={M.notifyPlaceholder}
          value={form.email}
          readOnly={sent}
          disabled={sent}
          aria-invalid={form.error ? true : undefined}
          aria-describedby={form.error ? `${id}-error` : undefined}
          onChange={(e) => state.setContactEmail(kind, e.currentTarget.value)}
        />
        <button
          type="submit"
          className={sent ? 'button sent' : 'button'}
          part="button"
          disabled={sent || form.sending}
          aria-busy={form.sending || undefined}
        >
          {form.sending ? <Spinner /> : sent ? <TickIcon /> : null}
          {buttonText}
        </button>
      </div>
      {form.error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {form.error}
        </p>
      ) : null}
      {sent ? (
        <p className="sent-line" role="status">
          {kind === 'notify' ? M.notifiedAt : M.helpSent} <strong>{form.sentTo}</strong>
        </p>
      ) : null}
    </form>
  );
}

function PasswordForm({ id, state, deps }: FormProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), [state.passwordCode]);
  const message = state.passwordCode === 'password-incorrect' ? M.passwordIncorrect : M.passwordRequired;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    state.submitPassword(deps);
  };
  return (
    <form className="password" part="password-form" noValidate onSubmit={onSubmit}>
      <p className={state.passwordCode === 'password-incorrect' ? 'error' : 'hint'} id={`${id}-pw-msg`}>
        {message}
      </p>
      <label className="label" htmlFor={`${id}-pw`}>
        {PARSER_LABELS.password}
      </label>
      <div className="inline">
        <input
          ref={inputRef}
          id={`${id}-pw`}
          className="input"
          part="input"
          type="password"
          name="password"
          autoComplete="off"
          aria-describedby={`${id}-pw-msg`}
          aria-invalid={state.passwordCode === 'password-incorrect' || undefined}
          value={state.password}
          onChange={(e) => state.setPassword(e.currentTarget.value)}
        />
        <button type="submit" className="button" part="button" disabled={!state.password}>
          {PARSER_LABELS.unlock}
        </button>
      </div>
      <div className="actions">
        <button type="button" className="button secondary" part="button" onClick={() => state.reset()}>
          {PARSER_LABELS.cancel}
        </button>
      </div>
    </form>
  );
}

function HeavyLifting({ id, email, copied, onCopied }: { id: string; email: string; copied: boolean; onCopied(): void }) {
  const mailto = `mailto:${email}`;
  const qr = useMemo(() => {
    try {
      return qrPath(mailto);
    } catch {
      return null;
    }
  }, [mailto]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      onCopied();
    } catch (err) {
      console.error('Benefold: could not copy the address.', err);
    }
  };
  return (
    <section className="card lower" part="heavy-lifting" aria-labelledby={`${id}-lift`}>
      <div>
        <h2 className="heading" id={`${id}-lift`}>
          {M.heavyLiftingHeading}
        </h2>
        <p className="intro">{M.heavyLiftingIntro}</p>
        <div className="intake">
          <a className="link intake-email" href={mailto}>
            {email}
          </a>
          <button type="button" className={copied ? 'button sent' : 'button'} part="button copy-button" onClick={copy}>
            {copied ? <TickIcon /> : <CopyIcon />}
            {M.copyEmail}
          </button>
          <span className="visually-hidden" aria-live="polite">
            {copied ? M.copied : ''}
          </span>
        </div>
      </div>
      {qr ? (
        <figure className="qr">
          <svg className="qr-code" part="qr" viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={`QR code: ${mailto}`} shapeRendering="crispEdges">
            <path d={qr.d} fill="currentColor" />
          </svg>
          <figcaption>{M.scanQr}</figcaption>
        </figure>
      ) : null}
    </section>
  );
}

/** For the accept attribute and tests. */
export const ACCEPT = CENSUS_UPLOAD.accept;
