/**
 * <census-parser private> (issue 29) under React: the file is analysed by the engine in the page and
 * nothing is sent. The engine worker is stood in for by the same engine run in-process
 * (analyzeCensus + census-outcome, what engine-worker.ts does), so stages, refusals and reports are
 * the engine's own; the stand-in census API records any request (there must be none).
 * Also <census-report private-result> showing a result in place.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CensusReport } from '../../shared/census/report';
import { TRACKER_STEPS, type EngineStage } from '../../shared/census/status';
import { MESSAGES } from '../../shared/messages';
import { analyzeCensus } from '../../server/census/engine';
import { failure, storedReports } from '../../server/jobs/census-outcome';
import type { EngineOutcome, PrivateEngine } from '../../widgets/internal/engine-client';
import type { AnalyseRequest } from '../../widgets/internal/engine-protocol';
import { answerQuery, type KeptAnalysis } from '../../widgets/census-parser/private/queries';
import { useApiServer } from './api-server';

const M = MESSAGES.census;

/** Each request the in-process engine was given, and the stages it announced. */
const runs: { request: Omit<AnalyseRequest, 'type' | 'id'>; stages: EngineStage[] }[] = [];
/** Each engine started (the report's own included), and whether it was stopped. */
const engines: { stopped: boolean }[] = [];
/** A refusal to answer instead of running the engine (password prompts), consumed in order. */
const scripted: EngineOutcome[] = [];

vi.mock('../../widgets/internal/engine-client', async (original) => ({
  ...(await original<typeof import('../../widgets/internal/engine-client')>()),
  startEngineWorker: (): PrivateEngine => {
    /** What engine-worker.ts keeps: the last analysis, asked about by the report (queries.ts, run here as there). */
    let kept: KeptAnalysis | null = null;
    engines.push({ stopped: false });
    const me = engines.at(-1)!;
    return {
    async analyse(request, onStage) {
      kept = null;
      const run = { request, stages: [] as EngineStage[] };
      runs.push(run);
      const next = scripted.shift();
      if (next) return next;
      try {
        const result = await analyzeCensus([{ fileName: request.fileName, bytes: new Uint8Array(request.bytes) }], {
          asOf: request.asOf,
          ...(request.reading ? { reading: request.reading } : {}),
          onStage: (stage) => {
            run.stages.push(stage);
            onStage(stage);
          },
        });
        const reports = storedReports(result, [request.fileName], request.reading ? { reading: request.reading } : undefined, null);
        kept = { result, fileName: request.fileName };
        return { id: 1, type: 'done', reports: reports as never, totalLives: result.report.totalLives, noRows: false };
      } catch (err) {
        const f = failure(err);
        return { id: 1, type: 'failed', message: f.message, code: f.code };
      }
    },
    async ask(query) {
      if (query.type === 'clear') return { id: 1, type: 'cleared' };
      return answerQuery(kept, { ...query, id: 1 } as never).answer;
    },
    stop() {
      me.stopped = true;
      kept = null;
    },
  };
  },
}));

const { CensusParser, PARSER_LABELS } = await import('../../widgets/census-parser/CensusParser');
const { startEngineWorker } = await import('../../widgets/internal/engine-client');
const { createCensusReportStore } = await import('../../widgets/census-report/store');
const { CensusReport } = await import('../../widgets/census-report/CensusReport');
const { REPORT_LABELS } = await import('../../widgets/census-report/labels');

// jsdom's File has no arrayBuffer() (browsers have); read it through FileReader here.
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

const server = useApiServer();
beforeEach(() => {
  runs.length = 0;
  scripted.length = 0;
  document.querySelectorAll('census-report').forEach((el) => el.remove());
  // The reports below sit beside a parser, as on the private example page (a <census-report
  // private-result> without one reads this tab's hand-over instead: the last describe).
  if (!document.querySelector('census-parser')) document.body.append(document.createElement('census-parser'));
});

