/**
 * The effective date of a case (issue 21): the day ages and tenure are counted at. Brokers rate at
 * the plan's effective date (often a coming January 1st), not at the day of the upload, so it can be
 * given with the upload (form field `asOf`) or later (PATCH /main/case {asOf}). A real calendar date,
 * written YYYY-MM-DD, within a range no census could sensibly need more than.
 */
export const AS_OF_RANGE = { min: '1950-01-01', max: '2100-12-31' } as const;

export const AS_OF_TEXT = {
  bad: `The asOf field must be a date written YYYY-MM-DD between ${AS_OF_RANGE.min} and ${AS_OF_RANGE.max}, such as 2027-01-01: the effective date ages and tenure are counted at.`,
} as const;

/** The date when `raw` is one (a real day, in range), else null. */
export function asOfOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const d = new Date(`${raw}T00:00:00Z`);
  // 2027-02-30 parses to March 2nd: a date that does not round-trip is no date.
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw) return null;
  return raw >= AS_OF_RANGE.min && raw <= AS_OF_RANGE.max ? raw : null;
}
