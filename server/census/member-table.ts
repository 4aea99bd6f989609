/**
 * The member table (issue 28; shared/census/members.ts): every member the engine read, counted or not
 * (rows that are not a person and duplicates removed included), with its values after normalisation
 * and hand edits, its key (hand-edits.ts rowKey), and its problems: the engine's issues and unreadable
 * values (source 'review'), a broker's checks of one member's values ('check'), and, for a chosen
 * target, what its readiness finds missing on that member ('readiness'). Built from a finished
 * CensusResult, like not-counted.ts: the stages stay as they are.
 */
import { MEMBER_TABLE_FIELDS, type MemberTableField } from '../../shared/census/report';
import type { CensusMemberProblem, CensusMemberRow, CensusMemberTable } from '../../shared/census/members';
import type { CensusResult } from './engine';
import { rowKey } from './hand-edits';
import { checkContext, memberChecks } from './checks';
import { ageAt, isLife } from './members';
import { notCountedEntries } from './not-counted';
import { missingPerMember } from './targets/readiness';
import type { ExportTarget } from './targets/types';
import type { Member } from './types';
import { fieldLabel } from './fields';
import { DIGIT_FIX_WHY, UNCLEAR_WHY } from './scan-cells';

const TABLE_FIELDS = new Set<string>(MEMBER_TABLE_FIELDS);
const UNREADABLE = /^unreadable /;

/** A requirement's field as a column of the table (null: the whole row). */
const READINESS_FIELD: Record<string, MemberTableField | null> = {
  firstName: 'firstName', lastName: 'lastName', name: 'firstName', dateOfBirth: 'dateOfBirth', dateOfBirthOrAge: 'dateOfBirth',
  gender: 'gender', zip: 'zip', state: 'state', hireDate: 'hireDate', annualSalary: 'annualSalary', coverageTier: 'coverageTier',
  relationship: 'relationship', status: 'status', ssn: null,
};

/** A scanned cell's field shown in another column of the table (the pay it gave, the name it held). */
const SCAN_FIELD: Record<string, MemberTableField> = { monthlySalary: 'annualSalary', hourlyRate: 'annualSalary', fullName: 'firstName' };

const rowPlace = (file: string, sheet: string, row: number) => `${file}\u0000${sheet}\u0000${row}`;

export interface MemberTableOptions {
  /** Only the rows read from this file of the case. */
  fileName?: string;
  /** A target whose readiness adds its missing fields per member. */
  target?: ExportTarget;
}

