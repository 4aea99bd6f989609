/**
 * The page's side of private mode (issue 29): starts the engine worker
 * (widgets/census-parser/private/engine-worker.ts, built to its own file beside the element chunks)
 * and turns its messages into one run's stages and outcome. Used by <census-parser private> (a run)
 * and <census-report private-result> (a recalculation). Small on purpose: the engine is fetched only
 * when a private run starts (`new Worker`), from the widget origin. A page on another origin (a
 * partner portal that loads widgets.js from ours) cannot start a worker from our origin: there the
 * worker is a one-line blob: script that imports the engine file from the widget origin
 * (docs/decisions.md, "Private mode on a partner's page"; the partner's CSP needs worker-src blob:).
 */
import type { EngineStage } from '../../shared/census/status';
import type { AnalyseRequest, EngineAnswer, EngineQuery, QueryAnswer } from './engine-protocol';

/** How a run ended: the reports, the engine's refusal, or a crash (the worker failed or could not start). */
export type EngineOutcome = Extract<EngineAnswer, { type: 'done' | 'failed' | 'crashed' }>;

/** A question's answer, or the crash that stopped the worker meanwhile. */
export type EngineReply = QueryAnswer;

/** A question without its id (the client numbers them). */
export type EngineAsk = EngineQuery extends infer Q ? (Q extends { id: number } ? Omit<Q, 'id'> : never) : never;

export interface PrivateEngine {
  /** Analyses one file; `onStage` hears each engine stage as the worker reaches it. The worker keeps the result. */
  analyse(request: Omit<AnalyseRequest, 'type' | 'id'>, onStage: (stage: EngineStage) => void): Promise<EngineOutcome>;
  /** Asks about the worker's last analysis (an export's file, the readiness, the member table; engine-protocol.ts). */
  ask(query: EngineAsk): Promise<EngineReply>;
  /** Stops the worker (a new file, RETRY, Delete, the element left): its memory goes with it. */
  stop(): void;
}

/** The worker's file relative to the element chunks, set by the widget build; null elsewhere (tests, the site's dev server). */
export const ENGINE_WORKER_FILE: string | null = typeof __BENEFOLD_ENGINE_WORKER__ === 'string' ? __BENEFOLD_ENGINE_WORKER__ : null;

export const ENGINE_TEXT = {
  unavailable: 'Private mode is not available in this build of the widgets (the engine worker is missing).',
  crossOrigin:
    "Private mode could not start here: this page's security policy does not let the widgets start their census engine (worker-src must allow blob:).",
  crashed: 'The census engine stopped while reading your file.',
} as const;

/**
 * The worker for the engine file at `url`: started from it when it is on the page's origin, else from
 * a blob: script that imports it (a classic worker may import a script from any origin).
 */
function engineWorker(url: URL): Worker {
  const options: WorkerOptions = { name: 'benefold-census-engine' };
  if (typeof location === 'undefined' || url.origin === location.origin) return new Worker(url, options);
  const bootstrap = URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(url.href)});`], { type: 'text/javascript' }));
  try {
    return new Worker(bootstrap, options);
  } finally {
    // The worker has read its script by the time it runs; the URL is no longer needed for it.
    setTimeout(() => URL.revokeObjectURL(bootstrap), 60_000);
  }
}

/**
 * Starts the engine worker (on the first request) and keeps it until stop(): its answers are matched
 * to their requests by id; a worker that fails answers every open request as crashed.
 */
export function startEngineWorker(file: string | null = ENGINE_WORKER_FILE): PrivateEngine {
  let worker: Worker | null = null;
  let failed: EngineOutcome | null = null;
  let next = 0;
  const open = new Map<number, { settle(answer: EngineOutcome | QueryAnswer): void; onStage?(stage: EngineStage): void }>();
  const failAll = (message: string) => {
    failed = { id: 0, type: 'crashed', message };
    for (const [id, o] of open) o.settle({ id, type: 'crashed', message });
    open.clear();
  };
  const start = (): Worker | null => {
    if (worker || failed) return worker;
    if (!file) {
      failed = { id: 0, type: 'crashed', message: ENGINE_TEXT.unavailable };
      return null;
    }
    try {
      worker = engineWorker(new URL(file, import.meta.url));
    } catch (err) {
      console.error('Benefold: the census engine worker could not start.', err);
      failed = { id: 0, type: 'crashed', message: (err as { name?: string })?.name === 'SecurityError' ? ENGINE_TEXT.crossOrigin : ENGINE_TEXT.crashed };
      return null;
    }
    worker.addEventListener('message', (event: MessageEvent<EngineAnswer | QueryAnswer>) => {
      const answer = event.data;
      const o = open.get(answer.id);
      if (!o) return;
      if (answer.type === 'stage') {
        o.onStage?.(answer.stage);
        return;
      }
      open.delete(answer.id);
      o.settle(answer);
    });
    worker.addEventListener('error', (event) => {
      console.error('Benefold: the census engine worker failed.', event.message);
      event.preventDefault();
      failAll(ENGINE_TEXT.crashed);
    });
    worker.addEventListener('messageerror', () => failAll(ENGINE_TEXT.crashed));
    return worker;
  };
  function send<T>(message: AnalyseRequest | EngineQuery, transfer: Transferable[], onStage?: (stage: EngineStage) => void): Promise<T> {
    return new Promise<T>((resolve) => {
      const w = start();
      if (!w) return resolve({ ...failed!, id: message.id } as T);
      open.set(message.id, { settle: resolve as (a: EngineOutcome | QueryAnswer) => void, onStage });
      w.postMessage(message, transfer);
    });
  }
  return {
    analyse(request, onStage) {
      const message: AnalyseRequest = { type: 'analyse', id: ++next, ...request };
      return send<EngineOutcome>(message, [request.bytes], onStage);
    },
    ask(query) {
      return send<QueryAnswer>({ ...query, id: ++next } as EngineQuery, []);
    },
    stop() {
      worker?.terminate();
      worker = null;
      // Whoever still waits hears nothing more (a newer run took over, or the element left).
      open.clear();
    },
  };
}
