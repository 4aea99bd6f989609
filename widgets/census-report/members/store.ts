/**
 * The member table's state, free of any UI framework (a zustand vanilla store, like the report's):
 * the table loaded from the API, the view (sort, search, problems only), the draft of edits and marks,
 * and the last 'Fill empty cells' outcome. One store per report element, kept while the table is
 * closed, so a draft survives closing it.
 */
import type { CensusMemberRow, CensusMemberTable } from '../../../shared/census/members';
import type { MemberTableField } from '../../../shared/census/report';
import { createWidgetStore, type StoreApi } from '../../internal/store';
import { emptyMemberDraft, fillEmpty, mark, setEdit, undo, type MemberDraft } from './draft';
import { FIELD_LABELS, MEMBER_LABELS as L } from './labels';
import { defaultView, type MemberView } from './model';

export interface MembersState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  table: CensusMemberTable | null;
  /** What the table was loaded for (case, file, target, report): another value loads it again. */
  loadedFor: string | null;
  view: MemberView;
  draft: MemberDraft;
  /** The last 'Fill empty cells' outcome, said in the status line. */
  message: string | null;
  /** The draft went with 'Apply and recalculate': the next table (recalculated) starts a fresh draft. */
  sent: boolean;
}

export interface MembersActions {
  /** Loads the table unless it is loaded for `forKey`; the draft is kept unless it was sent. */
  load(forKey: string, fetch: () => Promise<CensusMemberTable>): Promise<void>;
  markSent(): void;
  setView(patch: Partial<MemberView>): void;
  edit(r: CensusMemberRow, field: MemberTableField, value: string): void;
  fill(field: MemberTableField, value: string): void;
  mark(r: CensusMemberRow, counted: boolean): void;
  undo(): void;
  discard(): void;
}

export type MembersStore = StoreApi<MembersState & MembersActions>;

export function createMembersStore(): MembersStore {
  let seq = 0;
  return createWidgetStore<MembersState, MembersActions>(
    { status: 'idle', table: null, loadedFor: null, view: defaultView(), draft: emptyMemberDraft(), message: null, sent: false },
    (set, get) => ({
      async load(forKey, fetch) {
        if (get().loadedFor === forKey && get().status !== 'error') return;
        const mine = ++seq;
        const keepDraft = !get().sent;
        set({ status: 'loading', loadedFor: forKey, sent: false });
        try {
          const table = await fetch();
          if (mine !== seq) return;
          if (!table || !Array.isArray(table.members)) throw new Error('not a member table');
          // A sent draft gives way when the recalculated table is in (not before: its cells would
          // show the old values meanwhile).
          set({ status: 'loaded', table, ...(keepDraft ? {} : { draft: emptyMemberDraft(), message: null }) });
        } catch (err) {
          if (mine !== seq) return;
          console.error('census members', err);
          set({ status: 'error' });
        }
      },
      markSent() {
        set({ sent: true });
      },
      setView(patch) {
        set({ view: { ...get().view, ...patch } });
      },
      edit(r, field, value) {
        set({ draft: setEdit(get().draft, r, field, value), message: null });
      },
      fill(field, value) {
        const rows = get().table?.members ?? [];
        const { draft, filled } = fillEmpty(get().draft, rows, field, value);
        set({ draft, message: L.filled(filled, FIELD_LABELS[field]) });
      },
      mark(r, counted) {
        set({ draft: mark(get().draft, r, counted), message: null });
      },
      undo() {
        set({ draft: undo(get().draft), message: null });
      },
      discard() {
        set({ draft: emptyMemberDraft(), message: null });
      },
    }),
  );
}
