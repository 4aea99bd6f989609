/**
 * All columns of a table are decided together: each field is kept by one column (the best, with the
 * tie rules below), and the others become extra columns with a reason. Birth dates of children are
 * the exception (a wide layout has several).
 *
 * Tie rules, each for a class of files:
 * - two id columns: the one whose values repeat within households links dependents to employees;
 * - two relationship columns: one that names dependents beats one that only says employee/dependent;
 * - two status columns: one that tells who is not active beats an employment type (Full-Time ...);
 * - several coverage columns: the medical one gives the tier;
 * - an employee's name beside a dependent's: each row describes the dependent.
 */
import { WEAK_MAPPING_CONFIDENCE } from '../rules';
import { fieldLabel, oneColumnOnly } from '../fields';
import { cellText, foldCode } from '../text';
import { mentions, ruleWordSet } from '../lang/rule-words';
import type { CanonicalField, Cell, ColumnMapping } from '../types';
import { parseActiveFlag, parseRelationship, parseStatus } from '../values/codes';


const round2 = (x: number) => Math.round(x * 100) / 100;


function isCoarseRelationship(sample: readonly Cell[]): boolean {
  let n = 0;
  for (const cell of sample) {
    const t = foldCode(cellText(cell));
    if (!t) continue;
    if (!ruleWordSet('coarseRelationship').has(t)) return false;
    n++;
  }
  return n > 0;
}

/** Most filled values are relationships, and some name a spouse, partner or child. */
function namesDependents(sample: readonly Cell[]): boolean {
  let n = 0;
  let known = 0;
  let dependents = 0;
  for (const cell of sample) {
    const t = cellText(cell).trim();
    if (!t) continue;
    n++;
    const r = parseRelationship(t);
    if (r === null) continue;
    known++;
    if (r === 'spouse' || r === 'child' || r === 'domesticPartner') dependents++;
  }
  return n > 0 && dependents > 0 && known >= 0.8 * n;
}

/** Some sampled value of a status column reads as another status than active (or, for a flag, as no). */
function tellsStatusApart(col: ColumnMapping, sample: readonly Cell[]): boolean {
  for (const cell of sample) {
    const text = cellText(cell).trim();
    if (!text) continue;
    // Read as normalise reads it: a flag's no is not active, like any status other than active.
    const status = col.codes === 'activeFlag' ? parseActiveFlag(text) : parseStatus(text);
    if (status !== null && status !== 'active') return true;
  }
  return false;
}

/** What the tie rules need of each column's values: how many were sampled, and how distinct they are. */
export interface ValueCounts {
  n: number;
  distinct: number;
}

/**
 * A field's own rule for two columns that claim it, by field: given the columns (best first) and the
 * best one, the column that wins. Fields without one keep the best.
 */
type TieBreak = (list: readonly ColumnMapping[], winner: ColumnMapping, samples: readonly (readonly Cell[])[], stats: readonly ValueCounts[]) => ColumnMapping;

/**
 * "Employee Name" beside "Dependent Name": each row is a dependent, with its employee's name repeated;
 * the row's own person is the dependent.
 */
const ownPersonsName: TieBreak = (list, winner) => {
  const own = list.find((c) => mentions('ownPerson', c.header));
  const other = list.find((c) => c !== own && mentions('employeePerson', c.header));
  if (!own || !other || winner !== other) return winner;
  own.reason += `; with '${other.header}' beside it, each row describes this person, not the employee named there`;
  return own;
};

