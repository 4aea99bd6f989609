/**
 * The page's side of private mode (issue 29): starts the engine worker
 * (widgets/census-parser/private/engine-worker.ts, built to its own file beside the element chunks)
 * and turns its messages into one run's stages and outcome. Used by <census-parser private> (a run)
 * and <census-report private-result> (a recalculation). Small on purpose: the engine is fetched only
 * when a private run starts (`new Worker`), from the widget origin (CSP worker-src 'self'; no blob:).
 */
import type { EngineStage } from '../../shared/census/status';
import type { AnalyseRequest, EngineAnswer } from './engine-protocol';

/** How a run ended: the reports, the engine's refusal, or a crash (the worker failed or could not start). */
export type EngineOutcome = Extract<EngineAnswer, { type: 'done' | 'failed' | 'crashed' }>;

export interface PrivateEngine {
  /** Analyses one file; `onStage` hears each engine stage as the worker reaches it. */
  analyse(request: Omit<AnalyseRequest, 'type' | 'id'>, onStage: (stage: EngineStage) => void): Promise<EngineOutcome>;
  /** Stops the worker (a new file, RETRY, the element left): its memory goes with it. */
  stop(): void;
}

/** The worker's file relative to the element chunks, set by the widget build; null elsewhere (tests, the site's dev server). */
export const ENGINE_WORKER_FILE: string | null = typeof __BENEFOLD_ENGINE_WORKER__ === 'string' ? __BENEFOLD_ENGINE_WORKER__ : null;

export const ENGINE_TEXT = {
  unavailable: 'Private mode is not available in this build of the widgets (the engine worker is missing).',
  crossOrigin:
    "Private mode needs the widgets served from this page's own origin: a browser starts a worker only from the page's origin.",
  crashed: 'The census engine stopped while reading your file.',
} as const;

/** Starts the engine worker for one run. */
export function startEngineWorker(file: string | null = ENGINE_WORKER_FILE): PrivateEngine {
  let worker: Worker | null = null;
  let settle: ((outcome: EngineOutcome) => void) | null = null;
  const finish = (outcome: EngineOutcome) => {
    settle?.(outcome);
    settle = null;
  };
  return {
    analyse(request, onStage) {
      return new Promise<EngineOutcome>((resolve) => {
        settle = resolve;
        if (!file) return finish({ id: 0, type: 'crashed', message: ENGINE_TEXT.unavailable });
        try {
          worker = new Worker(new URL(file, import.meta.url), { name: 'benefold-census-engine' });
        } catch (err) {
          console.error('Benefold: the census engine worker could not start.', err);
          return finish({ id: 0, type: 'crashed', message: (err as { name?: string })?.name === 'SecurityError' ? ENGINE_TEXT.crossOrigin : ENGINE_TEXT.crashed });
        }
        worker.addEventListener('message', (event: MessageEvent<EngineAnswer>) => {
          const answer = event.data;
          if (answer.type === 'stage') onStage(answer.stage);
          else finish(answer);
        });
        worker.addEventListener('error', (event) => {
          console.error('Benefold: the census engine worker failed.', event.message);
          event.preventDefault();
          finish({ id: 0, type: 'crashed', message: ENGINE_TEXT.crashed });
        });
        worker.addEventListener('messageerror', () => finish({ id: 0, type: 'crashed', message: ENGINE_TEXT.crashed }));
        const message: AnalyseRequest = { type: 'analyse', id: 1, ...request };
        worker.postMessage(message, [request.bytes]);
      });
    },
    stop() {
      worker?.terminate();
      worker = null;
      settle = null;
    },
  };
}
