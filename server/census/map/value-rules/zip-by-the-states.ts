/**
 * ZIP codes by the states: where a state column is read, the ZIP column's codes lie in each row's state.
 * An unread column whose numbers lie in the rows' states (2148 in MA: a ZIP that lost its leading zero,
 * under 'Postleitzahl') is the ZIP, where no column is or where the one read as the ZIP by its values
 * alone mostly does not (five-digit salaries: 62506, 104437): that one takes its next field, if free.
 * Weak: the review asks.
 */
import { fieldLabel } from '../../fields';
import { MIN_MAPPING_CONFIDENCE } from '../../rules';
import { parseZip } from '../../values/zip';
import { stateCode, stateFromZip } from '../../values/states';
import { cellText } from '../../text';
import type { ColumnMapping } from '../../types';
import { scoreHeader } from '../headers';
import { HEADER_EVIDENCE } from '../vetoes';
import { type ValueContext, sampleRows } from './context';

/** Of the rows with a ZIP code and a state, the share whose ZIP lies in the row's state: a ZIP column's, at least, */
const ZIP_IN_STATE = 0.8;
/** ... and under this, a column read as the ZIP by its values alone is none (a pay amount of five digits). */
const ZIP_OUT_OF_STATE = 0.5;
/** Rows with both, at least, to judge. */
const ZIP_JUDGED_ROWS = 5;
const ZIP_CONFIDENCE = 0.5;

export function zipByTheStates({ columns, rows: all, open, column }: ValueContext): void {
  const state = column('state');
  if (!state || state.fromReading) return;
  const rows = sampleRows(all);
  const inState = (c: ColumnMapping): number => {
    let both = 0;
    let agree = 0;
    for (const r of rows) {
      const cell = r[c.index] ?? null;
      const zip = typeof cell === 'string' || typeof cell === 'number' ? parseZip(cell) : null;
      const st = stateCode(cellText(r[state.index] ?? null));
      if (!zip || !st) continue;
      both++;
      if (stateFromZip(zip) === st) agree++;
    }
    return both >= ZIP_JUDGED_ROWS ? agree / both : NaN;
  };
  const zip = column('zip');
  const headerSays = (c: ColumnMapping) => (scoreHeader(c.header).get('zip') ?? 0) > (scoreHeader(c.header).get('ignore') ?? 0);
  // A ZIP column its header names, or whose codes do lie in the states, stays.
  if (zip && (zip.fromReading || (scoreHeader(zip.header).get('zip') ?? 0) >= HEADER_EVIDENCE || !(inState(zip) < ZIP_OUT_OF_STATE))) return;
  const found = columns.find((c) => c !== zip && !c.field && !c.role && !c.fromReading && (open(c) || headerSays(c)) && inState(c) >= ZIP_IN_STATE);
  // Test lists pair made-up ZIP codes with any state: a ZIP column is set aside only for a better one.
  if (!found) return;
  if (zip) {
    const next = zip.candidates.find((k) => k.field !== 'zip' && k.score >= MIN_MAPPING_CONFIDENCE && !column(k.field));
    zip.field = next?.field ?? null;
    zip.confidence = next ? Math.min(next.score, ZIP_CONFIDENCE) : 1 - zip.confidence;
    zip.reason = `its numbers are not ZIP codes of the rows' states in '${state.header}'${next ? `: read as the ${fieldLabel(next.field)} by its values (please check)` : ''}`;
  }
  found.field = 'zip';
  found.confidence = ZIP_CONFIDENCE;
  found.reason = `its numbers are ZIP codes of the rows' states in '${state.header}' (leading zeros restored where lost): read as the ZIP code (please check)`;
}