const CSV = 'Employee ID,First Name,Last Name,Relationship,Date of Birth,Gender,Zip\n1,Ann,Lee,EE,01/02/1980,F,02134\n1,Bo,Lee,SP,03/04/1981,M,02134\n2,Cy,Ray,EE,05/06/1990,M,10001\n';
const csv = (text = CSV, name = 'private.csv') => new File([text], name, { type: 'text/csv' });
const pick = (container: HTMLElement, file: File) => fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } });
const listen = <T,>(name: string) => {
  const seen: T[] = [];
  const h = (e: Event) => seen.push((e as CustomEvent<T>).detail);
  document.addEventListener(name, h);
  return { seen, stop: () => document.removeEventListener(name, h) };
};
const reached = (container: HTMLElement) => [...container.querySelectorAll('.tracker .step.reached')].map((li) => li.textContent);

describe('<census-parser private>', () => {
  it('analyses the file in the page: the engine stages drive the tracker, the result goes out as an event, no request is made', async () => {
    const statuses = listen<{ status: string }>('census-status');
    const results = listen<{ fileName: string; report: { totalLives: number } }>('census-private-result');
    const uploaded = listen('census-uploaded');
    const { container } = render(<CensusParser private censusApiBase={server.base} />);
    expect(screen.getByText(PARSER_LABELS.privateIdle)).toBeTruthy();
    expect(container.querySelector('[part~="keep-ssn"]')).toBeNull();
    await act(async () => pick(container, csv()));
    await vi.waitFor(() => expect(results.seen).toHaveLength(1));
    expect(results.seen[0].fileName).toBe('private.csv');
    expect(results.seen[0].report.totalLives).toBe(3);
    expect(runs[0].stages).toEqual(['preprocessing', 'deduplicating', 'postprocessing']);
    expect(statuses.seen.map((s) => s.status)).toEqual(['classified', 'preprocessing', 'deduplicating', 'postprocessing', 'completed']);
    expect(reached(container)).toEqual([...TRACKER_STEPS]);
    expect(screen.getByText(PARSER_LABELS.privateNoMail)).toBeTruthy();
    expect(screen.getByText(PARSER_LABELS.privateDone)).toBeTruthy();
    expect(container.querySelector('[part="notify-form"], [part="help-form"], [part="report-link"]')).toBeNull();
    expect(uploaded.seen).toHaveLength(0);
    // Not even the origin check: private mode asks the API nothing.
    expect(server.requests).toHaveLength(0);
    for (const l of [statuses, results, uploaded]) l.stop();
  });

  it('hands the result to a <census-report private-result> on the page instead of the event', async () => {
    const target = document.createElement('census-report') as HTMLElement & { result?: { report: { totalLives: number } } };
    target.setAttribute('private-result', '');
    document.body.append(target);
    const results = listen('census-private-result');
    const { container } = render(<CensusParser private censusApiBase={server.base} />);
    await act(async () => pick(container, csv()));
    await vi.waitFor(() => expect(target.result?.report.totalLives).toBe(3));
    expect(results.seen).toHaveLength(0);
    results.stop();
    // The worker that made it goes with it, not stopped: it holds the analysis the report asks about.
    const handed = (target.result as unknown as { engine?: unknown }).engine;
    expect(handed).toBeTruthy();
    expect(engines.at(-1)!.stopped).toBe(false);
    target.remove();
  });

  it('without a report on the page, the event carries no worker and the worker is stopped', async () => {
    const results = listen<Record<string, unknown>>('census-private-result');
    const { container } = render(<CensusParser private censusApiBase={server.base} />);
    await act(async () => pick(container, csv()));
    await vi.waitFor(() => expect(results.seen).toHaveLength(1));
    results.stop();
    expect('engine' in results.seen[0]).toBe(false);
    expect(engines.at(-1)!.stopped).toBe(true);
  });

  it('a refused file shows the error view with the engine sentence, RETRY and the private note', async () => {
    const { container } = render(<CensusParser private censusApiBase={server.base} />);
    await act(async () => pick(container, csv('\u0000\u0001\u0002 binary', 'broken.csv')));
    await vi.waitFor(() => expect(container.querySelector('[part="error"]')).toBeTruthy());
    expect(screen.getByText(M.statusError)).toBeTruthy();
    expect(container.querySelector('.error-detail')?.textContent).toMatch(/broken\.csv/);
    expect(screen.getByText(PARSER_LABELS.privateNoMail)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.retry }));
    expect(screen.getByRole('button', { name: /Drag & drop files or/ })).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('a crash of the engine shows the error view with RETRY, never a frozen tracker', async () => {
    scripted.push({ id: 0, type: 'crashed', message: 'The census engine stopped while reading your file.' });
    const errors = listen<{ message: string }>('census-error');
    const { container } = render(<CensusParser private censusApiBase={server.base} />);
    await act(async () => pick(container, csv()));
    await vi.waitFor(() => expect(container.querySelector('[part="error"]')).toBeTruthy());
    expect(container.querySelector('.error-detail')?.textContent).toBe('The census engine stopped while reading your file.');
    expect(errors.seen).toHaveLength(1);
    expect(screen.getByRole('button', { name: M.retry })).toBeTruthy();
    errors.stop();
  });

  it('a protected file asks for the password and runs again with it', async () => {
    scripted.push({ id: 1, type: 'failed', code: 'password-required', message: 'protected' });
    const { container } = render(<CensusParser private censusApiBase={server.base} />);
    await act(async () => pick(container, csv()));
    await vi.waitFor(() => expect(container.querySelector('[part="password-form"]')).toBeTruthy());
    fireEvent.change(screen.getByLabelText(PARSER_LABELS.password), { target: { value: 'secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: PARSER_LABELS.unlock })));
    await vi.waitFor(() => expect(screen.getByText(PARSER_LABELS.privateDone)).toBeTruthy());
    expect(runs.map((r) => r.request.password)).toEqual([undefined, 'secret']);
    expect(server.requests).toHaveLength(0);
  });
});

describe('<census-report private-result>', () => {
  it('waits for a result, then shows it in place with the private sentence, no export, no request', async () => {
    const { rerender, container } = render(<CensusReport privateResult censusApiBase={server.base} topologyUrl={`${server.base}/none.json`} />);
    expect(screen.getByText(REPORT_LABELS.privateWaiting)).toBeTruthy();
    const result = await analyzeCensus([{ fileName: 'private.csv', bytes: new Uint8Array(Buffer.from(CSV)) }], { asOf: '2026-01-01' });
    const reports = storedReports(result, ['private.csv'], undefined, null);
    rerender(<CensusReport privateResult result={{ fileName: 'private.csv', report: reports.whole as object }} censusApiBase={server.base} topologyUrl={`${server.base}/none.json`} />);
    await vi.waitFor(() => expect(screen.getByText(REPORT_LABELS.privateOnly)).toBeTruthy());
    expect(container.querySelector('.summary')?.textContent).toMatch(/3 lives/);
    expect(screen.queryByRole('button', { name: REPORT_LABELS.export })).toBeNull();
    expect(screen.queryByRole('button', { name: M.deleteReport })).toBeNull();
    // The reading is shown; applying a corrected one is said to be unavailable, not attempted.
    const panel = container.querySelector('details') as HTMLDetailsElement;
    await act(async () => {
      panel.open = true;
      panel.dispatchEvent(new Event('toggle'));
    });
    await vi.waitFor(() => expect(screen.getByText(REPORT_LABELS.privateNoApply)).toBeTruthy());
    expect(server.requests.filter((r) => !r.url.endsWith('/none.json'))).toHaveLength(0);
  });
});

describe('<census-report private-result>: recalculated in the page', () => {
  it('a corrected reading and another effective date re-run the engine on the file in memory; nothing is sent', async () => {
    const result = await analyzeCensus([{ fileName: 'private.csv', bytes: new Uint8Array(Buffer.from(CSV)) }], { asOf: '2026-01-01' });
    const store = createCensusReportStore();
    store.getState().showLocal(storedReports(result, ['private.csv'], undefined, null).whole as CensusReport, csv());
    expect(store.getState().report!.genderRatio.female.value).toBe(1);
    const deps = { client: {} as never, emit: () => true, engine: startEngineWorker };
    // The gender column read as nothing: every gender is unknown (or imputed from the first name).
    await store.getState().applyReading({ columns: [{ file: 'private.csv', sheet: '', header: 'Gender', field: null }] }, deps);
    const corrected = store.getState().report!;
    expect(store.getState().recalcError).toBeNull();
    expect(corrected.reading?.source).not.toBe('automatic');
    expect(corrected.columns.find((c) => c.header === 'Gender')?.field ?? null).toBeNull();
    expect(runs.at(-1)!.request.reading?.columns).toHaveLength(1);
    // The effective date moves; the reading given stays.
    await store.getState().setAsOf('2030-01-01', deps);
    expect(store.getState().report!.asOf).toBe('2030-01-01');
    expect(runs.at(-1)!.request.reading?.columns).toHaveLength(1);
    // (The map outline of the test before may still be on its way: it is not this store's.)
    expect(server.requests.filter((r) => !r.url.endsWith('/none.json'))).toHaveLength(0);
  });
});

describe('<census-report private-result>: exports, readiness, the member table and Delete from the engine worker', () => {
  it('asks the worker (which analyses the file in memory first) and never the API; Delete stops the worker', async () => {
    const result = await analyzeCensus([{ fileName: 'private.csv', bytes: new Uint8Array(Buffer.from(CSV)) }], { asOf: '2026-01-01' });
    const store = createCensusReportStore();
    store.getState().showLocal(storedReports(result, ['private.csv'], undefined, null).whole as CensusReport, csv());
    const deps = { client: {} as never, emit: () => true, engine: startEngineWorker };
    const before = runs.length;
    // Readiness of every target, as the API's list (the clean census first).
    await store.getState().loadReadiness(deps);
    const readiness = store.getState().readiness!;
    expect(readiness.map((t) => t.id)[0]).toBe('clean');
    expect(readiness.length).toBeGreaterThan(3);
    expect(readiness.find((t) => t.id === 'clean')).toMatchObject({ name: expect.any(String), format: 'xlsx', ready: true });
    // The report's own worker analysed the file once, at the report's date; later questions reuse it.
    expect(runs.length).toBe(before + 1);
    expect(runs.at(-1)!.request.asOf).toBe('2026-01-01');
    // The clean export: a blob: URL of the XLSX made from the kept analysis, with the server's file name.
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:export'), revokeObjectURL: () => undefined }));
    try {
      const made = await store.getState().exportFile(deps);
      expect(made).toEqual({ url: 'blob:export', name: 'private-clean.xlsx' });
      expect(blobs[0].type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const bytes = new Uint8Array(await blobs[0].arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
      // A target in CSV.
      store.getState().setTarget('launchpad-census');
      const carrier = await store.getState().exportFile(deps);
      expect(carrier).toMatchObject({ name: 'private-launchpad-census.csv' });
      expect(new TextDecoder().decode(await blobs[1].arrayBuffer())).toMatch(/^SSN,.*\r\n.*Ann/s);
    } finally {
      vi.unstubAllGlobals();
    }
    // The member table, with the chosen target's readiness problems.
    const table = await store.getState().localMembers(deps);
    expect(table.members.map((m) => m.values.firstName)).toEqual(['Ann', 'Bo', 'Cy']);
    expect(runs.length).toBe(before + 1);
    // Delete: the report and the worker go; the element shows its start state.
    const engine = engines.at(-1)!;
    store.getState().clearLocal();
    expect(engine.stopped).toBe(true);
    expect(store.getState()).toMatchObject({ status: 'idle', report: null });
    expect(server.requests.filter((r) => !r.url.endsWith('/none.json'))).toHaveLength(0);
  });
});

describe('<census-report private-result> handed the parser\'s worker', () => {
  it('asks it about the analysis it holds: no second analysis for the readiness, the export or the member table', async () => {
    const engine = startEngineWorker();
    const bytes = await csv().arrayBuffer();
    const outcome = await engine.analyse({ fileName: 'private.csv', bytes, asOf: '2026-01-01' }, () => undefined);
    if (outcome.type !== 'done') throw new Error(outcome.type);
    const store = createCensusReportStore();
    store.getState().showLocal(outcome.reports.whole, csv(), engine);
    const deps = { client: {} as never, emit: () => true, engine: startEngineWorker };
    const before = runs.length;
    const started = engines.length;
    await store.getState().loadReadiness(deps);
    expect(store.getState().readiness!.length).toBeGreaterThan(3);
    expect((await store.getState().localMembers(deps)).members).toHaveLength(3);
    expect(runs.length).toBe(before);
    expect(engines.length).toBe(started);
    store.getState().clearLocal();
    expect(engines.at(-1)!.stopped).toBe(true);
  });
});

describe('<census-report private-result> with the file in memory', () => {
  it('offers Export, the member table and Delete; Delete shows the waiting line again and stops the report\'s worker', async () => {
    const result = await analyzeCensus([{ fileName: 'private.csv', bytes: new Uint8Array(Buffer.from(CSV)) }], { asOf: '2026-01-01' });
    const reports = storedReports(result, ['private.csv'], undefined, null);
    render(<CensusReport privateResult result={{ fileName: 'private.csv', report: reports.whole as object, file: csv() }} censusApiBase={server.base} topologyUrl={`${server.base}/none.json`} />);
    await vi.waitFor(() => expect(screen.getByText(REPORT_LABELS.privateOnly)).toBeTruthy());
    expect(screen.getByRole('button', { name: REPORT_LABELS.export })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Members \(3\)$/ })).toBeTruthy();
    // The readiness is asked of the report's worker as the report shows: the targets' marks arrive.
    await vi.waitFor(() => expect(document.querySelector('option[value="launchpad-census"]')).toBeTruthy());
    const engine = engines.at(-1)!;
    expect(engine.stopped).toBe(false);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: M.deleteReport }));
    });
    expect(screen.getByText(REPORT_LABELS.privateWaiting)).toBeTruthy();
    expect(engine.stopped).toBe(true);
    expect(server.requests.filter((r) => !r.url.endsWith('/none.json'))).toHaveLength(0);
  });
});