const TIE_BREAKS: Partial<Record<CanonicalField, TieBreak>> = {
  // Two id columns: the one whose values repeat links a household (a subscriber id, a family id);
  // the one with a value per person (a member id) would make every dependent an employee.
  employeeId: (list, winner, _samples, stats) => {
    const repeating = list.filter((c) => c.confidence >= WEAK_MAPPING_CONFIDENCE && stats[c.index] && stats[c.index].n >= 3 && stats[c.index].distinct < 0.9);
    const perPerson = list.some((c) => stats[c.index] && stats[c.index].distinct >= 0.98);
    if (repeating.length === 0 || !perPerson || winner.confidence - repeating[0].confidence >= 0.2) return winner;
    repeating[0].reason += '; its values repeat within households, so it links dependents to their employee';
    return repeating[0];
  },
  // Two relationship columns: a coarse one (Employee/Dependent, E/D, Subscriber/Dependent) beside
  // one that says which dependent (Spouse, Child, blank on the employee's row): the detailed one is
  // the relationship (a blank cell there is the employee).
  relationship: (list, winner, samples) => {
    if (!isCoarseRelationship(samples[winner.index])) return winner;
    const detailed = list.find((c) => c !== winner && c.confidence >= WEAK_MAPPING_CONFIDENCE && namesDependents(samples[c.index]));
    if (!detailed) return winner;
    detailed.reason += `; '${winner.header}' only says employee or dependent, this column says which dependent`;
    return detailed;
  },
  // Two status columns: one whose every value reads active (an employment type: Full-Time,
  // Part-Time) tells no member from another; the one that has members who are not active
  // (Inactive, Terminated, Leave) decides the lives.
  status: (list, winner, samples) => {
    if (tellsStatusApart(winner, samples[winner.index])) return winner;
    const other = list.find((c) => c !== winner && c.confidence >= WEAK_MAPPING_CONFIDENCE && tellsStatusApart(c, samples[c.index]));
    if (!other) return winner;
    other.reason += `; every value of '${winner.header}' reads active, this column tells who is not`;
    return other;
  },
  // Several coverage columns (medical, dental, vision): the medical one is the census's tier.
  coverageTier: (list, winner) => {
    const medical = list.find((c) => mentions('medical', c.header) && !mentions('otherProduct', c.header));
    if (!medical || winner === medical || winner.confidence - medical.confidence >= 0.2) return winner;
    medical.reason += '; of the coverage columns, the medical one gives the tier';
    return medical;
  },
  fullName: ownPersonsName,
  firstName: ownPersonsName,
  lastName: ownPersonsName,
};

/**
 * `evidence`: each mapped column's header score and value evidence (fit x strength) for its field, by
 * column index. Two columns with the same confidence are told apart by them, the header first: the fitted
 * confidences crowd near 1, where 'Work State' (a work address) would tie 'Home State' (the member's) and
 * win by coming first, and an empty column under the same header as a filled one would win the same way.
 */
export function keepOnePerField(columns: ColumnMapping[], samples: readonly (readonly Cell[])[], stats: readonly ValueCounts[], evidence?: ReadonlyMap<number, { header: number; values: number }>): void {
  const header = (c: ColumnMapping) => evidence?.get(c.index)?.header ?? 0;
  const values = (c: ColumnMapping) => evidence?.get(c.index)?.values ?? 0;
  const byField = new Map<CanonicalField, ColumnMapping[]>();
  for (const c of columns) {
    if (!c.field || !oneColumnOnly(c.field)) continue;
    const list = byField.get(c.field) ?? [];
    list.push(c);
    byField.set(c.field, list);
  }
  for (const [field, list] of byField) {
    if (list.length < 2) continue;
    list.sort((a, b) => b.confidence - a.confidence || header(b) - header(a) || values(b) - values(a) || a.index - b.index);
    const winner = TIE_BREAKS[field]?.(list, list[0], samples, stats) ?? list[0];
    for (const loser of list) {
      if (loser === winner) continue;
      loser.note = `'${winner.header}' fits ${field} better`;
      loser.reason = `'${winner.header}' is the ${fieldLabel(field)} column (a better fit); this one is kept as an extra column`;
      loser.confidence = round2(1 - loser.confidence);
      loser.field = null;
      loser.codes = undefined;
    }
  }
}
