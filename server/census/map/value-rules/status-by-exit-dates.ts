/**
 * The status by the exit dates (issue 26: "what a column holds decides, words only help"). A list that
 * has an exit date ('Term Date', read by its role) and a column of a few words under a header no pack
 * reads: when that column's words split the rows as the exit dates do, it is the employment status.
 *
 *  - Rows with no exit date (or one after the as-of date) mostly hold one word, the stayers' word
 *    ('In servizio', 'true', 'Ativo'): STAYERS_WORD of them at least.
 *  - Rows with an exit date on or before the as-of date hold another word nearly always (LEAVERS_OTHER),
 *    and the words on those rows are seldom on stayers' rows (LEAVER_WORDS_LEFT of their rows left).
 *
 * Language-independent: no word of the column is read. The stayers' word reads as active and the
 * leavers' words as terminated (unless a pack reads them otherwise: 'Retired' stays retired); any other
 * word stays unread, so the review names it. Weak: the review asks and names the reading.
 *
 * A column filled only on leavers' rows (a termination reason, 'eligible for rehire') is not filled
 * enough; a yes/no flag that follows the exits (an active flag 'true' / 'false') is the status.
 */
import { cellText } from '../../text';
import type { Cell } from '../../types';
import { detectDayOrder, parseDate } from '../../values/dates';
import { parseGender, parseRelationship, parseStatus, parseTier } from '../../values/codes';
import { columnWords, type ColumnWord, type ValueContext } from './context';

/** Rows that stay: this many at least; one leaver's row is enough when it alone holds its word. */
const EXIT_MIN_ROWS = 2;
/** The column is filled on this share of the rows at least, */
const EXIT_FILLED = 0.9;
/** ... with this many distinct values at most, each this short. */
const EXIT_MAX_WORDS = 8;
const EXIT_MAX_CHARS = 20;
/** The stayers' commonest word is on this share of their rows at least. */
const STAYERS_WORD = 0.7;
/** Leavers' rows hold another word than the stayers' on this share of them at least. */
const LEAVERS_OTHER = 0.9;
/** Of the rows holding a leaver's word, this share at least left. */
const LEAVER_WORDS_LEFT = 0.8;
const EXIT_STATUS_CONFIDENCE = 0.5;
/** A code value: a word or two, or a 0/1 flag (no amounts, no dates, no ids). */
const CODE_TEXT = /^(?:[\p{L}][\p{L}'’. /-]*|[01])$/u;

/** Each row: left (an exit date on or before the as-of date), or not. */
function leftRows(rows: readonly (readonly Cell[])[], index: number, asOf: string): boolean[] {
  const ctx = { asOf, order: detectDayOrder(rows.slice(0, 200).map((r) => r[index] ?? null)) };
  return rows.map((r) => {
    const iso = parseDate(r[index] ?? null, ctx);
    return iso !== null && iso <= asOf;
  });
}

/** The words of a column, or null when it is no column of a few code values. */
function codeWords(rows: readonly (readonly Cell[])[], index: number): Map<string, ColumnWord> | null {
  const c = columnWords(rows, index, EXIT_MAX_WORDS, (t) => t.length <= EXIT_MAX_CHARS && CODE_TEXT.test(t));
  return c && c.filled >= EXIT_FILLED * rows.length && c.words.size >= 2 ? c.words : null;
}

export function statusByExitDates({ columns, rows, asOf, open }: ValueContext): void {
  const exit = columns.find((c) => c.role === 'exitDate');
  if (!exit) return;
  const left = leftRows(rows, exit.index, asOf);
  const leavers = left.filter(Boolean).length;
  if (leavers < 1 || rows.length - leavers < EXIT_MIN_ROWS) return;
  for (const c of columns) {
    if (c.field || c.role || c.fromReading || !open(c)) continue;
    const words = codeWords(rows, c.index);
    // A word another field's reader reads (a gender, a relationship, a tier) says the column is that.
    if (!words || [...words.values()].some(({ text: w }) => parseGender(w) !== null || parseRelationship(w) !== null || parseTier(w) !== null)) continue;
    const stay = new Map<string, number>();
    const gone = new Map<string, number>();
    rows.forEach((r, i) => {
      const key = cellText(r[c.index] ?? null).trim().toLowerCase();
      if (!key) return;
      const m = left[i] ? gone : stay;
      m.set(key, (m.get(key) ?? 0) + 1);
    });
    const stayers = [...stay.values()].reduce((a, n) => a + n, 0);
    const [stayWord, stayN] = [...stay].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (stayers < EXIT_MIN_ROWS || stayN < STAYERS_WORD * stayers) continue;
    const goneN = [...gone.values()].reduce((a, n) => a + n, 0);
    const leaverWords = [...gone.keys()].filter((k) => k !== stayWord);
    const goneOther = leaverWords.reduce((a, k) => a + gone.get(k)!, 0);
    if (goneN < 1 || goneOther < LEAVERS_OTHER * goneN) continue;
    const onStayers = leaverWords.reduce((a, k) => a + (stay.get(k) ?? 0), 0);
    if (goneOther < LEAVER_WORDS_LEFT * (goneOther + onStayers)) continue;
    // A pack's own reading of a word stands ('Retired'); the others take the exits' reading.
    const overrides = new Map<string, string>();
    if (parseStatus(words.get(stayWord)!.text) === null) overrides.set(stayWord, 'active');
    for (const k of leaverWords) if (parseStatus(words.get(k)!.text) === null) overrides.set(k, 'terminated');
    c.field = 'status';
    c.confidence = EXIT_STATUS_CONFIDENCE;
    if (overrides.size) c.codeOverrides = overrides;
    const said = [`'${words.get(stayWord)!.text}' active`, ...leaverWords.map((k) => `'${words.get(k)!.text}' ${parseStatus(words.get(k)!.text) ?? 'terminated'}`)].join(', ');
    c.reason = `its words split the rows as the exit dates in '${exit.header}' do: read as the status, ${said} (please check)`;
    return;
  }
}