export function memberTable(result: CensusResult, opts: MemberTableOptions = {}): CensusMemberTable {
  const { asOf } = result;
  const inFile = (file: string) => opts.fileName === undefined || file === opts.fileName;

  // Problems by row: unreadable values from the change log (complete, with their field), then the
  // issues that name a row (capped per kind by the engine; unreadable ones are already here).
  const byRow = new Map<string, CensusMemberProblem[]>();
  const add = (file: string, sheet: string, row: number, p: CensusMemberProblem) => {
    const k = rowPlace(file, sheet, row);
    const list = byRow.get(k);
    if (list) list.push(p);
    else byRow.set(k, [p]);
  };
  for (const c of result.changes) {
    if (!UNREADABLE.test(c.why) || !inFile(c.file)) continue;
    const field = !TABLE_FIELDS.has(c.field) ? null : (c.field as MemberTableField);
    add(c.file, c.sheet, c.row, { field, source: 'review', reason: `Unreadable ${fieldLabel(c.field)}${c.from ? ` '${c.from}'` : ''}: left blank` });
  }
  // Cells read from a scan that OCR was unsure of, or whose digits it corrected (scan-cells.ts): marked on the cell.
  const unclearByRow = new Map<string, Set<MemberTableField>>();
  for (const c of result.changes) {
    const fix = c.why === DIGIT_FIX_WHY;
    if ((!fix && !c.why.startsWith(UNCLEAR_WHY)) || !inFile(c.file)) continue;
    const field = TABLE_FIELDS.has(c.field) ? (c.field as MemberTableField) : (SCAN_FIELD[c.field] ?? null);
    const k = rowPlace(c.file, c.sheet, c.row);
    if (field) {
      const set = unclearByRow.get(k) ?? new Set<MemberTableField>();
      set.add(field);
      unclearByRow.set(k, set);
    }
    const label = fieldLabel(c.field).replace(/^./, (ch) => ch.toUpperCase());
    if (fix) add(c.file, c.sheet, c.row, { field, source: 'review', reason: `${label} read from the scan as '${c.from}', taken as ${c.to}: check it` });
    // A field the table has no column for (an id, an SSN): said on the row.
    else if (!field) add(c.file, c.sheet, c.row, { field: null, source: 'review', reason: `${label} '${c.from}' unclear in the scan: check it` });
  }
  for (const i of result.issues) {
    if (i.row === null || i.sheet === null || !inFile(i.file) || /^Unreadable /.test(i.message)) continue;
    add(i.file, i.sheet, i.row, { field: null, source: 'review', reason: i.message });
  }

  // Why each member not counted is not: the 'Not counted' list's reasons, by place.
  const reasons = new Map<string, CensusMemberRow['reason']>();
  for (const e of notCountedEntries({ members: result.members, changes: result.changes })) {
    if (e.row !== null) reasons.set(`${rowPlace(e.file, e.sheet, e.row)}\u0000${e.column ?? ''}`, e.reason);
  }
  const missing = opts.target ? missingPerMember(opts.target, result.members) : undefined;

  // The checks a broker makes (checks.ts), as the review and the readiness say them: on counted members.
  const ctx = checkContext(result.members, asOf);
  const rows: CensusMemberRow[] = [];
  const rowOf = (m: Member, counted: boolean, reason: CensusMemberRow['reason']): CensusMemberRow => {
    const age = ageAt(m, asOf);
    const own = m.column === null ? byRow.get(rowPlace(m.file, m.sheet, m.row)) : undefined;
    const unclearSet = m.column === null ? unclearByRow.get(rowPlace(m.file, m.sheet, m.row)) : undefined;
    const unclear = unclearSet ? [...unclearSet] : undefined;
    const problems: CensusMemberProblem[] = own ? [...own] : [];
    if (counted) for (const c of memberChecks(m, ctx)) problems.push({ field: c.field, source: 'check', reason: c.reason });
    for (const p of missing?.get(m) ?? []) problems.push({ field: READINESS_FIELD[p.field] ?? null, source: 'readiness', reason: p.reason });
    return {
      file: m.file, sheet: m.sheet, row: m.row, ...(m.column !== null ? { column: m.column } : {}),
      key: rowKey(m.ident),
      counted,
      ...(reason ? { reason } : {}),
      values: {
        relationship: m.relationship, firstName: m.firstName, lastName: m.lastName, dateOfBirth: m.dateOfBirth, gender: m.gender,
        status: m.status, hireDate: m.hireDate, annualSalary: m.annualSalary, zip: m.zip, state: m.state, coverageTier: m.coverageTier,
      },
      age,
      ssnLast4: m.ssnLast4,
      edited: result.editedOf?.(m) ?? [],
      ...(unclear ? { unclear } : {}),
      problems,
    };
  };
  for (const m of result.members) {
    if (!inFile(m.file)) continue;
    const counted = isLife(m.status);
    rows.push(rowOf(m, counted, counted ? undefined : (reasons.get(`${rowPlace(m.file, m.sheet, m.row)}\u0000${m.column ?? ''}`) ?? 'terminated')));
  }
  for (const { member, reason } of result.leftOut ?? []) if (inFile(member.file)) rows.push(rowOf(member, false, reason));

  // File, sheet and row order (as the files list them and their sheets were read); a row's own person first.
  const fileRank = new Map(result.files.map((f, i) => [f.fileName, i]));
  const sheetRank = new Map(result.sheets.map((s, i) => [`${s.file}\u0000${s.sheet}`, i]));
  rows.sort((a, b) =>
    (fileRank.get(a.file) ?? 0) - (fileRank.get(b.file) ?? 0)
    || (sheetRank.get(`${a.file}\u0000${a.sheet}`) ?? 0) - (sheetRank.get(`${b.file}\u0000${b.sheet}`) ?? 0)
    || a.row - b.row
    || (a.column === undefined ? 0 : 1) - (b.column === undefined ? 0 : 1));
  return { asOf, members: rows };
}
