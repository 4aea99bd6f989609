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
import { isDateCell } from '../person-values';
import { fieldLabel } from '../fields';
import { splitFullName } from '../normalise/names';
import { mentions } from '../lang/rule-words';
import { MAX_VALUE_CHARS, MIN_MAPPING_CONFIDENCE } from '../rules';
import { parseZip } from '../values/zip';
import { stateCode, stateFromZip } from '../values/states';
import { cellText } from '../text';
import type { CanonicalField, Cell, ColumnMapping } from '../types';
import { scoreHeader } from './headers';
import { HEADER_EVIDENCE, isPackedSequence } from './vetoes';
import { statusByExitDates } from './status-by-exit-dates';
import { hireDateByAges } from './hire-date-by-ages';
import { HOUSEHOLD_CONFIDENCE, HOUSEHOLD_MIN_ROWS, householdWords, overridesOf, saidReadings, yearsByBirthDate } from './households';
import { STATUSES, isLooseCode, isYesNo, parseGender, parseRelationship, parseStatus, parseTier, readBySomeCode } from '../values/codes';

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

/** The rows a rule that compares columns looks at: the first ones (a sample says which column is which). */
const SAMPLE_ROWS = 2000;
const sampleRows = <T>(all: readonly T[]): readonly T[] => (all.length > SAMPLE_ROWS ? all.slice(0, SAMPLE_ROWS) : all);

function genderFromFirstNames({ columns, rows, column }: ValueContext): void {
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
  for (const r of rows) {
    const text = cellText(r[gender.index] ?? null).trim();
    if (!text) continue;
    filled++;
    const sex = gender.codeOverrides?.get(text.toLowerCase()) ?? parseGender(text);
    if (sex === 'male' || sex === 'female') sexes++;
  }
  return filled > 0 && sexes >= GENDER_FILLED * filled;
}

/** The columns these rules may name: a table with no header row opens all; one with headers, its unread ones. */
export type OpenColumn = (c: ColumnMapping) => boolean;

/** A last-name column sits this many columns at most from the first-name column (a middle name between). */
const LAST_NAME_REACH = 2;
/** Of its filled values, this share are words (letters, spaces, hyphens, apostrophes) at least. */
const LAST_NAME_WORDS = 0.9;
/** Filled on this share of the rows the first-name column is filled on, at least. */
const LAST_NAME_FILLED = 0.8;
/**
 * Distinct values among its filled ones, at least (families share one; a few common surnames recur), or,
 * in a list whose first names recur too, LAST_NAME_DISTINCT_OF_FIRST of the first names' distinct values;
 * and LAST_NAME_MIN_DISTINCT. A department or a city beside the names varies far less than the names.
 */
const LAST_NAME_DISTINCT = 0.1;
const LAST_NAME_DISTINCT_OF_FIRST = 0.5;
const LAST_NAME_MIN_DISTINCT = 3;
/**
 * Known first names among its values: a share lower than the first-name column's by this much at least
 * (the SSA table holds many surnames as rare first names: 'Brown', 'Johnson', 'Smith' ...).
 */
