/**
 * What the engine worker of private mode answers about its last analysis (engine-protocol.ts
 * EngineQuery), made by the server's own code as the API makes it for a case: an export target's file
 * (server/census/targets/ writer; its name and type as the server's download link gives them), every
 * target's readiness (as GET /main/case?reportType=readiness) and the member table (as
 * GET /main/case?reportType=members). Plain functions over the kept result, so the dom tests run them
 * in process; only the engine worker's bundle imports this in the widgets.
 */
import { resultForFile, type CensusResult } from '../../../server/census/engine';
import { cleanTarget } from '../../../server/census/export';
import { memberTable } from '../../../server/census/member-table';
import { CONTENT_TYPES, TARGET_CATALOG } from '../../../server/census/targets/catalog';
import { downloadName } from '../../../server/census/targets/download-name';
import { readinessOf } from '../../../server/census/targets/readiness';
import { TARGETS, targetById, unknownTargetMessage } from '../../../server/census/targets/registry';
import { writeTarget } from '../../../server/census/targets/writer';
import type { EngineQuery, QueryAnswer } from '../../internal/engine-protocol';

/** The analysis a worker keeps: the engine's result and the name of its file (download names are made from it). */
export interface KeptAnalysis {
  result: CensusResult;
  fileName: string;
}

/** The kept analysis, or one of its files (the report's file choice; a case of one file: the whole). */
function partOf(kept: KeptAnalysis, fileName: string | undefined): CensusResult {
  return fileName && kept.result.files.length > 1 ? resultForFile(kept.result, fileName) : kept.result;
}

/** The answer to a question (not 'clear', the worker's own), with what to transfer rather than copy. */
export function answerQuery(kept: KeptAnalysis | null, q: Exclude<EngineQuery, { type: 'clear' }>): { answer: QueryAnswer; transfer: Transferable[] } {
  const { id } = q;
  const reply = (answer: QueryAnswer, transfer: Transferable[] = []) => ({ answer, transfer });
  if (!kept) return reply({ id, type: 'none' });
  try {
    if (q.type === 'readiness') {
      // Each target's name and format with its readiness, in the catalog's order.
      const part = partOf(kept, q.fileName);
      const all = TARGETS.map((t) => readinessOf(t, part));
      return reply({ id, type: 'readiness', targets: TARGET_CATALOG.map(({ id: target, name, format }) => ({ id: target, name, format, ...all.find((a) => a.target === target)! })) });
    }
    if (q.type === 'members') {
      const target = q.target ? targetById(q.target) : undefined;
      if (q.target && !target) return reply({ id, type: 'failed', message: unknownTargetMessage(q.target), code: null });
      // The rows of the chosen file, with the target's readiness problems per member.
      const fileName = q.fileName && kept.result.files.length > 1 ? q.fileName : undefined;
      return reply({ id, type: 'members', table: memberTable(kept.result, { ...(fileName ? { fileName } : {}), ...(target ? { target } : {}) }) });
    }
    // export: 'clean-csv' is the clean census as CSV (the CLI's --format csv); any other id a target's file.
    const target = q.target === 'clean-csv' ? cleanTarget('csv') : targetById(q.target);
    if (!target) return reply({ id, type: 'failed', message: unknownTargetMessage(q.target), code: null });
    const bytes = writeTarget(target, partOf(kept, q.fileName));
    const buffer = (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
    const name = downloadName(q.fileName || kept.fileName, target.id, target.format);
    return reply({ id, type: 'file', bytes: buffer, name, mime: CONTENT_TYPES[target.format] }, [buffer]);
  } catch (err) {
    // A refusal that says what is wrong (a TypeError of the writer, an unknown file) is said; the rest is a crash.
    const message = err instanceof Error ? err.message : String(err);
    return reply(err instanceof TypeError || (err as { code?: string })?.code === 'unknown-file' ? { id, type: 'failed', message, code: null } : { id, type: 'crashed', message });
  }
}
