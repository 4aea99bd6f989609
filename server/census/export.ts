/**
 * Export stage: the clean member list as a file (CENSUS.md "The command line"), and any other export
 * target (server/census/targets/, docs/census-export.md).
 *
 * The clean census is the 'clean' target (targets/clean.ts): human headers, date cells, each employee
 * followed by their dependents, the imputed-value flags, the unmapped columns, where each member was
 * read, and (XLSX) a "Changes" sheet. A CSV is UTF-8 with a BOM (Excel opens it right), CRLF line
 * ends, RFC 4180 quoting. Formula safety is targets/cells.ts's safeCell: a leading quote only where a
 * spreadsheet could take the text for a formula.
 */
import { clean } from './targets/clean';
import { safeCell } from './targets/cells';
import { targetById, unknownTargetMessage } from './targets/registry';
import type { ExportInput, TableTarget } from './targets/types';
import { writeTarget } from './targets/writer';

export type { ExportInput };

/** A text cell a spreadsheet would run as a formula gets a leading single quote (targets/cells.ts). */
export const neutralise = safeCell;

/** The clean census as a target: an XLSX workbook (Members, Changes and Not counted sheets) or a CSV file. */
export function cleanTarget(format: 'xlsx' | 'csv'): TableTarget {
  if (format !== 'xlsx' && format !== 'csv') throw new TypeError(`Unknown export format '${String(format)}'.`);
  return format === 'csv' ? { ...clean, format: 'csv' } : clean;
}

/** The clean member list as an XLSX workbook (Members, Changes and Not counted sheets) or a CSV file. */
export function exportCensus(result: ExportInput, format: 'xlsx' | 'csv'): Uint8Array {
  return writeTarget(cleanTarget(format), result);
}

/** The file of an export target by id; a TypeError with the list of ids for an unknown one. */
export function exportTarget(result: ExportInput, targetId: string): Uint8Array {
  const target = targetById(targetId);
  if (!target) throw new TypeError(unknownTargetMessage(targetId));
  return writeTarget(target, result);
}
