/**
 * <census-report>'s component under React against the stand-in census API over real HTTP: loading
 * skeletons, the cards, the files dropdown ('All files' first and selected for several files), file
 * switching, Export (busy, download, 'Failed to export!'), the error page, 'How we read your file'
 * and deletion.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CensusReport as Report } from '../../shared/census/report';
import { MESSAGES } from '../../shared/messages';
import { CensusReport, REPORT_LABELS } from '../../widgets/census-report/CensusReport';
import { READING_LABELS } from '../../widgets/census-report/ReadingPanel';
import { RECALC_TEXT } from '../../widgets/census-report/store';
import { SAMPLE_REPORT } from './sample-report';
import { deferred, useApiServer, type Reply } from './api-server';

const M = MESSAGES.census;
const sample: Report = SAMPLE_REPORT;
const oneFile: Report = {
  ...sample,
  files: [sample.files[0]],
  livesPerFile: [sample.livesPerFile[0]],
  totalLives: 60,
  livesAdditionalInfo: { retired: 0, excluded: 3 },
  columns: [
    { file: sample.files[0].fileName, sheet: 'Sheet1', header: 'DOB', field: 'dateOfBirth', confidence: 0.97, reason: "The heading 'DOB' means date of birth.", alternatives: [] },
    { file: sample.files[0].fileName, sheet: 'Sheet1', header: 'Notes', field: null, confidence: 0, reason: 'Free text; not a census field.', alternatives: [] },
  ],
  imputed: { gender: 2, dateOfBirth: 0, annualSalary: 1 },
  issues: [{ file: sample.files[0].fileName, sheet: 'Sheet1', row: 14, message: "Row 14 was left out: a total line ('Total 60')." }],
};

/** Opens 'How we read your file' (its body is drawn only while open) and waits for it. */
async function openReading(): Promise<HTMLDetailsElement> {
  const details = document.querySelector('details[part="reading"]') as HTMLDetailsElement;
  if (!details.open) fireEvent.click(details.querySelector('summary')!);
  await vi.waitFor(() => expect(details.querySelector('.reading-body')).toBeTruthy());
  return details;
}

const api = useApiServer();
afterEach(() => vi.restoreAllMocks());

const gets = () => api.posts().filter((r) => r.method === 'GET');

/** Answers GET /main/case: the whole case, a file's report, or the export URL. */
function caseApi(report: Report, overrides: { byFile?: (name: string) => Reply; exportReply?: Reply; first?: Reply } = {}) {
  api.handle((req) => {
    if (req.path !== '/main/case') return undefined;
    if (req.method === 'DELETE') return { status: 204 };
    const type = req.query.get('reportType');
    const file = req.query.get('fileName');
    if (type === 'file') return overrides.exportReply ?? { status: 200, body: { data: { fileURL: 'https://files.benefold.example/x.xlsx?sig=1' } } };
    if (file) return overrides.byFile?.(file) ?? { status: 200, body: { data: { ...report, totalLives: 4321, files: [{ fileName: file, smtpId: 'x' }] } } };
    return overrides.first ?? { status: 200, body: { data: report } };
  });
}

