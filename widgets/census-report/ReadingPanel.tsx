/**
 * 'How we read your file', editable (issue 14): each column's field is a choice, each sheet can be
 * read or skipped and its header row changed, each value of a relationship, status or tier column can
 * be read differently; 'Apply and recalculate' hands the reading to the store. Its words are
 * ./reading-labels.ts, its closing lists ./ReadingLists.tsx, the notices about the reading ./notices.tsx.
 */
import { useEffect, useRef, useState } from 'react';
import type { CanonicalField } from '../../shared/census/report';
import { Spinner } from '../internal/form';
import {
  CODE_CHOICES,
  CODE_NAMES,
  changedWords,
  draftSize,
  emptyDraft,
  fieldChoices,
  flaggedColumns,
  key,
  readingToSend,
  sheetsOf,
  type Draft,
  type ReportWithReading,
} from './draft';
import { FIELD_NAMES, confidenceWords, sheetLabel } from './reading-words';
import { H } from './heading';
import { ReadingLists } from './ReadingLists';
import { CODE_FIELD_NAMES, READING_LABELS } from './reading-labels';

export { READING_LABELS } from './reading-labels';
export { ReadingNotice, ReviewFlag, ReviewNotice } from './notices';



/**
 * The choices for one value of a code column: the field's canonical values and blank, and first,
 * when the engine read the value as something else, that reading. A tier column's dependent rows
 * carry relationship codes ('SP', 'CH'), read as who the member is rather than a tier: that reading
 * is shown, not an empty choice (issue 21).
 */
function codeOptions(field: keyof typeof CODE_CHOICES, as: string): string[] {
  const choices = [...CODE_CHOICES[field], ''];
  return choices.includes(as) ? choices : [as, ...choices];
}

function codeOptionName(field: keyof typeof CODE_CHOICES, value: string): string {
  const name = CODE_NAMES[value] ?? value;
  return CODE_CHOICES[field].includes(value) || value === '' ? name : `${name} (a dependent's row: no tier of its own)`;
}

export interface ReadingPanelProps {
  report: ReportWithReading;
  level: number;
  open: boolean;
  onToggle(open: boolean): void;
  /** Bumped when the review notice asks to open the panel at its columns. */
  focusSignal: number;
  recalculating: boolean;
  recalcError: string | null;
  onApply(reading: ReturnType<typeof readingToSend>, remember: boolean): void;
  /** Shown with the 'Remember' box (saved readings on); null hides it. */
  canRemember: boolean;
  /**
   * The lives before the last Apply (null: nothing applied in this view). Kept by the report, as the
   * panel is drawn anew with the recalculated figures; beside the button it says what changed.
   */
  appliedFrom?: number | null;
  /** Why the reading cannot be applied here (private mode, issue 29): said in place of the status; Apply stays disabled. */
  locked?: string;
}

