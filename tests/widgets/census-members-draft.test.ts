/**
 * The member table's logic alone (widgets/census-report/members/): the draft (edit, fill empty cells,
 * row marks, undo, the reading's edits and rows), the light checks of typed values, and the view
 * (sort, 'Only rows with problems', search).
 */
import { describe, expect, it, vi } from 'vitest';
import type { CensusMemberRow } from '../../shared/census/members';
import {
  checkValue,
  draftCount,
  effectiveValue,
  emptyMemberDraft,
  fillEmpty,
  mark,
  parseDate,
  readingParts,
  setEdit,
  undo,
} from '../../widgets/census-report/members/draft';
import { cellText, defaultView, viewRows } from '../../widgets/census-report/members/model';
import { createMembersStore } from '../../widgets/census-report/members/store';

function member(row: number, values: Partial<CensusMemberRow['values']> = {}, extra: Partial<CensusMemberRow> = {}): CensusMemberRow {
  return {
    file: 'staff.xlsx',
    sheet: 'Census',
    row,
    key: `k${row}`,
    counted: true,
    values: { relationship: 'employee', firstName: null, lastName: null, dateOfBirth: null, gender: null, status: null, hireDate: null, annualSalary: null, zip: null, state: null, coverageTier: null, ...values },
    age: null,
    ssnLast4: null,
    edited: [],
    problems: [],
    ...extra,
  };
}

const ann = member(2, { firstName: 'Ann', lastName: 'Lee', zip: '94107', annualSalary: 52000, coverageTier: 'EE' }, { age: 41, ssnLast4: '1234' });
const bo = member(3, { firstName: 'Bo', lastName: 'Ray', annualSalary: 71000 }, { age: 30, problems: [{ field: 'zip', source: 'readiness', reason: 'ZIP missing' }] });
const kid = member(4, { relationship: 'child', firstName: 'Cy', lastName: 'Ray' }, { age: 5 });
const title = member(1, { firstName: 'TOTAL' }, { counted: false, reason: 'not-a-person', key: '' });
const rows = [title, ann, bo, kid];

describe('member draft', () => {
  it('edits a cell, forgets an edit back to the value read, and counts what waits', () => {
    let d = setEdit(emptyMemberDraft(), bo, 'zip', ' 94110 ');
    expect(effectiveValue(bo, 'zip', d)).toBe('94110');
    expect(draftCount(d)).toBe(1);
    d = setEdit(d, ann, 'zip', '94107');
    expect(draftCount(d)).toBe(1); // the same value as read is no edit
    d = setEdit(d, ann, 'zip', '');
    expect(effectiveValue(ann, 'zip', d)).toBeNull(); // '' clears the cell
    expect(draftCount(d)).toBe(2);
    d = setEdit(d, ann, 'zip', '94107');
    expect(draftCount(d)).toBe(1);
  });

  it('normalises typed dates, states and salaries', () => {
    let d = setEdit(emptyMemberDraft(), bo, 'dateOfBirth', '3/7/1990');
    d = setEdit(d, bo, 'state', 'ca');
    d = setEdit(d, bo, 'annualSalary', '$72,500');
    expect([effectiveValue(bo, 'dateOfBirth', d), effectiveValue(bo, 'state', d), effectiveValue(bo, 'annualSalary', d)]).toEqual(['1990-03-07', 'CA', '72500']);
  });

  it('fills the empty cells of a column: not rows that are not a person; a tier only for employees', () => {
    const zip = fillEmpty(emptyMemberDraft(), rows, 'zip', '94110');
    expect(zip.filled).toBe(2); // Bo and the child; Ann has one, the title row is not a person
    expect(effectiveValue(kid, 'zip', zip.draft)).toBe('94110');
    expect(effectiveValue(title, 'zip', zip.draft)).toBeNull();
    const tier = fillEmpty(zip.draft, rows, 'coverageTier', 'EF');
    expect(tier.filled).toBe(1); // Bo only: the child has no tier of its own
    expect(effectiveValue(bo, 'coverageTier', tier.draft)).toBe('EF');
    // One undo step per fill.
    expect(draftCount(undo(tier.draft))).toBe(2);
    expect(draftCount(undo(undo(tier.draft)))).toBe(0);
    expect(fillEmpty(emptyMemberDraft(), rows, 'zip', '  ').filled).toBe(0);
  });

  it('marks rows, and a mark that says what the row already is goes away', () => {
    let d = mark(emptyMemberDraft(), ann, false);
    d = mark(d, title, true);
    expect(d.marks).toEqual({ 'staff.xlsx\u0000Census\u00002\u0000': false, 'staff.xlsx\u0000Census\u00001\u0000': true });
    expect(cellText(ann, 'counted', d)).toBe('Not counted: marked not a person');
    d = mark(d, ann, true);
    expect(Object.keys(d.marks)).toHaveLength(1);
    expect(cellText(title, 'counted', emptyMemberDraft())).toMatch(/^Not counted: Not a person/);
  });

  it('undoes step by step, and stops at the start', () => {
    let d = setEdit(emptyMemberDraft(), bo, 'zip', '94110');
    d = setEdit(d, bo, 'zip', '94111');
    d = mark(d, kid, false);
    d = undo(d);
    expect(d.marks).toEqual({});
    expect(effectiveValue(bo, 'zip', d)).toBe('94111');
    d = undo(undo(d));
    expect(effectiveValue(bo, 'zip', d)).toBeNull();
    expect(undo(d)).toBe(d);
  });

  it("builds the reading's edits and rows: standing edits and marks kept, the draft on top, each with its row's key", () => {
    const edited = member(5, { zip: '10001' }, { edited: ['zip'] });
    let d = setEdit(emptyMemberDraft(), bo, 'zip', '94110');
    d = mark(d, title, true);
    const parts = readingParts(d, [...rows, edited], { rows: [{ file: 'staff.xlsx', sheet: 'Census', row: 4, key: 'k4', counted: false }] });
    expect(parts.edits).toEqual([
      { file: 'staff.xlsx', sheet: 'Census', row: 5, key: 'k5', field: 'zip', value: '10001' },
      { file: 'staff.xlsx', sheet: 'Census', row: 3, key: 'k3', field: 'zip', value: '94110' },
    ]);
    expect(parts.rows).toEqual([
      { file: 'staff.xlsx', sheet: 'Census', row: 4, key: 'k4', counted: false },
      { file: 'staff.xlsx', sheet: 'Census', row: 1, counted: true },
    ]);
    // The draft wins over a standing edit of the same cell.
    const over = readingParts(setEdit(emptyMemberDraft(), edited, 'zip', '10002'), [edited]);
    expect(over.edits).toEqual([{ file: 'staff.xlsx', sheet: 'Census', row: 5, key: 'k5', field: 'zip', value: '10002' }]);
  });

  it('checks typed values lightly: dates, ZIPs, states, salaries', () => {
    expect(parseDate('2020-02-29')).toBe('2020-02-29');
    expect(parseDate('2021-02-29')).toBeNull();
    expect(checkValue('dateOfBirth', '13/45/2020')).toMatch(/Not a date/);
    expect(checkValue('dateOfBirth', '12/31/1980')).toBeNull();
    expect(checkValue('zip', '9410')).toMatch(/5 digits/);
    expect(checkValue('zip', '94110-1234')).toBeNull();
    expect(checkValue('state', 'XX')).toMatch(/two-letter/);
    expect(checkValue('state', 'ny')).toBeNull();
    expect(checkValue('annualSalary', '-5')).toMatch(/salary/);
    expect(checkValue('annualSalary', '$52,000')).toBeNull();
    expect(checkValue('zip', '')).toBeNull();
  });
});

