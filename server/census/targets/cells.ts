/**
 * Cell values every target shares: formula safety, dates, codes of the canonical values.
 *
 * Formula safety: a text cell a spreadsheet could run as a formula (= + - @ tab CR LF NUL first) gets
 * a leading single quote, the OWASP advice. A value that cannot be read as a formula keeps its text
 * as it is: a lone sign ('-' for none), a signed number ('-5', '+1.5'), which a spreadsheet reads as
 * text or as that number, never as a formula. An XLSX text cell is written as a string cell, so
 * nothing in it runs when the file is opened; the quote protects a CSV saved from it.
 */
import { ageAt } from '../members';
import { FORMULA_TRIGGERS } from '../rules';
import type { Member } from '../types';
import { DateCell, type Out, type Row } from './types';
import { DAY_MS } from '../../../shared/constants';

const TRIGGERS = new Set<string>(FORMULA_TRIGGERS);
const HARMLESS_SIGNED = /^[+-](?:\d[\d,]*(?:\.\d+)?|\.\d+)%?$|^[+-]$/;

/**
 * The Age cell: whole years at the as-of date. A member born after it has no age yet: the cell is
 * blank (never -1), and the review's check says so (checks.ts 'born-after-as-of').
 */
export function ageCell(m: Pick<Member, 'dateOfBirth' | 'age'>, asOf: string): number | null {
  const age = ageAt(m, asOf);
  return age !== null && age < 0 ? null : age;
}

/** True when a spreadsheet could take this text for a formula. */
export function couldBeFormula(text: string): boolean {
  if (text.length === 0 || !TRIGGERS.has(text[0])) return false;
  if ((text[0] === '-' || text[0] === '+') && HARMLESS_SIGNED.test(text)) return false;
  return true;
}

/** A text cell a spreadsheet would run as a formula gets a leading single quote; other values are kept. */
export function safeCell<T extends Out>(value: T): T | string {
  if (typeof value !== 'string') return value;
  return couldBeFormula(value) ? `'${value}` : value;
}

/** The Excel serial of a day (days since 1899-12-30, the 1900 date system). */
export function excelSerial(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / DAY_MS);
}

/** A day as text in a target's date format. */
export function formatDate(cell: DateCell, format: 'mm/dd/yyyy' | 'yyyy-mm-dd'): string {
  if (format === 'yyyy-mm-dd') return cell.iso;
  const [y, m, d] = cell.iso.split('-');
  return `${m}/${d}/${y}`;
}

export const isEmployee = (m: Member) => m.relationship === null || m.relationship === 'employee';
export const isDependent = (m: Member) => !isEmployee(m);

/**
 * The SSN cell of a template that requires it: the nine digits, without dashes, only when the case
 * opted in ('Keep full SSNs for carrier files': ssnFull is null in every other run). A dependent's own
 * number only: a subscriber's SSN repeated on the family's rows is not the dependent's.
 */
export function ssnCell(r: Row): string | null {
  const own = r.member.ssnFull;
  if (!own || isEmployee(r.member)) return own;
  return r.employee && r.employee.ssnFull === own ? null : own;
}

/** The employee's tier as words (the clean census and the generic carrier census). */
export const TIER_WORDS: Record<NonNullable<Member['coverageTier']>, string> = {
  EE: 'Employee Only',
  ES: 'Employee + Spouse',
  EC: 'Employee + Child(ren)',
  EF: 'Family',
  waived: 'Waived',
};
export const RELATIONSHIP_WORDS: Record<NonNullable<Member['relationship']>, string> = {
  employee: 'Employee',
  spouse: 'Spouse',
  domesticPartner: 'Domestic Partner',
  child: 'Child',
  other: 'Other Dependent',
};
export const STATUS_WORDS: Record<NonNullable<Member['status']>, string> = {
  active: 'Active',
  cobra: 'COBRA',
  leave: 'Leave of Absence',
  retired: 'Retired',
  terminated: 'Terminated',
  waived: 'Waived',
  deceased: 'Deceased',
};
export const GENDER_WORDS = { male: 'Male', female: 'Female', unknown: null } as const;
/** M or F (blank when not known). */
export const genderLetter = (m: Member): string | null => (m.gender === 'male' ? 'M' : m.gender === 'female' ? 'F' : null);
export const yesNo = (v: boolean | null, yes = 'Y', no = 'N'): string | null => (v === null ? null : v ? yes : no);
