/**
 * The status read in part: an unread column of a few words whose commonest reads as active ('Aktiv',
 * 'Ativo' by the cognate fold) and none of which reads as another code is the status; the review names
 * the words it could not read ('Ausgeschieden', 'Desligado') before any figure depends on them. Weak.
 */
import { STATUSES, isLooseCode, isYesNo, parseGender, parseRelationship, parseStatus, parseTier } from '../../values/codes';
import { columnWords, MAX_CODE_CHARS, type ValueContext } from './context';

/** A status read in part: a column of this many distinct words at most, */
const STATUS_MAX_WORDS = 8;
/** ... filled on this share of the rows, */
const STATUS_FILLED = 0.8;
/** ... whose commonest word, on this share of its rows at least, reads as active. */
const STATUS_COMMONEST = 0.5;
const STATUS_CONFIDENCE = 0.5;
/** The commonest is a word of this many letters at least. */
const STATUS_WORD_MIN = 4;

export function statusReadInPart({ columns, rows, open }: ValueContext): void {
  for (const c of columns) {
    if (c.field || c.role || c.fromReading || !open(c)) continue;
    const read = columnWords(rows, c.index, STATUS_MAX_WORDS, (t) => !/\d/.test(t) && t.length <= MAX_CODE_CHARS);
    if (!read || read.filled < STATUS_FILLED * rows.length || read.words.size < 2) continue;
    const { filled } = read;
    const counts = [...read.words.values()].sort((a, b) => b.n - a.n);
    const { text: commonest, n } = counts[0];
    // A word, not a letter code ('A' and 'B' are categories as often as statuses).
    // Read exactly or as a cognate; a word one letter from a status word ('Salarié', a relationship) is no evidence.
    if (n < STATUS_COMMONEST * filled || commonest.length < STATUS_WORD_MIN || !isLooseCode(STATUSES, commonest) || parseStatus(commonest) !== 'active') continue;
    if (counts.some(({ text: w }) => isYesNo(w) || parseGender(w) !== null || parseRelationship(w) !== null || parseTier(w) !== null)) continue;
    const unread = counts.map((w) => w.text).filter((w) => parseStatus(w) === null);
    c.field = 'status';
    c.confidence = STATUS_CONFIDENCE;
    c.reason = `its commonest word '${commonest}' reads as active${unread.length ? `; we could not read ${unread.slice(0, 3).map((w) => `'${w}'`).join(', ')}` : ''}: read as the status (please check)`;
    return;
  }
}
