/**
 * Map stage: each column of a located table -> a canonical field (or none), with a confidence 0..1
 * and a plain-words reason, from its header text (vocabulary, fuzzy) and its values (profiles).
 *
 * This file runs the rules; it holds none of its own. In order, for each column:
 * - role rules (a pay mode, an exit or rehire date, a member sequence, an active flag, a subscriber flag);
 * - for each field: the vetoes (vetoes.ts VETOES: a false field is worse than no field), then the fitted
 *   model that combines header and value evidence (evidence.ts, weights.ts: fitted by
 *   scripts/fit-census-weights.ts), under the caps (vetoes.ts CAPS);
 * - the column takes its best-scoring field when that score reaches MIN_MAPPING_CONFIDENCE and beats the
 *   header's 'ignore' score.
 * Then the table-wide rules: member blocks of wide layouts (blocks.ts), one column per field with its tie
 * rules (one-per-field.ts), and the pay period (a pay mode column, a mixed salary-or-rate column, amounts
 * whose size says they are monthly).
 */
import { UNREAD_CONFIDENCE, HEADERLESS_PROFILE_MIN_VALUES, MAX_MAPPED_COLUMNS, MAX_VALUE_CHARS, MIN_MAPPING_CONFIDENCE, PROFILE_MIN_VALUES, PROFILE_SAMPLE_SIZE, WEAK_MAPPING_CONFIDENCE } from '../rules';
import { FIELDS, SALARY_FIELDS } from '../fields';
import { CANONICAL_FIELDS } from '../../../shared/census/report';
import type { CanonicalField, Cell, ColumnMapping, Issue, LocatedTable } from '../types';
import { bestHeaderField, bestSynonym, boundHeader, isNumberedDependentHeader, movedAwayFields, normaliseHeader, scoreHeader } from './headers';
import { profileColumn, type Profiles } from './profiles';
import { combineEvidence, evidenceObserver, type ObservedColumn } from './evidence';
import { TABLE_RULES, type TableRuleContext } from './table-rules';
import { capOf, floorOf, HEADER_EVIDENCE, VETO_WORDS, vetoOf, type VetoContext } from './vetoes';
import { roleOf } from './roles';
export { ROLE_RULES } from './roles';
export { CAPS, FLOORS, NAMED_BY_VALUES_WITHOUT_HEADERS, NEEDS_HEADER, VETOES } from './vetoes';
import { NEEDS_HEADER } from './vetoes';
import { columnStats, headerWords, type ColumnStats, type TableFacts } from './column-stats';
import { digitRelationshipCodes } from '../values/relationship-codes';
export { columnStats, type ColumnStats } from './column-stats';
import { columnLetter, sampleColumn } from '../values/columns';
export { columnLetter };
import { cellText, redact } from '../text';
import { foldWord, ruleWords } from '../lang';
import { literalAlternation, ruleWordSet } from '../lang/rule-words';
import { stateCode } from '../values/states';

export { scoreHeader, normaliseHeader, bestHeaderField } from './headers';
export { profileColumn } from './profiles';
export { combineEvidence } from './evidence';

const US_COUNTRY = /^(us|usa|u\.s\.(a\.)?|840)$|^(us|usa)\b|united\s+states|\bamerica\b/i;

const LABEL: Record<CanonicalField, string> = Object.fromEntries(Object.entries(FIELDS).map(([f, info]) => [f, info.label])) as Record<CanonicalField, string>;

function round2(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;
}
const pct = (x: number) => `${Math.round(x * 100)}%`;
/** Of a column's values, this share at least are words no reader knows for its header alone to name a coded field. */
const UNKNOWN_WORDS_SHARE = 0.8;
/** The kinds of field a column under an unread header is named by from fewer than PROFILE_MIN_VALUES values. */
const FEW_VALUES_KINDS: ReadonlySet<string> = new Set(['name', 'date', 'code', 'state']);
/** ... and a profile this strong, of a shape nothing else takes (a dashed or masked SSN: 123-45-6789). */
const TELLING_STRENGTH = 0.9;

export interface MapResult {
  columns: ColumnMapping[];
  issues: Issue[];
}