describe('member view', () => {
  const d = emptyMemberDraft();
  it('keeps the API order unsorted, and sorts by any column both ways, empty values last', () => {
    expect(viewRows(rows, defaultView(), d)).toEqual([0, 1, 2, 3]);
    const byName = viewRows(rows, { ...defaultView(), sort: { col: 'firstName', dir: 'ascending' } }, d);
    expect(byName.map((i) => rows[i].values.firstName)).toEqual(['Ann', 'Bo', 'Cy', 'TOTAL']);
    const bySalary = viewRows(rows, { ...defaultView(), sort: { col: 'annualSalary', dir: 'descending' } }, d);
    expect(bySalary.map((i) => rows[i].row)).toEqual([3, 2, 1, 4]);
    const byAge = viewRows(rows, { ...defaultView(), sort: { col: 'age', dir: 'ascending' } }, d);
    expect(byAge.map((i) => rows[i].row)).toEqual([4, 3, 2, 1]);
    const byWhere = viewRows(rows, { ...defaultView(), sort: { col: 'where', dir: 'descending' } }, d);
    expect(byWhere.map((i) => rows[i].row)).toEqual([4, 3, 2, 1]);
    // The draft's values sort too.
    const edited = setEdit(d, kid, 'firstName', 'Al');
    expect(viewRows(rows, { ...defaultView(), sort: { col: 'firstName', dir: 'ascending' } }, edited)[0]).toBe(3);
  });

  it('filters rows with problems and searches every cell and problem', () => {
    expect(viewRows(rows, { ...defaultView(), onlyProblems: true }, d)).toEqual([2]);
    expect(viewRows(rows, { ...defaultView(), search: 'ray' }, d)).toEqual([2, 3]);
    expect(viewRows(rows, { ...defaultView(), search: '94107' }, d)).toEqual([1]);
    expect(viewRows(rows, { ...defaultView(), search: '***-**-1234' }, d)).toEqual([1]);
    expect(viewRows(rows, { ...defaultView(), search: 'zip missing' }, d)).toEqual([2]);
    expect(viewRows(rows, { ...defaultView(), search: 'row 4' }, d)).toEqual([3]);
    expect(viewRows(rows, { ...defaultView(), search: 'ray', onlyProblems: true }, d)).toEqual([2]);
  });

  it('sorts 50,000 rows quickly', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => member(i + 2, { lastName: `N${(i * 7919) % 50_000}`, zip: String(10000 + (i % 80000)) }));
    const t0 = performance.now();
    const out = viewRows(many, { ...defaultView(), sort: { col: 'lastName', dir: 'ascending' } }, d);
    const searched = viewRows(many, { ...defaultView(), search: 'n123' }, d);
    expect(out).toHaveLength(50_000);
    expect(searched.length).toBeGreaterThan(0);
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});

