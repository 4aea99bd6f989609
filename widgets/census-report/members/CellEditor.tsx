/**
 * The in-place editor of one member cell: an input with the value as typed, a list of the field's
 * codes where it has them (relationship, gender, status, tier). Enter keeps the value when the light
 * check passes (else says why, under the grid, and stays); Escape cancels; leaving the cell keeps a
 * value that passes and drops one that does not.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CODE_VALUES, type MemberTableField } from '../../../shared/census/report';
import { checkValue } from './draft';

const CODES: Partial<Record<MemberTableField, readonly string[]>> = {
  relationship: CODE_VALUES.relationship,
  status: CODE_VALUES.status,
  coverageTier: CODE_VALUES.coverageTier,
  gender: ['male', 'female', 'unknown'],
};

export function CellEditor({
  field,
  initial,
  label,
  errorId,
  onError,
  onDone,
}: {
  field: MemberTableField;
  initial: string;
  label: string;
  errorId: string;
  onError(message: string | null): void;
  onDone(keep: boolean, value: string): void;
}) {
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useLayoutEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const finish = (keep: boolean) => {
    if (done.current) return;
    if (keep) {
      const why = checkValue(field, value);
      if (why) {
        setInvalid(true);
        onError(why);
        return;
      }
    }
    done.current = true;
    onDone(keep, value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      finish(true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      finish(false);
    }
  };
  const codes = CODES[field];
  const listId = `${errorId}-codes-${field}`;
  return (
    <>
      <input
        ref={ref}
        className="m-input"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        value={value}
        list={codes ? listId : undefined}
        inputMode={field === 'zip' || field === 'annualSalary' ? 'numeric' : undefined}
        autoComplete="off"
        spellCheck={false}
        onInput={(e) => {
          setValue(e.currentTarget.value);
          if (invalid) {
            setInvalid(false);
            onError(null);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // Leaving the cell keeps a value that passes the check; one that does not is dropped.
          if (done.current) return;
          if (checkValue(field, value)) {
            done.current = true;
            onError(null);
            onDone(false, value);
          } else finish(true);
        }}
      />
      {codes ? (
        <datalist id={listId}>
          {codes.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}
