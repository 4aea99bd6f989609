/**
 * 'Keep full SSNs for carrier files' (issue 28) in the widgets, against the stand-in census API over
 * real HTTP: <census-parser>'s checkbox (off by default, labelled, described, sent as keepSsn=true
 * only when checked) and <census-report>'s beside the export target (PATCH {keepSsn}, the status
 * polled, the report and the targets' readiness loaded again; none on the sample report).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CensusReport as Report } from '../../shared/census/report';
import { CensusParser } from '../../widgets/census-parser/CensusParser';
import { CensusReport } from '../../widgets/census-report/CensusReport';
import { KEEP_SSN_LABELS } from '../../widgets/internal/keep-ssn';
import { SAMPLE_REPORT } from './sample-report';
import { useApiServer } from './api-server';

const sample: Report = SAMPLE_REPORT;
const oneFile: Report = { ...sample, files: [sample.files[0]], livesPerFile: [sample.livesPerFile[0]], totalLives: 60 };

const api = useApiServer();
afterEach(() => vi.restoreAllMocks());

const box = () => screen.getByRole('checkbox', { name: KEEP_SSN_LABELS.label }) as HTMLInputElement;
const describedBy = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent;

describe('<census-parser> Keep full SSNs for carrier files', () => {
  it('is off by default and says why; sent as keepSsn=true only when checked', async () => {
    const uploads: Record<string, string>[] = [];
    api.handle((req) => {
      if (req.method === 'POST' && req.path === '/main/case') {
        uploads.push(req.fields);
        return { status: 200, body: { data: { caseId: `case-${uploads.length}`, status: 'classified' } } };
      }
      if (req.path === '/main/case/status') return { status: 200, body: { data: { caseId: req.query.get('caseId'), status: 'preprocessing' } } };
      return undefined;
    });
    const { container, unmount } = render(<CensusParser censusApiBase={api.base} />);
    expect(box().checked).toBe(false);
    expect(describedBy(box())).toMatch(/used only in the files you download, never stored in the report/);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = () => new File(['Employee ID,DOB,SSN\n1,1980-01-01,123-45-6789\n'], 'census.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file()] } });
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0].keepSsn).toBeUndefined();
    unmount();

    const second = render(<CensusParser censusApiBase={api.base} />);
    fireEvent.click(box());
    expect(box().checked).toBe(true);
    fireEvent.change(second.container.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file()] } });
    await vi.waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1].keepSsn).toBe('true');
    expect(second.container.querySelector('[style]')).toBeNull();
    second.unmount();
  });
});

describe('<census-report> Keep full SSNs for carrier files', () => {
  it('PATCHes {keepSsn}, waits for the new run, reloads the report and the readiness', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let keep = false;
    let polls = 0;
    const patches: unknown[] = [];
    let readinessCalls = 0;
    api.handle((req) => {
      if (req.method === 'PATCH') {
        patches.push(req.body);
        keep = (req.body as { keepSsn: boolean }).keepSsn;
        return { status: 202, body: { data: { caseId: 'case-7', status: 'classified' } } };
      }
      if (req.path === '/main/case/status') {
        polls++;
        return { status: 200, body: { data: { caseId: 'case-7', status: polls < 2 ? 'preprocessing' : 'completed' } } };
      }
      if (req.path === '/main/case' && req.query.get('reportType') === 'readiness') {
        readinessCalls++;
        const problems = keep ? [] : [{ field: 'ssn', count: 3, blocking: true, askEmployer: true, message: '3 employees have no full SSN (we keep only the last four digits): ...' }];
        return { status: 200, body: { data: { targets: [{ id: 'clean', name: 'Clean census', format: 'xlsx', target: 'clean', ready: true, problems: [] }, { id: 'dchl', name: 'DC Health Link employee census', format: 'xlsx', target: 'dchl', ready: keep, problems }] } } };
      }
      if (req.path === '/main/case') return { status: 200, body: { data: keep ? { ...oneFile, keepSsn: true } : oneFile } };
      return undefined;
    });
    render(<CensusReport caseId="case-7" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} pollInterval={5} />);
    await screen.findByText('60');
    await vi.waitFor(() => expect(readinessCalls).toBe(1));
    expect(box().checked).toBe(false);
    expect(describedBy(box())).toMatch(/never stored in the report/);
    await vi.waitFor(() => expect(screen.getByRole('option', { name: /DC Health Link.*1 thing to fix/ })).toBeTruthy());

    fireEvent.click(box());
    // The choice shows at once, and the control waits for the new run.
    expect(box().checked).toBe(true);
    await vi.waitFor(() => expect(patches).toEqual([{ keepSsn: true }]));
    await vi.waitFor(() => expect(screen.getByRole('option', { name: /DC Health Link.*: ready/ })).toBeTruthy(), { timeout: 5000 });
    expect(box().checked).toBe(true);
    expect(box().disabled).toBe(false);
    expect(readinessCalls).toBe(2);
    expect(api.posts().find((r) => r.method === 'PATCH')!.url).toBe('/main/case?caseId=case-7');

    fireEvent.click(box());
    await vi.waitFor(() => expect(patches).toEqual([{ keepSsn: true }, { keepSsn: false }]));
    await vi.waitFor(() => expect(screen.getByRole('option', { name: /DC Health Link.*1 thing to fix/ })).toBeTruthy(), { timeout: 5000 });
    expect(box().checked).toBe(false);
  });

  it('the sample report offers no choice', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.handle((req) => (req.path === '/main/case' && !req.query.get('reportType') ? { status: 200, body: { data: { ...oneFile, isSample: true } } } : undefined));
    render(<CensusReport caseId="benefold-sample-case-1" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    expect(screen.queryByRole('checkbox', { name: KEEP_SSN_LABELS.label })).toBeNull();
  });
});