describe('<census-report>', () => {
  it('shows skeletons while loading, then the cards; several files: All files first and selected', async () => {
    const gate = deferred();
    caseApi(sample, { first: { status: 200, body: { data: sample }, hold: gate.promise } });
    const loaded = vi.fn();
    document.addEventListener('census-report-loaded', loaded);
    const { container } = render(<CensusReport caseId="case-1" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await vi.waitFor(() => expect(container.querySelectorAll('[part="skeleton"]').length).toBe(7)); // six cards and the summary line
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    gate.resolve();
    await screen.findByText('102');
    for (const title of [REPORT_LABELS.totalLives, REPORT_LABELS.gender, REPORT_LABELS.age, REPORT_LABELS.salary, REPORT_LABELS.tenure, REPORT_LABELS.distribution]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByText(REPORT_LABELS.footnote(14, 7))).toBeTruthy();
    const select = screen.getByLabelText(REPORT_LABELS.files) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([REPORT_LABELS.allFiles, 'multi-file-part1.csv', 'multi-file-part2.xlsx']);
    expect(select.selectedOptions[0].textContent).toBe(REPORT_LABELS.allFiles);
    expect(gets()[0].url).toBe('/main/case?caseId=case-1');
    expect(loaded.mock.calls[0][0].detail).toEqual({ caseId: 'case-1', fileName: null, totalLives: 102 });
    document.removeEventListener('census-report-loaded', loaded);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('one file: it is selected, no All files; the footnote only when excluded and retired are both above 0', async () => {
    caseApi(oneFile);
    render(<CensusReport caseId="case-2" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    const select = screen.getByLabelText(REPORT_LABELS.files) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['multi-file-part1.csv']);
    expect(select.value).toBe('multi-file-part1.csv');
    expect(screen.queryByText(/Not counted/)).toBeNull();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it("choosing a file reloads that file's figures (reportType=census&fileName=)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    caseApi(sample);
    render(<CensusReport caseId="case-1" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('102');
    fireEvent.change(screen.getByLabelText(REPORT_LABELS.files), { target: { value: 'multi-file-part2.xlsx' } });
    await screen.findByText('4,321');
    const last = gets().filter((r) => r.url.startsWith('/main/case?')).at(-1)!;
    expect(last.url).toBe('/main/case?caseId=case-1&reportType=census&fileName=multi-file-part2.xlsx');
  });

  it('Export: a spinner while busy, then the browser downloads the signed URL of the selection', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gate = deferred();
    caseApi(oneFile, { exportReply: { status: 200, body: { data: { fileURL: 'https://files.benefold.example/c.xlsx?sig=abc' } }, hold: gate.promise } });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    render(<CensusReport caseId="case-2" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    const button = screen.getByRole('button', { name: REPORT_LABELS.export }) as HTMLButtonElement;
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.disabled).toBe(true));
    expect(button.querySelector('.spinner')).toBeTruthy();
    gate.resolve();
    await vi.waitFor(() => expect(clicked).toEqual(['https://files.benefold.example/c.xlsx?sig=abc']));
    expect(button.disabled).toBe(false);
    expect(gets().at(-1)!.url).toBe('/main/case?caseId=case-2&reportType=file&fileName=multi-file-part1.csv');
  });

  it("Export failure: the 'Failed to export!' alert", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    caseApi(oneFile, { exportReply: { status: 500, body: { message: 'down' } } });
    render(<CensusReport caseId="case-2" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    fireEvent.click(screen.getByRole('button', { name: REPORT_LABELS.export }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(M.exportFailed));
  });

  it("404 (expired, deleted or unknown): 'Something went wrong!', says why, and offers 'Parse another file' instead of a retry", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    caseApi(sample, { first: { status: 404, body: { message: 'Not found' } } });
    render(<CensusReport caseId="gone" censusApiBase={api.base} uploadUrl="/portal/upload.html" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(M.somethingWentWrong);
    expect(alert.textContent).toContain(REPORT_LABELS.gone);
    expect(screen.getByRole('link', { name: REPORT_LABELS.parseAnother }).getAttribute('href')).toBe('/portal/upload.html');
    expect(screen.queryByRole('button', { name: REPORT_LABELS.tryAgain })).toBeNull();
  });

  it.each([
    ['404', { status: 404, body: { message: 'Not found' } }],
    ['500', { status: 500 }],
  ])("%s: logs 'Failed to get case details!' and shows the full-page 'Something went wrong!'", async (_n, reply) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    caseApi(sample, { first: reply });
    render(<CensusReport caseId="gone" censusApiBase={api.base} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(M.somethingWentWrong);
    expect(logged.mock.calls[0][0]).toBe(M.detailLoadFailed);
    expect(screen.queryByRole('button', { name: REPORT_LABELS.export })).toBeNull();
  });

  it("'How we read your file' is collapsed and says in plain words what each column became and what was filled in or skipped", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    caseApi(oneFile);
    const { container } = render(<CensusReport caseId="case-2" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    const details = container.querySelector('details[part="reading"]') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe(REPORT_LABELS.reading);
    expect(details.querySelector('.reading-body')).toBeNull(); // drawn only when opened
    await openReading();
    const text = details.textContent!;
    expect(text).toContain('Date of birth');
    expect(text).toContain('Sure (97%)');
    expect(text).toContain("The heading 'DOB' means date of birth.");
    expect(text).toContain('Not used');
    expect(text).toContain('We estimated 2 missing genders from first names.');
    expect(text).toContain('We estimated 1 missing salary.');
    expect(text).toContain("Row 14 was left out: a total line ('Total 60').");
  });

  it("'Delete this report' asks first, then deletes the case", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    caseApi(oneFile);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<CensusReport caseId="case-2" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    fireEvent.click(screen.getByRole('button', { name: M.deleteReport }));
    expect(confirm).toHaveBeenCalledWith(M.deleteConfirm);
    expect(api.posts().some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: M.deleteReport }));
    await screen.findByText(M.deleted);
    expect(api.posts().find((r) => r.method === 'DELETE')!.url).toBe('/main/case?caseId=case-2');
  });

  it('case-id-param: without case-id, the case id comes from the page address', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    caseApi(oneFile);
    window.history.replaceState(null, '', '/portal/report.html?caseId=from-the-address');
    render(<CensusReport caseIdParam="caseId" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    expect(gets()[0].url).toBe('/main/case?caseId=from-the-address');
    window.history.replaceState(null, '', '/');
  });
});

describe('<census-report>: summary, tiers, review and correction (issue 14)', () => {
  const sheet = 'Sheet1';
  const file = sample.files[0].fileName;
  const corrected: Report = {
    ...oneFile,
    totalLives: 60,
    relationships: { employee: 30, spouse: 12, domesticPartner: 2, child: 16, other: 0 },
    coverageTiers: { EE: 10, ES: 8, EC: 5, EF: 7 },
    asOf: '2026-11-23',
    sheetsRead: 1,
    rowsRead: 70,
    membersFound: 66,
    duplicatesRemoved: 3,
    livesAdditionalInfo: { retired: 2, excluded: 1 },
    ageBand: { '0-17': 16, '18-24': 4, '25-29': 40 },
    salaryBand: { '<25': 0, '25-49': 20 },
    tenure: {},
    columns: [
      { file, sheet, header: 'HCE Status', field: 'status', confidence: 0.55, reason: 'Y/N values.', alternatives: [{ field: null, confidence: 0.5 }] },
      { file, sheet, header: 'Rel', field: 'relationship', confidence: 0.97, reason: 'Relationship codes.', alternatives: [] },
    ],
    review: {
      needed: true,
      reasons: ["We were not sure which column holds the employment status: we used 'HCE Status'."],
      columns: [{ file, sheet, header: 'HCE Status' }],
    },
    reading: { source: 'automatic', changed: [] },
    codeValues: [{ file, sheet, header: 'Rel', field: 'relationship', values: [{ value: 'EE', as: 'employee', count: 30 }, { value: 'CS', as: 'other', count: 16 }] }],
  };

  it('shows the summary line, lives by relationship, the tiers card and what each card counts', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    caseApi(corrected);
    const { container } = render(<CensusReport caseId="case-3" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    const summary = container.querySelector('[part="summary"]')!.textContent!;
    expect(summary).toContain('60 lives: 30 employees and 30 dependents (14 spouses or partners and 16 children).');
    expect(summary).toContain('Ages and tenure as of November 23, 2026.');
    expect(summary).toContain('Read 1 file, 1 sheet and 70 rows: 66 became members, 3 duplicates removed; not counted: 1 excluded (terminated, waived or deceased) and 2 retired.');
    expect(screen.getByRole('list', { name: 'Lives by relationship' }).textContent).toBe('Employees30Spouses or partners14Children16');
    expect(screen.getByRole('heading', { name: REPORT_LABELS.tiers })).toBeTruthy();
    expect(container.querySelector('[part="tiers"]')!.textContent).toContain('Employee only (EE)10');
    expect(container.querySelector('.grid')!.className).toContain('cards-6');
    const notes = [...container.querySelectorAll('[part="card-note"]')].map((n) => n.textContent);
    expect(notes).toContain('Lives with an age: 60 of 60.');
    // Estimated salaries and guessed genders are said on their cards (issue 21).
    expect(notes).toContain("Employee lives with a salary: 20 of 30. 1 estimated from colleagues' salaries.");
    expect(notes).toContain('2 genders guessed from first names (the file gave none).');
    // No tenure data: no sentence for it ('No data available' says it).
    expect(notes.some((n) => /hire date/.test(n ?? ''))).toBe(false);
  });

  it("review: 'Please check how we read your file' with the reasons opens the panel at the flagged column", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    caseApi(corrected);
    const { container } = render(<CensusReport caseId="case-3" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    const notice = container.querySelector('[part="review"]')!;
    expect(notice.textContent).toContain(READING_LABELS.reviewTitle);
    expect(notice.textContent).toContain("we used 'HCE Status'");
    // Its mark where the eye is, in the Total lives card, leads to it.
    const flag = container.querySelector('[part="review-flag"]') as HTMLButtonElement;
    expect(flag.textContent).toBe(READING_LABELS.reviewFlag);
    fireEvent.click(flag);
    expect(document.activeElement).toBe(notice.querySelector('#bf-review-title'));
    const details = container.querySelector('details[part="reading"]') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: READING_LABELS.reviewOpen }));
    await vi.waitFor(() => expect(details.open).toBe(true));
    const flagged = details.querySelector('tr.flagged')!;
    expect(flagged.textContent).toContain('HCE Status');
    expect(flagged.textContent).toContain(READING_LABELS.pleaseCheck);
    await vi.waitFor(() => expect(document.activeElement).toBe(flagged.querySelector('select')));
    // Runner-ups first, then every field, then 'Not used'.
    const select = flagged.querySelector('select') as HTMLSelectElement;
    expect(select.querySelector('optgroup')!.label).toBe('Best guesses');
    expect(select.options[select.options.length - 1].textContent).toBe(READING_LABELS.notUsed);
  });

  it("'Check the columns' focuses the flagged column; the panel opens on it with 'Show all columns'; a tier column's dependent codes show how they were read", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const report: Report = {
      ...corrected,
      columns: [
        { file, sheet, header: 'Rel', field: 'relationship', confidence: 0.97, reason: 'Relationship codes.', alternatives: [] },
        { file, sheet, header: 'Coverage', field: 'coverageTier', confidence: 0.95, reason: 'Tier codes.', alternatives: [] },
        { file, sheet, header: 'HCE Status', field: 'status', confidence: 0.55, reason: 'Y/N values.', alternatives: [{ field: null, confidence: 0.5 }] },
      ],
      codeValues: [{ file, sheet, header: 'Coverage', field: 'coverageTier', values: [{ value: 'EE', as: 'EE', count: 30 }, { value: 'SP', as: 'spouse', count: 14 }] }],
    };
    caseApi(report);
    const { container } = render(<CensusReport caseId="case-9" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    fireEvent.click(screen.getByRole('button', { name: READING_LABELS.reviewOpen }));
    const details = container.querySelector('details[part="reading"]') as HTMLDetailsElement;
    await vi.waitFor(() => expect(details.open).toBe(true));
    // Focus goes to the flagged column (the third of the file), not to the first row.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Read 'HCE Status' as")));
    const shown = () => [...details.querySelectorAll('.reading-table:not(.codes-table) tbody th')].map((th) => th.firstChild!.textContent);
    expect(shown()).toEqual(['HCE Status']);
    const toggle = screen.getByRole('button', { name: READING_LABELS.showAll(3) });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(shown()).toEqual(['Rel', 'Coverage', 'HCE Status']);
    expect(screen.getByRole('button', { name: READING_LABELS.showFew }).getAttribute('aria-expanded')).toBe('true');
    // 'SP' in the tier column was read as a spouse's row: that reading is the choice shown, not a blank.
    const sp = screen.getByLabelText("Read 'SP' of 'Coverage' as") as HTMLSelectElement;
    expect(sp.value).toBe('spouse');
    expect(sp.selectedOptions[0].textContent).toBe("Spouse (a dependent's row: no tier of its own)");
  });

  it('a report the review flags nothing in shows every column, also after a first fix (a column read by your choice does not narrow the list)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const report: Report = {
      ...corrected,
      review: { needed: false, reasons: [], columns: [] },
      columns: [
        { file, sheet, header: 'Rel', field: 'relationship', confidence: 0.97, reason: 'Relationship codes.', alternatives: [] },
        { file, sheet, header: 'Zip', field: null, confidence: 0.9, reason: 'Your choice.', alternatives: [], fromReading: true },
        { file, sheet, header: 'DOB', field: 'dateOfBirth', confidence: 0.95, reason: 'Dates.', alternatives: [] },
      ],
    };
    caseApi(report);
    const { container } = render(<CensusReport caseId="case-f" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    await openReading();
    const details = container.querySelector('details[part="reading"]') as HTMLDetailsElement;
    const shown = () => [...details.querySelectorAll('.reading-table:not(.codes-table) tbody th')].map((th) => th.firstChild!.textContent);
    expect(shown()).toEqual(['Rel', 'Zip', 'DOB']);
    expect(details.querySelector('[part~="show-all"]')).toBeNull();
  });

  it('a census table with a header and no rows: the cards say so instead of drawing zero bars', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const zero = (r: Record<string, number>) => Object.fromEntries(Object.keys(r).map((k) => [k, 0]));
    caseApi({
      ...corrected,
      totalLives: 0,
      livesAdditionalInfo: { retired: 0, excluded: 0 },
      ageBand: zero(corrected.ageBand as Record<string, number>) as Report['ageBand'],
      notCounted: { total: 0, byReason: {}, entries: [], orphansCounted: 0 },
    });
    render(<CensusReport caseId="case-0" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await vi.waitFor(() => expect(screen.getAllByText(REPORT_LABELS.noRows).length).toBeGreaterThanOrEqual(3));
  });

  it('the sample report shows its reading but explains that it cannot be changed (no Apply, no Remember)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    caseApi({ ...corrected, isSample: true });
    const { container } = render(<CensusReport caseId="case-s" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    await openReading();
    fireEvent.change(screen.getByLabelText("Read 'HCE Status' as"), { target: { value: '' } });
    const apply = screen.getByRole('button', { name: READING_LABELS.apply }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    expect(container.querySelector('details[part="reading"]')!.textContent).toContain(READING_LABELS.sample);
    expect(screen.queryByLabelText(new RegExp(READING_LABELS.remember))).toBeNull();
  });

  it("Apply and recalculate: PATCHes the reading, polls the status, reloads; then 'Back to the automatic reading'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let patched: unknown = null;
    let polls = 0;
    const yours: Report = { ...corrected, totalLives: 66, review: { needed: false, reasons: [], columns: [] }, reading: { source: 'yours', changed: [{ file, sheet, header: 'HCE Status', kind: 'column' }] } };
    api.handle((req) => {
      if (req.method === 'PATCH') {
        patched = req.body;
        return { status: 202, body: { data: { caseId: 'case-4', status: 'classified' } } };
      }
      if (req.path === '/main/case/status') {
        polls++;
        return { status: 200, body: { data: { caseId: 'case-4', status: polls < 2 ? 'preprocessing' : 'completed' } } };
      }
      if (req.path === '/main/case') return { status: 200, body: { data: patched ? yours : corrected } };
      return undefined;
    });
    const recalculated = vi.fn();
    document.addEventListener('census-report-recalculated', recalculated);
    const { container } = render(<CensusReport caseId="case-4" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} pollInterval={5} />);
    await screen.findByText('60');
    await openReading();
    const apply = screen.getByRole('button', { name: READING_LABELS.apply }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Read 'HCE Status' as"), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText("Read 'CS' of 'Rel' as"), { target: { value: 'child' } });
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    await screen.findByText('66', {}, { timeout: 5000 });
    expect(patched).toEqual({
      reading: {
        columns: [{ file, sheet, header: 'HCE Status', field: null }],
        codes: [{ file, sheet, header: 'Rel', value: 'CS', as: 'child' }],
      },
    });
    expect(polls).toBe(2);
    expect(api.posts().find((r) => r.method === 'PATCH')!.url).toBe('/main/case?caseId=case-4');
    expect(recalculated.mock.calls[0][0].detail).toEqual({ caseId: 'case-4', totalLives: 66 });
    document.removeEventListener('census-report-recalculated', recalculated);
    const notice = container.querySelector('[part="reading-notice"]')!;
    expect(notice.textContent).toContain(READING_LABELS.yours);
    expect(notice.textContent).toContain("Changed: column 'HCE Status'.");
    expect(container.querySelector('[part="review"]')).toBeNull();
    // Beside the button: the new figure and what changed (issue 21).
    expect(container.querySelector('[part="apply-status"]')!.textContent).toBe("Recalculated: 66 lives (was 60). Changed: column 'HCE Status'.");

    polls = 0;
    fireEvent.click(screen.getByRole('button', { name: READING_LABELS.automatic }));
    await vi.waitFor(() => expect(patched).toEqual({ reading: {} }));
  });

  it('a failed run after a reading says so beside the button and keeps the figures', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.handle((req) => {
      if (req.method === 'PATCH') return { status: 202, body: { data: { caseId: 'case-5', status: 'error' } } };
      if (req.path === '/main/case') return { status: 200, body: { data: corrected } };
      return undefined;
    });
    render(<CensusReport caseId="case-5" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} pollInterval={5} />);
    await screen.findByText('60');
    await openReading();
    fireEvent.change(screen.getByLabelText("Read 'HCE Status' as"), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: READING_LABELS.apply }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(RECALC_TEXT.caseFailed);
    expect(screen.getByText('60')).toBeTruthy();
  });

  it('a 400 from PATCH shows the API sentence', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.handle((req) => {
      if (req.method === 'PATCH') return { status: 400, body: { message: "The case has no column 'HCE Status' on the sheets named." } };
      if (req.path === '/main/case') return { status: 200, body: { data: corrected } };
      return undefined;
    });
    render(<CensusReport caseId="case-6" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    await openReading();
    fireEvent.change(screen.getByLabelText("Read 'HCE Status' as"), { target: { value: 'gender' } });
    fireEvent.click(screen.getByRole('button', { name: READING_LABELS.apply }));
    expect((await screen.findByRole('alert')).textContent).toBe("The case has no column 'HCE Status' on the sheets named.");
  });
});

