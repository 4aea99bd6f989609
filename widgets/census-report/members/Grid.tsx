/**
 * The member grid (role grid, 'Members'): a header row of sortable columns and the rows of the view,
 * virtualised (only the rows in sight, plus a few, are in the DOM: 50,000 rows cost what 40 do). One
 * tab stop, the active cell; arrow keys, Home/End, Page Up/Down and Ctrl+Home/End move it; Enter (or
 * F2, or a double click) edits an editable cell, Enter keeps, Escape cancels; Enter on a header sorts
 * by it; Enter on a 'Counted' cell marks the row ('Not a person' / 'Count this person'). Heights and
 * offsets are set through the CSSOM (no style attributes under a strict CSP).
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CensusMemberRow } from '../../../shared/census/members';
import type { MemberTableField } from '../../../shared/census/report';
import { CellEditor } from './CellEditor';
import { effectiveCounted, isDraftCell, type MemberDraft } from './draft';
import { MEMBER_LABELS as L } from './labels';
import { COLUMNS, cellText, problemsOf, rowId, unclearOf, whereShort, type ColumnId, type MemberView } from './model';

export interface ActiveCell {
  row: CensusMemberRow | null;
  col: ColumnId;
}

export interface GridProps {
  rows: readonly CensusMemberRow[];
  order: readonly number[];
  draft: MemberDraft;
  view: MemberView;
  disabled: boolean;
  /** Id of the line under the grid that says the active cell's problems (cells are described by it). */
  infoId: string;
  /** How many files and sheets the rows come from (model.placesOf). */
  places: { files: number; sheets: number };
  onSort(col: ColumnId): void;
  onEdit(r: CensusMemberRow, field: MemberTableField, value: string): void;
  onMark(r: CensusMemberRow, counted: boolean): void;
  onActive(cell: ActiveCell): void;
  /** An edit refused by the light check: said under the grid (null clears it). */
  onEditError(message: string | null): void;
}

const OVERSCAN = 8;
const FALLBACK_ROW = 40;