/** Scores of every field for one column, with why candidates were set aside. */
export function scoreColumn(header: string, sample: readonly Cell[], asOf: string, stats = columnStats(sample, asOf), facts: TableFacts = { foreign: null }) {
  const h = scoreHeader(header);
  const away = movedAwayFields(header);
  const words = headerWords(header);
  const vetoWord = words.find((w) => VETO_WORDS.has(w)) ?? null;
  // A header none of whose words any pack knows says nothing: its values decide, as with no header row.
  // A numbered dependent's header ('Dependent 1 Name') was read: it is about that dependent, whatever its values.
  const unread = !facts.headerless && /\p{L}/u.test(header) && isUnreadHeader(h, vetoWord) && !isNumberedDependentHeader(header);
  if (unread) facts = { ...facts, unread: true };
  // With no header row, or under a header no pack reads, values are all there is: a census of one or two
  // people (a template's sample rows) is profiled all the same, and its mappings stay weak. Under an unread
  // header only values of a telling shape speak from so few (first names, dates, codes, states: '647' could
  // be anything).
  const valuesAlone = facts.headerless || unread;
  const profiles: Profiles = profileColumn(sample, asOf, valuesAlone ? HEADERLESS_PROFILE_MIN_VALUES : PROFILE_MIN_VALUES);
  if (unread && stats.n < PROFILE_MIN_VALUES) for (const f of Object.keys(profiles) as CanonicalField[]) if (!FEW_VALUES_KINDS.has(FIELDS[f].kind) && (profiles[f]?.strength ?? 0) < TELLING_STRENGTH) delete profiles[f];
  const salaryHeader = Math.max(...SALARY_FIELDS.map((f) => h.get(f) ?? 0));
  const scores: { field: CanonicalField; score: number }[] = [];
  const blocked = new Map<CanonicalField, string>();
  const enough = stats.n >= (unread ? HEADERLESS_PROFILE_MIN_VALUES : PROFILE_MIN_VALUES);
  // A field the header names outright, if any (the caps keep other fields' values from rivalling it).
  const namedField = CANONICAL_FIELDS.find((f) => (h.get(f) ?? 0) >= 0.95) ?? null;
  // The header's best score over the fields ('Estado' names the state as much as the status).
  const headerBest = Math.max(0, ...CANONICAL_FIELDS.map((f) => h.get(f) ?? 0));
  // The fitting script's observer, when set, sees the evidence of every candidate the model scores.
  const observing = evidenceObserver() !== null;
  const observed: ObservedColumn['candidates'] = [];
  for (const field of CANONICAL_FIELDS) {
    const hf = h.get(field) ?? 0;
    let profile = profiles[field];
    const evidence = SALARY_FIELDS.includes(field) ? salaryHeader : hf;
    const block = (why: string) => {
      if (hf >= 0.3 || (profile && profile.fit * profile.strength >= 0.3)) blocked.set(field, why);
    };
    // Shapes the profile does not count, but a column the header names holds (a ZIP that lost its leading zero).
    const withHeader = FIELDS[field].fitWithHeader;
    if (withHeader && profile && hf >= HEADER_EVIDENCE) profile = { ...profile, fit: Math.min(1, profile.fit + withHeader(stats)) };
    // A coded field its header names, over words no reader knows ('Statut' over 'Actif', 'Sorti'): unknown
    // words say nothing against the header; the column is read and the review names its words (unreadCodesOf).
    if (profile && FIELDS[field].kind === 'code' && hf >= HEADER_EVIDENCE && hf >= headerBest && stats.unknownWords >= UNKNOWN_WORDS_SHARE) profile = undefined;
    const digitTier = FIELDS[field].codesMayBeDigits === true && hf >= 0.8;
    const ctx: VetoContext = { field, header, hf, scores: h, evidence, away, profile, sample, stats, facts, vetoWord, enough, digitTier };
    const vetoed = vetoOf(ctx);
    if (vetoed) {
      block(vetoed);
      continue;
    }
    // "Amount" is how pay is written ("Base Pay - Amount"); for any other field it names something else.
    const veto = vetoWord === 'amount' && SALARY_FIELDS.includes(field) ? null : vetoWord;
    let s: number;
    if (veto && hf < 0.95) {
      // The values may not lift a header that names something else; contradicting values still lower it.
      s = profile && profile.strict && profile.fit < 0.5 ? hf * (0.4 + profile.fit) : hf;
    } else {
      const cap = capOf({ hf, profile, namesOther: namedField !== null && namedField !== field });
      s = Math.min(combineEvidence(hf, profile), cap);
      if (observing) observed.push({ field, header: hf, profile, cap });
      s = Math.max(s, floorOf(ctx));
      // A field whose header must say it, named by values under a header no pack reads: the review asks.
      if (unread && NEEDS_HEADER.has(field) && hf < HEADER_EVIDENCE) s = Math.min(s, UNREAD_CONFIDENCE);
    }
    if (s > 0.05) scores.push({ field, score: s });
  }
  scores.sort((a, b) => b.score - a.score);
  // A header whose one reading its values refuted ('Stato', close to 'state', over 'In servizio') says no
  // more than an unread one: the value rules may name the column.
  const headerField = CANONICAL_FIELDS.find((f) => (h.get(f) ?? 0) >= HEADER_EVIDENCE && h.get(f) === headerBest);
  const refuted = !unread && !vetoWord && headerField !== undefined && blocked.has(headerField) && (h.get('ignore') ?? 0) < HEADER_EVIDENCE;
  return { scores, ignore: h.get('ignore') ?? 0, blocked, header: h, profiles, veto: vetoWord, observed, unread, refuted };
}

