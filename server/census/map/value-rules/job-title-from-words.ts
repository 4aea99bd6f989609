/**
 * The job title by its words: with no job-title column, the unread column of varied words most of whose
 * values hold a word of a job title ('Production Technician I', 'Area Sales Manager', 'Sr. DBA' under
 * 'Puesto', 'Qualifica', 'Berufsbezeichnung') is the job title. Weak: the review asks.
 */
import { mentions } from '../../lang/rule-words';
import { cellText } from '../../text';
import type { ColumnMapping } from '../../types';
import { type ValueContext, leftOutByTypo, sampleRows } from './context';

/** Of a column's filled values, this share at least hold a word of a job title (the packs' jobWords), */
const JOB_WORDS_SHARE = 0.5;
/** ... filled on this share of the rows at least, */
const JOB_FILLED = 0.5;
/** ... and varied: this many distinct values at least (or every value distinct). */
const JOB_MIN_DISTINCT = 3;
const JOB_CONFIDENCE = 0.5;

export function jobTitleFromWords({ columns, rows: all, open }: ValueContext): void {
  const rows = sampleRows(all);
  let best: ColumnMapping | undefined;
  let bestShare = 0;
  for (const c of columns) {
    if (c.field || c.role || c.fromReading || !(open(c) || leftOutByTypo(c))) continue;
    let filled = 0;
    let titled = 0;
    const seen = new Set<string>();
    for (const r of rows) {
      const t = cellText(r[c.index] ?? null).trim();
      if (!t) continue;
      filled++;
      seen.add(t.toLowerCase());
      if (/\p{L}/u.test(t) && mentions('jobWords', t)) titled++;
    }
    if (filled === 0 || filled < JOB_FILLED * rows.length || seen.size < Math.min(JOB_MIN_DISTINCT, filled)) continue;
    const share = titled / filled;
    if (share >= JOB_WORDS_SHARE && share > bestShare) [best, bestShare] = [c, share];
  }
  if (!best) return;
  best.field = 'jobTitle';
  best.confidence = JOB_CONFIDENCE;
  best.reason = `its values are job titles (${Math.round(bestShare * 100)}% hold a word of one: manager, technician ...): read as the job title (please check)`;
}
