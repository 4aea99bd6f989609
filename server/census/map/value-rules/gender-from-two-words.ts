/**
 * Gender from two words nothing reads, in about equal numbers: with no gender column, a column under a
 * header no pack reads holding exactly two words, neither of them another field's code, each on a
 * quarter of the rows or more, is the gender ('Männlich' / 'Weiblich' where the first names do not tell:
 * genderFromFirstNames reads the codes when they do). A status is mostly one word (most members are
 * active), a smoker flag mostly 'no'. Where first names tell a sex on GENDER_NAMED_MIN rows of each word,
 * words that do not follow them are no gender (a department), unless the couples differ on them
 * (couplesOf), their initials read as opposite sexes (generated test data gives each row a sex at
 * random: docs/decisions.md), or one of them is a word a pack reads as a sex ('Man' beside Dutch
 * 'Vrouw': the other word is the other sex). Words read by their initials, or beside such a word, are
 * read so; others stay unread, and the review names them and asks what they mean (review.ts
 * unreadCodesReview).
 */
import { sexOfFirstName } from '../../names';
import { cellText } from '../../text';
import type { Cell, ColumnMapping } from '../../types';
import { GENDERS, looseCodeOf, parseGender, parseRelationship, readBySomeCode } from '../../values/codes';
import { GENDER_NAMED_MIN } from './gender-from-first-names';
import { columnWords, MAX_CODE_CHARS, type ValueContext, WORD } from './context';

/** Each of the two values is on this share of the filled rows at least (and at most 1 minus it). */
const TWO_WORDS_BALANCE = 0.25;
/** The column is filled on this share of the rows at least, of TWO_WORDS_MIN_ROWS rows at least (2 where the words' initials are sex codes). */
const TWO_WORDS_FILLED = 0.8;
const TWO_WORDS_MIN_ROWS = 6;
const TWO_WORDS_CONFIDENCE = 0.45;
/** A word a pack reads as a sex, of this many letters at least, says the other word is the other sex ('M' or 'Mr' does not). */
const SEX_WORD_MIN = 3;

export function genderFromTwoWords({ columns, rows, open, column }: ValueContext): void {
  if (rows.length < 2) return;
  const first = column('firstName');
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    const read = columnWords(rows, col.index, 2, (text) => text.length <= MAX_CODE_CHARS && WORD.test(text));
    if (!read || read.words.size !== 2 || read.filled < TWO_WORDS_FILLED * rows.length) continue;
    const { filled } = read;
    const [a, b] = [...read.words.values()];
    // A word some reader knows as another field's code says what the column is; words read as sexes by a
    // pack's hints only ('Masculino' / 'Feminino', no code of its table) are judged here.
    const [ga, gb] = [parseGender(a.text), parseGender(b.text)];
    if ((ga === null && readBySomeCode(a.text)) || (gb === null && readBySomeCode(b.text)) || (ga !== null && ga === gb)) continue;
    if (Math.min(a.n, b.n) < TWO_WORDS_BALANCE * filled) continue;
    // First names that tell a sex on enough rows judge: two words that do not follow them are no gender (a
    // department), unless the couples say otherwise: a spouse's word differs from the employee's.
    const couples = couplesOf(rows, column('relationship'), column('employeeId'), col.index);
    const byCouples = couples.n >= COUPLES_MIN && couples.differ >= COUPLES_DIFFER * couples.n;
    // One word a pack reads as a sex ('Man' beside Dutch 'Vrouw'): the other word is the other sex.
    // Read exactly or as a cognate: a word one letter from a sex word ('Sales', 'Males') says nothing.
    const [la, lb] = [looseCodeOf(GENDERS, a.text), looseCodeOf(GENDERS, b.text)];
    const known = ga === null && la === null ? lb : gb === null && lb === null ? la : null;
    const byWord = (known === 'male' || known === 'female') && (la === null ? b.text : a.text).length >= SEX_WORD_MIN && rows.length >= TWO_WORDS_MIN_ROWS;
    const opposite = known === 'male' ? 'female' : 'male';
    const [sa, sb] = byWord ? [la ?? opposite, lb ?? opposite] : [ga ?? parseGender(a.text[0]), gb ?? parseGender(b.text[0])];
    const byInitials = sa !== null && sb !== null && sa !== sb;
    // A few rows show two words in about equal numbers by chance; their initials as sex codes do not.
    if (!byInitials && rows.length < TWO_WORDS_MIN_ROWS) continue;
    if (first && namesCanJudge(rows, first.index, col.index) && !byCouples && !byInitials) continue;
    col.field = 'gender';
    col.confidence = TWO_WORDS_CONFIDENCE;
    const why = byCouples ? `, and a spouse's differs from the employee's in ${couples.differ} of ${couples.n} couples` : '';
    if (byWord) {
      const [said, unsaid] = la === null ? [b, a] : [a, b];
      col.codeOverrides = new Map<string, string>([[a.text.toLowerCase(), sa!], [b.text.toLowerCase(), sb!]]);
      col.reason = `its two words '${a.text}' (${a.n} rows) and '${b.text}' (${b.n} rows), in about equal numbers: '${said.text}' reads as ${known}, so '${unsaid.text}' as ${opposite}${why}: read as the gender so (please check)`;
    } else if (byInitials) {
      // 'Masculino' / 'Femenino', 'Männlich' / 'Weiblich', 'Maschio' / 'Femmina': the words (or their
      // initials) read as gender codes of the packs (M, F, W, H), one for each sex.
      col.codeOverrides = new Map([[a.text.toLowerCase(), sa], [b.text.toLowerCase(), sb]]);
      col.reason = `its two words '${a.text}' (${a.n} rows) and '${b.text}' (${b.n} rows), in about equal numbers, are no code we know${why}; they or their initials read as ${sa} and ${sb}: read as the gender so (please check)`;
    } else col.reason = `its two words '${a.text}' (${a.n} rows) and '${b.text}' (${b.n} rows), in about equal numbers, are no code we know${why}: read as the gender, its values left for you to say (please check)`;
    return;
  }
}