/**
 * A header is unread when no field and no 'not a census field' entry scores HEADER_EVIDENCE on it and it
 * holds no veto word: a census written in a language the engine has no pack for ('Cognome', 'Data di
 * Assunzione'). Its values may name it when they alone carry the field far enough (UNREAD_VALUES_MIN, the
 * NEEDS_HEADER veto), and the order rules of headerless.ts may name it, as in a table with no header row.
 */
export function isUnreadHeader(scores: Map<string, number>, vetoWord: string | null): boolean {
  if (vetoWord) return false;
  for (const v of scores.values()) if (v >= HEADER_EVIDENCE) return false;
  return true;
}

/** A description is read instead of the header when its words score this much above the header's. */
const DESCRIPTION_BETTER_BY = 0.25;

/**
 * The description to read as a column's header: the row under the header describes the column, and its
 * words name a field (HEADER_EVIDENCE) clearly better than the header's own do ('Nachname', a little like
 * 'name', over 'Last Name').
 */
function describedHeader(header: string, description: string | undefined): string | null {
  if (!description) return null;
  const own = bestHeaderField(header).score;
  if (own >= 0.95) return null;
  const text = boundHeader(description);
  const said = bestHeaderField(text).score;
  return said >= HEADER_EVIDENCE && said >= own + DESCRIPTION_BETTER_BY ? text : null;
}

/** Plain words on why a column got its field. */
function mappedReason(header: string, field: CanonicalField, hf: number, profiles: Profiles): string {
  const label = LABEL[field];
  const syn = hf > 0 ? bestSynonym(header, field) : null;
  let why: string;
  if (hf >= 0.95) why = `header '${header}' names the ${label}`;
  else if (hf >= 0.6) why = `header '${header}' is close to '${syn}'`;
  else if (hf > 0.2) why = `header '${header}' is a little like '${syn}'`;
  else why = `no header words for it (header '${header}')`;
  const p = profiles[field];
  if (p && p.fit >= 0.8 && p.strength > 0) why += `; ${pct(p.fit)} of its values look like ${label} values`;
  else if (p && p.strict && p.fit < 0.5) why += `; only ${pct(p.fit)} of its values look like ${label} values`;
  return why;
}

/**
 * A sample with each text cut to MAX_VALUE_CHARS before any value pattern profiles it: no code, name,
 * date or id is longer, and a pattern such as the joined-code one ('EE + SP') backtracks
 * quadratically on a long run of spaces (a 256 KB cell cost 8 minutes).
 */
function boundValues(sample: Cell[]): Cell[] {
  for (let i = 0; i < sample.length; i++) {
    const c = sample[i];
    if (typeof c === 'string' && c.length > MAX_VALUE_CHARS) sample[i] = c.slice(0, MAX_VALUE_CHARS);
  }
  return sample;
}

