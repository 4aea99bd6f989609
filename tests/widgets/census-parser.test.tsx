/**
 * <census-parser>'s component under React, talking over real HTTP to the stand-in census API
 * (multipart upload, status polling, notify/help). Fake timers (setTimeout only, so HTTP still runs)
 * check the polling rules: at once, then quickly, stretching to the spec's 15 s (3 s while
 * deduplicating or postprocessing), stop on completed, and the cancelable census-complete 5 s later.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CensusStatus } from '../../shared/census/status';
import { TRACKER_STEPS } from '../../shared/census/status';
import { BRAND } from '../../shared/brand';
import { CENSUS_UPLOAD, TIMING } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { CensusParser, PARSER_LABELS } from '../../widgets/census-parser/CensusParser';
import { QUICK_CHECK_GAPS_MS } from '../../widgets/census-parser/poll-schedule';
import { deferred, startApiServer, type ApiServer, type Reply } from './api-server';
import { waitUntil } from '../support/wait';

const M = MESSAGES.census;
/** Visible text only (the live region repeats the status for screen readers). */
const SEEN = { ignore: '.visually-hidden, script, style' };
let api: ApiServer;

/** Requests sent and not yet answered (axios uses XMLHttpRequest under jsdom). */
let inFlight = 0;
const send = XMLHttpRequest.prototype.send;
beforeAll(async () => {
  api = await startApiServer();
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    inFlight++;
    this.addEventListener('loadend', () => inFlight--, { once: true });
    return send.apply(this, args);
  };
});
afterAll(() => {
  XMLHttpRequest.prototype.send = send;
  return api.close();
});
beforeEach(async () => {
  // The first status check goes out as soon as a case exists: let a check sent by the previous
  // test's element (unmounted, but its request in flight) land before the log is cleared.
  await waitUntil(() => inFlight, (n) => n === 0, { timeoutMs: 5000, intervalMs: 5, what: "the previous test's requests" });
  api.requests.length = 0;
  api.handle(null);
  window.location.hash = '';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function listen<T>(name: string, handle?: (e: Event) => void) {
  const seen: T[] = [];
  const handler = (e: Event) => {
    seen.push((e as CustomEvent<T>).detail);
    handle?.(e);
  };
  document.addEventListener(name, handler);
  return { seen, stop: () => document.removeEventListener(name, handler) };
}

const csv = (name = 'census.csv') => new File(['Employee ID,DOB\n1,1980-01-01\n'], name, { type: 'text/csv' });
const dropArea = () => screen.getByRole('button', { name: /Drag & drop files or/ });
const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (container: HTMLElement, file: File | null) =>
  fireEvent.change(fileInput(container), { target: { files: file ? [file] : [] } });
const statusCalls = () => api.posts().filter((r) => r.method === 'GET' && r.url.startsWith('/main/case/status'));
const uploads = () => api.posts().filter((r) => r.method === 'POST' && r.url === '/main/case');

/** A census API: the upload answers {caseId, status}; each status check takes the next status of `statuses`. */
function censusApi(statuses: (CensusStatus | { status: CensusStatus; code?: string; message?: string; notice?: string })[], upload?: Reply) {
  let n = 0;
  let uploadsSeen = 0;
  api.handle((req) => {
    if (req.method === 'POST' && req.path === '/main/case') {
      if (req.fields.file !== undefined) {
        uploadsSeen++;
        return upload ?? { status: 200, body: { data: { caseId: `case-${uploadsSeen}`, status: 'uploading' } } };
      }
      return { status: 200, body: { data: { caseId: req.fields.caseId } } };
    }
    if (req.method === 'GET' && req.path === '/main/case/status') {
      const next = statuses[Math.min(n++, statuses.length - 1)];
      const body = typeof next === 'string' ? { status: next } : next;
      return { status: 200, body: { data: { caseId: req.query.get('caseId'), ...body } } };
    }
    return undefined;
  });
}

/**
 * Retries `check` on real time until it passes (vi.waitFor would advance the fake clock on every try,
 * which would break the timing assertions).
 */
const realSetTimeout = globalThis.setTimeout;
async function until<T>(check: () => T, timeout = 4000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return check();
    } catch (err) {
      if (Date.now() - start > timeout) throw err;
      await act(() => new Promise<void>((r) => realSetTimeout(r, 10)));
    }
  }
}

