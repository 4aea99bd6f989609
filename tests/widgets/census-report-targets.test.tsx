/**
 * The export target choice's parts under React: each target's mark (ready / 'N things to fix'), the
 * list of a target that is not ready (focus on its title, 'Needed' before 'Advised'), 'Download
 * anyway', and the employer e-mail: a mailto of the counts and fields, never a person's data.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CensusTargetReadiness } from '../../shared/api/types';
import { FixList, TARGET_LABELS, TargetSelect, askMailto, showsListFirst, targetLabel, targetMark } from '../../widgets/census-report/targets';

const DCHL: CensusTargetReadiness = {
  id: 'dchl',
  name: 'DC Health Link employee census',
  format: 'xlsx',
  ready: false,
  problems: [
    { field: 'ssn', count: 33, blocking: true, message: "33 employees have no full SSN (we keep only the last four digits): DC Health Link requires each employee's SSN or TIN; the employer must fill in that column." },
    { field: 'zip', count: 4, blocking: false, message: '4 employees have no ZIP code: the address is optional, but plans are offered by ZIP.' },
  ],
};
const CLEAN: CensusTargetReadiness = { id: 'clean', name: 'Clean census', format: 'xlsx', ready: true, problems: [] };

describe('export target choice', () => {
  it('marks each target ready or N things to fix, and the chosen one under the select', () => {
    expect(targetMark(CLEAN)).toBe('ready');
    expect(targetMark(DCHL)).toBe('2 things to fix');
    expect(targetMark(undefined)).toBe(TARGET_LABELS.checking);
    const onChange = vi.fn();
    render(<TargetSelect id="t" value="dchl" readiness={[CLEAN, DCHL]} reviewNeeded={false} disabled={false} onChange={onChange} />);
    const select = screen.getByLabelText('Export as') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Clean census (XLSX): ready', 'DC Health Link employee census (XLSX): 2 things to fix']);
    expect(document.getElementById(select.getAttribute('aria-describedby')!)!.textContent).toBe('2 things to fix');
    fireEvent.change(select, { target: { value: 'clean' } });
    expect(onChange).toHaveBeenCalledWith('clean');
  });

  it('before readiness arrives, the clean census is the only choice', () => {
    render(<TargetSelect id="t" value="clean" readiness={null} reviewNeeded={false} disabled={false} onChange={() => {}} />);
    expect([...(screen.getByLabelText('Export as') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['clean']);
  });

  it('a target that is not ready: its list with focus on the title, Download anyway, Cancel', () => {
    const onDownload = vi.fn();
    const onCancel = vi.fn();
    render(<FixList target={DCHL} level={3} busy={false} onDownload={onDownload} onCancel={onCancel} />);
    const title = screen.getByRole('heading', { level: 3, name: '2 things to fix for the DC Health Link employee census' });
    expect(document.activeElement).toBe(title);
    expect(screen.getByRole('region', { name: /2 things to fix/ })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/^Needed 33 employees have no full SSN/);
    expect(items[1]).toMatch(/^Advised 4 employees have no ZIP code/);
    fireEvent.click(screen.getByRole('button', { name: 'Download anyway' }));
    expect(onDownload).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('asks the employer by e-mail: the counts and fields, nothing else', () => {
    const href = askMailto(DCHL);
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    const params = new URLSearchParams(href.slice('mailto:?'.length));
    expect(params.get('subject')).toBe('Census: what we need for the DC Health Link employee census');
    const body = params.get('body')!;
    expect(body).toContain('- 33 employees have no full SSN');
    expect(body).toContain('- 4 employees have no ZIP code');
    // A long list is cut before mail programs cut the link.
    const many = { ...DCHL, problems: Array.from({ length: 40 }, (_, i) => ({ field: `f${i}`, count: i + 1, blocking: false, message: `${i + 1} members have no value ${'x'.repeat(40)}.` })) };
    expect(decodeURIComponent(askMailto(many)).length).toBeLessThan(1800);
  });

  it("a ready target reads 'needs your check' while the review is open; a name that says its format is not repeated", () => {
    expect(targetMark(CLEAN, true)).toBe('needs your check');
    expect(targetMark(DCHL, true)).toBe('2 things to fix');
    expect(targetLabel({ name: 'Ben-admin employee census import (CSV)', format: 'csv' })).toBe('Ben-admin employee census import (CSV)');
    expect(targetLabel({ name: 'Clean census', format: 'xlsx' })).toBe('Clean census (XLSX)');
  });

  it("a ready target with advisories shows them before its download, with what the file holds and 'Download'; the clean census downloads directly", () => {
    const launchpad: CensusTargetReadiness = {
      id: 'launchpad-census', name: 'Ben-admin employee census import (CSV)', format: 'csv', ready: true,
      holds: '34 employees; dependents are not part of this import.',
      problems: [{ field: 'relationship', count: 12, blocking: false, askEmployer: false, message: '12 dependents are left out: this census import lists employees only.' }],
    };
    expect(showsListFirst(launchpad)).toBe(true);
    expect(showsListFirst({ ...CLEAN, problems: launchpad.problems })).toBe(false);
    expect(showsListFirst({ ...launchpad, problems: [] })).toBe(false);
    render(<FixList target={launchpad} level={3} busy={false} onDownload={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('heading', { level: 3, name: '1 thing to check for the Ben-admin employee census import (CSV)' })).toBeTruthy();
    expect(screen.getByText('34 employees; dependents are not part of this import.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    // Nothing the employer can act on: no 'Ask the employer'.
    expect(screen.queryByRole('link', { name: TARGET_LABELS.ask })).toBeNull();
  });

  it('asks the employer only for blocking items and missing data, not notes on the template', () => {
    const t = { ...DCHL, problems: [...DCHL.problems, { field: 'status', count: 3, blocking: false, askEmployer: false, message: '3 members are left out: terminated.' }] };
    const body = new URLSearchParams(askMailto(t).slice('mailto:?'.length)).get('body')!;
    expect(body).toContain('- 4 employees have no ZIP code');
    expect(body).not.toContain('left out');
  });
});
