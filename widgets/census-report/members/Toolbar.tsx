/**
 * The member table's toolbar: the search box, 'Only rows with problems', and 'Fill empty cells' (one
 * value into every empty cell of a column: a ZIP or a tier the same for the whole group).
 */
import { useState } from 'react';
import { MEMBER_TABLE_FIELDS, type MemberTableField } from '../../../shared/census/report';
import { checkValue } from './draft';
import { FIELD_LABELS, MEMBER_LABELS as L } from './labels';
import type { MemberView } from './model';

/** The columns a fill makes sense for (not names or birth dates: those are a person's own). */
const FILLABLE: MemberTableField[] = MEMBER_TABLE_FIELDS.filter((f) => !['firstName', 'lastName', 'dateOfBirth'].includes(f));

export function MembersToolbar({
  id,
  view,
  shown,
  total,
  disabled,
  onView,
  onFill,
}: {
  id: string;
  view: MemberView;
  shown: number;
  total: number;
  disabled: boolean;
  onView(patch: Partial<MemberView>): void;
  onFill(field: MemberTableField, value: string): void;
}) {
  const [field, setField] = useState<MemberTableField>('zip');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fill = () => {
    const why = value.trim() === '' ? `Type the ${FIELD_LABELS[field]} to fill in.` : checkValue(field, value);
    setError(why);
    if (!why) onFill(field, value);
  };
  return (
    <div className="m-toolbar">
      <div className="m-find">
        <label className="m-field">
          <span className="label">{L.search}</span>
          <input
            className="input m-search"
            type="search"
            placeholder={L.searchPlaceholder}
            value={view.search}
            onInput={(e) => onView({ search: e.currentTarget.value })}
          />
        </label>
        <label className="check m-problems">
          <input type="checkbox" checked={view.onlyProblems} onChange={(e) => onView({ onlyProblems: e.currentTarget.checked })} />
          <span>{L.onlyProblems}</span>
        </label>
        <p className="hint m-shown" id={`${id}-shown`}>
          {L.shown(shown, total)}
        </p>
      </div>
      <div className="m-fill" role="group" aria-label={L.fill}>
        <label className="m-field">
          <span className="label">{L.fillColumn}</span>
          <select className="input m-select" value={field} disabled={disabled} onChange={(e) => { setField(e.currentTarget.value as MemberTableField); setError(null); }}>
            {FILLABLE.map((f) => (
              <option key={f} value={f}>
                {FIELD_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="m-field">
          <span className="label">{L.fillValue}</span>
          <input
            className="input m-fill-value"
            value={value}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-fill-error` : undefined}
            onInput={(e) => { setValue(e.currentTarget.value); setError(null); }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                fill();
              }
            }}
          />
        </label>
        <button type="button" className="button secondary m-fill-button" disabled={disabled} onClick={fill}>
          {L.fill}
        </button>
        {error ? (
          <p className="error m-fill-error" id={`${id}-fill-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