export function ReadingPanel({ report, level, open, onToggle, focusSignal, recalculating, recalcError, onApply, canRemember, appliedFrom = null, locked }: ReadingPanelProps) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [remember, setRemember] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const flagged = flaggedColumns(report);
  const several = report.files.length > 1;
  const sheets = sheetsOf(report);

  // A new report (recalculated, or another file) starts a fresh draft.
  useEffect(() => setDraft(emptyDraft()), [report]);

  // Opened from the review notice: move focus to the first flagged column's choice.
  useEffect(() => {
    if (!focusSignal || !open) return;
    // The first flagged column's choice; a selector list would return the first select of all.
    const body = bodyRef.current;
    const first = body?.querySelector<HTMLSelectElement>('tr.flagged select') ?? body?.querySelector<HTMLSelectElement>('select');
    first?.scrollIntoView?.({ block: 'center' });
    first?.focus();
  }, [focusSignal, open]);

  const setColumn = (k: string, current: CanonicalField | null, value: string) =>
    setDraft((d) => {
      const columns = { ...d.columns };
      const field = (value || null) as CanonicalField | null;
      if (field === current) delete columns[k];
      else columns[k] = field;
      return { ...d, columns };
    });
  const setSheet = (k: string, patch: { read?: boolean; headerRow?: number }, current: boolean) =>
    setDraft((d) => {
      const next = { ...(d.sheets[k] ?? {}), ...patch };
      if (next.read === current) delete next.read;
      if (patch.headerRow === undefined && 'headerRow' in patch) delete next.headerRow;
      const sheetsDraft = { ...d.sheets };
      if (next.read === undefined && next.headerRow === undefined) delete sheetsDraft[k];
      else sheetsDraft[k] = next;
      return { ...d, sheets: sheetsDraft };
    });
  const setCode = (k: string, current: string, value: string) =>
    setDraft((d) => {
      const codes = { ...d.codes };
      if (value === current) delete codes[k];
      else codes[k] = value;
      return { ...d, codes };
    });

  const allRows = report.columns ?? [];
  // The panel opens on the columns to check (flagged by the review) and those read with a choice
  // of yours or being edited; 'Show all columns' shows the rest (issue 21: at 390 px the whole
  // list was 11,000 px tall with Apply at its end).
  const inFocus = (c: (typeof allRows)[number]) => {
    const k = key(c.file, c.sheet, c.header);
    return flagged.has(k) || c.fromReading === true || k in draft.columns;
  };
  // Only the review's flags narrow the list: a report with none shows every column, also after a
  // first fix (a column read by your choice alone narrowed it to that column: issue 28).
  const flaggedCount = allRows.filter((c) => flagged.has(key(c.file, c.sheet, c.header))).length;
  const focusCount = flaggedCount === 0 ? 0 : allRows.filter(inFocus).length;
  // One file with one table: a 'Sheet' column would repeat the same word on every row.
  const oneTable = !several && new Set(allRows.map((c) => c.sheet)).size <= 1;
  const rows = showAll || focusCount === 0 ? allRows : allRows.filter(inFocus);
  const changes = draftSize(draft);
  // After Apply, once the new figures are in: what changed, beside the button.
  const appliedNow = appliedFrom !== null && !recalculating && !recalcError && report.reading?.source !== 'automatic';
  const appliedWords = appliedNow ? changedWords(report.reading, report.files.length) : [];
  const sub = Math.min(6, level + 1);

  return (
    <details className="card reading" part="reading" open={open} onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}>
      <summary className="reading-summary">{READING_LABELS.panel}</summary>
      {/* Drawn only while open: with a select per column and per code it is over half of a report's
          elements, which the page paid for at load although the panel starts closed (issue 21,
          Lighthouse on /tools/census/sample). A draft survives closing: it lives in this component. */}
      {open ? (
      <div className="reading-body" ref={bodyRef}>
        <p className="intro">
          Each column of your file, the field we read it as, and how sure we are. Change any of them and recalculate. Columns not used are
          kept, unchanged, in the exported file.
        </p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label={READING_LABELS.panel}>
          <table className="reading-table">
            <thead>
              <tr>
                {oneTable ? null : <th scope="col">Sheet</th>}
                <th scope="col">Column</th>
                <th scope="col">Read as</th>
                <th scope="col">How sure</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c, i) => {
                const k = key(c.file, c.sheet, c.header);
                const isFlagged = flagged.has(k);
                const value = k in draft.columns ? draft.columns[k] ?? '' : c.field ?? '';
                const { best, rest } = fieldChoices(c);
                const label = `Read '${c.header || '(no heading)'}' as`;
                return (
                  <tr key={`${k}\u0000${i}`} className={[isFlagged ? 'flagged' : '', k in draft.columns ? 'edited' : ''].join(' ').trim() || undefined}>
                    {oneTable ? null : <td data-label="Sheet">{several ? `${c.file}, ${sheetLabel(c.file, c.sheet)}` : sheetLabel(c.file, c.sheet)}</td>}
                    <th scope="row">
                      {c.header || '(no heading)'}
                      {isFlagged ? <span className="badge" part="badge">{READING_LABELS.pleaseCheck}</span> : null}
                      {c.fromReading ? <span className="badge badge-yours">Your choice</span> : null}
                    </th>
                    <td data-label="Read as">
                      <select className="input select-small" aria-label={label} value={value} disabled={recalculating} onChange={(e) => setColumn(k, c.field, e.currentTarget.value)}>
                        {best.length ? (
                          <optgroup label="Best guesses">
                            {best.map((f) => (
                              <option key={f} value={f}>
                                {FIELD_NAMES[f] ?? f}
                              </option>
                            ))}
                          </optgroup>
                        ) : null}
                        <optgroup label="Every field">
                          {rest.map((f) => (
                            <option key={f} value={f}>
                              {FIELD_NAMES[f] ?? f}
                            </option>
                          ))}
                        </optgroup>
                        <option value="">{READING_LABELS.notUsed}</option>
                      </select>
                    </td>
                    <td data-label="How sure">{c.field ? `${confidenceWords(c.confidence)} (${Math.round(c.confidence * 100)}%)` : ''}</td>
                    <td data-label="Why" className="muted">
                      {c.reason ?? ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>

        {focusCount > 0 && focusCount < allRows.length ? (
          <div>
            <button type="button" className="button secondary" part="button show-all" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
              {showAll ? READING_LABELS.showFew : READING_LABELS.showAll(allRows.length)}
            </button>
          </div>
        ) : null}

        {sheets.length ? (
          <>
            <H level={sub} className="reading-heading">
              Sheets
            </H>
            <ul className="sheet-list">
              {sheets.map((s) => {
                const k = key(s.file, s.sheet);
                const d = draft.sheets[k] ?? {};
                const read = d.read ?? s.read;
                // A text file has one table and no sheets: it is named by its file name.
                const textFile = sheetLabel(s.file, s.sheet) !== s.sheet;
                const name = textFile ? `the file '${s.file}'` : `sheet '${several ? `${s.file}, ${s.sheet}` : s.sheet}'`;
                return (
                  <li key={k} className="sheet-row">
                    <label className="check">
                      <input type="checkbox" checked={read} disabled={recalculating} onChange={(e) => setSheet(k, { read: e.currentTarget.checked }, s.read)} />
                      <span>
                        Read {name}
                        {s.read ? '' : ' (skipped)'}
                      </span>
                    </label>
                    <label className="header-row">
                      <span>Header row</span>
                      <input
                        className="input input-small"
                        type="number"
                        min={1}
                        max={1000}
                        inputMode="numeric"
                        placeholder="auto"
                        aria-label={`Header row of ${name}`}
                        value={d.headerRow ?? ''}
                        disabled={recalculating || !read}
                        onChange={(e) => {
                          const v = Number(e.currentTarget.value);
                          setSheet(k, { headerRow: Number.isInteger(v) && v >= 1 ? v : undefined }, s.read);
                        }}
                      />
                    </label>
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}

        {(report.codeValues ?? []).map((cv) => {
          const ck = key(cv.file, cv.sheet, cv.header);
          return (
            <div key={ck} className="codes">
              <H level={sub} className="reading-heading">
                Values of '{cv.header}' ({CODE_FIELD_NAMES[cv.field]})
              </H>
              <div className="table-wrap">
                <table className="reading-table codes-table">
                  <thead>
                    <tr>
                      <th scope="col">Value</th>
                      <th scope="col">Rows</th>
                      <th scope="col">Read as</th>
                    </tr>
                  </thead>
                  <tbody>
                    {cv.values.map((v) => {
                      const k = key(cv.file, cv.sheet, cv.header, v.value);
                      const value = k in draft.codes ? draft.codes[k] : v.as;
                      return (
                        <tr key={k} className={k in draft.codes ? 'edited' : undefined}>
                          <th scope="row">{v.value === '' ? '(blank)' : v.value}</th>
                          <td data-label="Rows">{v.count.toLocaleString('en-US')}</td>
                          <td data-label="Read as">
                            <select
                              className="input select-small"
                              aria-label={`Read '${v.value}' of '${cv.header}' as`}
                              value={value}
                              disabled={recalculating}
                              onChange={(e) => setCode(k, v.as, e.currentTarget.value)}
                            >
                              {codeOptions(cv.field, v.as).map((o) => (
                                <option key={o} value={o}>
                                  {codeOptionName(cv.field, o)}
                                </option>
                              ))}
                            </select>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </div>
          );
        })}

        {canRemember ? (
          <label className="check remember-row">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
            <span>
              {READING_LABELS.remember}
              <span className="hint">{READING_LABELS.rememberHint}</span>
            </span>
          </label>
        ) : null}
        {/* Sticky at the bottom of the screen while the panel is in view: Apply stays in reach. */}
        <div className="apply-row">
          <p className={appliedNow ? 'hint applied' : 'hint'} part="apply-status" aria-live="polite">
            {locked
              ? locked
              : report.isSample
              ? READING_LABELS.sample
              : recalculating
                ? READING_LABELS.recalculating
                : changes
                  ? `${changes} ${changes === 1 ? 'change' : 'changes'} to apply.`
                  : appliedNow
                    ? `${READING_LABELS.applied(report.totalLives, appliedFrom!)}${appliedWords.length ? ` Changed: ${appliedWords.join(', ')}.` : ''}`
                    : READING_LABELS.noChanges}
          </p>
          <button
            type="button"
            className="button"
            part="button apply-button"
            disabled={!!locked || recalculating || report.isSample === true || (changes === 0 && !remember)}
            aria-busy={recalculating || undefined}
            onClick={() => onApply(readingToSend(report, draft), remember)}
          >
            {recalculating ? <Spinner /> : null}
            {READING_LABELS.apply}
          </button>
        </div>
        {recalcError ? (
          <p className="message message-error" role="alert">
            {recalcError}
          </p>
        ) : null}

        <ReadingLists report={report} level={sub} />
      </div>
      ) : null}
    </details>
  );
}
