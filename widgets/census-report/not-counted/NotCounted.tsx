/**
 * The report's 'Not counted' view (issue 21): a 'Not counted (N)' toggle in the Total lives card, and
 * the panel it opens below the cards: who was left out of the lives, which rows were removed and
 * which sheets were not read, grouped by reason. The table itself (NotCountedTable.tsx) is loaded on
 * first use: most visitors never open it, and the report's first-use chunk is kept small.
 */
import { useLazyModule } from '../../internal/use-lazy-module';
import { LazyPartStatus } from '../../internal/lazy-part-status';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CensusNotCounted } from '../../../shared/census/report';
import { NOT_COUNTED_LABELS as L } from './labels';

type TableModule = typeof import('./NotCountedTable');

/** The disclosure button near the totals; `controls` is the panel's id. */
export function NotCountedToggle({ notCounted, open, controls, onToggle }: { notCounted: CensusNotCounted; open: boolean; controls: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="not-counted-toggle"
      part="not-counted-button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {L.toggle(notCounted.total)}
    </button>
  );
}

/**
 * The panel: its title takes the focus when the visitor opens it (it appears below the cards, away
 * from the button; `focusRequest` is set by the button and used once, so the panel coming back after
 * a file switch leaves the focus where it is); Escape or 'Hide the list' closes it and gives the
 * focus back to the button (onClose).
 */
export function NotCountedPanel({
  id,
  notCounted,
  level,
  onClose,
  focusRequest,
}: {
  id: string;
  notCounted: CensusNotCounted;
  level: number;
  onClose: () => void;
  focusRequest?: { current: boolean };
}) {
  const { mod, failed, retry } = useLazyModule<TableModule>(() => import('./NotCountedTable'));
  const titleRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (focusRequest && !focusRequest.current) return;
    if (focusRequest) focusRequest.current = false;
    titleRef.current?.focus();
  }, [focusRequest]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  };
  const Tag = `h${Math.min(6, Math.max(1, level))}` as 'h3';
  const Table = mod?.NotCountedTable;
  return (
    <section id={id} className="not-counted" part="not-counted" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <Tag className="not-counted-title" id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {L.title}
      </Tag>
      <p className="hint">{L.intro(notCounted.total)}</p>
      {Table ? <Table notCounted={notCounted} /> : <LazyPartStatus failed={failed} retry={retry} words={L} />}
      {notCounted.orphansCounted > 0 ? <p className="hint">{L.orphans(notCounted.orphansCounted)}</p> : null}
      <div className="not-counted-actions">
        <button type="button" className="button secondary" part="button" onClick={onClose}>
          {L.hide}
        </button>
      </div>
    </section>
  );
}