const LAST_NAME_KNOWN_GAP = 0.15;
/** Rows whose value is the row's first name: fewer than this share (a preferred-name column repeats it). */
const LAST_NAME_SAME_AS_FIRST = 0.5;
const LAST_NAME_CONFIDENCE = 0.5;
const isBlankCell = (c: Cell | undefined) => c === null || c === undefined || cellText(c).trim() === '';
const WORD = /^[\p{L}][\p{L}'’. -]{0,40}$/u;

interface WordsShape {
  filled: number;
  words: number;
  distinct: number;
  known: number;
}

function wordsShape(rows: readonly (readonly Cell[])[], index: number): WordsShape {
  const seen = new Set<string>();
  let filled = 0;
  let words = 0;
  let known = 0;
  for (const r of rows) {
    const c = r[index];
    if (typeof c !== 'string' || !c.trim()) {
      if (c !== null && c !== undefined && c !== '') filled++;
      continue;
    }
    const t = c.trim();
    filled++;
    if (WORD.test(t)) words++;
    seen.add(t.toLowerCase());
    if (sexOfFirstName(t.split(/\s+/)[0]) !== null) known++;
  }
  return { filled, words, distinct: seen.size, known };
}

/**
 * The last name beside the first names: a column of words, as filled as the first-name column and a few
 * columns from it, whose values vary (one per family at least) and are far less often first names than the
 * first-name column's, is the last name ('Cognome', 'Nachname' beside 'Nome', 'Vorname'). Weak: the
 * review asks.
 */
function lastNameBesideFirstNames({ columns, rows, open, column }: ValueContext): void {
  // A 'full name' by its header ('Nome', 'Name') whose values are single first names is the first name
  // when the last names stand beside it.
  const full = column('fullName');
  const named = column('firstName');
  const first = named ?? (full && !full.fromReading && singleFirstNames(wordsShape(rows, full.index), rows, full.index) ? full : undefined);
  if (!first || rows.length < 1 || (full && full !== first)) return;
  const firstShape = wordsShape(rows, first.index);
  if (firstShape.filled === 0) return;
  const firstKnown = firstShape.known / firstShape.filled;
  const near = columns
    // Open, left out by a word one letter from its header, or a second first-name column that lost to the
    // first ('Nachname' is a little like 'name').
    .filter((c) => c !== first && !c.field && !c.role && !c.fromReading && (open(c) || leftOutByTypo(c) || (!!named && c.candidates[0]?.field === named.field)) && Math.abs(c.index - first.index) <= LAST_NAME_REACH)
    .sort((a, b) => Math.abs(a.index - first.index) - Math.abs(b.index - first.index));
  const namesLike = (c: ColumnMapping, gap: number) => {
    const s = wordsShape(rows, c.index);
    if (s.filled < LAST_NAME_FILLED * firstShape.filled || s.words < LAST_NAME_WORDS * s.filled) return false;
    if (s.distinct < Math.min(LAST_NAME_DISTINCT * s.filled, LAST_NAME_DISTINCT_OF_FIRST * firstShape.distinct) || s.distinct < Math.min(LAST_NAME_MIN_DISTINCT, s.filled)) return false;
    if (s.known / s.filled > firstKnown - gap) return false;
    let same = 0;
    for (const r of rows) if (cellText(r[c.index] ?? null).trim().toLowerCase() === cellText(r[first.index] ?? null).trim().toLowerCase() && !isBlankCell(r[c.index])) same++;
    return same < LAST_NAME_SAME_AS_FIRST * s.filled;
  };
  // Where the first names are names the table seldom knows ('Javert', 'Church'), the surnames are as
  // seldom first names as they are: the one column of such words right beside them is the last name.
  let found = near.find((c) => namesLike(c, LAST_NAME_KNOWN_GAP));
  let why = 'and are seldom first names themselves';
  if (!found) {
    const alike = near.filter((c) => namesLike(c, 0));
    if (alike.length === 1 && Math.abs(alike[0].index - first.index) === 1) found = alike[0];
    why = 'the one such column next to them';
  }
  if (found) {
    const c = found;
    c.field = 'lastName';
    c.confidence = LAST_NAME_CONFIDENCE;
    c.reason = `its values are words that vary from row to row, beside the first names in '${first.header}', ${why}: read as the last name (please check)`;
    if (first === full) {
      first.field = 'firstName';
      first.confidence = Math.min(first.confidence, LAST_NAME_CONFIDENCE);
      first.reason = `its header names a full name, but its values are single first names and '${c.header}' beside it holds the last names: read as the first name (please check)`;
    }
    return;
  }
}

/** First names by their values: known to the name table on this share of the filled rows at least, */
const FIRST_NAMES_KNOWN = 0.4;
/** ... this much more often than in any other column of words (a surname, a city, a middle name), */
const FIRST_NAMES_AHEAD_BY = 0.2;
/** ... and single words (no space: full names are another field's) on this share of them. */
const FIRST_NAMES_SINGLE = 0.8;
const FIRST_NAMES_CONFIDENCE = 0.5;

/**
 * The first names when nothing else names them: in a table where no column is read as the first name, the
 * open column of single words, filled and varied as a member list's names are, whose values the name table
 * knows far more often than any other column's, is the first name ('Nombre', 'Prenome', 'Nome' under the
 * English pack alone: 'Amy', 'Thomas', 'Mary'). The last name beside it follows (lastNameBesideFirstNames).
 * Two columns as first-name-like as each other (an employee's and a spouse's) name none. Weak: an issue asks.
 */
function firstNameFromValues({ columns, rows: all, open, column }: ValueContext): void {
  if (all.length < 2) return;
  // A sample says which column holds first names: every column of a large list is looked at.
  const rows = sampleRows(all);
  const shares: { col: ColumnMapping; known: number }[] = [];
  // The columns that may hold the row's own first names take part: open ones, one read as the full name,
  // or one left out by a word its header is a letter from ('Nome' of 'Jane', 'John', a little like
  // 'note'). A column its header says is another's ('SP_FIRST', 'Middle Name') holds first names too,
  // but not the row's own.
  const full = column('fullName');
  for (const col of columns) {
    if (col !== full && (col.field || col.role || col.fromReading || !(open(col) || leftOutByTypo(col)))) continue;
    const s = wordsShape(rows, col.index);
    if (s.filled < LAST_NAME_FILLED * rows.length || s.words < LAST_NAME_WORDS * s.filled) continue;
    if (s.distinct < Math.min(LAST_NAME_MIN_DISTINCT, s.filled)) continue;
    shares.push({ col, known: s.known / s.filled });
  }
  shares.sort((a, b) => b.known - a.known);
  const [best, next] = shares;
  if (!best || best.col === full || !(open(best.col) || leftOutByTypo(best.col)) || best.known < FIRST_NAMES_KNOWN || (next && next.known > best.known - FIRST_NAMES_AHEAD_BY)) return;
  let single = 0;
  let filled = 0;
  for (const r of rows) {
    const t = cellText(r[best.col.index] ?? null).trim();
    if (!t) continue;
    filled++;
    if (!/\s/.test(t)) single++;
  }
  if (single < FIRST_NAMES_SINGLE * filled) return;
  best.col.field = 'firstName';
  best.col.confidence = FIRST_NAMES_CONFIDENCE;
  best.col.reason = `its words are first names the name table knows (${Math.round(best.known * 100)}% of its rows), far more often than any other column's: read as the first name (please check)`;
}

/** A header read as 'not a census field' only by a word it is one letter from ('Nome' for 'note'): under this. */
const LEFT_OUT_BY_TYPO = 0.95;

function leftOutByTypo(col: ColumnMapping): boolean {
  return (scoreHeader(col.header).get('ignore') ?? 0) < LEFT_OUT_BY_TYPO;
}

/** Single words (no space, but for a middle initial) on SINGLE_NAME_WORDS of the filled rows, first names on SINGLE_NAME_KNOWN of them. */
const SINGLE_NAME_WORDS = 0.9;
const SINGLE_NAME_KNOWN = 0.6;

function singleFirstNames(shape: WordsShape, rows: readonly (readonly Cell[])[], index: number): boolean {
  if (shape.filled === 0 || shape.known < SINGLE_NAME_KNOWN * shape.filled) return false;
  let single = 0;
  // A middle initial after the first name ('JANE L', 'Robert J.') keeps it one name.
  for (const r of rows) if (/^[\p{L}'’.-]+(?: \p{L}\.?)?$/u.test(cellText(r[index] ?? null).trim())) single++;
  return single >= SINGLE_NAME_WORDS * shape.filled;
}

/** An id column: this share of its filled values look like ids (digits, perhaps after a letter prefix). */
const ID_SHAPE = 0.95;
/** ... filled on this share of the rows ... */
const ID_FILLED = 0.9;
/** ... and each value on one row, or on the rows of one household one after the other (this share of repeats). */
const ID_ADJACENT_REPEATS = 0.9;
const ID_CONFIDENCE = 0.5;
/** ... or distinct on this share of its rows at least (its few repeats are duplicated rows). */
const ID_MOSTLY_DISTINCT = 0.9;
/**
 * Ids of plain digits are numbered in order: of the rows where the value changes, this share at least
 * go up (amounts, ZIP codes and phone numbers are in no order; 'EMP-0042' with a prefix needs none).
 */
const ID_IN_ORDER = 0.8;
const ID_PREFIXED = /^[A-Za-z]/;
/** A header this like the employee id's (an id word among words no pack reads) lets ids in no order be the id. */
const ID_HEADER_WORD = 0.3;
/** An id: a prefix of up to three letter groups ('EMP', 'DUMMY_EX_', 'HR-US-'), then digits and more (as map/profiles.ts ID_LIKE). */
const ID_VALUE = /^[A-Za-z]{0,12}(?:[-_][A-Za-z]{1,12}){0,2}[-_]?\d[\dA-Za-z\-_]{1,24}$/;

/** How a column's values fall as ids: filled, id-shaped, prefixed, repeated (next to each other), rising where they change. */
function idShape(rows: readonly (readonly Cell[])[], index: number) {
  let filled = 0;
  let shaped = 0;
  let repeats = 0;
  let adjacent = 0;
  let previous = '';
  let prefixed = 0;
  let changes = 0;
  let up = 0;
  let last = NaN;
  const seen = new Set<string>();
  for (const r of rows) {
    const t = cellText(r[index] ?? null).trim();
    if (!t) {
      previous = '';
      continue;
    }
    filled++;
    if (ID_VALUE.test(t)) shaped++;
    if (ID_PREFIXED.test(t)) prefixed++;
    const n = Number(t.replace(/\D/g, ''));
    if (t !== previous && !Number.isNaN(last)) {
      changes++;
      if (n > last) up++;
    }
    last = n;
    if (seen.has(t)) {
      repeats++;
      if (t === previous) adjacent++;
    }
    seen.add(t);
    previous = t;
  }
  return { filled, shaped, repeats, adjacent, prefixed, changes, up, distinct: seen.size };
}

/**
 * The id that links a family: with no id column, the leftmost column whose values look like ids and
 * are each on one person's row, or repeat only on one household's rows one after another, and (plain
 * digits) are numbered in order, is the id
 * ('Personalnummer', 'Matricola'). Amounts and codes repeat on rows far apart; dates and SSNs are read
 * before. Weak: the review asks.
 */
function idFromValues({ columns, rows, open }: ValueContext): void {
  if (rows.length < 2) return;
  for (const c of [...columns].sort((a, b) => a.index - b.index)) {
    if (c.field || c.role || c.fromReading || !open(c)) continue;
    // A list of two (a template's sample people): ids numbered one after the other behind one prefix (E001, E002).
    if (rows.length < 3) {
      if (!numberedBehindPrefix(rows, c.index)) continue;
      c.field = 'employeeId';
      c.confidence = ID_CONFIDENCE;
      c.reason = `its values are numbered one after the other behind one prefix, as ids are: read as the id (please check)`;
      return;
    }
    const { filled, shaped, repeats, adjacent, prefixed, changes, up, distinct } = idShape(rows, c.index);
    if (filled < ID_FILLED * rows.length || shaped < ID_SHAPE * filled || distinct < 3) continue;
    // Dates ('2022-01-01', a date cell's text) are no ids, however in order.
    if (rows.filter((r) => isDateCell(r[c.index] ?? null)).length >= ID_SHAPE * filled) continue;
    // Repeats away from each other are a code's (a department's), unless they are few: a list's
    // duplicated rows (the same person twice, further down).
    if (repeats > 0 && adjacent < ID_ADJACENT_REPEATS * repeats && distinct < ID_MOSTLY_DISTINCT * filled) continue;
    // Plain digits in no order are ids when they are a shuffled sequence (10002 ... 10311 for 311 people),
    // or when the header holds an id word beside words no pack reads ('ID Empleado', 'Mitarbeiter-ID').
    const saysId = (scoreHeader(c.header).get('employeeId') ?? 0) >= ID_HEADER_WORD;
    if (!saysId && prefixed < ID_SHAPE * filled && up < ID_IN_ORDER * changes && !isPackedSequence(rows.map((r) => r[c.index] ?? null).filter((x) => !isBlankCell(x)))) continue;
    c.field = 'employeeId';
    c.confidence = ID_CONFIDENCE;
    c.reason = `its values look like ids, each on one row or on one household's rows one after another: read as the id (please check)`;
    return;
  }
}

/** A prefix of letters (and a dash) then digits: 'E001', 'M-RP2', 'EMP-0042'. */
const PREFIXED_NUMBER = /^([A-Za-z]{1,8}(?:[-_][A-Za-z]{1,8})?[-_]?)(\d{1,9})$/;

/** Every row's value is the one prefix and a number, each one more than the row above's. */
function numberedBehindPrefix(rows: readonly (readonly Cell[])[], index: number): boolean {
  let prefix: string | null = null;
  let last = NaN;
  for (const r of rows) {
    const m = PREFIXED_NUMBER.exec(cellText(r[index] ?? null).trim());
    if (!m || (prefix !== null && m[1].toUpperCase() !== prefix)) return false;
    const n = Number(m[2]);
    if (prefix !== null && n !== last + 1) return false;
    prefix = m[1].toUpperCase();
    last = n;
  }
  return prefix !== null;
}

/**
 * The relationship from the households the rows show (households.ts), for a table with no column read as
 * the relationship or marking dependents: its words read as employee, spouse, child or other dependent.
 */
function relationshipFromHouseholds({ columns, rows, asOf, open, column }: ValueContext): void {
  if (rows.length < HOUSEHOLD_MIN_ROWS || columns.some((c) => c.alsoRelationship)) return;
  // Each row's age, parsed only when a column is looked at (most files read their relationships whole).
  const years = () => yearsByBirthDate(rows, column('dateOfBirth')?.index, asOf);
  const mapped = column('relationship');
  if (mapped) {
    if (!mapped.fromReading && !mapped.codeOverrides) unreadRelationshipWords(mapped, columns, rows, years);
    return;
  }
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    // A first name is no relationship word (a list whose few first names recur by role would pass).
    const words = householdWords(col, columns, rows, years(), (text) => parseRelationship(text) ?? (readBySomeCode(text) || sexOfFirstName(text) !== null ? 'other' : null));
    if (!words) continue;
    col.field = 'relationship';
    col.confidence = HOUSEHOLD_CONFIDENCE;
    col.codeOverrides = overridesOf(words);
    col.reason = `its words follow the households of the list (a head's row, then rows that repeat its values): read as the relationship, ${saidReadings(words)} (please check)`;
    return;
  }
}

/**
 * A relationship column named by its header whose words are read only in part ('Titular', 'Cónyuge'
 * read, 'Hijo' not): the words no reader knows take the reading the households give them, and the
 * column is weak, so the review asks.
 */
function unreadRelationshipWords(col: ColumnMapping, columns: ColumnMapping[], rows: readonly (readonly Cell[])[], years: () => readonly (number | null)[]): void {
  // Most relationship columns read whole: no household reading is needed (nor its cost).
  if (!rows.some((r) => cellText(r[col.index] ?? null).trim() !== '' && parseRelationship(cellText(r[col.index] ?? null).trim()) === null)) return;
  const unread = householdWords(col, columns, rows, years(), (text) => parseRelationship(text))?.filter((w) => !w.read);
  if (!unread?.length) return;
  col.codeOverrides = overridesOf(unread);
  col.confidence = Math.min(col.confidence, HOUSEHOLD_CONFIDENCE);
  col.reason += `; the words we could not read follow the households of the list: ${saidReadings(unread)} (please check)`;
}

/** Each of the two values is on this share of the filled rows at least (and at most 1 minus it). */
const TWO_WORDS_BALANCE = 0.25;
/** The column is filled on this share of the rows at least, of TWO_WORDS_MIN_ROWS rows at least (2 where the words' initials are sex codes). */
const TWO_WORDS_FILLED = 0.8;
const TWO_WORDS_MIN_ROWS = 6;
const TWO_WORDS_CONFIDENCE = 0.45;


/**
 * Gender from two words nothing reads, in about equal numbers: with no gender column, a column under a
 * header no pack reads holding exactly two words, neither of them another field's code, each on a
 * quarter of the rows or more, is the gender ('Männlich' / 'Weiblich' where the first names do not tell:
 * genderFromFirstNames reads the codes when they do). A status is mostly one word (most members are
 * active), a smoker flag mostly 'no'. Where first names tell a sex on GENDER_NAMED_MIN rows of each word,
 * words that do not follow them are no gender (a department), unless the couples differ on them
 * (couplesOf) or their initials read as opposite sexes (generated test data gives each row a sex at
 * random: docs/decisions.md). Words read by their initials are read so; others stay unread, and the
 * review names them and asks what they mean (review.ts unreadCodesReview).
 */
function genderFromTwoWords({ columns, rows, open, column }: ValueContext): void {
  if (rows.length < 2) return;
  const first = column('firstName');
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    const counts = new Map<string, { text: string; n: number }>();
    let filled = 0;
    let other = false;
    for (const r of rows) {
      const text = cellText(r[col.index] ?? null).trim();
      if (!text) continue;
      filled++;
      const key = text.toLowerCase();
      const slot = counts.get(key);
      if (slot) slot.n++;
      else if (counts.size === 2 || text.length > MAX_CODE_CHARS || !WORD.test(text)) {
        other = true;
        break;
      } else counts.set(key, { text, n: 1 });
    }
    if (other || counts.size !== 2 || filled < TWO_WORDS_FILLED * rows.length) continue;
    const [a, b] = [...counts.values()];
    // A word some reader knows as another field's code says what the column is; words read as sexes by a
    // pack's hints only ('Masculino' / 'Feminino', no code of its table) are judged here.
    const [ga, gb] = [parseGender(a.text), parseGender(b.text)];
    if ((ga === null && readBySomeCode(a.text)) || (gb === null && readBySomeCode(b.text)) || (ga !== null && ga === gb)) continue;
    if (Math.min(a.n, b.n) < TWO_WORDS_BALANCE * filled) continue;
    // First names that tell a sex on enough rows judge: two words that do not follow them are no gender (a
    // department), unless the couples say otherwise: a spouse's word differs from the employee's.
    const couples = couplesOf(rows, column('relationship'), column('employeeId'), col.index);
    const byCouples = couples.n >= COUPLES_MIN && couples.differ >= COUPLES_DIFFER * couples.n;
    const [sa, sb] = [ga ?? parseGender(a.text[0]), gb ?? parseGender(b.text[0])];
    const byInitials = sa !== null && sb !== null && sa !== sb;
    // A few rows show two words in about equal numbers by chance; their initials as sex codes do not.
    if (!byInitials && rows.length < TWO_WORDS_MIN_ROWS) continue;
    if (first && namesCanJudge(rows, first.index, col.index) && !byCouples && !byInitials) continue;
    col.field = 'gender';
    col.confidence = TWO_WORDS_CONFIDENCE;
    const why = byCouples ? `, and a spouse's differs from the employee's in ${couples.differ} of ${couples.n} couples` : '';
    if (byInitials) {
      // 'Masculino' / 'Femenino', 'Männlich' / 'Weiblich', 'Maschio' / 'Femmina': the words (or their
      // initials) read as gender codes of the packs (M, F, W, H), one for each sex.
      col.codeOverrides = new Map([[a.text.toLowerCase(), sa], [b.text.toLowerCase(), sb]]);
      col.reason = `its two words '${a.text}' (${a.n} rows) and '${b.text}' (${b.n} rows), in about equal numbers, are no code we know${why}; they or their initials read as ${sa} and ${sb}: read as the gender so (please check)`;
    } else col.reason = `its two words '${a.text}' (${a.n} rows) and '${b.text}' (${b.n} rows), in about equal numbers, are no code we know${why}: read as the gender, its values left for you to say (please check)`;
    return;
  }
}

/** An age column agrees with the row's birth date (whole years at the as-of date, one year either way) on this share of rows. */
const AGE_AGREES = 0.9;
/** ... of this many rows at least. */
const AGE_MIN_ROWS = 3;
const AGE_CONFIDENCE = 0.5;
/** Ages taken at an older date agree with the birth dates by one offset of up to this many years. */
const AGE_OLDER_FILE_YEARS = 15;

/**
 * The age beside the birth date: a column of whole numbers that are, on nearly every row, the years from
 * the row's birth date to the as-of date is the age ('Età', 'Alter'), whatever its header. Heights,
 * counts and codes do not keep that agreement. Weak: the review asks.
 */
function ageFromBirthDates({ columns, rows, asOf, open, column }: ValueContext): void {
  const birth = column('dateOfBirth');
  if (!birth) return;
  let years: readonly (number | null)[] | undefined;
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    years ??= yearsByBirthDate(rows, birth.index, asOf);
    // Each row's years at the as-of date minus its number: one offset all along (0, or the years since
    // an older file was made: ages at its date).
    const offsets = new Map<number, number>();
    let both = 0;
    for (let i = 0; i < rows.length; i++) {
      const y = years[i];
      const text = cellText(rows[i][col.index] ?? null).trim();
      if (y === null || !/^\d{1,3}$/.test(text)) continue;
      both++;
      const d = y - Number(text);
      offsets.set(d, (offsets.get(d) ?? 0) + 1);
    }
    if (both < AGE_MIN_ROWS) continue;
    let best = 0;
    let agree = 0;
    for (const d of offsets.keys()) {
      if (d < 0 || d > AGE_OLDER_FILE_YEARS) continue;
      // Whole years at a date that is not the as-of date fall on two offsets a year apart.
      const n = (offsets.get(d) ?? 0) + (offsets.get(d + 1) ?? 0) + (d === 0 ? offsets.get(-1) ?? 0 : 0);
      if (n > agree) [best, agree] = [d, n];
    }
    if (agree < AGE_AGREES * both) continue;
    col.field = 'age';
    col.confidence = AGE_CONFIDENCE;
    const when = best <= 1 ? '' : ` some ${best} years before the as-of date (an older file's)`;
    col.reason = `its numbers are each row's years since the birth date in '${birth.header}'${when} (${agree} of ${both} rows): read as the age (please check)`;
    return;
  }
}