describe("<census-report>: 'Remember for files with these columns' (localStorage: headers, fields and code fixes only)", () => {
  const file = sample.files[0].fileName;
  const sheet = 'Sheet1';
  const base: Report = {
    ...oneFile,
    columns: [
      { file, sheet, header: 'HCE Status', field: 'status', confidence: 0.55, reason: '', alternatives: [] },
      { file, sheet, header: 'Rel', field: 'relationship', confidence: 0.97, reason: '', alternatives: [] },
    ],
    reading: { source: 'automatic', changed: [] },
    codeValues: [{ file, sheet, header: 'Rel', field: 'relationship', values: [{ value: 'CS', as: 'other', count: 16 }] }],
  };
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('saves the chosen fields and code fixes under the header signature, applies them to the next report with those headers, and forgets them', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bodies: unknown[] = [];
    let current: Report = base;
    api.handle((req) => {
      if (req.method === 'PATCH') {
        bodies.push(req.body);
        const b = req.body as { savedOn?: string };
        current = { ...base, totalLives: 77, reading: b.savedOn ? { source: 'saved', savedOn: b.savedOn, changed: [{ file, sheet, header: 'HCE Status', kind: 'column' }] } : { source: 'yours', changed: [{ file, sheet, header: 'HCE Status', kind: 'column' }] } };
        return { status: 202, body: { data: { caseId: 'x', status: 'completed' } } };
      }
      if (req.path === '/main/case') return { status: 200, body: { data: current } };
      return undefined;
    });
    const first = render(<CensusReport caseId="case-7" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('60');
    await openReading();
    fireEvent.change(screen.getByLabelText("Read 'HCE Status' as"), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText("Read 'CS' of 'Rel' as"), { target: { value: 'child' } });
    fireEvent.click(screen.getByLabelText(new RegExp(READING_LABELS.remember)));
    fireEvent.click(screen.getByRole('button', { name: READING_LABELS.apply }));
    await screen.findByText('77', {}, { timeout: 5000 });
    const saved = JSON.parse(localStorage.getItem('benefold:census-readings:v1')!);
    expect(saved).toEqual([
      {
        headers: ['hce status', 'rel'],
        savedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        columns: [{ sheet, header: 'HCE Status', field: null }],
        sheets: [],
        // The code fix is kept (issue 21): a code is the file's vocabulary, not a person's data.
        codes: [{ sheet, header: 'Rel', value: 'CS', as: 'child' }],
      },
    ]);
    // Nothing else of the census: no file name.
    expect(localStorage.getItem('benefold:census-readings:v1')).not.toMatch(/multi-file/);
    first.unmount();

    // Another case, read automatically, with the same headers: the saved choices are applied once.
    current = base;
    bodies.length = 0;
    const { container } = render(<CensusReport caseId="case-8" censusApiBase={api.base} topologyUrl={`${api.base}/none.json`} />);
    await screen.findByText('77', {}, { timeout: 5000 });
    expect(bodies).toEqual([
      {
        reading: { columns: [{ file, sheet, header: 'HCE Status', field: null }], sheets: [], codes: [{ file, sheet, header: 'Rel', value: 'CS', as: 'child' }] },
        savedOn: saved[0].savedOn,
      },
    ]);
    const notice = container.querySelector('[part="reading-notice"]')!;
    expect(notice.textContent).toContain('Read with the choices you saved on');
    fireEvent.click(screen.getByRole('button', { name: READING_LABELS.forget }));
    expect(JSON.parse(localStorage.getItem('benefold:census-readings:v1')!)).toEqual([]);
    expect(notice.textContent).toContain(READING_LABELS.forgotten);
  });
});
