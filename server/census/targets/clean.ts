/**
 * Our clean census: every canonical field under a human header, dates as date cells, one row per
 * member (each employee followed by their dependents), the imputed-value flags, the unmapped columns
 * of the files, where each member was read, a 'Changes' sheet of every change the engine made, and a
 * 'Not counted' sheet: every member left out of the lives, row removed and sheet not read, with why
 * (the report's 'Not counted' view shows the first of each reason; this sheet lists all).
 */
import { GENDER_WORDS, RELATIONSHIP_WORDS, STATUS_WORDS, TIER_WORDS, yesNo, ageCell } from './cells';
import { dateCell, type TableTarget } from './types';
import { meta } from './catalog';
import { NOT_COUNTED_REASONS } from '../../../shared/census/report';
import { notCountedEntries } from '../not-counted';
import { CHANGE_HEADERS, NOT_COUNTED_HEADERS } from '../export-logs';


export const clean: TableTarget = {
  ...meta('clean'),
  format: 'xlsx',
  members: 'all',
  dateFormat: 'mm/dd/yyyy',
  sheet: { name: 'Members' },
  appendExtras: true,
  columns: [
    { header: 'Employee ID', value: (r) => r.member.employeeId, text: true },
    { header: 'First Name', value: (r) => r.member.firstName },
    { header: 'Last Name', value: (r) => r.member.lastName },
    { header: 'Relationship', value: (r) => RELATIONSHIP_WORDS[r.member.relationship ?? 'employee'] },
    { header: 'Date of Birth', value: (r) => dateCell(r.member.dateOfBirth) },
    { header: 'Age', value: (r) => ageCell(r.member, r.asOf) },
    { header: 'Gender', value: (r) => GENDER_WORDS[r.member.gender ?? 'unknown'] },
    { header: 'ZIP Code', value: (r) => r.member.zip, text: true },
    { header: 'State', value: (r) => r.member.state },
    { header: 'Date of Hire', value: (r) => dateCell(r.member.hireDate) },
    { header: 'Annual Salary', value: (r) => r.member.annualSalary },
    { header: 'Monthly Salary', value: (r) => r.member.monthlySalary },
    { header: 'Hourly Rate', value: (r) => r.member.hourlyRate },
    { header: 'Hours per Week', value: (r) => r.member.hoursPerWeek },
    { header: 'Employment Status', value: (r) => (r.member.status ? STATUS_WORDS[r.member.status] : null) },
    { header: 'Coverage Tier', value: (r) => (r.member.coverageTier ? TIER_WORDS[r.member.coverageTier] : null) },
    { header: 'Job Title', value: (r) => r.member.jobTitle },
    { header: 'Tobacco User', value: (r) => yesNo(r.member.tobacco, 'Yes', 'No') },
    { header: 'SSN (last 4)', value: (r) => r.member.ssnLast4, text: true },
    { header: 'Gender Estimated', value: (r) => (r.member.imputed.gender ? 'Yes' : null) },
    { header: 'Birth Date Estimated', value: (r) => (r.member.imputed.dateOfBirth ? 'Yes' : null) },
    { header: 'Salary Estimated', value: (r) => (r.member.imputed.annualSalary ? 'Yes' : null) },
  ],
  moreSheets: (input) => [
    {
      name: 'Changes',
      rows: [[...CHANGE_HEADERS], ...input.changes.map((c) => [c.file, c.sheet, c.row, c.field, c.from, c.to, c.why])],
    },
    {
      name: 'Not counted',
      rows: [
        [...NOT_COUNTED_HEADERS],
        ...notCountedEntries(input).map((e) => [e.file, e.sheet, e.row, e.column ?? null, e.who, NOT_COUNTED_REASONS[e.reason], e.detail, e.reason]),
      ],
    },
  ],
  requires: [
    { field: 'dateOfBirthOrAge', of: 'members', blocking: false, why: 'ages and age bands need one' },
    { field: 'gender', of: 'members', blocking: false, why: 'carriers rate by gender' },
    { field: 'zip', of: 'employees', blocking: false, why: 'carriers rate by ZIP' },
  ],
};
