/**
 * A generic carrier quoting census: the columns carriers commonly ask for to quote medical, dental,
 * vision, life and disability (the requirement notes of the Principal, AXA and quoting-platform
 * templates in the real fixtures, taken together): who each member is and how they relate to the
 * employee, birth date, gender, ZIP and state (medical, dental and vision rate by age, gender and
 * area), the coverage tier (the tier composite rates), hire date, hours, status, salary and job
 * title (life and disability volumes and eligibility), tobacco (tobacco-rated products). One row per
 * member, each employee followed by their dependents, relationship codes EE/SP/DP/CH/OT.
 */
import { STATUS_WORDS, genderLetter, yesNo, ageCell } from './cells';
import { dateCell, type TableTarget } from './types';
import { meta } from './catalog';

const REL_CODES = { employee: 'EE', spouse: 'SP', domesticPartner: 'DP', child: 'CH', other: 'OT' } as const;
const TIER_CODES = { EE: 'EE', ES: 'ES', EC: 'EC', EF: 'EF', waived: 'W' } as const;

export const genericCarrier: TableTarget = {
  ...meta('generic-carrier'),
  format: 'xlsx',
  members: 'all',
  dateFormat: 'mm/dd/yyyy',
  sheet: { name: 'Census' },
  columns: [
    { header: 'Employee ID', value: (r) => r.employee?.employeeId ?? r.member.employeeId, text: true },
    { header: 'Last Name', value: (r) => r.member.lastName },
    { header: 'First Name', value: (r) => r.member.firstName },
    { header: 'Relationship (EE, SP, DP, CH, OT)', value: (r) => REL_CODES[r.member.relationship ?? 'employee'] },
    { header: 'Date of Birth', value: (r) => dateCell(r.member.dateOfBirth) },
    { header: 'Age', value: (r) => ageCell(r.member, r.asOf) },
    { header: 'Gender (M or F)', value: (r) => genderLetter(r.member) },
    { header: 'Home ZIP Code', value: (r) => r.member.zip ?? r.employee?.zip ?? null, text: true },
    { header: 'State', value: (r) => r.member.state ?? r.employee?.state ?? null },
    { header: 'Coverage Tier (EE, ES, EC, EF, W)', value: (r) => (r.member.coverageTier ? TIER_CODES[r.member.coverageTier] : null) },
    { header: 'Employment Status', value: (r) => (r.member.status ? STATUS_WORDS[r.member.status] : null) },
    { header: 'Date of Hire', value: (r) => dateCell(r.member.hireDate) },
    { header: 'Hours per Week', value: (r) => r.member.hoursPerWeek },
    { header: 'Annual Salary', value: (r) => r.member.annualSalary },
    { header: 'Job Title', value: (r) => r.member.jobTitle },
    { header: 'Tobacco (Y or N)', value: (r) => yesNo(r.member.tobacco) },
  ],
  requires: [
    { field: 'dateOfBirthOrAge', of: 'members', blocking: true, why: 'every line is rated by age', lines: ['medical', 'dental', 'vision', 'life', 'disability'] },
    { field: 'gender', of: 'members', blocking: true, why: 'the carrier rates by gender', lines: ['medical', 'life', 'disability'] },
    { field: 'zip', of: 'employees', blocking: true, why: 'the carrier rates by ZIP', lines: ['medical', 'dental', 'vision'] },
    { field: 'coverageTier', of: 'employees', blocking: true, why: 'tier rates need each employee\'s election', lines: ['medical', 'dental', 'vision'] },
    { field: 'annualSalary', of: 'employees', blocking: false, why: 'life and disability benefits are a multiple of pay', lines: ['life', 'disability'] },
    { field: 'hireDate', of: 'employees', blocking: false, why: 'the carrier checks the waiting period', lines: ['life', 'disability'] },
    { field: 'relationship', of: 'members', blocking: false, why: 'most carriers cover only spouses, partners and children' },
  ],
};