/** Ages alone: whole numbers up to AGE_VALUES_MAX on every filled row, filled on AGE_VALUES_FILLED of AGE_VALUES_MIN_ROWS rows at least, */
const AGE_VALUES_MAX = 100;
const AGE_VALUES_FILLED = 0.8;
const AGE_VALUES_MIN_ROWS = 5;
/**
 * ... their median a working adult's (tenure years, ratings, counts and hours used sit lower: sick hours
 * of median 24), at most AGE_VALUES_CHILDREN of them a child's (under 16), */
const AGE_VALUES_MEDIAN = [25, 65] as const;
const AGE_VALUES_CHILDREN = 0.3;
const CHILD_AGE = 16;
/**
 * ... spread over this many years at least, with distinct values on this share of its rows, counted up to
 * AGE_VALUES_DISTINCT_ROWS rows (a grade or an hours' column repeats a few; a big census has each age many times), */
const AGE_VALUES_SPREAD = 10;
const AGE_VALUES_DISTINCT = 0.5;
const AGE_VALUES_DISTINCT_ROWS = 30;
/** ... and in no order (of the rows where the value changes, fewer than ID_IN_ORDER go up: ids are numbered in order). */

/**
 * The age with no birth date to agree with: with no age and no birth date read, a column under a header
 * no pack reads of whole numbers whose median is a working adult's age, spread over the years, in no
 * order, is the age ('Edad', 'Idade', 'Età' in a census of ages only). Weak: an issue asks to check it
 * (the age decides no head count, so no review).
 */
