/**
 * Map stage: each column of a located table -> a canonical field (or none), with a confidence 0..1,
 * from its header text (vocabulary, fuzzy) and its values (profiles).
 *
 * - A column takes its best-scoring field when that score reaches MIN_MAPPING_CONFIDENCE and beats the
 *   header's 'ignore' score (headers known to be something else: "Middle Initial", "Term Date").
 * - When two columns claim one field, the better one wins and the other is kept as an extra column
 *   (field null). Child birth-date columns are the exception: a wide layout has several.
 * - Mappings under WEAK_MAPPING_CONFIDENCE are listed in issues, and so are extra columns that nearly
 *   made it.
 */
import { MAX_MAPPED_COLUMNS, MIN_MAPPING_CONFIDENCE, PROFILE_SAMPLE_SIZE, WEAK_MAPPING_CONFIDENCE } from '../rules';
import { CANONICAL_FIELDS } from '../../../shared/census/report';
import type { CanonicalField, ColumnMapping, Issue, LocatedTable } from '../types';
import { scoreHeader } from './headers';
import { combine, profileColumn, sampleColumn } from './profiles';

export { scoreHeader, normaliseHeader, bestHeaderField } from './headers';
export { profileColumn, combine } from './profiles';

const MULTI_COLUMN_FIELDS = new Set<CanonicalField>(['childDateOfBirth']);

function round2(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;
}

export interface MapResult {
  columns: ColumnMapping[];
  issues: Issue[];
}

/** Scores of every field for one column. */
export function scoreColumn(header: string, sample: Parameters<typeof profileColumn>[0], asOf: string) {
  const h = scoreHeader(header);
  const profiles = profileColumn(sample, asOf);
  const scores: { field: CanonicalField; score: number }[] = [];
  for (const field of CANONICAL_FIELDS) {
    const hf = h.get(field) ?? 0;
    const profile = profiles[field];
    let s = combine(hf, profile);
    // A header that names the field outright keeps it unless its values contradict it: another
    // field's weak profile ("Smith" is also an SSA first name) must not pull a "Last Name" column away.
    if (hf >= 0.95 && (!profile || !profile.strict || profile.fit >= 0.5)) s = Math.max(s, hf * 0.95);
    if (s > 0.05) scores.push({ field, score: s });
  }
  scores.sort((a, b) => b.score - a.score);
  return { scores, ignore: h.get('ignore') ?? 0 };
}

export function mapColumns(table: LocatedTable, file: string, asOf: string): MapResult {
  const issues: Issue[] = [];
  const columns: ColumnMapping[] = [];
  for (let index = 0; index < table.headers.length; index++) {
    const header = table.headers[index];
    if (index >= MAX_MAPPED_COLUMNS) {
      // Past the limit: kept as an extra column, not scored.
      if (header) columns.push({ index, header, field: null, confidence: 0, candidates: [] });
      continue;
    }
    const sample = sampleColumn(table.rows, index, PROFILE_SAMPLE_SIZE);
    if (!header && sample.length === 0) continue; // an empty spacer column
    const { scores, ignore } = scoreColumn(header, sample, asOf);
    const best = scores[0];
    const col: ColumnMapping = { index, header, field: null, confidence: 0, candidates: scores.slice(0, 3) };
    if (best && best.score >= MIN_MAPPING_CONFIDENCE && best.score > ignore) {
      col.field = best.field;
      col.confidence = round2(best.score);
    } else {
      col.confidence = round2(Math.max(ignore, 1 - (best?.score ?? 0)));
      // Worth a word only when the header is not one we know to leave aside ("Dept Code").
      if (best && best.score >= MIN_MAPPING_CONFIDENCE && ignore < 0.9) col.note = `its header and values fit no field well enough`;
    }
    columns.push(col);
  }

  // One column per field: the best keeps it, the others become extra columns.
  const byField = new Map<CanonicalField, ColumnMapping[]>();
  for (const c of columns) {
    if (!c.field || MULTI_COLUMN_FIELDS.has(c.field)) continue;
    const list = byField.get(c.field) ?? [];
    list.push(c);
    byField.set(c.field, list);
  }
  for (const [field, list] of byField) {
    if (list.length < 2) continue;
    list.sort((a, b) => b.confidence - a.confidence || a.index - b.index);
    const winner = list[0];
    for (const loser of list.slice(1)) {
      loser.note = `'${winner.header}' fits ${field} better`;
      loser.confidence = round2(1 - loser.confidence);
      loser.field = null;
    }
  }

  for (const c of columns) {
    const label = c.header ? `'${c.header}'` : `${columnLetter(c.index)} (no header)`;
    if (c.field && c.confidence < WEAK_MAPPING_CONFIDENCE) {
      issues.push({ file, sheet: table.sheet, row: table.headerRow + 1, message: `Column ${label} was mapped to ${c.field} with low confidence (${c.confidence}); please check it.` });
    } else if (!c.field && c.note) {
      const top = c.candidates[0];
      issues.push({
        file,
        sheet: table.sheet,
        row: table.headerRow + 1,
        message: `Column ${label} was kept as an extra column although it looks like ${top?.field} (${round2(top?.score ?? 0)}): ${c.note}.`,
      });
    }
  }
  if (table.headers.length > MAX_MAPPED_COLUMNS) {
    issues.push({
      file, sheet: table.sheet, row: table.headerRow + 1,
      message: `The table has ${table.headers.length} columns; only the first ${MAX_MAPPED_COLUMNS} were mapped, the others are kept as extra columns.`,
    });
  }
  return { columns, issues };
}

/** Spreadsheet column letters for a 0-based index (A, B, ..., Z, AA). */
export function columnLetter(index: number): string {
  let s = '';
  let n = index + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}
