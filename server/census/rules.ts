/**
 * Every constant of the census rules in one place (../shared/spec/CENSUS.md and docs/census-engine.md).
 * The bucket labels and edges are shared with the report widget, so they live in shared/census/report.ts
 * and are re-exported here.
 */
export {
  AGE_BANDS,
  SALARY_BANDS,
  TENURE_BANDS,
  LIFE_STATUSES,
  RETIRED_STATUSES,
  EXCLUDED_STATUSES,
  CANONICAL_FIELDS,
} from '../../shared/census/report';

/** A column is mapped to a field only at or above this confidence; below it, it is an extra column. */
export const MIN_MAPPING_CONFIDENCE = 0.35;
/** Mappings below this confidence (and extra columns that nearly matched) are listed in report.issues. */
export const WEAK_MAPPING_CONFIDENCE = 0.6;

/** The header row is looked for in the first rows of a sheet (titles and notes may stand above it). */
export const HEADER_SCAN_ROWS = 40;
/**
 * Columns mapped per table: a census has a few dozen; a sheet thousands of columns wide (a pivot, an
 * export gone wrong, a hostile file) keeps the rest as extra columns without scoring them, so mapping
 * stays fast whatever the file.
 */
export const MAX_MAPPED_COLUMNS = 300;
/**
 * A header is read by its first MAX_HEADER_CHARS characters only, before any pattern runs (the longest
 * real header, a PEO questionnaire's question, has 215): a cell of a megabyte costs what 256
 * characters cost, so an upload cannot buy a minute of a job thread with a backtracking pattern.
 */
export const MAX_HEADER_CHARS = 256;
/** Likewise a sampled value is profiled by its first MAX_VALUE_CHARS characters (no code, name or id is longer). */
export const MAX_VALUE_CHARS = 256;
/** Value profiles look at up to this many non-empty values per column, spread over the whole table. */
export const PROFILE_SAMPLE_SIZE = 200;
/** Fewer non-empty sampled values than this and a column's values say nothing about it. */
export const PROFILE_MIN_VALUES = 3;
/**
 * In a table with no header row the values are all there is: a census of one or two people (a
 * template's sample row, a wide family row) is profiled from one value per column. Its mappings stay
 * weak and such a table always asks for a review.
 */
export const HEADERLESS_PROFILE_MIN_VALUES = 1;

/** Salary arithmetic (CENSUS.md "Canonical fields"). */
export const MONTHS_PER_YEAR = 12;
export const WEEKS_PER_YEAR = 52;
export const DEFAULT_HOURS_PER_WEEK = 40;
/**
 * In a 'Salary or Hourly Rate' column with no pay-mode column, an amount under this is an hourly rate
 * and a larger one a year's pay: no hourly rate reaches $200, and no salary is that small.
 */
export const HOURLY_RATE_LIMIT = 200;

/** Salary imputation runs only when at least this share of a file's employees has a salary. */
export const SALARY_IMPUTATION_MIN_SHARE = 0.5;
/** Gender from the first name: the name table holds names used at least this much by one sex. */
export const NAME_SEX_SHARE = 0.9;

/** Plausible ranges: values outside them are dropped with an issue. */
export const MIN_YEAR = 1900;
export const MAX_AGE = 120;
export const MAX_HOURS_PER_WEEK = 168;

/**
 * The checks a broker makes (checks.ts): a child is covered to 26; an employee under 16 or over 100,
 * or hired before their 14th birthday, is a misread date; pay under a part-time floor of its period
 * (a federal minimum-wage job of 4 hours a week: $1,500 a year, $125 a month; the tipped cash wage
 * $2.13 an hour) or over $5 million is a misread amount or period.
 */
export const CHECK_LIMITS = {
  childAge: 26,
  employeeMinAge: 16,
  employeeMaxAge: 100,
  hireMinAge: 14,
  annualFloor: 1_500,
  monthlyFloor: 125,
  hourlyFloor: 2.13,
  salaryCeiling: 5_000_000,
} as const;

/** Characters that make a spreadsheet run a cell as a formula; such cells get a leading quote. */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\n', '\0'] as const;

/** At most this many row-level issues of one kind per sheet; the rest are summed up in one line. */
export const MAX_ROW_ISSUES_PER_KIND = 20;

/**
 * A column whose header holds no word any pack knows (map/index.ts isUnreadHeader) is named by its values
 * alone when they carry the field at least this far (fit x strength, map/profiles.ts): first names (0.7),
 * a year's pay (0.55), relationship codes (0.85) do; hire dates (0.5: a load date is a date of the last
 * years too, the order rules of map/headerless.ts name them), ages (0.45), ids (0.35) and last names (0.3) look
 * like too many other columns ('EMP_HEIGHT_IN', 'Kids', 'sick_used_hours' are small whole numbers too).
 */
export const UNREAD_VALUES_MIN = 0.55;
/** ... and, for amounts, this share of its sampled values are distinct at least (pay differs per person). */
export const UNREAD_AMOUNTS_DISTINCT = 0.6;
/** ... or, with a currency sign on UNREAD_MONEY_SIGNED of them, this share distinct (hourly pay of one rate repeats); */
export const UNREAD_MONEY_SIGNED = 0.8;
export const UNREAD_MONEY_DISTINCT = 0.2;
/** ... and its middle half spreads this share of the median at least (column-stats.ts middleSpread: ids numbered close together do not). */
export const UNREAD_AMOUNTS_SPREAD = 0.02;
/** ... and its confidence stays under WEAK_MAPPING_CONFIDENCE: the review names it ('please check'). */
export const UNREAD_CONFIDENCE = WEAK_MAPPING_CONFIDENCE - 0.05;
