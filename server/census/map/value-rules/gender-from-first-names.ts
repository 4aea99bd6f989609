/**
 * Gender from two codes that agree with the first names: a column of two distinct values (a gender
 * column none of whose values any reader reads, or an unmapped column) where the rows of one value
 * carry male first names and those of the other female first names (the name table: names used at
 * least 90% by one sex) is the gender column, its two values read as those sexes. 'Männlich' /
 * 'Weiblich', 'Maschile' / 'Femminile', 'Erkek' / 'Kadın' all read so, with no word of those languages.
 */
import { sexOfFirstName } from '../../names';
import { splitFullName } from '../../normalise/names';
import { MAX_VALUE_CHARS } from '../../rules';
import { cellText } from '../../text';
import type { Cell, ColumnMapping } from '../../types';
import { isYesNo, parseGender, parseRelationship, parseStatus, parseTier } from '../../values/codes';
import { FIRST_NAMES_AHEAD_BY } from './first-name-from-values';
import { MAX_CODE_CHARS, type ValueContext, isBlankCell, sampleRows } from './context';

/** Of a value's rows whose first name tells a sex, at least this share must be of one sex. */
export const GENDER_NAME_AGREEMENT = 0.9;
/** Each of the two values needs at least this many rows whose first name tells a sex. */
export const GENDER_NAMED_MIN = 3;
/** The column is filled on at least this share of the rows. */
const GENDER_FILLED = 0.8;
/** The confidence given: above the weak-mapping line (the values agree), under a header's. */
const GENDER_BY_NAMES_CONFIDENCE = 0.75;
export function genderFromFirstNames({ columns, rows, column }: ValueContext): void {
  const first = firstNamesColumn(columns, rows, column('firstName') ?? column('fullName'));
  if (!first || rows.length < 2 * GENDER_NAMED_MIN) return;
  // A gender column whose values read as the sexes already decides; an unmapped one is only tried when
  // none does, or when the one mapped by its header reads a sex on few of its rows ('GenderID' of 0 and 1).
  const gender = column('gender');
  if (gender && (gender.fromReading || readsTheSexes(rows, gender))) return;
  for (const col of columns) {
    if (col.fromReading || col.role || col.index === first.index) continue;
    if (col.field !== null && col !== gender) continue;
    const byValue = new Map<string, { text: string; male: number; female: number }>();
    let filled = 0;
    let tooMany = false;
    for (const r of rows) {
      const text = cellText(r[col.index] ?? null).trim();
      if (!text) continue;
      filled++;
      const key = text.toLowerCase();
      let slot = byValue.get(key);
      if (!slot) {
        if (byValue.size === 2 || text.length > MAX_CODE_CHARS || /\d/.test(text)) {
          tooMany = true;
          break;
        }
        slot = { text, male: 0, female: 0 };
        byValue.set(key, slot);
      }
      const sex = sexOfName(r[first.index]);
      if (sex === 'male') slot.male++;
      else if (sex === 'female') slot.female++;
    }
    if (tooMany || byValue.size !== 2 || filled < GENDER_FILLED * rows.length) continue;
    const [a, b] = [...byValue.values()];
    // Values some reader knows say what the column is ('Employee' / 'Dependent' follow the names' sexes
    // when the dependents are wives): only words nothing reads are read by the names.
    // A value the gender reader reads already ('Masculino' beside an unread 'Femenino') must agree with the names.
    if ([a, b].some((v) => isYesNo(v.text) || parseRelationship(v.text) !== null || parseStatus(v.text) !== null || parseTier(v.text) !== null)) continue;
    const sexOf = (v: { male: number; female: number }) => {
      const named = v.male + v.female;
      if (named < GENDER_NAMED_MIN) return null;
      if (v.male >= GENDER_NAME_AGREEMENT * named) return 'male';
      if (v.female >= GENDER_NAME_AGREEMENT * named) return 'female';
      return null;
    };
    const sa = sexOf(a);
    const sb = sexOf(b);
    if (!sa || !sb || sa === sb) continue;
    const readAs = (v: { text: string }, sex: string) => {
      const read = parseGender(v.text);
      return read === null || read === sex;
    };
    if (!readAs(a, sa) || !readAs(b, sb)) continue;
    if (gender && gender !== col) {
      gender.field = null;
      gender.codeOverrides = undefined;
      gender.note = `'${col.header}' fits gender better`;
      gender.reason = `its codes read a sex on few of its rows; '${col.header}' holds the gender, in words that follow the first names' sexes: this one is kept as an extra column`;
    }
    // An unread column's confidence was in its being no field: the names give theirs.
    col.confidence = col.field === 'gender' ? Math.max(col.confidence, GENDER_BY_NAMES_CONFIDENCE) : GENDER_BY_NAMES_CONFIDENCE;
    col.field = 'gender';
    col.codeOverrides = new Map([[a.text.toLowerCase(), sa], [b.text.toLowerCase(), sb]]);
    col.reason = `its two values agree with the sexes of the first names in '${first.header}': '${a.text}' ${sa} (${sa === 'male' ? a.male : a.female} of ${a.male + a.female} named rows), '${b.text}' ${sb} (${sb === 'male' ? b.male : b.female} of ${b.male + b.female})`;
    return;
  }
}