describe('<census-report private-result> on report-url\'s page (no parser on the page)', () => {
  it('with nothing handed over in this tab (a reload, another tab, a copied address), says that a private report lives only as long as the tab', async () => {
    document.querySelectorAll('census-parser').forEach((el) => el.remove());
    const { container } = render(<CensusReport privateResult uploadUrl="portal.html" censusApiBase={server.base} />);
    await vi.waitFor(() => expect(screen.getByText(REPORT_LABELS.privateGoneTitle)).toBeTruthy());
    expect(screen.getByText(REPORT_LABELS.privateGone)).toBeTruthy();
    expect(container.querySelector('a[part~="button"]')?.getAttribute('href')).toBe('portal.html');
    expect(server.requests).toHaveLength(0);
  });

  it('a parser with a report-url of another origin fires the event only; it does not navigate', async () => {
    document.querySelectorAll('census-parser').forEach((el) => el.remove());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const results = listen<{ fileName: string }>('census-private-result');
    const { container } = render(<CensusParser private reportUrl="https://elsewhere.example/report.html" censusApiBase={server.base} />);
    await act(async () => pick(container, csv()));
    await vi.waitFor(() => expect(results.seen).toHaveLength(1));
    results.stop();
    expect(errors.mock.calls.some(([m]) => String(m).includes(PARSER_LABELS.privateOtherOrigin))).toBe(true);
    expect(screen.getByText(PARSER_LABELS.privateDone)).toBeTruthy();
    errors.mockRestore();
  });

  it('a listener that cancels census-private-result keeps the visitor on the page (no hand-over)', async () => {
    const results = listen<{ fileName: string }>('census-private-result');
    const cancel = (e: Event) => e.preventDefault();
    document.addEventListener('census-private-result', cancel);
    const { container } = render(<CensusParser private reportUrl="report.html" censusApiBase={server.base} />);
    await act(async () => pick(container, csv()));
    await vi.waitFor(() => expect(results.seen).toHaveLength(1));
    document.removeEventListener('census-private-result', cancel);
    results.stop();
    expect(screen.getByText(PARSER_LABELS.privateDone)).toBeTruthy();
    expect(window.location.href).not.toContain('report.html');
  });

  it('where the browser cannot keep the encrypted copy (no IndexedDB, as here), the error view says so, with RETRY', async () => {
    expect(typeof indexedDB).toBe('undefined');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(<CensusParser private reportUrl="report.html" censusApiBase={server.base} />);
    await act(async () => pick(container, csv()));
    await vi.waitFor(() => expect(screen.getByText(PARSER_LABELS.privateNoHandOver)).toBeTruthy());
    expect(container.querySelector('[part~="error"]')).toBeTruthy();
    errors.mockRestore();
    expect(server.requests).toHaveLength(0);
  });
});
