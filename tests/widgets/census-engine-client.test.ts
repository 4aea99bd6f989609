/**
 * The page's side of private mode (widgets/census-parser/private/engine-client.ts) with a stand-in
 * Worker: stages are passed on in order, the outcome ends the run, and a worker that cannot start
 * (no build, another origin) or fails ends it as a crash, never as a wait without end.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGINE_TEXT, startEngineWorker } from '../../widgets/internal/engine-client';

type Listener = (event: { data?: unknown; message?: string; preventDefault(): void }) => void;

/** The engine file on the page's own origin (the widgets served from the page's host). */
const SAME_ORIGIN = `${location.origin}/chunks/w.js`;

class FakeWorker {
  static last: FakeWorker | null = null;
  listeners: Record<string, Listener[]> = {};
  posted: unknown[] = [];
  terminated = false;
  constructor(public url: URL) {
    FakeWorker.last = this;
  }
  addEventListener(type: string, fn: Listener) {
    (this.listeners[type] ??= []).push(fn);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  fire(type: string, event: { data?: unknown; message?: string }) {
    for (const fn of this.listeners[type] ?? []) fn({ ...event, preventDefault() {} });
  }
}

afterEach(() => vi.unstubAllGlobals());

const request = () => ({ fileName: 'a.csv', bytes: new ArrayBuffer(4), asOf: '2026-01-01' });

describe('startEngineWorker', () => {
  it('passes the stages on and resolves with the outcome; stop() ends the worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const engine = startEngineWorker(`${location.origin}/chunks/census-engine-worker-abc.js`);
    const stages: string[] = [];
    const done = engine.analyse(request(), (s) => stages.push(s));
    const w = FakeWorker.last!;
    expect(w.url.pathname).toMatch(/census-engine-worker-abc\.js$/);
    expect(w.posted).toEqual([{ type: 'analyse', id: 1, ...request() }]);
    w.fire('message', { data: { id: 1, type: 'stage', stage: 'preprocessing' } });
    w.fire('message', { data: { id: 1, type: 'stage', stage: 'deduplicating' } });
    w.fire('message', { data: { id: 1, type: 'failed', message: 'No table.', code: null } });
    expect(await done).toEqual({ id: 1, type: 'failed', message: 'No table.', code: null });
    expect(stages).toEqual(['preprocessing', 'deduplicating']);
    engine.stop();
    expect(w.terminated).toBe(true);
  });

  it('keeps the worker after a run: questions about its analysis are answered by id; a failure ends every open one', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const engine = startEngineWorker(SAME_ORIGIN);
    const done = engine.analyse(request(), () => undefined);
    const w = FakeWorker.last!;
    w.fire('message', { data: { id: 1, type: 'done', reports: {}, totalLives: 3, noRows: false } });
    expect(await done).toMatchObject({ type: 'done', totalLives: 3 });
    const file = engine.ask({ type: 'export', target: 'clean' });
    const members = engine.ask({ type: 'members' });
    expect(FakeWorker.last).toBe(w);
    expect(w.posted.slice(1)).toEqual([{ type: 'export', target: 'clean', id: 2 }, { type: 'members', id: 3 }]);
    // Answers in any order reach their own question.
    w.fire('message', { data: { id: 3, type: 'members', table: { members: [] } } });
    w.fire('message', { data: { id: 2, type: 'file', bytes: new ArrayBuffer(2), name: 'a-clean.xlsx', mime: 'x' } });
    expect(await members).toMatchObject({ type: 'members' });
    expect(await file).toMatchObject({ type: 'file', name: 'a-clean.xlsx' });
    const readiness = engine.ask({ type: 'readiness' });
    w.fire('error', { message: 'out of memory' });
    expect(await readiness).toMatchObject({ type: 'crashed', message: ENGINE_TEXT.crashed });
  });

  it('a worker that fails ends the run as a crash', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const done = startEngineWorker(SAME_ORIGIN).analyse(request(), () => undefined);
    FakeWorker.last!.fire('error', { message: 'out of memory' });
    expect(await done).toMatchObject({ type: 'crashed', message: ENGINE_TEXT.crashed });
  });

  it('a worker refused by the browser (a page whose CSP forbids it) says why; no build says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw Object.assign(new Error('denied'), { name: 'SecurityError' });
        }
      },
    );
    expect(await startEngineWorker(SAME_ORIGIN).analyse(request(), () => undefined)).toMatchObject({ type: 'crashed', message: ENGINE_TEXT.crossOrigin });
    expect(await startEngineWorker(null).analyse(request(), () => undefined)).toMatchObject({ type: 'crashed', message: ENGINE_TEXT.unavailable });
  });

  it('on another origin than the widgets, starts the engine from a blob: script that imports it', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const made: Blob[] = [];
    // jsdom has no createObjectURL: the browser's, as far as this test needs it.
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (blob: Blob) => (made.push(blob), 'blob:bootstrap'), revokeObjectURL: () => undefined }));
    void startEngineWorker('https://widgets.benefold.example/chunks/w.js').analyse(request(), () => undefined);
    expect(String(FakeWorker.last!.url)).toBe('blob:bootstrap');
    expect(made).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(made[0]);
    });
    expect(text).toBe('importScripts("https://widgets.benefold.example/chunks/w.js");');
  });
});
