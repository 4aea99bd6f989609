/**
 * <case-study-form> as a React component (rendered by Preact in the bundle).
 * The element's public API is documented in ./index.ts; the state and the submit flow in ./store.ts.
 */
import { useId, useLayoutEffect, useRef, type FormEvent } from 'react';
import { createApiClient } from '../../shared/api/client';
import { MESSAGES } from '../../shared/messages';
import { resolveApiBases } from '../internal/config';
import { emit, hostOf } from '../internal/emit';
import { Field, Heading, Honeypot, Message, Spinner } from '../internal/form';
import { LABELS } from '../internal/labels';
import { useOwnStore, useStore } from '../internal/store';
import { DEFAULTS, type CaseStudyFormEvents, type CaseStudyValues } from './meta';
import { createCaseStudyStore, FIELDS, submitCaseStudy, type CaseStudyField, type CaseStudyStore } from './store';

export interface CaseStudyFormProps {
  apiBase?: string;
  caseStudyName?: string;
  heading?: string;
  headingLevel?: number;
  intro?: string;
  noHeading?: boolean;
  noIntro?: boolean;
  disabled?: boolean;
  values?: Partial<CaseStudyValues>;
  /** Given by defineWidget: this element's own store. */
  store?: CaseStudyStore;
  /** Given by defineWidget: the node rendered into, inside the element's shadow root. */
  container?: Node;
}

export function CaseStudyForm(props: CaseStudyFormProps) {
  const store = useOwnStore(props.store, createCaseStudyStore);
  const { values, errors, status, message, setValue, prefill } = useStore(store);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputs = useRef<Partial<Record<CaseStudyField, HTMLInputElement | null>>>({});

  // Layout effect: the prefilled values are there in the same frame (and synchronously in tests).
  useLayoutEffect(() => prefill(props.values), [props.values, prefill]);

  const submitting = status === 'submitting';
  const disabled = !!props.disabled;
  const headingId = `${id}-heading`;
  const showHeading = !props.noHeading;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled) return;
    const { apiBase } = resolveApiBases({ apiBase: props.apiBase });
    const client = createApiClient({ apiBase });
    const result = await submitCaseStudy(store, client, props.caseStudyName ?? DEFAULTS.caseStudyName);
    const host = rootRef.current ? hostOf(rootRef.current) : null;
    if (result.kind === 'invalid') {
      const first = FIELDS.find((f) => result.errors[f]);
      if (first) inputs.current[first]?.focus();
    } else if (result.kind === 'success') {
      if (host) emit<CaseStudyFormEvents, 'case-study-success'>(host, 'case-study-success', { email: result.email });
    } else if (result.kind === 'error') {
      if (host)
        emit<CaseStudyFormEvents, 'case-study-error'>(host, 'case-study-error', {
          status: result.status,
          message: result.message,
        });
    }
  }

  const field = (name: CaseStudyField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    disabled,
    onValue: (v: string) => setValue(name, v),
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
  });

  return (
    <div className="card" part="base" ref={rootRef}>
      {showHeading ? (
        <Heading level={props.headingLevel ?? DEFAULTS.headingLevel} id={headingId}>
          {props.heading ?? DEFAULTS.heading}
        </Heading>
      ) : null}
      {props.noIntro ? null : (
        <p className="intro" part="intro">
          {props.intro ?? DEFAULTS.intro}
        </p>
      )}
      <form
        className="form"
        part="form"
        noValidate
        aria-labelledby={showHeading ? headingId : undefined}
        aria-busy={submitting || undefined}
        onSubmit={onSubmit}
      >
        <div className="row">
          <Field {...field('firstName')} label={LABELS.firstName} autoComplete="given-name" aria-required="true" />
          <Field {...field('lastName')} label={LABELS.lastName} autoComplete="family-name" aria-required="true" />
        </div>
        <Field
          {...field('email')}
          label={LABELS.workEmail}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          aria-required="true"
        />
        <Honeypot id={`${id}-website`} value={values.website} onValue={(v) => setValue('website', v)} />
        <button className="button" part="button" type="submit" disabled={submitting || disabled}>
          {submitting ? (
            <>
              <Spinner />
              {MESSAGES.caseStudy.submitting}
            </>
          ) : (
            LABELS.submit
          )}
        </button>
        <div className="status" aria-live="polite">
          {status === 'success' && message ? <Message kind="success">{message}</Message> : null}
        </div>
        {status === 'error' && message ? <Message kind="error">{message}</Message> : null}
      </form>
    </div>
  );
}