/** Couples looked at: at least this many, and a spouse's value differs from the employee's in this share of them. */
const COUPLES_MIN = 3;
const COUPLES_DIFFER = 0.9;

/**
 * The employee-and-spouse couples of the list, by the relationship column as read (its words, or the words
 * the households gave it), each spouse with the employee row above it in its household (the same id where an
 * id column is read): how many couples fill `index` on both rows, and in how many the two values differ.
 * Most couples are a man and a woman; a department, a shift or a pay type is the same for both, or blank.
 */
function couplesOf(rows: readonly (readonly Cell[])[], relationship: ColumnMapping | undefined, id: ColumnMapping | undefined, index: number): { n: number; differ: number } {
  const out = { n: 0, differ: 0 };
  if (!relationship) return out;
  const relationOf = (r: readonly Cell[]) => {
    const text = cellText(r[relationship.index] ?? null).trim();
    return relationship.codeOverrides?.get(text.toLowerCase()) ?? parseRelationship(text);
  };
  const idOf = (r: readonly Cell[]) => (id ? cellText(r[id.index] ?? null).trim() : '');
  let head: readonly Cell[] | null = null;
  for (const r of rows) {
    const relation = relationOf(r);
    if (relation === 'employee') head = r;
    else if (relation === 'spouse' && head && idOf(head) === idOf(r)) {
      const [a, b] = [cellText(head[index] ?? null).trim().toLowerCase(), cellText(r[index] ?? null).trim().toLowerCase()];
      if (!a || !b) continue;
      out.n++;
      if (a !== b) out.differ++;
    }
  }
  return out;
}

/** Whether the first names tell a sex on GENDER_NAMED_MIN rows at least of each of the column's values. */
function namesCanJudge(rows: readonly (readonly Cell[])[], firstIndex: number, index: number): boolean {
  const named = new Map<string, number>();
  for (const r of rows) {
    const key = cellText(r[index] ?? null).trim().toLowerCase();
    if (!key || sexOfFirstName(cellText(r[firstIndex] ?? null)) === null) continue;
    named.set(key, (named.get(key) ?? 0) + 1);
  }
  return named.size >= 2 && [...named.values()].every((n) => n >= GENDER_NAMED_MIN);
}
