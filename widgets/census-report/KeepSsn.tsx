/**
 * 'Keep full SSNs for carrier files' beside the export target choice (issue 28): the carrier and
 * exchange files (DC Health Link, MA Health Connector, the ben-admin import) need each employee's
 * SSN, which the report never holds. Checking it sends PATCH /main/case {keepSsn}; the case is read
 * again (the reading is kept) and the report and the targets' readiness reload, as the effective date
 * does. The sample report is read-only: no control there.
 */
import { useEffect, useState } from 'react';
import { KEEP_SSN_LABELS } from '../internal/keep-ssn';

export interface KeepSsnProps {
  id: string;
  checked: boolean;
  busy: boolean;
  onChange(keepSsn: boolean): void;
}

export function KeepSsnControl({ id, checked, busy, onChange }: KeepSsnProps) {
  // The choice just made shows while the case is read again; then the report's own says.
  const [pending, setPending] = useState<boolean | null>(null);
  useEffect(() => {
    if (!busy) setPending(null);
  }, [busy, checked]);
  return (
    <div className="keep-ssn" part="keep-ssn">
      <input
        id={`${id}-keep-ssn`}
        type="checkbox"
        part="keep-ssn-checkbox"
        checked={pending ?? checked}
        disabled={busy}
        aria-describedby={`${id}-keep-ssn-hint`}
        onChange={(e) => {
          const keep = e.currentTarget.checked;
          setPending(keep);
          onChange(keep);
        }}
      />
      <label htmlFor={`${id}-keep-ssn`}>{KEEP_SSN_LABELS.label}</label>
      <p className="hint" id={`${id}-keep-ssn-hint`}>
        {KEEP_SSN_LABELS.hint}
      </p>
    </div>
  );
}