/** The sex of the first name in a name cell: 'Wilson', 'Wilson K Adinolfi', 'Adinolfi, Wilson K'. */
function sexOfName(cell: Cell | undefined): ReturnType<typeof sexOfFirstName> {
  const text = cellText(cell ?? null);
  // No name is longer than a profiled value: a longer cell (a note, a pasted page) is split for nothing.
  return text && text.length <= MAX_VALUE_CHARS ? sexOfFirstName(splitFullName(text).firstName) : null;
}

/**
 * The column whose words tell the sexes: the first-name column (or the full name), or the last-name column
 * or a column of words left unread where those hold more first names whose sex the table knows (a list
 * whose 'First_Name' holds 'Ait Sidi', 'Anderson' and whose 'Last_Name' holds 'Karthikeyan', 'Sarah').
 */
function firstNamesColumn(columns: readonly ColumnMapping[], all: readonly (readonly Cell[])[], named: ColumnMapping | undefined): ColumnMapping | undefined {
  if (!named) return undefined;
  const rows = sampleRows(all);
  const share = (c: ColumnMapping) => {
    let filled = 0;
    let sexed = 0;
    for (const r of rows) {
      if (isBlankCell(r[c.index])) continue;
      filled++;
      if (sexOfName(r[c.index]) !== null) sexed++;
    }
    return filled ? sexed / filled : 0;
  };
  let best = named;
  let bestShare = share(named);
  for (const c of columns) {
    if (c === named || c.fromReading || c.role || (c.field !== null && c.field !== 'lastName')) continue;
    const s = share(c);
    if (s > bestShare + FIRST_NAMES_AHEAD_BY) [best, bestShare] = [c, s];
  }
  return best;
}

/**
 * A gender column reads the sexes when its values (its own code readings first) give male or female on
 * GENDER_FILLED of its filled rows: 'GenderID' of 0 and 1 reads 1 as male and 0 as nothing.
 */
function readsTheSexes(rows: readonly (readonly Cell[])[], gender: ColumnMapping): boolean {
  let filled = 0;
  let sexes = 0;
  // A gender column holds a few values: each is read once (a column of many, misread, keeps the first 256).
  const sexOf = new Map<string, boolean>();
  for (let ri = 0; ri < rows.length; ri++) {
    const text = cellText(rows[ri][gender.index] ?? null).trim();
    if (!text) continue;
    filled++;
    let isSex = sexOf.get(text);
    if (isSex === undefined) {
      const sex = gender.codeOverrides?.get(text.toLowerCase()) ?? parseGender(text);
      isSex = sex === 'male' || sex === 'female';
      if (sexOf.size < 256) sexOf.set(text, isSex);
    }
    if (isSex) sexes++;
  }
  return filled > 0 && sexes >= GENDER_FILLED * filled;
}