function ageFromValues({ columns, rows, open, column }: ValueContext): void {
  if (rows.length < AGE_VALUES_MIN_ROWS || column('dateOfBirth')) return;
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    const ages: number[] = [];
    let other = false;
    let changes = 0;
    let up = 0;
    for (const r of rows) {
      const text = cellText(r[col.index] ?? null).trim();
      if (!text) continue;
      if (!/^\d{1,3}$/.test(text) || Number(text) > AGE_VALUES_MAX) {
        other = true;
        break;
      }
      const v = Number(text);
      if (ages.length > 0 && v !== ages[ages.length - 1]) {
        changes++;
        if (v > ages[ages.length - 1]) up++;
      }
      ages.push(v);
    }
    if (other || ages.length < AGE_VALUES_FILLED * rows.length || ages.length < AGE_VALUES_MIN_ROWS) continue;
    const sorted = [...ages].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    if (median < AGE_VALUES_MEDIAN[0] || median > AGE_VALUES_MEDIAN[1] || sorted[sorted.length - 1] - sorted[0] < AGE_VALUES_SPREAD) continue;
    if (sorted.filter((v) => v < CHILD_AGE).length > AGE_VALUES_CHILDREN * sorted.length) continue;
    if (new Set(ages).size < AGE_VALUES_DISTINCT * Math.min(ages.length, AGE_VALUES_DISTINCT_ROWS) || up >= ID_IN_ORDER * changes) continue;
    col.field = 'age';
    col.confidence = AGE_CONFIDENCE;
    col.reason = `its whole numbers (median ${median}, from ${sorted[0]} to ${sorted[sorted.length - 1]}, in no order) look like ages, and no birth date was read: read as the age (please check)`;
    return;
  }
}