export function mapColumns(table: LocatedTable, file: string, asOf: string): MapResult {
  const issues: Issue[] = [];
  const columns: ColumnMapping[] = [];
  const width = Math.min(table.headers.length, MAX_MAPPED_COLUMNS);
  const samples: Cell[][] = [];
  const stats: ColumnStats[] = [];
  for (let index = 0; index < width; index++) {
    samples.push(boundValues(sampleColumn(table.rows, index, PROFILE_SAMPLE_SIZE)));
    stats.push(columnStats(samples[index], asOf));
  }
  const facts = tableFacts(table, samples, stats);
  // The fitting script's observer (null in the engine): each scored column's evidence, and below whether a
  // later table-wide rule (member blocks, one column per field, pay modes) changed its field.
  const observer = evidenceObserver();
  const observed = new Map<number, ObservedColumn>();
  // Each mapped column's header and value evidence for its field: of two columns that claim one field with
  // the same confidence, the one whose header names it better, then whose values fit it better, wins.
  const evidenceOf = new Map<number, { header: number; values: number }>();
  // Columns whose header words no pack knows (isUnreadHeader), or whose header's one reading the values
  // refuted (scoreColumn's `refuted`): the headerless and value rules may name them.
  const unreadColumns = new Set<number>();

  for (let index = 0; index < table.headers.length; index++) {
    const header = table.headers[index];
    if (index >= MAX_MAPPED_COLUMNS) {
      // Past the limit: kept as an extra column, not scored.
      if (header) columns.push({ index, header, field: null, confidence: 0, candidates: [], reason: `past the first ${MAX_MAPPED_COLUMNS} columns: not mapped` });
      continue;
    }
    const sample = samples[index];
    if (!header && sample.length === 0) continue; // an empty spacer column
    const st = stats[index];

    // Columns read for another purpose (a pay mode, an exit date ...) or named their own way (roles.ts).
    // A table with no header row names its columns 'Column D' for people to tell them apart; that name is
    // no header evidence ('Column D' came close to a gender code, 'Column F' to 'F. Nacimiento').
    // A header whose words say nothing over a row that describes the column (a template's 'Employee ID'
    // under its machine header 'Número de Empleado'): the description is read as the header.
    const described = table.headerless ? null : describedHeader(header, table.descriptions?.[index]);
    const said = table.headerless ? '' : described ?? header;
    const role = roleOf({ header: said, spaced: headerWords(said).join(' '), sample, stats: st });
    if (role) {
      columns.push({ index, header, candidates: [], ...role });
      continue;
    }

    const scored = scoreColumn(said, sample, asOf, st, facts);
    if (observer) {
      const o: ObservedColumn = { file, sheet: table.sheet, header, index, candidates: scored.observed, profiles: scored.profiles, ignore: scored.ignore };
      observer(o);
      observed.set(index, o);
    }
    const { scores, ignore, blocked } = scored;
    const best = scores[0];
    if (header && (scored.unread || (scored.refuted && !(best && best.score >= MIN_MAPPING_CONFIDENCE && best.score > ignore)))) unreadColumns.add(index);
    const col: ColumnMapping = { index, header, field: null, confidence: 0, candidates: scores.slice(0, 3) };
    if (best && best.score >= MIN_MAPPING_CONFIDENCE && best.score > ignore) {
      col.field = best.field;
      col.confidence = round2(best.score);
      const p = scored.profiles[best.field];
      evidenceOf.set(index, { header: scored.header.get(best.field) ?? 0, values: p ? p.fit * p.strength : 0 });
      col.reason = mappedReason(said || header, best.field, scored.header.get(best.field) ?? 0, scored.profiles);
      if (described) col.reason = `its header '${header}' says little we know; the row under it says more: ${col.reason.replace(/^header /, '')}`;
      // The code system its values show, read by them (the field's spec: fields/relationship.ts).
      const own = FIELDS[best.field].columnCodes?.({ header, sample, stats: st });
      if (own) {
        col.codes = own.codes;
        col.reason += `; ${own.why}`;
      }
    } else {
      col.confidence = round2(Math.max(ignore, 1 - (best?.score ?? 0)));
      // Worth a word only when the header is not one we know to leave aside ("Dept Code").
      if (best && best.score >= MIN_MAPPING_CONFIDENCE && ignore < 0.9) col.note = `its header and values fit no field well enough`;
      // The set-aside candidate the header was closest to says best why.
      const weight = (f: CanonicalField) => 10 * (scored.header.get(f) ?? 0) + (scored.profiles[f]?.fit ?? 0) * (scored.profiles[f]?.strength ?? 0);
      const top = [...blocked.entries()].sort((a, b) => weight(b[0]) - weight(a[0]))[0];
      if (ignore >= 0.6 && ignore >= (best?.score ?? 0)) col.reason = `header '${header}' names something that is not a census field`;
      else if (scored.veto) col.reason = `header '${header}' is about ${scored.veto}, not the member's own census data`;
      else if (top && (scored.header.get(top[0]) ?? 0) >= 0.3) col.reason = `not ${LABEL[top[0]]}: ${top[1]}`;
      else if (top) {
        const examples = [...new Set(sample.slice(0, 50).map((c) => redact(cellText(c), 20)))].slice(0, 3).map((v) => `'${v}'`).join(', ');
        col.reason = `its header names no census field, and values alone (${examples} ...) do not make one`;
      }
      else if (best && best.score >= MIN_MAPPING_CONFIDENCE) col.reason = `header '${header}' is known not to be a census field`;
      else col.reason = best ? `neither its header nor its values fit a census field well enough (best: ${LABEL[best.field]}, ${round2(best.score)})` : 'neither its header nor its values fit a census field';
    }
    columns.push(col);
  }

  const scoredField = observer ? new Map(columns.map((c) => [c.index, c.field])) : null;
  // The table-level rules, in order (table-rules.ts TABLE_RULES): each may change any column's field.
  const open = (c: ColumnMapping) => table.headerless === true || unreadColumns.has(c.index);
  const ctx: TableRuleContext = { table, samples, stats, asOf, evidenceOf, unread: unreadColumns, open };
  for (const rule of TABLE_RULES) rule.run(columns, ctx);

  if (scoredField) for (const c of columns) { const o = observed.get(c.index); if (o) o.settledLater = scoredField.get(c.index) !== c.field; }

  // A table with no header row: its issues point at its first data row.
  const issueRow = table.headerless ? (table.rowIndex[0] ?? 0) + 1 : table.headerRow + 1;
  for (const c of columns) {
    const label = c.header ? `'${c.header}'` : `${columnLetter(c.index)} (no header)`;
    if (c.field && c.confidence < WEAK_MAPPING_CONFIDENCE) {
      issues.push({ file, sheet: table.sheet, row: issueRow, message: `Column ${label} was mapped to ${c.field} with low confidence (${c.confidence}); please check it.` });
    } else if (!c.field && c.note) {
      const top = c.candidates[0];
      issues.push({
        file,
        sheet: table.sheet,
        row: issueRow,
        message: `Column ${label} was kept as an extra column although it looks like ${top?.field} (${round2(top?.score ?? 0)}): ${c.note}.`,
      });
    }
  }
  for (const c of columns) if (stats[c.index] && stats[c.index].dependentCodes > 0) c.dependentShare = round2(stats[c.index].dependentCodes);
  // Number codes 1, 2, 3 with no legend under a header a little like a relationship's: left unread, but
  // its codes other than 1 may be dependents, so the review checks it as it checks letter codes.
  for (const c of columns) {
    const st = stats[c.index];
    if (c.field || c.role || !st || st.n < 3 || st.digits < 0.8 || digitRelationshipCodes(st) !== 'oneBased') continue;
    if ((scoreHeader(c.header).get('relationship') ?? 0) < HEADER_EVIDENCE) continue;
    let others = 0;
    for (const [k, count] of st.digitCounts) if (k !== '1' && k !== '01') others += count;
    c.dependentShare = round2(others / st.n);
  }
  if (table.headers.length > MAX_MAPPED_COLUMNS) {
    issues.push({
      file, sheet: table.sheet, row: issueRow,
      message: `The table has ${table.headers.length} columns; only the first ${MAX_MAPPED_COLUMNS} were mapped, the others are kept as extra columns.`,
    });
  }
  return { columns, issues };
}

