/**
 * The domain lexicon: which words of a header name which field, and which qualifiers move a header
 * away from it. Written once, as data; each entry says where the evidence for it comes from.
 *
 * A header is read as a short phrase (normaliseHeader: snake_case, camelCase and punctuation split,
 * abbreviations expanded, format hints dropped). The vocabulary (vocabulary.ts) scores whole phrases
 * against known synonyms; this lexicon adds what a phrase list cannot say:
 * - HEADS: a head noun with the qualifiers that keep its meaning ("gross compensation", "employee
 *   gross compensation" are pay as much as "compensation"), so new combinations of known words score.
 * - MOVES_AWAY: qualifiers that make a header about something else than the field its head noun names
 *   ("HCE status" is not employment status, "capped compensation" is not the salary, "coverage start
 *   date" is not a hire date). A qualifier here caps the field's score whatever the synonyms say.
 */
import type { CanonicalField } from '../types';

export interface HeadRule {
  field: CanonicalField;
  /** Every group must have one of its words in the header. */
  need: string[][];
  /** Other words the header may have (beside neutral ones such as 'employee', 'current'). */
  allow: string[];
  score: number;
  evidence: string;
}

export interface MoveAway {
  fields: CanonicalField[];
  words: string[];
  evidence: string;
}

const PAY_HEADS = ['compensation', 'earnings', 'wages', 'wage', 'salary', 'pay', 'income'];

export const HEADS: HeadRule[] = [
  {
    field: 'annualSalary',
    need: [PAY_HEADS],
    allow: ['gross', 'base', 'basic', 'annual', 'annualized', 'annualised', 'total', 'regular', 'yearly', 'benefit', 'benefits', 'covered', 'insured', 'w', 'salaried', 'usd', 'amount', 'amt'],
    score: 0.9,
    evidence: "401(k) and cost-model censuses name pay 'gross_compensation', 'employee_gross_compensation'; carrier templates 'Annual Base Earnings', 'Covered Salary'; payroll exports 'Compensation Amount', 'Base Pay Amount'",
  },
  {
    // A pay "rate" names no period: like the vocabulary's 'pay rate', it is read as an hourly rate
    // unless its values' magnitude or a pay-mode column beside it says otherwise (map/index.ts).
    field: 'hourlyRate',
    need: [PAY_HEADS, ['rate']],
    allow: ['base', 'basic', 'regular', 'current', 'gross', 'usd'],
    score: 0.85,
    evidence: "payroll exports (Gusto-style) write 'compensation_rate' beside 'compensation_unit' (Hour, Year, Month); HR exports 'Wage Rate', 'Salary Rate'",
  },
  {
    field: 'employeeId',
    need: [['family', 'household', 'subscriber'], ['id', 'number', 'group', 'key', 'identifier', 'nbr']],
    allow: ['employer', 'assigned', 'unique', 'internal', 'system'],
    // Under 0.95: the values must still repeat no more than a household's (a group-wide key is no id).
    score: 0.9,
    evidence: "exchange rosters link a household by 'employer_assigned_family_id'; eligibility extracts by 'family_group', 'subscriber_id' (CENSUS.md: the employee id is shared by an employee and its dependents)",
  },
  {
    field: 'status',
    need: [['active', 'eligible', 'eligibility', 'employed']],
    allow: ['flag', 'indicator', 'status', 'currently', 'code', 'yes', 'no'],
    score: 0.9,
    evidence: "workforce-simulation and eligibility files flag the status as 'ACTIVE', 'active_flag', 'eligible_ind' (true/false, Y/N, 1/0)",
  },
];

export const MOVES_AWAY: MoveAway[] = [
  {
    fields: ['status'],
    words: ['hce', 'highly', 'compensated', 'key'],
    evidence: "401(k) ACP/ADP censuses carry 'HCE Status' Y/N: highly-compensated, not employment status",
  },
  {
    fields: ['status'],
    words: ['std', 'standard', 'ltd', 'life', 'add', 'dental', 'vision', 'medical', 'dhmo', 'dppo', 'hmo', 'ppo', 'hsa', 'fsa', 'disability', 'accident', 'hospital', 'critical', 'marital', 'student', 'tax', 'filing', 'veteran', 'citizenship', 'visa', 'smoker', 'tobacco', 'beneficiary', 'flsa', 'exempt', 'id'],
    evidence: "carrier templates carry 'STD Enrollment Status', 'Medical Coverage Status' per product; HR exports 'MaritalStatus', 'EmpStatusID' (a number key): none is the member's employment status",
  },
  {
    fields: ['annualSalary', 'monthlySalary', 'hourlyRate'],
    words: ['capped', 'cap', 'limit', 'limited', 'max', 'maximum', 'plan', 'deferral', 'deferred', 'contribution', 'contributions', 'match', 'ytd', 'bonus', 'commission', 'overtime', 'excess', 'prior', 'previous', 'testing', 'premium', 'volume'],
    evidence: "retirement censuses carry 'capped_compensation' (the IRS-limited copy) and 'plan_year_compensation' beside the gross pay; carrier templates 'Life Volume'",
  },
  {
    fields: ['hireDate'],
    words: ['coverage', 'plan', 'enrollment', 'eligibility', 'entry', 'participation', 'cobra', 'policy'],
    evidence: "834 inputs and 401(k) censuses carry 'coverage_start', 'eligibility_entry_date': not when the person was hired",
  },
  {
    fields: ['firstName', 'lastName', 'fullName'],
    words: ['sponsor', 'manager', 'supervisor', 'beneficiary', 'emergency', 'provider', 'carrier', 'agent', 'broker', 'physician', 'doctor', 'pcp', 'plan', 'company', 'employer', 'group'],
    evidence: "HR exports carry 'ManagerName', 834 inputs 'Benefit Plan Provider Name', exchange forms 'sponsor name': other people's or organisations' names",
  },
];


const MOVE_AWAY_INDEX = new Map<string, CanonicalField[]>();
for (const m of MOVES_AWAY) for (const w of m.words) MOVE_AWAY_INDEX.set(w, [...(MOVE_AWAY_INDEX.get(w) ?? []), ...m.fields]);

/** The fields a header's qualifiers move it away from. */
export function movedAway(tokens: readonly string[]): Set<CanonicalField> {
  const out = new Set<CanonicalField>();
  for (const t of tokens) for (const f of MOVE_AWAY_INDEX.get(t) ?? []) out.add(f);
  return out;
}

/** Words that never change what a head noun names: whose it is, and that it is the current one. */
const NEUTRAL = new Set(['employee', 'member', 'subscriber', 'participant', 'current', 'home', 'primary', 'worker', 'person']);

/**
 * The head rules a header's words match, with their scores. Only phrases of two words or more: a
 * bare head noun ("Pay", "Active") is the vocabulary's to score, with the weight it gives it.
 */
export function headScores(tokens: readonly string[]): Map<CanonicalField, number> {
  const out = new Map<CanonicalField, number>();
  if (tokens.length < 2) return out;
  const neutral = NEUTRAL;
  for (const rule of HEADS) {
    const used = new Set<string>();
    let ok = true;
    for (const group of rule.need) {
      const hit = tokens.find((t) => group.includes(t));
      if (!hit) { ok = false; break; }
      used.add(hit);
    }
    if (!ok) continue;
    if (!tokens.every((t) => used.has(t) || rule.need.some((g) => g.includes(t)) || rule.allow.includes(t) || neutral.has(t))) continue;
    out.set(rule.field, Math.max(out.get(rule.field) ?? 0, rule.score));
  }
  return out;
}