/** Advances fake time, then lets the HTTP round trip it triggered finish. */
async function tick(ms: number, expectedCalls?: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  if (expectedCalls !== undefined) await until(() => expect(statusCalls()).toHaveLength(expectedCalls));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('<census-parser> idle', () => {
  it('shows the drop area texts, accepts the spec types, and the lower panel with the intake address and QR', () => {
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    expect(dropArea().textContent).toContain(M.dropPrompt);
    expect(dropArea().tabIndex).toBe(0);
    // The spec's line stays exact; the second line names documents and scans (issue 30).
    expect(screen.getByText(M.supported).textContent).toBe('Supported formats: CSV, XLS, XLSX size less than 5MB');
    const second = screen.getByText(PARSER_LABELS.supportedDocuments);
    expect(second.textContent).toBe('Also PDF and scanned pages (PNG, JPG)');
    expect(screen.getByText(M.supported).nextElementSibling).toBe(second);
    expect(dropArea().getAttribute('aria-describedby')).toContain(second.id);
    expect(fileInput(container).accept).toBe(CENSUS_UPLOAD.accept);
    for (const type of ['.pdf', '.png', '.jpg', '.jpeg', 'image/png', 'image/jpeg']) expect(fileInput(container).accept).toContain(type);
    expect(screen.getByRole('heading', { name: M.heavyLiftingHeading })).toBeTruthy();
    expect(screen.getByText(M.heavyLiftingIntro)).toBeTruthy();
    expect(screen.getByRole('link', { name: BRAND.emails.censusIntake }).getAttribute('href')).toBe(`mailto:${BRAND.emails.censusIntake}`);
    expect(screen.getByRole('button', { name: M.copyEmail })).toBeTruthy();
    const qr = screen.getByRole('img', { name: /QR code/ });
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d/);
    expect(screen.getByText(M.scanQr)).toBeTruthy();
    // No inline styles anywhere (strict CSP).
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('Enter and Space on the drop area open the picker', () => {
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    const click = vi.spyOn(fileInput(container), 'click').mockImplementation(() => undefined);
    fireEvent.keyDown(dropArea(), { key: 'Enter' });
    fireEvent.keyDown(dropArea(), { key: ' ' });
    fireEvent.keyDown(dropArea(), { key: 'a' });
    expect(click).toHaveBeenCalledTimes(2);
  });

  it("says 'Drop your files here' while dragging and takes only the first dropped file", async () => {
    censusApi(['classified']);
    render(<CensusParser censusApiBase={api.base} />);
    fireEvent.dragEnter(dropArea(), { dataTransfer: { files: [] } });
    expect(screen.getByText(M.dropActive)).toBeTruthy();
    fireEvent.dragLeave(screen.getByText(M.dropActive));
    expect(screen.queryByText(M.dropActive)).toBeNull();
    fireEvent.dragEnter(dropArea());
    fireEvent.drop(screen.getByRole('button', { name: new RegExp(M.dropActive) }), { dataTransfer: { files: [csv('first.csv'), csv('second.csv')] } });
    await screen.findByText(M.processing, SEEN);
    expect(uploads()).toHaveLength(1);
    expect(screen.getByText('first.csv')).toBeTruthy();
    // The second file is not silently lost: the visitor reads that it was not uploaded.
    expect(screen.getByText(PARSER_LABELS.otherFiles('first.csv', 1))).toBeTruthy();
  });

  it("'No file selected' when nothing was picked; a wrong type is refused without a request", () => {
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    pick(container, null);
    expect(screen.getByRole('alert').textContent).toBe(M.noFile);
    pick(container, new File(['x'], 'notes.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(screen.getByRole('alert').textContent).toBe(M.unsupportedTypeWithDocuments);
    expect(api.posts()).toHaveLength(0);
  });

  it('a file over 5 MB is not taken: the error view with the message, and RETRY goes back', () => {
    const errors = listen<{ message: string }>('census-error');
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    const big = new File([new Uint8Array(CENSUS_UPLOAD.maxBytes + 1)], 'big.xlsx');
    pick(container, big);
    expect(screen.getByRole('alert').textContent).toBe(M.tooLarge);
    expect(container.querySelector('[part~="error"] svg')).toBeTruthy(); // the sad face
    expect(api.posts()).toHaveLength(0);
    expect(errors.seen).toEqual([{ message: M.tooLarge }]);
    fireEvent.click(screen.getByRole('button', { name: M.retry }));
    expect(dropArea()).toBeTruthy();
    errors.stop();
    // Exactly 5 MB is fine.
    expect(CENSUS_UPLOAD.maxBytes).toBe(5 * 1048576);
  });
});

describe('<census-parser> upload and processing', () => {
  it('uploads the file as multipart at once, shows the file, the CSV icon, the progress bar and the uploading text', async () => {
    const gate = deferred();
    censusApi(['classified'], { status: 200, body: { data: { caseId: 'case-9', status: 'uploading' } }, hold: gate.promise });
    const uploaded = listen<{ caseId: string }>('census-uploaded');
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    pick(container, csv('acme census.csv'));
    await screen.findByText(M.uploading, SEEN);
    expect(screen.getByText('acme census.csv')).toBeTruthy();
    expect(container.querySelector('.file-icon.csv')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: PARSER_LABELS.progress })).toBeTruthy();
    await until(() => expect(uploads()).toHaveLength(1));
    const [post] = uploads();
    expect(String(post.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(post.body)).toContain('filename="acme census.csv"');
    expect(String(post.body)).toContain('Employee ID,DOB');
    gate.resolve();
    await screen.findByText(M.processing, SEEN);
    expect(uploaded.seen).toEqual([{ caseId: 'case-9' }]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    uploaded.stop();
  });

  it('an XLSX shows the spreadsheet icon', async () => {
    censusApi(['classified']);
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    pick(container, new File(['PK'], 'census.xlsx'));
    await screen.findByText(M.processing, SEEN);
    expect(container.querySelector('.file-icon.spreadsheet')).toBeTruthy();
  });

  it('checks at once, then quickly: each step shows when it happens; stops on completed; census-complete 5 s later navigates', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    censusApi(['classified', 'preprocessing', 'deduplicating', 'postprocessing', 'completed']);
    const statuses = listen<{ status: string }>('census-status');
    const complete = listen<{ caseId: string; url: string }>('census-complete');
    const { container } = render(<CensusParser censusApiBase={api.base} reportUrl="#/report/{caseId}" />);
    pick(container, csv());
    const current = () => container.querySelector('[aria-current="step"]')?.textContent ?? null;
    const reached = () => [...container.querySelectorAll('[part~="step-reached"]')].map((li) => li.textContent);

    // The first check as soon as the case exists.
    await until(() => screen.getByText(M.processing, SEEN));
    await tick(0, 1); // the first check as soon as the case exists
    expect(statusCalls()[0].url).toBe('/main/case/status?caseId=case-1');
    await until(() => expect(current()).toBe(TRACKER_STEPS[0])); // classified -> Analysing
    expect(container.querySelector('.step.current.pulse')).toBeTruthy();

    // Then after each quick gap, one step at a time.
    await tick(QUICK_CHECK_GAPS_MS[1] - 1);
    expect(statusCalls()).toHaveLength(1);
    await tick(1, 2);
    await until(() => expect(current()).toBe(TRACKER_STEPS[1])); // preprocessing -> Extracting
    expect(reached()).toEqual([TRACKER_STEPS[0], TRACKER_STEPS[1]]);
    await tick(QUICK_CHECK_GAPS_MS[2], 3);
    await until(() => expect(current()).toBe(TRACKER_STEPS[2]));
    await tick(QUICK_CHECK_GAPS_MS[3], 4);
    await until(() => expect(current()).toBe(TRACKER_STEPS[3]));
    await tick(QUICK_CHECK_GAPS_MS[4], 5);
    await until(() => expect(current()).toBe(TRACKER_STEPS[4]));
    expect(reached()).toEqual([...TRACKER_STEPS]);
    expect(container.querySelector('.pulse')).toBeNull();

    await tick(TIMING.navigateAfterCompleteMs - 1);
    expect(complete.seen).toHaveLength(0);
    await tick(1);
    expect(complete.seen).toEqual([{ caseId: 'case-1', url: new URL('#/report/case-1', document.baseURI).href }]);
    expect(window.location.hash).toBe('#/report/case-1');

    await tick(TIMING.pollIntervalMs * 2);
    expect(statusCalls()).toHaveLength(5); // stopped
    expect(complete.seen).toHaveLength(1);
    expect(statuses.seen.map((s) => s.status)).toEqual(['uploading', 'classified', 'preprocessing', 'deduplicating', 'postprocessing', 'completed']);
    statuses.stop();
    complete.stop();
  });

  it('after the quick checks, every 15 s, and every 3 s while deduplicating or postprocessing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const quick = QUICK_CHECK_GAPS_MS.length;
    censusApi([...Array<CensusStatus>(quick).fill('preprocessing'), 'preprocessing', 'deduplicating', 'postprocessing']);
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    pick(container, csv());
    await until(() => screen.getByText(M.processing, SEEN));
    await tick(0, 1); // the first check as soon as the case exists
    for (let i = 1; i < quick; i++) await tick(QUICK_CHECK_GAPS_MS[i], i + 1);
    await tick(TIMING.pollIntervalMs - 1);
    expect(statusCalls()).toHaveLength(quick);
    await tick(1, quick + 1); // preprocessing: the spec's 15 s
    await tick(TIMING.pollIntervalMs, quick + 2); // -> deduplicating
    await tick(TIMING.pollFastIntervalMs - 1);
    expect(statusCalls()).toHaveLength(quick + 2);
    await tick(1, quick + 3); // 3 s while deduplicating
  });

  it('preventDefault() on census-complete keeps the page; the report link is there', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    censusApi(['completed']);
    const complete = listen('census-complete', (e) => e.preventDefault());
    const { container } = render(<CensusParser censusApiBase={api.base} reportUrl="#/r/{caseId}" pollInterval={1000} />);
    pick(container, csv());
    await until(() => screen.getByText(M.processing, SEEN));
    await tick(0, 1);
    const link = await until(() => screen.getByRole('link', { name: PARSER_LABELS.openReport }));
    expect(link.getAttribute('href')).toBe(new URL('#/r/case-1', document.baseURI).href);
    await tick(TIMING.navigateAfterCompleteMs);
    expect(complete.seen).toHaveLength(1);
    expect(window.location.hash).toBe('');
    complete.stop();
  });

  it("a completed case with a notice ('No rows under the header') says it in place of 'Your file is ready.'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    censusApi([{ status: 'completed', notice: M.noRows }]);
    const { container } = render(<CensusParser censusApiBase={api.base} reportUrl="#/r/{caseId}" pollInterval={1000} />);
    pick(container, csv());
    await until(() => screen.getByText(M.processing, SEEN));
    await tick(0, 1);
    await until(() => screen.getByText(M.noRows));
    expect(screen.queryByText(PARSER_LABELS.completed)).toBeNull();
  });

  it('no polling before a case exists, and poll-interval shortens only the slow interval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    censusApi(['preprocessing']);
    const { container } = render(<CensusParser censusApiBase={api.base} pollInterval={2500} />);
    await tick(60_000);
    // Only the origin check at load (GET /main/origin); no status check and no upload.
    expect(api.posts().map((r) => `${r.method} ${r.url}`)).toEqual(['GET /main/origin']);
    pick(container, csv());
    await until(() => screen.getByText(M.processing, SEEN));
    await tick(0, 1); // the first check as soon as the case exists
    let calls = 1;
    for (let i = 1; i < QUICK_CHECK_GAPS_MS.length + 3; i++) {
      const gap = Math.min(QUICK_CHECK_GAPS_MS[i] ?? Infinity, 2500);
      await tick(gap - 1);
      expect(statusCalls()).toHaveLength(calls);
      await tick(1, ++calls);
    }
  });

  it("upload failure: 'Failed to submit file' with the server's reason, the status reset; RETRY clears everything", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    censusApi([], { status: 415, body: { message: 'This file is not a spreadsheet.' } });
    const errors = listen<{ message: string }>('census-error');
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    pick(container, csv());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(M.uploadFailed);
    expect(screen.getByText('This file is not a spreadsheet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: PARSER_LABELS.tracker })).toBeNull();
    expect(errors.seen).toEqual([{ message: `${M.uploadFailed}: This file is not a spreadsheet.` }]);
    fireEvent.click(screen.getByRole('button', { name: M.retry }));
    expect(dropArea()).toBeTruthy();
    expect(screen.queryByText('census.csv')).toBeNull();
    errors.stop();
  });

  it('status error: both error texts, the processing view left, the help form offered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    censusApi([{ status: 'error', message: 'No table with a header row was found.' }]);
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    pick(container, csv());
    await until(() => screen.getByText(M.processing, SEEN));
    await tick(0, 1);
    await until(() => screen.getByText(M.statusError));
    expect(screen.getByText(M.trackerError)).toBeTruthy();
    expect(screen.getByText('No table with a header row was found.')).toBeTruthy();
    expect(screen.queryByText(M.processing, SEEN)).toBeNull();
    expect(screen.queryByRole('list', { name: PARSER_LABELS.tracker })).toBeNull();
    expect(screen.getByText(M.helpHeading)).toBeTruthy();
    await tick(TIMING.pollIntervalMs * 2);
    expect(statusCalls()).toHaveLength(1);
  });

  it('password-protected: asks for the password, sends the file again with it, asks again when wrong, then processes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let n = 0;
    api.handle((req) => {
      if (req.method === 'POST' && req.path === '/main/case') {
        n++;
        return { status: 200, body: { data: { caseId: `case-${n}`, status: 'uploading' } } };
      }
      if (req.method === 'GET') {
        const id = req.query.get('caseId');
        if (id === 'case-1') return { status: 200, body: { data: { caseId: id, status: 'error', code: 'password-required' } } };
        if (id === 'case-2') return { status: 200, body: { data: { caseId: id, status: 'error', code: 'password-incorrect' } } };
        return { status: 200, body: { data: { caseId: id, status: 'classified' } } };
      }
      return undefined;
    });
    const { container } = render(<CensusParser censusApiBase={api.base} pollInterval={1000} />);
    pick(container, csv('locked.csv'));
    await until(() => screen.getByText(M.processing, SEEN));
    await tick(0, 1);
    const field = await until(() => screen.getByLabelText(PARSER_LABELS.password) as HTMLInputElement);
    expect(screen.getByText(M.passwordRequired, SEEN)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: PARSER_LABELS.unlock }));
    await until(() => expect(uploads()).toHaveLength(2));
    const second = uploads()[1];
    expect(String(second.body)).toMatch(/name="password"\r\n\r\nwrong\r\n/);
    expect(String(second.body)).toContain('filename="locked.csv"');
    await until(() => screen.getByText(M.processing, SEEN));
    await tick(0, 2);
    await until(() => screen.getByText(M.passwordIncorrect, SEEN));
    fireEvent.change(screen.getByLabelText(PARSER_LABELS.password), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: PARSER_LABELS.unlock }));
    await until(() => expect(uploads()).toHaveLength(3));
    await tick(0, 3);
    await until(() => expect(container.querySelector('[aria-current="step"]')?.textContent).toBe(TRACKER_STEPS[0]));
  });
});