/** A status read in part: a column of this many distinct words at most, */
const STATUS_MAX_WORDS = 8;
/** ... filled on this share of the rows, */
const STATUS_FILLED = 0.8;
/** ... whose commonest word, on this share of its rows at least, reads as active. */
const STATUS_COMMONEST = 0.5;
const STATUS_CONFIDENCE = 0.5;
/** The commonest is a word of this many letters at least. */
const STATUS_WORD_MIN = 4;

/**
 * The status read in part: an unread column of a few words whose commonest reads as active ('Aktiv',
 * 'Ativo' by the cognate fold) and none of which reads as another code is the status; the review names
 * the words it could not read ('Ausgeschieden', 'Desligado') before any figure depends on them. Weak.
 */
function statusReadInPart({ columns, rows, open }: ValueContext): void {
  for (const c of columns) {
    if (c.field || c.role || c.fromReading || !open(c)) continue;
    const counts = new Map<string, number>();
    let filled = 0;
    let tooMany = false;
    for (const r of rows) {
      const t = cellText(r[c.index] ?? null).trim();
      if (!t) continue;
      filled++;
      if (/\d/.test(t) || t.length > MAX_CODE_CHARS) {
        tooMany = true;
        break;
      }
      counts.set(t, (counts.get(t) ?? 0) + 1);
      if (counts.size > STATUS_MAX_WORDS) {
        tooMany = true;
        break;
      }
    }
    if (tooMany || filled < STATUS_FILLED * rows.length || counts.size < 2) continue;
    const [commonest, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
    // A word, not a letter code ('A' and 'B' are categories as often as statuses).
    // Read exactly or as a cognate; a word one letter from a status word ('Salarié', a relationship) is no evidence.
    if (n < STATUS_COMMONEST * filled || commonest.length < STATUS_WORD_MIN || !isLooseCode(STATUSES, commonest) || parseStatus(commonest) !== 'active') continue;
    if ([...counts.keys()].some((w) => isYesNo(w) || parseGender(w) !== null || parseRelationship(w) !== null || parseTier(w) !== null)) continue;
    const unread = [...counts.keys()].filter((w) => parseStatus(w) === null);
    c.field = 'status';
    c.confidence = STATUS_CONFIDENCE;
    c.reason = `its commonest word '${commonest}' reads as active${unread.length ? `; we could not read ${unread.slice(0, 3).map((w) => `'${w}'`).join(', ')}` : ''}: read as the status (please check)`;
    return;
  }
}

/** A household key repeats: on this share of the rows at least a value seen on the row above, */
const HOUSEHOLD_KEY_REPEATS = 0.1;
/** ... and a member's own id hardly ever: under this share of its rows. */
const MEMBER_ID_REPEATS = 0.02;

/**
 * The id that links the households, over each member's own id: where the id read by its header is a
 * member's ('member_id', 'member_no': one per row) and an unread column of ids repeats on each family's
 * rows one after another ('Matricule', 'Numéro de Salarié'), that column is the employee id (CENSUS.md:
 * the employee's id, shared by the dependents), the member's id an extra column. Weak: the review asks.
 */
function householdKeyOverMemberId({ columns, rows, open, column }: ValueContext): void {
  const id = column('employeeId');
  if (!id || id.fromReading || !mentions('ownPerson', id.header) || rows.length < 3) return;
  const shape = (c: ColumnMapping) => idShape(rows, c.index);
  const own = shape(id);
  if (own.repeats >= MEMBER_ID_REPEATS * rows.length) return;
  const key = columns.find((c) => {
    if (c === id || c.field || c.role || c.fromReading || !open(c)) return false;
    const s = shape(c);
    return s.filled >= ID_FILLED * rows.length && s.shaped >= ID_SHAPE * s.filled && s.repeats >= HOUSEHOLD_KEY_REPEATS * rows.length && s.adjacent >= ID_ADJACENT_REPEATS * s.repeats;
  });
  if (!key) return;
  key.field = 'employeeId';
  key.confidence = ID_CONFIDENCE;
  key.reason = `its ids repeat on each family's rows one after another, where '${id.header}' gives each member an id of its own: read as the employee id that links the households (please check)`;
  id.field = null;
  id.note = `'${key.header}' fits employee id better`;
  id.reason = `each member's own id; '${key.header}' links the households: this one is kept as an extra column`;
  id.confidence = 1 - id.confidence;
}

/** Of a column's filled values, this share at least hold a word of a job title (the packs' jobWords), */
const JOB_WORDS_SHARE = 0.5;
/** ... filled on this share of the rows at least, */
const JOB_FILLED = 0.5;
/** ... and varied: this many distinct values at least (or every value distinct). */
const JOB_MIN_DISTINCT = 3;
const JOB_CONFIDENCE = 0.5;

/**
 * The job title by its words: with no job-title column, the unread column of varied words most of whose
 * values hold a word of a job title ('Production Technician I', 'Area Sales Manager', 'Sr. DBA' under
 * 'Puesto', 'Qualifica', 'Berufsbezeichnung') is the job title. Weak: the review asks.
 */
function jobTitleFromWords({ columns, rows: all, open }: ValueContext): void {
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

/** Of the rows with a ZIP code and a state, the share whose ZIP lies in the row's state: a ZIP column's, at least, */
const ZIP_IN_STATE = 0.8;
/** ... and under this, a column read as the ZIP by its values alone is none (a pay amount of five digits). */
const ZIP_OUT_OF_STATE = 0.5;
/** Rows with both, at least, to judge. */
const ZIP_JUDGED_ROWS = 5;
const ZIP_CONFIDENCE = 0.5;

/**
 * ZIP codes by the states: where a state column is read, the ZIP column's codes lie in each row's state.
 * An unread column whose numbers lie in the rows' states (2148 in MA: a ZIP that lost its leading zero,
 * under 'Postleitzahl') is the ZIP, where no column is or where the one read as the ZIP by its values
 * alone mostly does not (five-digit salaries: 62506, 104437): that one takes its next field, if free.
 * Weak: the review asks.
 */
function zipByTheStates({ columns, rows: all, open, column }: ValueContext): void {
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

/** Nine digits on this share of the filled rows (dashed or not), filled on SSN_FILLED of the rows. */
const SSN_SHAPE = 0.95;
const SSN_FILLED = 0.5;
/**
 * Of the rows where the value changes, this share going up, over a span of at most SSN_NUMBERED_SPAN a
 * value: numbered ids (100200301, 100200302 ...), not SSNs. SSNs sorted, or made up in a pattern
 * (123456789, 234567890 ...), rise by far more.
 */
const SSN_IN_ORDER = 0.8;
const SSN_NUMBERED_SPAN = 1000;
const SSN_CONFIDENCE = 0.5;
const NINE_DIGITS = /^\d{3}-?\d{2}-?\d{4}$/;

/**
 * The SSN by its values: with no SSN column, a column under a header no pack reads of nine-digit numbers
 * ('Codice Fiscale', 'Sozialversicherungsnummer' of 123456789) in no order, one per person or shared
 * by a household's rows, is the SSN. An id numbered in order is left to idFromValues. Weak: the review asks.
 */
function ssnFromNineDigits({ columns, rows, open }: ValueContext): void {
  if (rows.length < 3) return;
  for (const col of columns) {
    if (col.field || col.role || col.fromReading || !open(col)) continue;
    let filled = 0;
    let shaped = 0;
    let changes = 0;
    let up = 0;
    let last = NaN;
    let previous = '';
    let min = Infinity;
    let max = -Infinity;
    const seen = new Set<string>();
    for (const r of rows) {
      const t = cellText(r[col.index] ?? null).trim();
      if (!t) continue;
      filled++;
      if (!NINE_DIGITS.test(t)) continue;
      shaped++;
      seen.add(t);
      const n = Number(t.replace(/\D/g, ''));
      if (n < min) min = n;
      if (n > max) max = n;
      if (t !== previous && !Number.isNaN(last)) {
        changes++;
        if (n > last) up++;
      }
      last = n;
      previous = t;
    }
    if (filled < SSN_FILLED * rows.length || shaped < SSN_SHAPE * filled || seen.size < 3) continue;
    if (up >= SSN_IN_ORDER * changes && max - min <= SSN_NUMBERED_SPAN * seen.size) continue;
    col.field = 'ssn';
    col.confidence = SSN_CONFIDENCE;
    col.reason = 'its values are nine-digit numbers, not numbered in order, one per person or household: read as the SSN (please check)';
    return;
  }
}

/** Whether the first names tell a sex on GENDER_NAMED_MIN rows at least of each of the column's values. */
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

function namesCanJudge(rows: readonly (readonly Cell[])[], firstIndex: number, index: number): boolean {
  const named = new Map<string, number>();
  for (const r of rows) {
    const key = cellText(r[index] ?? null).trim().toLowerCase();
    if (!key || sexOfFirstName(cellText(r[firstIndex] ?? null)) === null) continue;
    named.set(key, (named.get(key) ?? 0) + 1);
  }
  return named.size >= 2 && [...named.values()].every((n) => n >= GENDER_NAMED_MIN);
}

/** What a value rule reads: the table's columns as mapped so far and its rows. */
export interface ValueContext {
  columns: ColumnMapping[];
  rows: readonly (readonly Cell[])[];
  asOf: string;
  /** The columns it may name: a table with no header row opens all; one with headers, its unread ones. */
  open: OpenColumn;
  /** The column mapped to a field, if any (the first). */
  column(field: CanonicalField): ColumnMapping | undefined;
}

/** A value-first rule: the field it names, from what the columns hold. */
export interface ValueRule {
  name: string;
  names: CanonicalField;
  /** Runs with a column of its field mapped too (to read what that column's words could not). */
  whenMapped?: boolean;
  run(ctx: ValueContext): void;
  evidence: string;
}

/** The value-first rules, in the order they run (after the words and the table-wide rules of index.ts). */
export const VALUE_RULES: readonly ValueRule[] = [
  { name: 'first names by the name table', names: 'firstName', run: firstNameFromValues, evidence: "'Nombre', 'Prenome', 'Nome' of 'Amy', 'Thomas', 'Mary' under the English pack alone, no other column naming the members" },
  { name: 'gender from the first names', names: 'gender', whenMapped: true, run: genderFromFirstNames, evidence: "'Maschile' / 'Femminile', 'Männlich' / 'Weiblich' under headers no pack reads, their rows' first names telling the sexes" },
  { name: 'last name beside the first names', names: 'lastName', run: lastNameBesideFirstNames, evidence: "'Cognome', 'Nachname' beside 'Nome', 'Vorname'; an Italian 'Nome' of single first names read as a full name" },
  { name: 'the household key over a member id', names: 'employeeId', whenMapped: true, run: householdKeyOverMemberId, evidence: "'member_id', 'member_no' of one id per row beside 'Matricule', 'Numéro de Salarié' repeated on each family's rows (eligibility extracts)" },
  { name: 'id by its values', names: 'employeeId', run: idFromValues, evidence: "'Matricola', 'Personalnummer' of E0001 ... one per person or household" },
  { name: 'relationship by the households', names: 'relationship', whenMapped: true, run: relationshipFromHouseholds, evidence: "'Mitarbeiter' / 'Ehepartner' / 'Kind' and 'Dipendente' / 'Coniuge' / 'Figlio' in member lists, each family's rows repeating its id and last name" },
  { name: 'gender from two unknown words', names: 'gender', run: genderFromTwoWords, evidence: 'two words in about equal numbers, no code any reader knows, where no first names judge' },
  { name: 'age by the birth dates', names: 'age', run: ageFromBirthDates, evidence: "'Età', 'Alter': whole numbers that are each row's years since its birth date" },
  { name: 'age from its values', names: 'age', run: ageFromValues, evidence: "'Edad', 'Idade', 'Età' in censuses of ages only (principal-1500-age-only, quanta-acme-life-ltd written in other languages)" },
  { name: 'hire date by the ages', names: 'hireDate', run: hireDateByAges, evidence: "'Fecha de Ingreso' of 1994-09-15, 2017-11-04 beside 'Edad' (ages, no birth date): dates at a working age by each row's age" },
  { name: 'status by the exit dates', names: 'status', run: statusByExitDates, evidence: "'Posizione' of 'In servizio' / 'Cessato', 'Situação' of 'true' / 'false' beside 'Term Date': the words split the rows as the exit dates do" },
  { name: 'status read in part', names: 'status', run: statusReadInPart, evidence: "'Beschäftigungsstatus' of 'Aktiv' (most rows), 'Ausgeschieden', 'Rentner'; 'Situação' of 'Ativo', 'Desligado' under the English pack alone" },
  { name: 'job title by its words', names: 'jobTitle', run: jobTitleFromWords, evidence: "'Puesto', 'Qualifica', 'Berufsbezeichnung' of 'Production Technician I', 'Area Sales Manager' under headers no pack reads" },
  { name: 'ZIP codes by the states', names: 'zip', whenMapped: true, run: zipByTheStates, evidence: "'Jahresgehalt' of 62506 read as ZIP codes beside 'Bundesstaat'; 'Postleitzahl', 'CAP' of 2148 in MA" },
  { name: 'SSN from nine digits', names: 'ssn', run: ssnFromNineDigits, evidence: "'Codice Fiscale', 'Sozialversicherungsnummer' of 123-45-6789 in no order; made-up 123456789, 234567890 ... rising far apart" },
];

/** Runs the value rules over a table's columns: a rule whose field a column already has is skipped (unless whenMapped). */
export function runValueRules(columns: ColumnMapping[], rows: readonly (readonly Cell[])[], asOf: string, open: OpenColumn): void {
  const ctx: ValueContext = { columns, rows, asOf, open, column: (field) => columns.find((c) => c.field === field) };
  for (const rule of VALUE_RULES) {
    if (!rule.whenMapped && ctx.column(rule.names)) continue;
    rule.run(ctx);
  }
}
