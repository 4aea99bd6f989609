/**
 * Which tables of a file are its census. Every table the locate stage found is mapped and normalised
 * first; then a table is the census by what it holds (rows that are people), and a sheet's name only
 * breaks a tie: instruction, example, list and form sheets beside a census table contribute no member.
 */
import type { LocatedTable, NormalisedRow } from './types';
import type { MapResult } from './map';
import type { NormaliseResult } from './normalise';
import { isMemberRow } from './merge';

/** A table found in a file, mapped and normalised, before the engine decides whether it is the census. */
export interface Candidate {
  sheet: string;
  table: LocatedTable;
  mapped: MapResult;
  norm: NormaliseResult;
  /** Rows that are members (-1: not counted, the file has one table). */
  memberRows: number;
}

export function countMembers(rows: readonly NormalisedRow[]): number {
  let n = 0;
  for (const r of rows) if (isMemberRow(r)) n++;
  return n;
}

/** Sheet names that say instructions, examples, code lists or legends: never the census beside another. */
const HELP_SHEET = /instruction|example|sample|legend|\blists?\b|drop.?down|lookup|look.?up|\bcodes?\b|definition|\bhelp\b|read.?me|guide/i;
/** Sheet names that say a form or a summary: not the census when a plainly named sheet holds one. */
const FORM_SHEET =
  /question|(company|employer|group|client)\s*(info|information|details|profile|questionnaire)|\bform\b|signature|\bvalid|\bvalues\b|\boptions\b|\bsetup\b|\bcover\b|survey|summary|pivot/i;

/**
 * Why a candidate table is not the file's census (null: it is). Only when another table of the same
 * file remains: a file whose only table sits on an "Example" sheet still gets read. A help sheet
 * gives way to any other sheet ("Census Form" beside "Instructions" is the census); a form or summary
 * sheet to a plainly named one.
 */
export function nonCensusReason(c: Candidate, all: Candidate[]): string | null {
  const notHelp = all.filter((o) => o !== c && !HELP_SHEET.test(o.sheet));
  const plain = notHelp.filter((o) => !FORM_SHEET.test(o.sheet));
  const rows = c.table.rows.length;
  const examples = c.memberRows > 0 ? ` (its ${c.memberRows} example row${c.memberRows === 1 ? ' is not a member' : 's are not members'})` : '';
  if (HELP_SHEET.test(c.sheet) && notHelp.length > 0) {
    return `its name says it holds instructions, an example, lists or codes, and sheet '${notHelp[0].sheet}' holds the census${examples}`;
  }
  if (FORM_SHEET.test(c.sheet) && plain.length > 0) {
    return `its name says it holds a form or a summary, and sheet '${plain[0].sheet}' holds the census`;
  }
  if (notHelp.length === 0) return null;
  const best = Math.max(...notHelp.map((o) => o.memberRows));
  if (rows > 0 && c.memberRows < 0.5 * rows && best > c.memberRows) {
    return `it looks like a form, not a census table (${rows - c.memberRows} of its ${rows} rows describe no person)`;
  }
  if (rows === 0 && best > 0) return 'its table has no rows';
  return null;
}

