/**
 * What a part loaded on first use (useLazyModule) shows until it is in: a polite 'loading' line, or
 * the failure with a 'Try again' button (an alert, so a screen reader hears it).
 */
export interface LazyPartWords {
  loading: string;
  loadFailed: string;
  retry: string;
}

export function LazyPartStatus({ failed, retry, words }: { failed: boolean; retry: () => void; words: LazyPartWords }) {
  return failed ? (
    <p className="message message-error" role="alert">
      {words.loadFailed}{' '}
      <button type="button" className="button secondary" onClick={retry}>
        {words.retry}
      </button>
    </p>
  ) : (
    <p className="hint" role="status">
      {words.loading}
    </p>
  );
}
