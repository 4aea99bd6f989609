/**
 * Value-first readings (issue 26): what a column holds decides, words only help. Each rule reads a
 * column whose words the engine does not have, from its values alone, language-independent.
 *
 * Gender from two codes that agree with the first names: a column of two distinct values (a gender
 * column none of whose values any reader reads, or an unmapped column) where the rows of one value
 * carry male first names and those of the other female first names (the name table: names used at
 * least 90% by one sex) is the gender column, its two values read as those sexes. 'Männlich' /
 * 'Weiblich', 'Maschile' / 'Femminile', 'Erkek' / 'Kadın' all read so, with no word of those languages.
 */
import { sexOfFirstName } from '../names';
import { cellText } from '../text';
import type { Cell, ColumnMapping } from '../types';
import { isYesNo, parseGender, parseRelationship, parseStatus, parseTier } from '../values/codes';

/** Of a value's rows whose first name tells a sex, at least this share must be of one sex. */
export const GENDER_NAME_AGREEMENT = 0.9;
/** Each of the two values needs at least this many rows whose first name tells a sex. */
export const GENDER_NAMED_MIN = 3;
/** The column is filled on at least this share of the rows. */
const GENDER_FILLED = 0.8;
/** The confidence given: above the weak-mapping line (the values agree), under a header's. */
const GENDER_BY_NAMES_CONFIDENCE = 0.75;
/** Longest value read as a code. */
const MAX_CODE_CHARS = 20;

export function genderFromFirstNames(columns: ColumnMapping[], rows: readonly (readonly Cell[])[]): void {
  const first = columns.find((c) => c.field === 'firstName');
  if (!first || rows.length < 2 * GENDER_NAMED_MIN) return;
  // A gender column whose values read already decides; an unmapped one is only tried when none does.
  const readGender = columns.find((c) => c.field === 'gender' && !c.fromReading && rows.some((r) => parseGender(cellText(r[c.index] ?? null)) !== null));
  if (readGender) return;
  for (const col of columns) {
    if (col.fromReading || col.role || col.index === first.index) continue;
    if (col.field !== null && col.field !== 'gender') continue;
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
      const sex = sexOfFirstName(cellText(r[first.index] ?? null));
      if (sex === 'male') slot.male++;
      else if (sex === 'female') slot.female++;
    }
    if (tooMany || byValue.size !== 2 || filled < GENDER_FILLED * rows.length) continue;
    const [a, b] = [...byValue.values()];
    // Values some reader knows say what the column is ('Employee' / 'Dependent' follow the names' sexes
    // when the dependents are wives): only words nothing reads are read by the names.
    if ([a, b].some((v) => isYesNo(v.text) || parseGender(v.text) !== null || parseRelationship(v.text) !== null || parseStatus(v.text) !== null || parseTier(v.text) !== null)) continue;
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
    col.field = 'gender';
    col.confidence = Math.max(col.confidence, GENDER_BY_NAMES_CONFIDENCE);
    col.codeOverrides = new Map([[a.text.toLowerCase(), sa], [b.text.toLowerCase(), sb]]);
    col.reason = `its two values agree with the sexes of the first names in '${first.header}': '${a.text}' ${sa} (${sa === 'male' ? a.male : a.female} of ${a.male + a.female} named rows), '${b.text}' ${sb} (${sb === 'male' ? b.male : b.female} of ${b.male + b.female})`;
    return;
  }
}