/** A template's placeholder place ('StateA', 'City 1'): a placePlaceholder word and a mark of two characters at most. */
let placeholderPlace: RegExp | undefined;
function isPlaceholderPlace(text: string): boolean {
  placeholderPlace ??= new RegExp(`^${literalAlternation(ruleWords('placePlaceholder'))}\\s*[a-z0-9]{0,2}$`);
  return placeholderPlace.test(foldWord(text));
}

/** Facts about the whole table: are its addresses abroad? */
function tableFacts(table: LocatedTable, samples: Cell[][], stats: ColumnStats[]): TableFacts {
  if (table.headerless) return { foreign: null, headerless: true };
  for (let i = 0; i < samples.length; i++) {
    const header = table.headers[i] ?? '';
    const words = normaliseHeader(header).tokens;
    const sample = samples[i];
    if (sample.length < 3) continue;
    const named = (kind: 'country' | 'province' | 'region') => words.some((w) => ruleWordSet(kind).has(w));
    if (named('country') && stats[i].numbers < 0.5) {
      const us = sample.filter((c) => US_COUNTRY.test(cellText(c).trim())).length / sample.length;
      if (us < 0.5) return { foreign: `'${header}' is mostly not the US` };
    }
    if ((named('province') || (words.length <= 2 && named('region'))) && stats[i].numbers < 0.5) {
      // A template's placeholders ("StateA", "State 1") say nothing about the country.
      const real = sample.filter((c) => !isPlaceholderPlace(cellText(c).trim()));
      if (real.length < 3) continue;
      const us = real.filter((c) => stateCode(cellText(c)) !== null).length / real.length;
      if (us < 0.5) return { foreign: `'${header}' holds ${named('province') ? 'provinces' : 'regions that are not US states'}` };
    }
  }
  return { foreign: null };
}
