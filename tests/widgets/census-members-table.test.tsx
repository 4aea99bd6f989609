/**
 * The member table's UI alone (widgets/census-report/members/MemberTable.tsx) under jsdom with plain
 * data: a grid named 'Members' with only some rows in the DOM, sorting by a header (aria-sort), the
 * problems filter and the search, a cell edited by keyboard (Enter, type, Enter; Escape cancels; a
 * refused value says why), 'Fill empty cells', a row marked, 'N edits waiting', and Apply sending
 * the reading's edits and rows.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CensusMemberRow, CensusMemberTable } from '../../shared/census/members';
import { MemberTable, type MemberTableProps } from '../../widgets/census-report/members/MemberTable';

function member(row: number, values: Partial<CensusMemberRow['values']> = {}, extra: Partial<CensusMemberRow> = {}): CensusMemberRow {
  return {
    file: 'staff.csv',
    sheet: '',
    row,
    key: `k${row}`,
    counted: true,
    values: { relationship: 'employee', firstName: `P${row}`, lastName: 'Doe', dateOfBirth: '1980-05-01', gender: 'female', status: 'active', hireDate: null, annualSalary: 40000 + row, zip: row % 2 ? null : '94107', state: 'CA', coverageTier: row % 3 ? 'EE' : null, ...values },
    age: 45,
    ssnLast4: '1234',
    edited: [],
    problems: row % 2 ? [{ field: 'zip', source: 'readiness', reason: 'ZIP missing' }] : [],
    ...extra,
  };
}

const table: CensusMemberTable = { asOf: '2026-01-01', members: Array.from({ length: 10_000 }, (_, i) => member(i + 2)) };

function setup(over: Partial<MemberTableProps> = {}) {
  const onApply = vi.fn();
  const props: MemberTableProps = {
    holder: { current: null },
    loadKey: 'a',
    fetch: async () => table,
    editable: true,
    recalculating: false,
    recalcError: null,
    readingIsYours: false,
    standing: {},
    onApply,
    onAutomatic: () => {},
    ...over,
  };
  render(<MemberTable {...props} />);
  return { onApply };
}

const cell = (grid: HTMLElement, r: number, c: number) => grid.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)!;

describe('member table', () => {
  it('is a grid named Members with 10,000 rows counted but only a window of them in the DOM', async () => {
    setup();
    const grid = await screen.findByRole('grid', { name: 'Members' });
    expect(grid.getAttribute('aria-rowcount')).toBe('10001');
    const rows = within(grid).getAllByRole('row');
    expect(rows.length).toBeLessThan(60);
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'File, sheet, row', 'Counted', 'Relationship', 'First name', 'Last name', 'Birth date', 'Age', 'Gender', 'Status', 'Hire date', 'Salary', 'ZIP', 'State', 'Tier', 'SSN',
    ]);
    expect(cell(grid, 0, 14).textContent).toBe('***-**-1234');
    expect(screen.getByText('10,000 members')).toBeTruthy();
  });

  it('sorts by a header (aria-sort), filters problems and searches', async () => {
    setup();
    const grid = await screen.findByRole('grid', { name: 'Members' });
    const salary = within(grid).getByRole('columnheader', { name: 'Salary' });
    fireEvent.click(salary);
    expect(salary.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(salary);
    expect(salary.getAttribute('aria-sort')).toBe('descending');
    expect(cell(grid, 0, 10).textContent).toBe('$50,001');
    fireEvent.click(screen.getByLabelText('Only rows with problems'));
    expect(screen.getByText('5,000 of 10,000 members shown')).toBeTruthy();
    expect(cell(grid, 0, 11).textContent).toContain('Problem: ZIP missing');
    fireEvent.input(screen.getByLabelText('Search the members'), { target: { value: 'P9999 ' } });
    expect(screen.getByText('1 of 10,000 members shown')).toBeTruthy();
  });

  it('edits by keyboard: Enter, type, Enter keeps; Escape cancels; a refused value says why; Apply sends the edits', async () => {
    const { onApply } = setup();
    const grid = await screen.findByRole('grid', { name: 'Members' });
    const first = cell(grid, 0, 0);
    first.focus();
    // Right 11 times: the ZIP column of row 2 (empty, a problem).
    for (let i = 0; i < 11; i++) fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell(grid, 0, 11));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    let input = screen.getByLabelText('ZIP, staff.csv, row 2') as HTMLInputElement;
    fireEvent.input(input, { target: { value: '941' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toMatch(/5 digits/);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(cell(grid, 0, 11).querySelector('input')).toBeNull();
    expect(screen.getByText('No edits waiting.')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    input = screen.getByLabelText('ZIP, staff.csv, row 2') as HTMLInputElement;
    fireEvent.input(input, { target: { value: '94110' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(cell(grid, 0, 11).textContent).toContain('94110');
    expect(cell(grid, 0, 11).className).toContain('is-draft');
    expect(document.activeElement).toBe(cell(grid, 0, 11));
    expect(screen.getByText('1 edit waiting.')).toBeTruthy();
    // The row below, then Up and Down move; Enter on 'Counted' marks the row.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell(grid, 1, 11));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(cell(grid, 1, 1).textContent).toContain('Not counted: marked not a person');
    expect(screen.getByText('2 edits waiting.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply and recalculate' }));
    expect(onApply).toHaveBeenCalledWith({
      edits: [{ file: 'staff.csv', sheet: '', row: 2, key: 'k2', field: 'zip', value: '94110' }],
      rows: [{ file: 'staff.csv', sheet: '', row: 3, key: 'k3', counted: false }],
    });
  });

  it('fills the empty cells of a column and undoes it', async () => {
    setup();
    await screen.findByRole('grid', { name: 'Members' });
    fireEvent.change(screen.getByLabelText('Column to fill'), { target: { value: 'coverageTier' } });
    fireEvent.input(screen.getByLabelText('Fill with'), { target: { value: 'EF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill empty cells' }));
    expect(screen.getByText('3,333 empty Tier cells filled. 3,333 edits waiting.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('No edits waiting.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Column to fill'), { target: { value: 'zip' } });
    fireEvent.input(screen.getByLabelText('Fill with'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill empty cells' }));
    expect(screen.getByRole('alert').textContent).toMatch(/5 digits/);
  });

  it('says when the table cannot be loaded, and shows the server refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ fetch: () => Promise.reject(new Error('no')), recalcError: "Row 4: '13/45/2020' is not a birth date." });
    expect(await screen.findByText('The members could not be loaded.', { exact: false })).toBeTruthy();
    expect(screen.getAllByRole('alert').map((a) => a.textContent).join(' ')).toContain('13/45/2020');
    await act(async () => {});
  });
});
