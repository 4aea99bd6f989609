/**
 * The notices about how the file was read: 'Please check how we read your file' (the engine's review,
 * just above the panel it opens), the flag in the Total lives card that leads to it, and 'Read with
 * your changes' / 'Read with the choices you saved on ...' (above the cards).
 */
import { Spinner } from '../internal/form';
import { changedWords, type ReportWithReading } from './draft';
import { H } from './heading';
import { READING_LABELS } from './reading-labels';
import { longDate } from './summary-sentences';
/** The review notice's title: its label, and where 'These figures need your check' takes the focus (one notice per report). */
const REVIEW_TITLE_ID = 'bf-review-title';

/** 'Please check how we read your file' with the engine's reasons, just above the panel it opens. */
export function ReviewNotice({ report, level, onOpen }: { report: ReportWithReading; level: number; onOpen: () => void }) {
  const review = report.review;
  if (!review?.needed) return null;
  return (
    <section className="notice notice-review" part="review" aria-labelledby={REVIEW_TITLE_ID}>
      <H level={level} className="notice-title" id={REVIEW_TITLE_ID} tabIndex={-1}>
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

/**
 * The review's mark where the eye is, in the Total lives card (the notice itself sits below the cards:
 * above them it pushed every figure down as the report arrived). It moves the focus, and the view, to
 * the notice's title.
 */
export function ReviewFlag({ report }: { report: ReportWithReading }) {
  if (!report.review?.needed) return null;
  const go = (e: { currentTarget: HTMLElement }) => {
    const title = (e.currentTarget.getRootNode() as ShadowRoot | Document).getElementById(REVIEW_TITLE_ID);
    // Centred: a host page's sticky header would hide a title scrolled to the top.
    title?.scrollIntoView?.({ block: 'center' });
    title?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="review-flag" part="review-flag" onClick={go}>
      {READING_LABELS.reviewFlag}
    </button>
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
