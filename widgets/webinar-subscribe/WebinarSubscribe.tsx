/**
 * <webinar-subscribe> as a React component (rendered by Preact in the bundle).
 * The element's public API is documented in ./index.ts; the state and the submit flow in ./store.ts.
 */
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { createApiClient } from '../../shared/api/client';
import { MESSAGES } from '../../shared/messages';
import { resolveApiBases } from '../internal/config';
import { emit, hostOf } from '../internal/emit';
import { Heading, Honeypot, Message, Spinner, TickIcon } from '../internal/form';
import { LABELS } from '../internal/labels';
import { useOwnStore, useStore } from '../internal/store';
import { DEFAULTS, type WebinarSubscribeEvents } from './meta';
import { createWebinarStore, submitWebinar, type WebinarStore } from './store';

export interface WebinarSubscribeProps {
  apiBase?: string;
  heading?: string;
  headingLevel?: number;
  noHeading?: boolean;
  placeholder?: string;
  mailingListType?: string;
  mailingListIdentifier?: string;
  disabled?: boolean;
  store?: WebinarStore;
  /** Given by defineWidget: the node rendered into, inside the element's shadow root. */
  container?: Node;
}

export function WebinarSubscribe(props: WebinarSubscribeProps) {
  const store = useOwnStore(props.store, createWebinarStore);
  const { email, website, error, status, setEmail, setWebsite } = useStore(store);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const focusSuccess = useRef(false);

  const submitting = status === 'submitting';
  const disabled = !!props.disabled;
  const headingId = `${id}-heading`;
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    // The form (and the focused button) is replaced by the success panel: move focus there.
    if (status === 'success' && focusSuccess.current) successRef.current?.focus();
    focusSuccess.current = false;
  }, [status]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled) return;
    const root = rootRef.current;
    const active = root ? (root.getRootNode() as Document | ShadowRoot).activeElement : null;
    const hadFocus = !!root && !!active && root.contains(active);
    const list = {
      mailingListType: props.mailingListType ?? DEFAULTS.mailingListType,
      mailingListIdentifier: props.mailingListIdentifier ?? DEFAULTS.mailingListIdentifier,
    };
    const { apiBase } = resolveApiBases({ apiBase: props.apiBase });
    focusSuccess.current = hadFocus;
    const result = await submitWebinar(store, createApiClient({ apiBase }), list);
    const host = root ? hostOf(root) : null;
    if (result.kind === 'invalid') {
      inputRef.current?.focus();
    } else if (result.kind === 'success') {
      if (host) emit<WebinarSubscribeEvents, 'webinar-subscribe-success'>(host, 'webinar-subscribe-success', { email: result.email, ...list });
    } else if (result.kind === 'error') {
      const proceed = host
        ? emit<WebinarSubscribeEvents, 'webinar-subscribe-error'>(
            host,
            'webinar-subscribe-error',
            { status: result.status, message: result.message },
            { cancelable: true },
          )
        : true;
      if (proceed) window.alert(result.message);
    }
  }

  const showHeading = !props.noHeading;
  return (
    <div className="card" part="base" ref={rootRef}>
      {showHeading ? (
        <Heading level={props.headingLevel ?? DEFAULTS.headingLevel} id={headingId}>
          {props.heading ?? DEFAULTS.heading}
        </Heading>
      ) : null}
      <div className="status" aria-live="polite">
        {status === 'success' ? (
          <div className="success" part="success" ref={successRef} tabIndex={-1}>
            <TickIcon part="success-icon" />
            <p className="success-text">{MESSAGES.webinar.success}</p>
          </div>
        ) : null}
      </div>
      {status === 'success' ? null : (
        <form
          className="form"
          part="form"
          noValidate
          aria-labelledby={showHeading ? headingId : undefined}
          aria-busy={submitting || undefined}
          onSubmit={onSubmit}
        >
          <div className="field">
            <label className="label" part="label" htmlFor={inputId}>
              {LABELS.email}
            </label>
            {/* input, messages, button in DOM order; the grid puts the button beside the input on
                wide cards and under the messages on narrow ones, keeping messages beneath the field */}
            <div className="inline">
              <input
                ref={inputRef}
                id={inputId}
                className="input"
                part="input"
                type="email"
                name="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                aria-required="true"
                placeholder={props.placeholder ?? DEFAULTS.placeholder}
                value={email}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${errorId} ${hintId}` : undefined}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              {error ? (
                <div className="messages">
                  <p className="error" part="error" id={errorId}>
                    {error}
                  </p>
                  <p className="error error-hint" part="hint" id={hintId}>
                    {MESSAGES.webinar.correctEmail}
                  </p>
                </div>
              ) : null}
              <button
                className="button"
                part="button"
                type="submit"
                disabled={submitting || disabled}
                aria-busy={submitting || undefined}
              >
                {submitting ? <Spinner /> : null}
                {LABELS.submit}
              </button>
            </div>
          </div>
          <Honeypot id={`${id}-website`} value={website} onValue={setWebsite} />
          {status === 'error' ? <Message kind="error">{MESSAGES.webinar.failure}</Message> : null}
        </form>
      )}
    </div>
  );
}
