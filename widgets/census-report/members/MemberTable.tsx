/**
 * The member table, loaded on first use by ./Members.tsx (a chunk of its own, with its CSS): the
 * toolbar, the virtualised grid, the active cell's problems, and the apply row ('N edits waiting',
 * Undo, Discard, 'Apply and recalculate', 'Back to the automatic reading'). Its state is a
 * framework-free store (./store.ts) kept by the report, so a draft survives closing the table.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CensusMemberTable } from '../../../shared/census/members';
import type { CensusReadingEdit, CensusReadingRowMark } from '../../../shared/census/report';
import { Spinner } from '../../internal/form';
import { useChunkCss } from '../../internal/chunk-css';
import { useStore } from '../../internal/store';
import { draftCount, readingParts } from './draft';
import { Grid, type ActiveCell } from './Grid';
import { BUTTON_LABELS, MEMBER_LABELS as L } from './labels';
import { COLUMNS, placesOf, problemsOf, unclearOf, viewRows, whereText, type ColumnId } from './model';
import { createMembersStore, type MembersStore } from './store';
import { MembersToolbar } from './Toolbar';
import { MEMBER_TABLE_CSS } from './table-styles';


export interface MemberTableProps {
  /** Where the report keeps the table's store (created here on first use, kept across closing). */
  holder: { current: unknown };
  /** Case, file, target and report: another value loads the table again. */
  loadKey: string;
  fetch(): Promise<CensusMemberTable>;
  /** Edits can be made and applied (not on the sample, not while recalculating). */
  editable: boolean;
  recalculating: boolean;
  recalcError: string | null;
  /** The case's reading has changes of yours ('Back to the automatic reading' is offered). */
  readingIsYours: boolean;
  /** Hand edits and row marks already in the case's reading (sent again with the draft). */
  standing: { edits?: CensusReadingEdit[]; rows?: CensusReadingRowMark[] };
  onApply(parts: { edits: CensusReadingEdit[]; rows: CensusReadingRowMark[] }): void;
  onAutomatic(): void;
}

export function MemberTable(props: MemberTableProps) {
  const { holder, loadKey, fetch, editable, recalculating, recalcError, readingIsYours, standing, onApply, onAutomatic } = props;
  const store = (holder.current ??= createMembersStore()) as MembersStore;
  const state = useStore(store);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<ActiveCell>({ row: null, col: 'where' });
  const [editError, setEditError] = useState<string | null>(null);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  const inlineCss = useChunkCss(ref, MEMBER_TABLE_CSS);
  useEffect(() => {
    void store.getState().load(loadKey, () => fetchRef.current());
  }, [loadKey, store]);

  const rows = state.table?.members ?? [];
  const order = useMemo(() => viewRows(rows, state.view, state.draft), [rows, state.view, state.draft]);
  const places = useMemo(() => placesOf(rows), [rows]);
  const waiting = draftCount(state.draft);
  const disabled = !editable || recalculating;

  const onSort = useCallback(
    (col: ColumnId) => {
      const now = store.getState().view.sort;
      store.getState().setView({ sort: { col, dir: now?.col === col && now.dir === 'ascending' ? 'descending' : 'ascending' } });
    },
    [store],
  );

  const infoId = `${id}-info`;
  const activeProblems = active.row ? [...(unclearOf(active.row, active.col) && !active.row.edited.some((f) => f === active.col) ? [L.unclear] : []), ...problemsOf(active.row, active.col)] : [];
  const colLabel = COLUMNS.find((c) => c.id === active.col)?.label ?? '';

  return (
    <div ref={ref} className="m-table">
      {inlineCss ? <style>{MEMBER_TABLE_CSS}</style> : null}
      {state.status === 'error' ? (
        <p className="message message-error" role="alert">
          {BUTTON_LABELS.loadFailed}{' '}
          <button type="button" className="button secondary" onClick={() => void store.getState().load(`${loadKey}#retry${Date.now()}`, () => fetchRef.current())}>
            {BUTTON_LABELS.retry}
          </button>
        </p>
      ) : !state.table ? (
        <p className="hint" role="status">
          <Spinner /> {BUTTON_LABELS.loading}
        </p>
      ) : (
        <>
          <MembersToolbar
            id={id}
            view={state.view}
            shown={order.length}
            total={rows.length}
            disabled={disabled}
            onView={(patch) => store.getState().setView(patch)}
            onFill={(field, value) => store.getState().fill(field, value)}
          />
          <p className="hint m-keys">{L.keys}</p>
          {order.length ? (
            <Grid
              rows={rows}
              order={order}
              draft={state.draft}
              view={state.view}
              disabled={disabled}
              infoId={infoId}
              places={places}
              onSort={onSort}
              onEdit={(r, f, v) => store.getState().edit(r, f, v)}
              onMark={(r, counted) => store.getState().mark(r, counted)}
              onActive={setActive}
              onEditError={setEditError}
            />
          ) : (
            <p className="hint m-none">{L.none}</p>
          )}
          {/* The active cell: where it is and its problems, in words (cells are described by this line). */}
          <p id={infoId} className={`m-info${editError ? ' error' : activeProblems.length ? ' m-info-problem' : ''}`}>
            {editError
              ? editError
              : active.row
                ? `${whereText(active.row)}${active.col === 'where' ? '' : `, ${colLabel}`}${activeProblems.length ? `: ${activeProblems.join('; ')}` : ''}`
                : ''}
          </p>
        </>
      )}
      <div className="apply-row m-apply">
        <p className="hint" aria-live="polite">
          {!editable ? L.readOnly : recalculating ? L.recalculating : state.message ? `${state.message} ${L.waiting(waiting)}` : L.waiting(waiting)}
        </p>
        <div className="m-actions">
          <button type="button" className="button secondary" disabled={disabled || state.draft.past.length === 0} onClick={() => store.getState().undo()}>
            {L.undo}
          </button>
          <button type="button" className="button secondary" disabled={disabled || waiting === 0} onClick={() => store.getState().discard()}>
            {L.discard}
          </button>
          {readingIsYours ? (
            <button type="button" className="button secondary" disabled={disabled} onClick={onAutomatic}>
              {L.automatic}
            </button>
          ) : null}
          <button
            type="button"
            className="button"
            part="button apply-button"
            disabled={disabled || waiting === 0}
            aria-busy={recalculating || undefined}
            onClick={() => {
              store.getState().markSent();
              onApply(readingParts(store.getState().draft, rows, standing));
            }}
          >
            {recalculating ? <Spinner /> : null}
            {L.apply}
          </button>
        </div>
      </div>
      {recalcError ? (
        <p className="message message-error" role="alert">
          {recalcError}
        </p>
      ) : null}
    </div>
  );
}
