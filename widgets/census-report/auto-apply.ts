/**
 * A report read automatically whose file has headers the visitor saved choices for (a workbook:
 * <census-parser> sends saved choices with the upload only for text files): the saved choices are
 * applied once, on their own.
 */
import { useEffect } from 'react';
import type { CensusReading } from '../../shared/census/report';
import { asReading, findSaved, loadSaved } from '../internal/saved-readings';
import { headersByFile, type ReportWithReading } from './draft';
import { ALL_FILES, type CensusReportDeps, type CensusReportStore } from './store';

/**
 * Cases whose saved choices were applied automatically in this tab: never twice, so that 'Back to
 * the automatic reading' sticks. Kept as short hashes (not the case ids, which open the report) in
 * sessionStorage, which ends with the tab.
 */
const AUTO_KEY = 'benefold:census-readings:applied';
const autoHash = (id: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
};
const autoApplied = {
  has(caseId: string): boolean {
    try {
      return (sessionStorage.getItem(AUTO_KEY) ?? '').split(' ').includes(autoHash(caseId));
    } catch {
      return true; // no storage: never apply on our own
    }
  },
};
function markAutoApplied(caseId: string): void {
  try {
    const list = (sessionStorage.getItem(AUTO_KEY) ?? '').split(' ').filter(Boolean).slice(-50);
    sessionStorage.setItem(AUTO_KEY, [...list, autoHash(caseId)].join(' '));
  } catch {
    /* blocked */
  }
}

/** Applies the visitor's saved choices to an automatically read report, once per case and tab. */
export function useSavedReadingOnce(
  report: ReportWithReading | null,
  caseId: string | undefined,
  selected: string,
  fileCount: number,
  store: CensusReportStore,
  deps: CensusReportDeps,
): void {
  useEffect(() => {
    const r = report;
    if (!r || !caseId || (selected !== ALL_FILES && fileCount > 1)) return;
    // The sample case is read-only (the API refuses a reading for it).
    if (r.isSample || (r.reading?.source ?? 'automatic') !== 'automatic' || autoApplied.has(caseId)) return;
    if (!loadSaved().length) return;
    const reading: CensusReading = { columns: [], sheets: [] };
    let savedOn = '';
    for (const [file, headers] of headersByFile(r)) {
      const hit = findSaved(headers);
      if (!hit) continue;
      const part = asReading(hit, file);
      reading.columns!.push(...(part.columns ?? []));
      reading.sheets!.push(...(part.sheets ?? []));
      if (part.codes?.length) (reading.codes ??= []).push(...part.codes);
      savedOn = savedOn > hit.savedOn ? savedOn : hit.savedOn;
    }
    if (!savedOn) return;
    markAutoApplied(caseId);
    void store.getState().applyReading(reading, deps, savedOn);
  }, [report, caseId, store, deps, selected, fileCount]);
}
