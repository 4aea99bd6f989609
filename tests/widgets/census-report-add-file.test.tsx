/**
 * 'Add a file to this report' under React against the stand-in census API: a wrong type or a file
 * over 5 MB is refused in place without a request; a file the server refuses says the server's
 * sentence; a file it takes is uploaded with the case id and the combined report reloads.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CensusReport as Report } from '../../shared/census/report';
import { CENSUS_UPLOAD } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { ADD_FILE_LABELS } from '../../widgets/census-report/AddFile';
import { CensusReport } from '../../widgets/census-report/CensusReport';
import { SAMPLE_REPORT } from './sample-report';
import { useApiServer } from './api-server';

const sample: Report = SAMPLE_REPORT;
const one: Report = { ...sample, files: [sample.files[0]], livesPerFile: [sample.livesPerFile[0]], totalLives: 40 };
const both: Report = { ...sample, totalLives: 70 };
const api = useApiServer();
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const input = (container: HTMLElement) => container.querySelector('[part="add-file"] input[type="file"]') as HTMLInputElement;
const pick = (container: HTMLElement, file: File) => fireEvent.change(input(container), { target: { files: [file] } });
const status = (container: HTMLElement) => container.querySelector('[part="add-file-status"]')!.textContent;

describe("<census-report> 'Add a file to this report'", () => {
  it('refuses a wrong type and an oversized file in place, says the server refusal, and adds a file it takes', async () => {
    let added = false;
    api.handle((req) => {
      if (req.method === 'POST' && req.path === '/main/case') {
        if (String(req.fields.file ?? '').includes('broken')) return { status: 415, body: { message: 'This file is not a spreadsheet or a CSV.' } };
        added = req.fields.caseId === 'case-1';
        return { status: 200, body: { data: { caseId: 'case-1', status: 'classified' } } };
      }
      if (req.path === '/main/case/status') return { status: 200, body: { data: { caseId: 'case-1', status: 'completed' } } };
      if (req.path === '/main/case') return { status: 200, body: { data: added ? both : one } };
      return undefined;
    });
    const { container } = render(<CensusReport caseId="case-1" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} pollInterval={5} />);
    await screen.findByText('40');
    expect(screen.getByRole('button', { name: ADD_FILE_LABELS.button })).toBeTruthy();

    pick(container, new File(['x'], 'notes.docx'));
    expect(status(container)).toBe(MESSAGES.census.unsupportedTypeWithDocuments);
    const big = new File(['x'], 'big.csv');
    Object.defineProperty(big, 'size', { value: CENSUS_UPLOAD.maxBytes + 1 });
    pick(container, big);
    expect(status(container)).toBe(MESSAGES.census.tooLarge);
    expect(api.posts().filter((r) => r.method === 'POST')).toHaveLength(0);

    pick(container, new File(['broken'], 'broken.csv'));
    await vi.waitFor(() => expect(status(container)).toBe('This file is not a spreadsheet or a CSV.'), { timeout: 5000 });

    pick(container, new File(['Employee ID,Relationship\nE1,Spouse\n'], 'dependents.csv'));
    await screen.findByText('70', {}, { timeout: 5000 });
    expect(status(container)).toBe('Added dependents.csv: 70 lives in all files.');
    const upload = api.posts().filter((r) => r.method === 'POST').at(-1)!;
    expect(String(upload.body)).toMatch(/name="caseId"\r\n\r\ncase-1/);
    expect(String(upload.body)).toContain('filename="dependents.csv"');
  });

  it('is not offered on the read-only sample report', async () => {
    api.handle((req) => (req.path === '/main/case' ? { status: 200, body: { data: { ...one, isSample: true } } } : undefined));
    render(<CensusReport caseId="sample" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('40');
    expect(screen.queryByRole('button', { name: ADD_FILE_LABELS.button })).toBeNull();
  });
});