describe('member store', () => {
  it('loads once per key, keeps or drops the draft, fills and says how many', async () => {
    const store = createMembersStore();
    let calls = 0;
    const fetch = async () => {
      calls++;
      return { asOf: '2026-01-01', members: rows };
    };
    await store.getState().load('a', fetch);
    await store.getState().load('a', fetch);
    expect(calls).toBe(1);
    store.getState().fill('zip', '94110');
    expect(store.getState().message).toBe('2 empty ZIP cells filled.');
    await store.getState().load('b', fetch);
    expect(draftCount(store.getState().draft)).toBe(2); // another file or target: the draft stays
    store.getState().markSent();
    await store.getState().load('c', fetch);
    expect(draftCount(store.getState().draft)).toBe(0); // recalculated with it: a fresh draft
    expect(store.getState().sent).toBe(false);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await store.getState().load('d', async () => Promise.reject(new Error('x')));
    quiet.mockRestore();
    expect(store.getState().status).toBe('error');
  });
});

describe("the report's store and the member table's edits", () => {
  it('sends hand edits with a later reading (a PATCH replaces the whole reading), and none with the automatic one', async () => {
    const { createCensusReportStore } = await import('../../widgets/census-report/store');
    const sent: unknown[] = [];
    const report = { files: [{ fileName: 'staff.xlsx' }], totalLives: 3, columns: [] };
    const client = {
      getCensusCase: async () => report,
      patchCensusReading: async (_id: string, reading: unknown) => {
        sent.push(reading);
        return { caseId: 'c', status: 'completed' };
      },
    } as never;
    const deps = { client, pollMs: 0, emit: () => true };
    const store = createCensusReportStore();
    await store.getState().load('c', deps);
    const edits = [{ file: 'staff.xlsx', sheet: 'Census', row: 3, key: 'k3', field: 'zip' as const, value: '94110' }];
    const rows = [{ file: 'staff.xlsx', sheet: 'Census', row: 1, counted: true }];
    await store.getState().applyReading({ edits, rows }, deps);
    await store.getState().applyReading({ columns: [{ file: 'staff.xlsx', sheet: 'Census', header: 'Zip', field: 'zip' }] }, deps);
    await store.getState().applyReading({}, deps);
    await store.getState().applyReading({ columns: [] }, deps);
    expect(sent).toEqual([
      { edits, rows },
      { columns: [{ file: 'staff.xlsx', sheet: 'Census', header: 'Zip', field: 'zip' }], edits, rows },
      {},
      { columns: [] },
    ]);
  });
});

describe('hand edits standing in the reading', () => {
  it("reads them from the report's changes (after a reload), with what this page sent on top", async () => {
    const { standingHandEdits } = await import('../../widgets/census-report/members/standing');
    const report = {
      reading: {
        source: 'yours' as const,
        changed: [
          { file: 'a.csv', sheet: '', header: null, kind: 'edit' as const, row: 3, field: 'zip' as const, value: '94110' },
          { file: 'a.csv', sheet: '', header: 'Spouse DOB', kind: 'edit' as const, row: 4, field: 'dateOfBirth' as const, value: '1980-01-02' },
          { file: 'a.csv', sheet: '', header: null, kind: 'row' as const, row: 1, value: 'counted' },
          { file: 'a.csv', sheet: '', header: null, kind: 'row' as const, row: 9, value: 'not counted' },
          { file: 'a.csv', sheet: '', header: 'Status', kind: 'column' as const },
        ],
      },
    };
    const out = standingHandEdits(report, { rows: [{ file: 'a.csv', sheet: '', row: 9, key: 'k9', counted: false }] });
    expect(out.edits).toEqual([
      { file: 'a.csv', sheet: '', row: 3, field: 'zip', value: '94110' },
      { file: 'a.csv', sheet: '', row: 4, column: 'Spouse DOB', field: 'dateOfBirth', value: '1980-01-02' },
    ]);
    expect(out.rows).toEqual([
      { file: 'a.csv', sheet: '', row: 1, counted: true },
      { file: 'a.csv', sheet: '', row: 9, key: 'k9', counted: false },
    ]);
    expect(standingHandEdits({ reading: { source: 'automatic', changed: [] } }, {})).toEqual({});
    expect(standingHandEdits(null, {})).toEqual({});
  });
});
