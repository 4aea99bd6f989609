/**
 * The report's member table (issue 28): 'Members (N)' under the cards opens a panel below it; the
 * table itself (./MemberTable.tsx, with its CSS) is loaded on first use, a chunk of its own, out of
 * the report's first-use size. Escape (outside a cell being edited) or 'Hide the members' closes it
 * and gives the focus back to the button.
 */
import { useLazyModule } from '../../internal/use-lazy-module';
import { LazyPartStatus } from '../../internal/lazy-part-status';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { BUTTON_LABELS as L } from './button-labels';

type TableModule = typeof import('./MemberTable');
export type MemberTableProps = import('./MemberTable').MemberTableProps;

const reportKeys = new WeakMap<object, number>();
let lastKey = 0;
/** A number per report object: a recalculated or reloaded report loads the member table again. */
export function reportKeyOf(report: object): number {
  let k = reportKeys.get(report);
  if (k === undefined) reportKeys.set(report, (k = ++lastKey));
  return k;
}

export function MembersToggle({ count, open, controls, onToggle }: { count: number; open: boolean; controls: string; onToggle: () => void }) {
  return (
    <div className="members-bar">
      <button type="button" className="button secondary members-toggle" part="button members-button" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
        {L.button(count)}
      </button>
      <p className="hint">{L.hint}</p>
    </div>
  );
}

export function MembersPanel({ id, level, onClose, table, children }: { id: string; level: number; onClose: () => void; table: MemberTableProps; children?: ReactNode }) {
  const { mod, failed, retry } = useLazyModule<TableModule>(() => import('./MemberTable'));
  const titleRef = useRef<HTMLHeadingElement>(null);
  // It opens below the cards: its title comes to the top of the screen (so the grid is in sight, not
  // under the sticky apply row) and takes the focus.
  useLayoutEffect(() => {
    titleRef.current?.scrollIntoView?.({ block: 'start' });
    titleRef.current?.focus({ preventScroll: true });
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.stopPropagation();
      onClose();
    }
  };
  const Table = mod?.MemberTable;
  const Tag = `h${Math.min(6, Math.max(1, level))}` as 'h3';
  return (
    <section id={id} className="members" part="members" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <div className="members-head">
        <Tag className="members-title" id={`${id}-title`} ref={titleRef} tabIndex={-1}>
          {L.title}
        </Tag>
        <button type="button" className="button secondary" onClick={onClose}>
          {L.hide}
        </button>
      </div>
      {children}
      {Table ? <Table {...table} /> : <LazyPartStatus failed={failed} retry={retry} words={L} />}
    </section>
  );
}
