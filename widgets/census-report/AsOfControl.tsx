/**
 * 'Ages and tenure as of ...' as a control (issue 21): brokers rate at the plan's effective date,
 * often a coming January 1st, not at the day of the upload. Choosing a date and 'Recalculate' sends
 * PATCH /main/case {asOf}; the case is read again at that date (the reading is kept) and the report
 * reloads. The sample report is read-only: no control there.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Spinner } from '../internal/form';
import type { CensusReportActions, CensusReportDeps, CensusReportState } from './store';

export const AS_OF_LABELS = {
  label: 'Ages and tenure as of',
  apply: 'Recalculate',
  hint: "The plan's effective date, if you rate at one; today when the file was read.",
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function AsOfControl({ asOf, state, deps }: { asOf: string; state: CensusReportState & CensusReportActions; deps: CensusReportDeps }) {
  const id = useId();
  const [value, setValue] = useState(asOf);
  // A new report (another date, another file) shows its own date.
  useEffect(() => setValue(asOf), [asOf]);
  const changed = ISO_DAY.test(value) && value !== asOf;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (changed && !state.recalculating) void state.setAsOf(value, deps);
  };
  return (
    <form className="as-of" part="as-of" onSubmit={onSubmit} noValidate>
      <label className="label" htmlFor={`${id}-as-of`}>
        {AS_OF_LABELS.label}
      </label>
      <input
        id={`${id}-as-of`}
        className="input input-date"
        part="input as-of-input"
        type="date"
        min="1950-01-01"
        max="2100-12-31"
        value={value}
        aria-describedby={`${id}-as-of-hint`}
        disabled={state.recalculating}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      <button type="submit" className="button secondary" part="button as-of-button" disabled={!changed || state.recalculating} aria-busy={state.recalculating || undefined}>
        {state.recalculating && changed ? <Spinner /> : null}
        {AS_OF_LABELS.apply}
      </button>
      <p className="hint" id={`${id}-as-of-hint`}>
        {AS_OF_LABELS.hint}
      </p>
    </form>
  );
}
