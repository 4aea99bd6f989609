/**
 * The census engine in a Web Worker: <census-parser private> (issue 29). The same engine code as the
 * server's job thread (server/jobs/worker.ts runCensusTask): analyzeCensus over the file's bytes,
 * each engine stage posted as it is reached, then the reports the server would store for the case
 * (server/jobs/census-outcome.ts), or the same refusal. Nothing here makes a request: the file and
 * everything read from it stay in this worker and the page that started it.
 *
 * Built on its own (rollup.widgets.config.mjs, the engine-worker build) into
 * dist/widgets/chunks/census-engine-worker-[hash].js, a classic worker script loaded from the widget
 * origin only when private mode is used. The engine's Node-only pieces are swapped by that bundle for
 * browser twins: node:crypto and node:zlib (./node/), the SheetJS loader and the first-name table
 * (server/census/read/sheetjs.browser.ts, server/census/names-table.browser.ts); `Buffer` is the
 * `buffer` package's (./buffer-global.ts, imported first).
 *
 * The worker keeps its last analysis (the members read) in memory, so the report can ask it for what
 * the server makes from a case on request (engine-protocol.ts EngineQuery): an export target's file
 * (written by the same writer, server/census/targets/, its XLSX deflated through the browser twin
 * deflated-part.browser.ts), every target's readiness, and the member table. The file's bytes go back
 * to the page transferred, and the page downloads them as a Blob. 'clear' (and stopping the worker)
 * forgets it.
 */
import './buffer-global';
import { CENSUS_UPLOAD } from '../../../shared/constants';
import { analyzeCensus, type AnalyzeOptions } from '../../../server/census/engine';
import { failure, storedReports } from '../../../server/jobs/census-outcome';
import type { StoredReading } from '../../../server/store/stored-reading';
import type { AnalyseRequest, EngineAnswer, EngineQuery, EngineRequest, PrivateReports, QueryAnswer } from '../../internal/engine-protocol';
import { answerQuery, type KeptAnalysis } from './queries';

const post = (answer: EngineAnswer | QueryAnswer, transfer: Transferable[] = []) =>
  (self as unknown as { postMessage(m: EngineAnswer | QueryAnswer, t: Transferable[]): void }).postMessage(answer, transfer);

/** The last analysis made here and the name of its file (the download names are made from it); null once cleared. */
let last: KeptAnalysis | null = null;

async function analyse(req: AnalyseRequest): Promise<void> {
  const { id } = req;
  const stored: StoredReading | undefined = req.reading ? { reading: req.reading, ...(req.readingSavedOn ? { savedOn: req.readingSavedOn } : {}) } : undefined;
  const opts: AnalyzeOptions = {
    asOf: req.asOf,
    limits: { maxBytes: CENSUS_UPLOAD.maxBytes },
    ...(stored ? { reading: stored.reading } : {}),
    onStage: (stage) => post({ id, type: 'stage', stage }),
  };
  // A new analysis replaces the one kept (and a refused file leaves none).
  last = null;
  const input = { fileName: req.fileName, bytes: new Uint8Array(req.bytes), ...(req.password ? { password: req.password } : {}) };
  let result;
  try {
    result = await analyzeCensus([input], opts);
  } catch (err) {
    let refused;
    try {
      refused = failure(err);
    } catch {
      post({ id, type: 'crashed', message: err instanceof Error ? err.message : String(err) });
      return;
    }
    post({ id, type: 'failed', message: refused.message, code: refused.code });
    return;
  }
  const reports = storedReports(result, [req.fileName], stored, null) as PrivateReports;
  last = { result, fileName: req.fileName };
  const totalLives = result.report.totalLives;
  post({ id, type: 'done', reports, totalLives, noRows: totalLives === 0 && (result.report.notCounted?.total ?? 0) === 0 });
}

/** Answers a question about the kept analysis (./queries.ts), the export's bytes transferred. */
function answer(q: EngineQuery): void {
  if (q.type === 'clear') {
    last = null;
    return post({ id: q.id, type: 'cleared' });
  }
  const { answer: a, transfer } = answerQuery(last, q);
  post(a, transfer);
}

self.addEventListener('message', (event: MessageEvent<EngineRequest>) => {
  const req = event.data;
  const crashed = (err: unknown) => post({ id: req.id, type: 'crashed', message: err instanceof Error ? err.message : String(err) });
  if (req?.type === 'analyse') {
    analyse(req).catch(crashed);
    return;
  }
  if (req?.type !== 'export' && req?.type !== 'readiness' && req?.type !== 'members' && req?.type !== 'clear') return;
  try {
    answer(req);
  } catch (err) {
    crashed(err);
  }
});
