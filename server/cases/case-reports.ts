/**
 * What a completed case shows: its stored report (the whole case or one file), the export of each
 * target (docs/census-export.md) and the readiness of every target, made on the first request (in
 * the job threads) and kept encrypted, and the short-lived opaque link that downloads an export
 * (export-links.ts: sealed, naming the case by its key at rest, so it serves that file and nothing else).
 */
import { CONTENT_TYPES, targetMeta } from '../census/targets/catalog';
import { downloadName } from '../census/targets/download-name';
import type { CaseRow } from '../store/census-cases';
import type { CaseDeps } from './case-deps';
import { createLinkSigner, type LinkSigner } from './export-links';
import { exportName, MEMBERS_TASK, membersName, readinessName, reportName, type StoredReports } from '../store/result-files';
import type { JobRunner } from '../jobs/runner';

export const EXPORT_LINK_TTL_MS = 10 * 60_000;

/**
 * The report read for a case row that a newer run has since replaced: a run removes the results of
 * the run before it as it starts, so a request that read the row just before is answered as for a
 * case being processed.
 */
export class ReportReplacedError extends Error {
  constructor() {
    super('the report was replaced by a newer run');
    this.name = 'ReportReplacedError';
  }
}

/** An export's file name (the uploaded file's name and the target; never a person's data). */
export { downloadName };

export function createCaseReports(d: CaseDeps, runner: JobRunner, linkKey: Buffer) {
  const { config, data, files, ref, sampleRef, cutoff } = d;
  const cases = data.cases;
  const links: LinkSigner = createLinkSigner(linkKey, EXPORT_LINK_TTL_MS);
  /** Exports being made in this process (a cache of promises only: nothing another server needs). */
  const exporting = new Map<string, Promise<string | null>>();

  /** The part of a case an export is of: one of its files, or the whole case (a case of one file: the whole). */
  async function partOf(key: string, fileName: string | undefined): Promise<{ part: number | 'all'; name: string | null } | undefined> {
    const caseFiles = await cases.files(key);
    let part: number | 'all' = 'all';
    let name: string | null = null;
    if (fileName !== undefined) {
      const f = caseFiles.find((x) => x.fileName === fileName);
      if (!f) return undefined;
      part = f.position;
      name = f.fileName;
    }
    if (caseFiles.length === 1) return { part: 'all', name: null };
    return { part, name };
  }

  /** Makes a result file in the pool unless it exists; one at a time per file (a second request waits). */
  async function makeOnce(key: string, name: string | null, out: string, target: string | null): Promise<string | null> {
    if (await files.exists(key, out)) return null;
    const pendingKey = `${key}/${out}`;
    let pending = exporting.get(pendingKey);
    if (!pending) {
      pending = runner.exportFile(key, name, out, target).finally(() => exporting.delete(pendingKey));
      exporting.set(pendingKey, pending);
    }
    return pending;
  }

  return {
    async report(c: CaseRow, fileName?: string): Promise<unknown | undefined> {
      if (!c.resultKey) return undefined;
      const bytes = await files.read(ref(c.id), reportName(c.resultKey)).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? new ReportReplacedError() : err;
      });
      const stored = JSON.parse(bytes.toString('utf8')) as StoredReports;
      if (fileName === undefined) return stored.whole;
      return Object.prototype.hasOwnProperty.call(stored.files, fileName) ? stored.files[fileName] : undefined;
    },
    async exportUrl(c: CaseRow, fileName?: string, target = 'clean'): Promise<{ url: string } | { error: string } | undefined> {
      if (!c.resultKey) return undefined;
      const key = ref(c.id);
      const made = await partOf(key, fileName);
      if (!made) return undefined;
      const failure = await makeOnce(key, made.name, exportName(c.resultKey, made.part, target), target);
      if (failure) return { error: failure };
      // The case by its key at rest, never its id: the id is the bearer secret of the whole case.
      const payload = { c: key, k: c.resultKey, p: made.part, ...(target === 'clean' ? {} : { t: target }) };
      return { url: `${config.publicUrl}/main/case/file?token=${links.sign(payload)}` };
    },
    async readiness(c: CaseRow, fileName?: string): Promise<{ readiness: unknown[] } | { error: string } | undefined> {
      if (!c.resultKey) return undefined;
      const key = ref(c.id);
      const made = await partOf(key, fileName);
      if (!made) return undefined;
      const out = readinessName(c.resultKey, made.part);
      const failure = await makeOnce(key, made.name, out, null);
      if (failure) return { error: failure };
      return { readiness: JSON.parse((await files.read(key, out)).toString('utf8')) as unknown[] };
    },
    /**
     * The member table (issue 28) of the case or of one of its files, with a target's readiness when
     * given: made in the pool on first request and kept encrypted, like the readiness. Stored as the
     * answer `{data: table}`, gzipped, and answered as it is (a 50,000-member table is some 18 MB of
     * JSON, 1-2 MB gzipped: never parsed again here).
     */
    async members(c: CaseRow, fileName?: string, target?: string): Promise<{ gzip: Buffer } | { error: string } | undefined> {
      if (!c.resultKey) return undefined;
      const key = ref(c.id);
      const made = await partOf(key, fileName);
      if (!made) return undefined;
      const out = membersName(c.resultKey, made.part, target);
      const failure = await makeOnce(key, made.name, out, `${MEMBERS_TASK}${target ?? ''}`);
      if (failure) return { error: failure };
      return { gzip: await files.read(key, out) };
    },
    async readExport(token: unknown): Promise<{ bytes: Buffer; downloadName: string; contentType: string } | undefined> {
      const p = links.verify(token);
      if (!p) return undefined;
      const key = p.c;
      const c = await (key === sampleRef ? cases.getIgnoringExpiry(key) : cases.get(key, cutoff()));
      if (!c || c.resultKey !== p.k) return undefined;
      const caseFiles = await cases.files(key);
      const name = p.p === 'all' ? null : caseFiles.find((f) => f.position === p.p)?.fileName;
      if (name === undefined) return undefined;
      const target = targetMeta(p.t ?? 'clean');
      if (!target) return undefined;
      try {
        const bytes = await files.read(key, exportName(p.k, p.p, target.id));
        const base = name ?? (caseFiles.length === 1 ? caseFiles[0].fileName : null);
        return { bytes, downloadName: downloadName(base, target.id, target.format), contentType: CONTENT_TYPES[target.format] };
      } catch {
        return undefined;
      }
    },
  };
}
