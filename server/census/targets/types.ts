/**
 * An export target: one file a carrier, an exchange or a platform takes, described as data
 * (docs/census-export.md). The writer (writer.ts) turns a target and the engine's clean member list
 * into bytes; readiness (readiness.ts) says beforehand what the target is missing. Adding a target is
 * one file in this folder, listed in registry.ts, and its test.
 */
import type { CensusSkippedSheet } from '../../../shared/census/report';
import type { Change, Member } from '../types';

/** A cell of an export. A DateCell is written as a real date cell (XLSX) or as text in the target's date format. */
export type Out = string | number | boolean | DateCell | null;

/** A calendar day (YYYY-MM-DD) to be written as a date cell. */
export class DateCell {
  constructor(readonly iso: string) {}
}
export const dateCell = (iso: string | null): DateCell | null => (iso ? new DateCell(iso) : null);

/** The lines of coverage a quote can be for. */
export type Coverage = 'medical' | 'dental' | 'vision' | 'life' | 'disability';

/** A member as a target's columns see it: the member, its family and its place in the file. */
export interface Row {
  member: Member;
  /** The employee of a dependent (the member itself for an employee; null for a dependent without one). */
  employee: Member | null;
  /** The dependents of this row's family (an employee's own, a dependent's siblings and itself). */
  family: readonly Member[];
  /** The family's number in the file, 1-based (a household key for templates that ask for one). */
  familyNumber: number;
  /** The analysis date (ages are the age then). */
  asOf: string;
}

export interface TargetColumn {
  /** The exact header text of the template (line breaks included). */
  header: string;
  /** The value of the column for a row; null for a blank cell. */
  value: (row: Row) => Out;
  /** Text the cell must stay text (a ZIP code keeps its leading zero). */
  text?: boolean;
}

/** What a target needs about its members, checked by readiness.ts. */
export type RequirementField =
  | 'firstName'
  | 'lastName'
  | 'name'
  | 'dateOfBirth'
  | 'dateOfBirthOrAge'
  | 'gender'
  | 'zip'
  | 'state'
  | 'hireDate'
  | 'annualSalary'
  | 'coverageTier'
  | 'relationship'
  | 'ssn'
  | 'status';

export interface Requirement {
  field: RequirementField;
  /** Whose values count: employees only (a tier, a salary) or every member. */
  of: 'employees' | 'members';
  /** True: the file is not usable without it (the carrier or the platform refuses or misquotes). */
  blocking: boolean;
  /** Why, in the broker's words, after a colon: 'the carrier rates by ZIP'. */
  why: string;
  /** The lines of coverage it is needed for (said in the message when given). */
  lines?: Coverage[];
}

export interface TargetSheet {
  name: string;
  /** Rows above the header row(s): a title, notes, code legends (exactly as the template has them). */
  topRows?: Out[][];
  /** Header rows before the template's own header row (a machine header row above a human one). */
  extraHeaderRows?: Out[][];
}

/** id, name, description and source come from catalog.ts (each target spreads its meta()). */
interface TargetBase {
  id: string;
  name: string;
  description: string;
  /** Where the layout comes from (a fixture of the real corpus, or a public document). */
  source: string;
  /**
   * Which members go in: every member, only those counted as lives (a roster template that has no
   * status column would otherwise list a terminated employee as current), or only the employees who
   * are lives (an employee census import without dependents or a status). A target without a
   * status column never takes 'all'. Readiness says which (readiness.ts heldSentence).
   */
  members: 'all' | 'lives' | 'employeeLives';
  requires: Requirement[];
}

export interface TableTarget extends TargetBase {
  format: 'xlsx' | 'csv';
  /** The sheet the members go on (XLSX), with its title and notes rows. */
  sheet: TargetSheet;
  columns: TargetColumn[];
  /** Date format of date cells (XLSX number format) and of dates in a CSV. */
  dateFormat: 'mm/dd/yyyy' | 'yyyy-mm-dd';
  /** Sheets after the member sheet: the change log, or an empty sheet the template carries. */
  moreSheets?: (input: ExportInput) => { name: string; rows: Out[][] }[];
  /** Unmapped source columns and where each member was read, appended after the target's columns. */
  appendExtras?: boolean;
  /** CSV: start with a UTF-8 BOM (Excel opens it right; default). An importer that reads the first header exactly gets none. */
  bom?: boolean;
}

export interface JsonTarget extends TargetBase {
  format: 'json';
  /** The document: one record per exported member somewhere inside. */
  document: (rows: readonly Row[], input: ExportInput) => unknown;
}

export type ExportTarget = TableTarget | JsonTarget;

export interface ExportInput {
  members: readonly Member[];
  changes: readonly Change[];
  /** The as-of date of the analysis (ages are the age then). */
  asOf: string;
  /** Sheets not read (the clean export's 'Not counted' sheet lists them). */
  skippedSheets?: readonly CensusSkippedSheet[];
  /** The run kept full SSNs (the case opted in): readiness counts the members without one. */
  keepSsn?: boolean;
}

/** One problem of a census for a target: a field, how many members, whether it blocks, in words. */
export interface ReadinessProblem {
  field: RequirementField | string;
  count: number;
  blocking: boolean;
  /** Data the employer can send or correct ('Ask the employer' lists only these), not a note on the template. */
  askEmployer: boolean;
  message: string;
}

export interface Readiness {
  target: string;
  ready: boolean;
  /** Which members the file holds, counted: '83 members: the lives counted'. */
  holds: string;
  problems: ReadinessProblem[];
}
