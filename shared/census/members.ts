/**
 * The member table's rows (issue 28): every member the engine read, counted or not, as
 * GET /main/case?caseId=&reportType=members[&fileName=] answers them (data: CensusMemberTable) and
 * `census members FILE` prints them. The hand edits and row marks a reading carries back are
 * CensusReading.edits and .rows (report.ts). Framework-free; imports only the report's types.
 *
 * A row is named by where it was read: file name, sheet ('' for a CSV) and the 1-based source row
 * as the spreadsheet shows it (the 'Not counted' list names rows the same way). A wide layout's
 * dependent shares its employee's row and adds `column` (the header it was read from).
 */
import type { MemberTableField, NotCountedReason } from './report';

export { MEMBER_TABLE_FIELDS, type MemberTableField } from './report';

/** One problem on one cell (field) or on the whole row (field null), with its reason in words. */
export interface CensusMemberProblem {
  field: MemberTableField | null;
  /** Where it comes from: the engine's review, a broker's check, or a target's readiness. */
  source: 'review' | 'check' | 'readiness';
  /** A sentence a broker understands: 'Birth date after the as-of date', 'ZIP missing'. */
  reason: string;
}

export interface CensusMemberRow {
  file: string;
  sheet: string;
  row: number;
  /** A wide layout's dependent: the header it was read from ('Spouse DOB'); absent for a row's own person. */
  column?: string;
  /** Opaque key of the row's identity (a hash of its own id or name; '' when it has neither): edits and marks carry it. */
  key: string;
  /** In the lives. */
  counted: boolean;
  /** Why not, when not counted. */
  reason?: NotCountedReason;
  /** Values as the engine read them (after normalisation, edits applied): dates YYYY-MM-DD, salary a number; null when empty. */
  values: { [F in MemberTableField]: string | number | null };
  /** Age in whole years at the as-of date (null without a birth date). */
  age: number | null;
  /** Last four digits of the SSN only, never more ('***-**-1234' is how the table shows it). */
  ssnLast4: string | null;
  /** The fields that hold a hand edit (the table marks them). */
  edited: MemberTableField[];
  /** The fields whose cell was read from a scan with a low confidence, or corrected (OCR, issue 30): the table marks them. Absent when none. */
  unclear?: MemberTableField[];
  problems: CensusMemberProblem[];
}

export interface CensusMemberTable {
  asOf: string;
  /** Every member read, in file, sheet, row order; counted and not counted. */
  members: CensusMemberRow[];
}
