/**
 * Building blocks shared by the form elements: labelled fields with their error text, the honeypot,
 * the spinner and the status icons. Presentation only; state lives in each element's store.
 */
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { LABELS } from './labels';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  error?: string;
  /** Extra lines under the error (ids are `${id}-hint`). */
  hint?: string;
  onValue(value: string): void;
}

/** A visible label, the input, and the field's error (aria-invalid + aria-describedby). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { id, label, value, error, hint, onValue, className, ...input },
  ref,
) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? (hint ? `${errorId} ${hintId}` : errorId) : undefined;
  return (
    <div className="field" part="field">
      <label className="label" part="label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={ref}
        id={id}
        className={className ? `input ${className}` : 'input'}
        part="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValue(e.currentTarget.value)}
      />
      {error ? (
        <p className="error" part="error" id={errorId}>
          {error}
        </p>
      ) : null}
      {error && hint ? (
        <p className="error error-hint" part="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
});

/**
 * The honeypot: a text field people never see or reach (visually hidden, aria-hidden, out of the
 * tab order, no autofill) and bots fill in. Sent as `website`; the server drops such requests.
 */
export function Honeypot({ id, value, onValue }: { id: string; value: string; onValue(value: string): void }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>{LABELS.honeypot}</label>
      <input
        id={id}
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
      />
    </div>
  );
}

export function Spinner() {
  return <span className="spinner" part="spinner" aria-hidden="true" />;
}

const svgProps = {
  className: 'icon',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function TickIcon({ part }: { part?: string }) {
  return (
    <svg {...svgProps} part={part}>
      <circle cx="12" cy="12" r="10" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </svg>
  );
}

export function AlertIcon() {
  return (
    <svg {...svgProps}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v6M12 16.5v.01" />
    </svg>
  );
}

/** A status message box: success in the polite live region, errors as role="alert". */
export function Message({ kind, children }: { kind: 'success' | 'error'; children: ReactNode }) {
  return kind === 'error' ? (
    <p className="message message-error" part="message message-error" role="alert">
      <AlertIcon />
      <span>{children}</span>
    </p>
  ) : (
    <p className="message message-success" part="message message-success">
      <TickIcon />
      <span>{children}</span>
    </p>
  );
}

/** A heading at a chosen level (1-6, default 2): the embedding page decides its outline. */
export function Heading({ level, id, children }: { level?: number; id?: string; children: ReactNode }) {
  const n = Math.min(6, Math.max(1, Math.round(Number(level) || 2)));
  const Tag = `h${n}` as 'h2';
  return (
    <Tag className="heading" part="heading" id={id}>
      {children}
    </Tag>
  );
}
