/**
 * 'How we read your file', editable (issue 14): each column's field is a choice, each sheet can be
 * read or skipped and its header row changed, each value of a relationship, status or tier column can
 * be read differently; 'Apply and recalculate' hands the reading to the store. Also the notices above
 * the cards: 'Please check how we read your file' (the engine's review) and 'Read with your changes'.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
import { FIELD_NAMES, confidenceWords, sheetLabel, duplicateIssues, imputedLines, issueWhere } from './reading';
import { longDate } from './summary';

/** A code column's field in the heading of its values (the short name: FIELD_NAMES explains relationship). */
const CODE_FIELD_NAMES: Record<'relationship' | 'status' | 'coverageTier', string> = {
  relationship: 'relationship',
  status: 'employment status',
  coverageTier: 'coverage tier',
};

export const READING_LABELS = {
  panel: 'How we read your file',
  reviewTitle: 'Please check how we read your file',
  reviewOpen: 'Check the columns',
  apply: 'Apply and recalculate',
  recalculating: 'Recalculating with your reading...',
  automatic: 'Back to the automatic reading',
  yours: 'Read with your changes',
  saved: (date: string) => `Read with the choices you saved on ${date}`,
  forget: 'Forget these choices',
  forgotten: 'Forgotten: the next file with these columns will be read automatically. This report keeps its reading until you change it.',
  remember: 'Remember for files with these columns',
  rememberHint: "Kept in this browser only: the column headings, the fields you chose and how codes such as 'COBRA' are read; never a name, date or amount of your file.",
  notUsed: 'Not used',
  pleaseCheck: 'Please check',
  noChanges: 'Change a column, a sheet or a value above, then apply.',
  sample: 'This is the sample report: its reading cannot be changed. Upload your own census to correct how it is read.',
} as const;

function H({ level, children, className, id }: { level: number; children: ReactNode; className?: string; id?: string }) {
  const Tag = `h${Math.min(6, Math.max(1, level))}` as 'h3';
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}

/** 'Please check how we read your file' with the engine's reasons, above the cards. */
export function ReviewNotice({ report, level, onOpen }: { report: ReportWithReading; level: number; onOpen: () => void }) {
  const review = report.review;
  if (!review?.needed) return null;
  return (
    <section className="notice notice-review" part="review" aria-labelledby="bf-review-title">
      <H level={level} className="notice-title" id="bf-review-title">
        {READING_LABELS.reviewTitle}
      </H>
      {review.reasons.length ? (
        <ul className="notice-list">
          {review.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      <div>
        <button type="button" className="button" part="button" onClick={onOpen}>
          {READING_LABELS.reviewOpen}
        </button>
      </div>
    </section>
  );
}

/** 'Read with your changes' / 'Read with the choices you saved on ...', what changed, and the way back. */
export function ReadingNotice({
  report,
  busy,
  onAutomatic,
  onForget,
  forgotten,
}: {
  report: ReportWithReading;
  busy: boolean;
  forgotten?: boolean;
  onAutomatic: () => void;
  onForget?: () => void;
}) {
  const info = report.reading;
  if (!info || info.source === 'automatic') return null;
  const words = changedWords(info, report.files.length);
  const title = info.source === 'saved' && info.savedOn ? READING_LABELS.saved(longDate(info.savedOn)) : READING_LABELS.yours;
  return (
    <section className="notice notice-reading" part="reading-notice" aria-label={title}>
      <p className="notice-title">{title}</p>
      {words.length ? <p className="notice-text">Changed: {words.join(', ')}.</p> : null}
      <div className="notice-actions">
        <button type="button" className="button secondary" part="button" disabled={busy} onClick={onAutomatic}>
          {READING_LABELS.automatic}
        </button>
        {info.source === 'saved' && onForget && !forgotten ? (
          <button type="button" className="button secondary" part="button" disabled={busy} onClick={onForget}>
            {READING_LABELS.forget}
          </button>
        ) : null}
      </div>
      <p className="hint" aria-live="polite">
        {forgotten ? READING_LABELS.forgotten : ''}
      </p>
    </section>
  );
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
}

export function ReadingPanel({ report, level, open, onToggle, focusSignal, recalculating, recalcError, onApply, canRemember }: ReadingPanelProps) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [remember, setRemember] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const flagged = flaggedColumns(report);
  const several = report.files.length > 1;
  const sheets = sheetsOf(report);

  // A new report (recalculated, or another file) starts a fresh draft.
  useEffect(() => setDraft(emptyDraft()), [report]);

  // Opened from the review notice: move focus to the first flagged column's choice.
  useEffect(() => {
    if (!focusSignal || !open) return;
    const first = bodyRef.current?.querySelector<HTMLSelectElement>('tr.flagged select, select');
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

  const rows = report.columns ?? [];
  const filled = imputedLines(report.imputed);
  const duplicates = duplicateIssues(report.issues);
  const issues = report.issues ?? [];
  const changes = draftSize(draft);
  const sub = Math.min(6, level + 1);

  return (
    <details className="card reading" part="reading" open={open} onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}>
      <summary className="reading-summary">{READING_LABELS.panel}</summary>
      <div className="reading-body" ref={bodyRef}>
        <p className="intro">
          Each column of your file, the field we read it as, and how sure we are. Change any of them and recalculate. Columns not used are
          kept, unchanged, in the exported file.
        </p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label={READING_LABELS.panel}>
          <table className="reading-table">
            <thead>
              <tr>
                <th scope="col">Sheet</th>
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
                    <td data-label="Sheet">{several ? `${c.file}, ${sheetLabel(c.file, c.sheet)}` : sheetLabel(c.file, c.sheet)}</td>
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
                              {[...CODE_CHOICES[cv.field], ''].map((o) => (
                                <option key={o} value={o}>
                                  {CODE_NAMES[o] ?? o}
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

        <div className="apply-row">
          {canRemember ? (
            <label className="check">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
              <span>
                {READING_LABELS.remember}
                <span className="hint">{READING_LABELS.rememberHint}</span>
              </span>
            </label>
          ) : null}
          <button
            type="button"
            className="button"
            part="button apply-button"
            disabled={recalculating || report.isSample === true || (changes === 0 && !remember)}
            aria-busy={recalculating || undefined}
            onClick={() => onApply(readingToSend(report, draft), remember)}
          >
            {recalculating ? <Spinner /> : null}
            {READING_LABELS.apply}
          </button>
        </div>
        <p className="hint" aria-live="polite">
          {report.isSample
            ? READING_LABELS.sample
            : recalculating
              ? READING_LABELS.recalculating
              : changes
                ? `${changes} ${changes === 1 ? 'change' : 'changes'} to apply.`
                : READING_LABELS.noChanges}
        </p>
        {recalcError ? (
          <p className="message message-error" role="alert">
            {recalcError}
          </p>
        ) : null}

        <H level={sub} className="reading-heading">
          Filled in
        </H>
        {filled.length ? (
          <ul className="reading-list">
            {filled.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing: every value we needed was in your file.</p>
        )}
        {duplicates ? <p>We removed duplicate rows ({duplicates.toLocaleString('en-US')} noted below).</p> : null}
        <H level={sub} className="reading-heading">
          Skipped or worth a look
        </H>
        {issues.length ? (
          <ul className="reading-list">
            {issues.map((issue, i) => (
              <li key={i}>
                <span className="muted">{issueWhere(issue)}:</span> {issue.message}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing was skipped.</p>
        )}
      </div>
    </details>
  );
}
