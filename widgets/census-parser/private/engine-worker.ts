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
 */
import './buffer-global';
import { CENSUS_UPLOAD } from '../../../shared/constants';
import { analyzeCensus, type AnalyzeOptions } from '../../../server/census/engine';
import { failure, storedReports } from '../../../server/jobs/census-outcome';
import type { StoredReading } from '../../../server/store/stored-reading';
import type { AnalyseRequest, EngineAnswer, PrivateReports } from '../../internal/engine-protocol';

const post = (answer: EngineAnswer) => (self as unknown as { postMessage(m: EngineAnswer): void }).postMessage(answer);

async function analyse(req: AnalyseRequest): Promise<void> {
  const { id } = req;
  const stored: StoredReading | undefined = req.reading ? { reading: req.reading, ...(req.readingSavedOn ? { savedOn: req.readingSavedOn } : {}) } : undefined;
  const opts: AnalyzeOptions = {
    asOf: req.asOf,
    limits: { maxBytes: CENSUS_UPLOAD.maxBytes },
    ...(stored ? { reading: stored.reading } : {}),
    onStage: (stage) => post({ id, type: 'stage', stage }),
  };
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
  const totalLives = result.report.totalLives;
  post({ id, type: 'done', reports, totalLives, noRows: totalLives === 0 && (result.report.notCounted?.total ?? 0) === 0 });
}

self.addEventListener('message', (event: MessageEvent<AnalyseRequest>) => {
  const req = event.data;
  if (req?.type !== 'analyse') return;
  analyse(req).catch((err: unknown) => post({ id: req.id, type: 'crashed', message: err instanceof Error ? err.message : String(err) }));
});
