/**
 * The hand edits and row marks standing in a case's reading (issue 28), framework-free and small (it
 * is loaded with the report): what the report's `reading.changed` says (kinds 'edit' and 'row', so they
 * survive a page reload) with what this page sent on top (those carry the row's key). A PATCH replaces
 * the whole reading, so whatever reading is sent next carries them again.
 */
import type { CensusReading, CensusReadingEdit, CensusReadingInfo, CensusReadingRowMark } from '../../../shared/census/report';

type HandEdits = Pick<CensusReading, 'edits' | 'rows'>;

const place = (p: { file: string; sheet: string; row: number; column?: string }) => `${p.file}\u0000${p.sheet}\u0000${p.row}\u0000${p.column ?? ''}`;

export function standingHandEdits(report: { reading?: CensusReadingInfo } | null, sent: HandEdits): HandEdits {
  const edits = new Map<string, CensusReadingEdit>();
  const rows = new Map<string, CensusReadingRowMark>();
  const info = report?.reading;
  if (info && info.source !== 'automatic') {
    for (const c of info.changed) {
      if (typeof c.row !== 'number') continue;
      const where = { file: c.file, sheet: c.sheet, row: c.row, ...(c.header ? { column: c.header } : {}) };
      if (c.kind === 'edit' && c.field) edits.set(`${place(where)}\u0000${c.field}`, { ...where, field: c.field, value: c.value ?? '' });
      else if (c.kind === 'row') rows.set(place(where), { ...where, counted: c.value === 'counted' });
    }
  }
  for (const e of sent.edits ?? []) edits.set(`${place(e)}\u0000${e.field}`, e);
  for (const m of sent.rows ?? []) rows.set(place(m), m);
  const out: HandEdits = {};
  if (edits.size) out.edits = [...edits.values()];
  if (rows.size) out.rows = [...rows.values()];
  return out;
}