describe('<census-parser> forms and the copy button', () => {
  it('notify: no client validation; afterwards the field is locked, the address shown, the button green with a tick', async () => {
    censusApi(['classified']);
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    pick(container, csv());
    await screen.findByText(M.processing, SEEN);
    expect(screen.getByText(M.notifyHeading)).toBeTruthy();
    expect(screen.getByText(M.notifyIntro)).toBeTruthy();
    const form = container.querySelector('[part~="notify-form"]') as HTMLFormElement;
    const email = form.querySelector('input') as HTMLInputElement;
    expect(email.placeholder).toBe(M.notifyPlaceholder);
    fireEvent.change(email, { target: { value: 'broker@acme-benefits.com' } });
    fireEvent.submit(form);
    await until(() => expect(form.textContent).toContain(M.notifiedAt));
    expect(form.textContent).toContain('broker@acme-benefits.com');
    expect(email.disabled).toBe(true);
    const button = form.querySelector('button')!;
    expect(button.classList.contains('sent')).toBe(true);
    expect(button.querySelector('svg')).toBeTruthy();
    const notify = api.posts().find((r) => r.method === 'POST' && !String(r.body).includes('filename='))!;
    expect(String(notify.body)).toMatch(/name="email"\r\n\r\nbroker@acme-benefits.com/);
    expect(String(notify.body)).toMatch(/name="caseId"\r\n\r\ncase-1/);
    expect(String(notify.body)).toMatch(/name="kind"\r\n\r\nnotify/);
  });

  it("a refused notify address: the server's reason under the field, which stays editable; the help form sends kind=help", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    censusApi(['classified']);
    const { container } = render(<CensusParser censusApiBase={api.base} />);
    pick(container, csv());
    await screen.findByText(M.processing, SEEN);
    api.handle((req) => (req.method === 'POST' ? { status: 400, body: { message: 'Please enter a valid e-mail address.' } } : undefined));
    const notify = container.querySelector('[part~="notify-form"]') as HTMLFormElement;
    const field = notify.querySelector('input') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'broker@acme' } });
    fireEvent.submit(notify);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please enter a valid e-mail address.');
    expect(logged).toHaveBeenCalled(); // still logged (spec section 8)
    expect(notify.textContent).not.toContain(M.notifiedAt);
    expect(field.disabled).toBe(false);
    expect(field.value).toBe('broker@acme');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    // Editing the address clears the message; a failure without a sentence says nothing was sent.
    fireEvent.change(field, { target: { value: 'broker@acme.com' } });
    expect(screen.queryByRole('alert')).toBeNull();
    api.handle((req) => (req.method === 'POST' ? { status: 500 } : undefined));
    fireEvent.submit(notify);
    expect((await screen.findByRole('alert')).textContent).toBe(PARSER_LABELS.contactFailed);

    censusApi(['classified']);
    const help = container.querySelector('[part~="help-form"]') as HTMLFormElement;
    expect(help.textContent).toContain(M.helpHeading);
    expect(help.textContent).toContain(M.helpIntro);
    fireEvent.change(help.querySelector('input')!, { target: { value: 'hr@acme.com' } });
    fireEvent.submit(help);
    await until(() => expect(help.textContent).toContain('hr@acme.com'));
    expect(String(api.posts().at(-1)!.body)).toMatch(/name="kind"\r\n\r\nhelp/);
  });

  it('COPY EMAIL ID copies the intake address and shows a tick for about 3 s', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<CensusParser censusApiBase={api.base} />);
    const button = screen.getByRole('button', { name: M.copyEmail });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith(BRAND.emails.censusIntake);
    expect(button.classList.contains('sent')).toBe(true);
    await tick(TIMING.copyTickMs - 1);
    expect(button.classList.contains('sent')).toBe(true);
    await tick(1);
    expect(button.classList.contains('sent')).toBe(false);
  });
});
