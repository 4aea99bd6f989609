/**
 * The report's 'Not counted' view alone (widgets/census-report/not-counted): the toggle's disclosure
 * state, the panel's title focused on opening, the table loaded on first use with a row group per
 * reason, the 'and N more' row where the report carries only the first entries of a reason, the
 * orphan dependents line, and Escape closing it.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CensusNotCounted } from '../../shared/census/report';
import { NotCountedPanel, NotCountedToggle } from '../../widgets/census-report/not-counted/NotCounted';
import { NOT_COUNTED_LABELS } from '../../widgets/census-report/not-counted/labels';

const nc: CensusNotCounted = {
  total: 303,
  byReason: { retired: 300, duplicate: 1, 'skipped-sheet': 2 },
  entries: [
    { file: 'a.xlsx', sheet: 'Census', row: 9, who: 'Ann Lee', reason: 'retired', detail: 'status retired' },
    { file: 'a.xlsx', sheet: 'Census', row: 16, column: 'Spouse DOB', who: 'a spouse of ID E1', reason: 'retired', detail: 'status retired, taken from their employee (none on the row)' },
    { file: 'a.xlsx', sheet: 'Census', row: 64, who: 'Bo Ray', reason: 'duplicate', detail: 'same person as row 43' },
    { file: 'a.xlsx', sheet: 'Instructions', row: null, who: '', reason: 'skipped-sheet', detail: 'instructions' },
    { file: 'a.xlsx', sheet: 'Lists', row: null, who: '', reason: 'skipped-sheet', detail: 'drop-down lists' },
  ],
  orphansCounted: 2,
};

describe("<census-report>'s 'Not counted' view", () => {
  it('the toggle says how many and whether the list is open', () => {
    const onToggle = vi.fn();
    render(<NotCountedToggle notCounted={nc} open={false} controls="p" onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: 'Not counted (303)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe('p');
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledOnce();
  });

  it('opens on its title, loads the table grouped by reason, says what is cut and what is counted; Escape closes', async () => {
    const onClose = vi.fn();
    render(<NotCountedPanel id="p" notCounted={nc} level={3} onClose={onClose} />);
    const title = screen.getByRole('heading', { level: 3, name: 'Not counted' });
    expect(document.activeElement).toBe(title);
    const table = await screen.findByRole('table');
    const groups = [...table.querySelectorAll('tr.group')].map((r) => r.textContent);
    expect(groups).toEqual(['Retired (300)', 'Duplicate of another row (1)', 'Sheet not read (2)']);
    expect(table.querySelector('tr.more')?.textContent).toBe(NOT_COUNTED_LABELS.more(298));
    const spouse = [...table.querySelectorAll('tr.entry')][1];
    expect([...spouse.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['a.xlsx', 'Census', '16 (Spouse DOB)', 'a spouse of ID E1', 'status retired, taken from their employee (none on the row)']);
    const sheet = [...table.querySelectorAll('tr.entry')][3];
    expect(sheet.querySelectorAll('td')[2].textContent).toBe(NOT_COUNTED_LABELS.wholeSheet);
    expect(screen.getByText(NOT_COUNTED_LABELS.orphans(2))).toBeTruthy();
    fireEvent.keyDown(table, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: NOT_COUNTED_LABELS.hide }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('takes the focus once per opening: back after a file switch, it leaves the focus where it is', async () => {
    const request = { current: true };
    const first = render(<NotCountedPanel id="p" notCounted={nc} level={3} onClose={() => {}} focusRequest={request} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Not counted' }));
    expect(request.current).toBe(false);
    await screen.findByRole('table');
    first.unmount();
    render(<NotCountedPanel id="p" notCounted={nc} level={3} onClose={() => {}} focusRequest={request} />);
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Not counted' }));
    await screen.findByRole('table');
  });

  it("names a document's rows by page and line, headed Page and Line when every entry is a document's", async () => {
    const doc: CensusNotCounted = {
      total: 2,
      byReason: { duplicate: 1, 'not-a-person': 1 },
      entries: [
        { file: 'scan.pdf', sheet: 'page 1', row: 52, who: 'Bo Ray', reason: 'duplicate', detail: 'same person as row 43', page: 2, line: 14 },
        { file: 'scan.pdf', sheet: 'page 1', row: 60, who: 'Total', reason: 'not-a-person', detail: 'a total or note under the table', page: 2, line: 22 },
      ],
      orphansCounted: 0,
    };
    render(<NotCountedPanel id="p" notCounted={doc} level={3} onClose={() => {}} />);
    const table = await screen.findByRole('table');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['File', 'Page', 'Line', 'Who', 'Reason']);
    const first = [...table.querySelectorAll('tr.entry')][0];
    expect([...first.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)).toEqual(['scan.pdf', 'page 2', 'line 14']);
  });
});
