/**
 * What <census-report> shows instead of a report: no case given, a failed load (with Try again, and
 * the way back to the automatic reading when the last run failed), a case gone (expired or deleted),
 * and the line after the visitor deleted it.
 */
import type { RefObject } from 'react';
import { MESSAGES } from '../../shared/messages';
import { Spinner } from '../internal/form';
import { REPORT_LABELS } from './labels';
import { DEFAULTS } from './meta';

const M = MESSAGES.census;

interface PageProps {
  /** The element's base node (events are dispatched from it). */
  rootRef: RefObject<HTMLDivElement | null>;
}

export function NoCasePage({ rootRef }: PageProps) {
  return (
    <div ref={rootRef} className="report" part="base">
      <p className="hint">{MESSAGES.census.noData}</p>
    </div>
  );
}

/** <census-report private-result> before the parser's analysis is done (private mode, issue 29). */
export function PrivateWaitingPage({ rootRef, text }: PageProps & { text?: string }) {
  return (
    <div ref={rootRef} className="report" part="base">
      <p className="hint" role={text ? 'status' : undefined}>
        {text ?? REPORT_LABELS.privateWaiting}
      </p>
    </div>
  );
}

export function ErrorPage({ rootRef, runFailed, recalculating, onRetry, onAutomatic }: PageProps & { runFailed: boolean; recalculating: boolean; onRetry(): void; onAutomatic(): void }) {
  return (
    <div ref={rootRef} className="report" part="base">
      <div className="error-page" part="error" role="alert">
        <p className="error-title">{M.somethingWentWrong}</p>
        <button type="button" className="button" part="button" onClick={onRetry}>
          {REPORT_LABELS.tryAgain}
        </button>
        {runFailed ? (
          // The last run failed (perhaps with a corrected reading): the automatic reading may still work.
          <button type="button" className="button secondary" part="button" disabled={recalculating} onClick={onAutomatic}>
            {recalculating ? <Spinner /> : null}
            Back to the automatic reading
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A report that is no more: a case deleted or expired, or (`privateTab`) a private report on
 * report-url's page with none of this tab's to show: a reload, Back/Forward, another tab or a copied
 * address (private mode keeps nothing; issue 29).
 */
export function GonePage({ rootRef, uploadUrl, privateTab }: PageProps & { uploadUrl?: string; privateTab?: boolean }) {
  return (
    <div ref={rootRef} className="report" part="base">
      <div className="error-page" part="error" role="alert">
        <p className="error-title">{privateTab ? REPORT_LABELS.privateGoneTitle : M.somethingWentWrong}</p>
        <p className="error-text">{privateTab ? REPORT_LABELS.privateGone : REPORT_LABELS.gone}</p>
        <a className="button" part="button" href={uploadUrl || DEFAULTS.uploadUrl}>
          {REPORT_LABELS.parseAnother}
        </a>
      </div>
    </div>
  );
}

export function DeletedPage({ rootRef }: PageProps) {
  return (
    <div ref={rootRef} className="report" part="base">
      <p className="message message-success" role="status">
        {M.deleted}
      </p>
    </div>
  );
}