export function Grid({ rows, order, draft, view, disabled, infoId, places, onSort, onEdit, onMark, onActive, onEditError }: GridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const windowRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [rowH, setRowH] = useState(FALLBACK_ROW);
  const [viewH, setViewH] = useState(600);
  const [headH, setHeadH] = useState(FALLBACK_ROW);
  const [scrollTop, setScrollTop] = useState(0);
  /** Active cell: r = index in the view (-1 = the header row), c = column index. */
  const [active, setActive] = useState({ r: order.length ? 0 : -1, c: 0 });
  const [editing, setEditing] = useState<{ r: number; c: number } | null>(null);
  const wantFocus = useRef(false);
  const frame = useRef(0);

  const n = order.length;
  const cols = COLUMNS.length;
  const r = Math.min(active.r, n - 1);
  const c = Math.min(active.c, cols - 1);

  // Sizes: a row's height (a card's, when the grid is narrow), the header's and the box's.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const measure = () => {
      const row = windowRef.current?.querySelector<HTMLElement>('.m-row');
      if (row && row.offsetHeight > 0) setRowH(row.offsetHeight);
      if (headRef.current) setHeadH(headRef.current.offsetHeight);
      if (box.clientHeight > 0) setViewH(box.clientHeight);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(box);
    return () => ro.disconnect();
  }, [n > 0]);

  const start = Math.max(0, Math.floor(scrollTop / rowH) - OVERSCAN);
  const end = Math.min(n, Math.ceil((scrollTop + viewH) / rowH) + OVERSCAN);

  useLayoutEffect(() => {
    if (bodyRef.current) bodyRef.current.style.height = `${n * rowH}px`;
    if (windowRef.current) windowRef.current.style.transform = `translateY(${start * rowH}px)`;
  }, [n, rowH, start]);

  // The view changed (sort, search, filter): the active cell stays on its member where the view still
  // shows them, else inside the view.
  const activeId = useRef<string | null>(null);
  const lastOrder = useRef(order);
  // Noted only while the view is the one the index belongs to (a new order is handled below).
  if (lastOrder.current === order && r >= 0 && rows[order[r]]) activeId.current = rowId(rows[order[r]]);
  useLayoutEffect(() => {
    if (lastOrder.current === order) return;
    lastOrder.current = order;
    const id = activeId.current;
    const at = id === null ? -1 : order.findIndex((i) => rowId(rows[i]) === id);
    if (at >= 0 && at !== active.r) setActive((a) => ({ ...a, r: at }));
    else if (at < 0 && active.r > n - 1) setActive((a) => ({ ...a, r: n - 1 }));
  }, [order, rows, n, active.r]);

  useEffect(() => {
    onActive({ row: r >= 0 ? rows[order[r]] ?? null : null, col: COLUMNS[c].id });
  }, [r, c, order, rows, onActive]);

  // Move the focus to the active cell after a keyboard move (the cell is rendered by then).
  useLayoutEffect(() => {
    if (!wantFocus.current || editing) return;
    wantFocus.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus({ preventScroll: false });
  });

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const next = scrollRef.current?.scrollTop ?? 0;
      // Drawn again only when the first row in sight changes (the same state bails out of a render).
      setScrollTop((prev) => (Math.floor(prev / rowH) === Math.floor(next / rowH) ? prev : next));
    });
  };

  /** Scrolls so view row `to` is below the sticky header and inside the box. */
  const reveal = (to: number) => {
    const box = scrollRef.current;
    if (!box || to < 0) return;
    const top = to * rowH;
    const room = Math.max(rowH, viewH - headH);
    let next = box.scrollTop;
    if (top < next) next = top;
    else if (top + rowH > next + room) next = top + rowH - room;
    if (next !== box.scrollTop) {
      box.scrollTop = next;
      setScrollTop(next);
    }
  };

  const moveTo = (nr: number, nc: number) => {
    const rr = Math.max(-1, Math.min(n - 1, nr));
    const cc = Math.max(0, Math.min(cols - 1, nc));
    wantFocus.current = true;
    setActive({ r: rr, c: cc });
    reveal(rr);
  };

  const field = (cc: number) => COLUMNS[cc].field;

  const startEdit = (rr: number, cc: number) => {
    if (disabled || rr < 0 || !field(cc)) return;
    setActive({ r: rr, c: cc });
    setEditing({ r: rr, c: cc });
  };

  const activate = (rr: number, cc: number) => {
    const col = COLUMNS[cc];
    if (rr < 0) return onSort(col.id);
    const row = rows[order[rr]];
    if (col.id === 'counted') {
      if (!disabled) onMark(row, !effectiveCounted(row, draft));
      return;
    }
    startEdit(rr, cc);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return; // the editor handles its keys
    const page = Math.max(1, Math.floor((viewH - headH) / rowH) - 1);
    let handled = true;
    switch (e.key) {
      case 'ArrowDown': moveTo(r + 1, c); break;
      case 'ArrowUp': moveTo(r - 1, c); break;
      case 'ArrowRight': moveTo(r, c + 1); break;
      case 'ArrowLeft': moveTo(r, c - 1); break;
      case 'Home': e.ctrlKey ? moveTo(n ? 0 : -1, 0) : moveTo(r, 0); break;
      case 'End': e.ctrlKey ? moveTo(n - 1, cols - 1) : moveTo(r, cols - 1); break;
      case 'PageDown': moveTo(Math.max(0, r) + page, c); break;
      case 'PageUp': moveTo(Math.max(0, r - page), c); break;
      case 'Enter':
      case 'F2':
        activate(r, c);
        break;
      case ' ':
        if (r < 0 || COLUMNS[c].id === 'counted') activate(r, c);
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  };

  const endEdit = (keep: boolean, value: string) => {
    const at = editing;
    if (!at) return;
    const row = rows[order[at.r]];
    const f = field(at.c);
    setEditing(null);
    onEditError(null);
    wantFocus.current = true;
    if (keep && row && f) onEdit(row, f, value);
  };

  const sortOf = (id: ColumnId) => (view.sort?.col === id ? view.sort.dir : undefined);
  const tabR = r >= start && r < end ? r : r < 0 ? -1 : start < end ? start : -1;

  const cellClass = (row: CensusMemberRow, id: ColumnId, f: MemberTableField | undefined, problems: string[], unclear: boolean) =>
    [
      'm-cell',
      `c-${id}`,
      problems.length ? 'has-problem' : '',
      unclear ? 'is-unclear' : '',
      f && isDraftCell(row, f, draft) ? 'is-draft' : f && row.edited.includes(f) ? 'is-edited' : '',
    ]
      .filter(Boolean)
      .join(' ');

  const body = [];
  for (let v = start; v < end; v++) {
    const row = rows[order[v]];
    const counted = effectiveCounted(row, draft);
    body.push(
      <div key={rowId(row)} role="row" aria-rowindex={v + 2} className={`m-row${counted ? '' : ' m-off'}${v === r ? ' is-active' : ''}`}>
        {COLUMNS.map((col, ci) => {
          const f = col.field;
          // A cell with an edit waiting shows no problem: the edit is meant to fix it (the server checks it again).
          const problems = f && isDraftCell(row, f, draft) ? [] : problemsOf(row, col.id);
          // A cell OCR was unsure of (a scan), until a hand edit replaces what it read.
          const unclear = !!f && !isDraftCell(row, f, draft) && !row.edited.includes(f) && unclearOf(row, col.id);
          const text = col.id === 'where' ? whereShort(row, places) : cellText(row, col.id, draft);
          const isEditing = editing && editing.r === v && editing.c === ci;
          const focusable = v === tabR && ci === c;
          return (
            <div
              key={col.id}
              role="gridcell"
              aria-colindex={ci + 1}
              data-cell={`${v}:${ci}`}
              data-label={col.label}
              aria-readonly={f ? undefined : true}
              aria-describedby={v === r && ci === c ? infoId : undefined}
              tabIndex={isEditing ? undefined : focusable ? 0 : -1}
              className={cellClass(row, col.id, f, problems, unclear)}
              title={problems.length || unclear ? [...(unclear ? [L.unclear] : []), ...problems].join('; ') : undefined}
              onFocus={() => (v !== r || ci !== c) && setActive({ r: v, c: ci })}
              onDoubleClick={() => startEdit(v, ci)}
            >
              {isEditing && f ? (
                <CellEditor
                  field={f}
                  initial={rawValue(row, f, draft)}
                  label={L.editLabel(col.label, L.rowName(row.file, row.sheet, row.row, row.column))}
                  errorId={infoId}
                  onError={onEditError}
                  onDone={endEdit}
                />
              ) : (
                <>
                  <span className="m-text">{text}</span>
                  {unclear ? <span className="m-unclear" aria-hidden="true">?</span> : null}
                  {unclear ? <span className="visually-hidden">{` (${L.unclear})`}</span> : null}
                  {col.id === 'counted' ? (
                    <button type="button" tabIndex={-1} className="m-mark" disabled={disabled} onClick={() => onMark(row, !counted)}>
                      {counted ? L.markNotPerson : L.markCount}
                    </button>
                  ) : null}
                  {problems.length ? <span className="visually-hidden">{` (${L.problem}: ${problems.join('; ')})`}</span> : null}
                  {f && isDraftCell(row, f, draft) ? <span className="visually-hidden">{` (${L.waitingEdit})`}</span> : f && row.edited.includes(f) ? <span className="visually-hidden">{` (${L.editedByHand})`}</span> : null}
                </>
              )}
            </div>
          );
        })}
      </div>,
    );
  }

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={L.grid}
      aria-rowcount={n + 1}
      aria-colcount={cols}
      aria-busy={disabled || undefined}
      className="m-grid"
      onScroll={onScroll}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="m-head" ref={headRef}>
        <div role="row" aria-rowindex={1} className="m-row m-head-row">
          {COLUMNS.map((col, ci) => (
            <div
              key={col.id}
              role="columnheader"
              aria-colindex={ci + 1}
              aria-sort={sortOf(col.id)}
              data-cell={`-1:${ci}`}
              tabIndex={tabR === -1 && ci === c ? 0 : -1}
              className={`m-cell m-th c-${col.id}${sortOf(col.id) ? ` sorted-${sortOf(col.id)}` : ''}`}
              onFocus={() => (r !== -1 || ci !== c) && setActive({ r: -1, c: ci })}
              onClick={() => onSort(col.id)}
            >
              {col.label}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="m-body" ref={bodyRef}>
        <div className="m-window" ref={windowRef}>
          {body}
        </div>
      </div>
    </div>
  );
}

/** The editor starts with the value as typed, not as shown ('52000', not '$52,000'; a code, not its word). */
function rawValue(row: CensusMemberRow, f: MemberTableField, draft: MemberDraft): string {
  const e = draft.edits[rowId(row)];
  if (e && f in e) return e[f] ?? '';
  const v = row.values[f];
  return v === null ? '' : String(v);
}
