/**
 * What a completed case shows: its stored report (the whole case or one file), the clean export
 * made on the first request (in the job threads) and kept encrypted, and the short-lived signed link
 * that downloads it.
 */
import type { CaseRow } from '../store/census-cases';
import type { CaseDeps } from './case-deps';
import { createLinkSigner, type LinkSigner } from './export-links';
import { exportName, reportName, type StoredReports } from './result-files';
import type { JobRunner } from './runner';

export const EXPORT_LINK_TTL_MS = 10 * 60_000;

/** A file name that is safe in a Content-Disposition header and on any file system. */
export function downloadName(fileName: string | null): string {
  const base = (fileName ?? 'census').replace(/\.[^.]*$/, '');
  const safe = base.normalize('NFKD').replace(/[^A-Za-z0-9 ._-]+/g, '').replace(/\s+/g, '-').replace(/^[.-]+/, '').slice(0, 80);
  return `${safe || 'census'}-clean.xlsx`;
}

export function createCaseReports(d: CaseDeps, runner: JobRunner, linkKey: Buffer) {
  const { config, data, files, ref, live } = d;
  const cases = data.cases;
  const links: LinkSigner = createLinkSigner(linkKey, EXPORT_LINK_TTL_MS);
  /** Exports being made in this process (a cache of promises only: nothing another server needs). */
  const exporting = new Map<string, Promise<string | null>>();
  return {
    async report(c: CaseRow, fileName?: string): Promise<unknown | undefined> {
      if (!c.resultKey) return undefined;
      const stored = JSON.parse((await files.read(ref(c.id), reportName(c.resultKey))).toString('utf8')) as StoredReports;
      if (fileName === undefined) return stored.whole;
      return Object.prototype.hasOwnProperty.call(stored.files, fileName) ? stored.files[fileName] : undefined;
    },
    async exportUrl(c: CaseRow, fileName?: string): Promise<{ url: string } | { error: string } | undefined> {
      if (!c.resultKey) return undefined;
      const key = ref(c.id);
      const caseFiles = await cases.files(key);
      let part: number | 'all' = 'all';
      let name: string | null = null;
      if (fileName !== undefined) {
        const f = caseFiles.find((x) => x.fileName === fileName);
        if (!f) return undefined;
        part = f.position;
        name = f.fileName;
      }
      // A case of one file: that file's export is the case's.
      if (caseFiles.length === 1) {
        part = 'all';
        name = null;
      }
      const out = exportName(c.resultKey, part);
      if (!(await files.exists(key, out))) {
        // One export at a time per file; a second request waits for the first.
        const pendingKey = `${key}/${out}`;
        let pending = exporting.get(pendingKey);
        if (!pending) {
          pending = runner.exportFile(key, name, out).finally(() => exporting.delete(pendingKey));
          exporting.set(pendingKey, pending);
        }
        const failure = await pending;
        if (failure) return { error: failure };
      }
      return { url: `${config.publicUrl}/main/case/file?token=${links.sign({ c: c.id, k: c.resultKey, p: part })}` };
    },
    async readExport(token: unknown): Promise<{ bytes: Buffer; downloadName: string } | undefined> {
      const p = links.verify(token);
      if (!p) return undefined;
      const c = await live(cases, p.c);
      if (!c || c.resultKey !== p.k) return undefined;
      const key = ref(c.id);
      const caseFiles = await cases.files(key);
      const name = p.p === 'all' ? null : caseFiles.find((f) => f.position === p.p)?.fileName;
      if (name === undefined) return undefined;
      try {
        const bytes = await files.read(key, exportName(p.k, p.p));
        return { bytes, downloadName: downloadName(name ?? (caseFiles.length === 1 ? caseFiles[0].fileName : null)) };
      } catch {
        return undefined;
      }
    },
  };
}
