/**
 * Principal's 'other census' quoting template, reproduced exactly from the real fixture
 * ../shared/fixtures/census-real/files/principal-other-census.xls (iso13/cucumber-typescript,
 * testData/principal/census/OtherCensusFile.xls): sheet 'Census', a requirement-notes row (with its
 * coverage-status legend), then the 25 headers. Dependents are rows of their own under their
 * employee, with the legend's codes: CS (covered spouse), WS (waived spouse), CD (covered dependent
 * child), WD (waived dependent); an employee's code is the tier (EE, ES, EC1, EC2, EF), WE when waived.
 * Medical carries the codes; dental and vision elections are not in a census we read, so those
 * columns carry only the dependents' codes (who they are), and readiness says the elections are missing.
 */
import { STATUS_WORDS, genderLetter, isEmployee, yesNo, ageCell } from './cells';
import { dateCell, type Row, type TableTarget } from './types';
import { meta } from './catalog';

const LEGEND =
  'Required Status References:\nEE = Employee Only\nES = Employee + Spouse\nEC1 = Employee + 1 Child\nEC2 = Employee + 2 Children (or more)\nEF = Employee + Spouse + Child(ren)\nWE = Waiving Employee\nNE = Non-Group Eligible (ie. Part-Timer)';

/** The notes row above the headers, cell for cell as in the template. */
const NOTES = [
  'Not Required but Recommended', null, 'Date of Birth - OR - Age is required for quoting all products', null,
  'Required for quoting dental, vision, life', 'Required for quoting Medical', LEGEND, LEGEND, LEGEND,
  'Required for Life, STD, LTD', 'Required for Life, STD, LTD Mode Options:\nAnnual\nMonthly\nSemi-Monthly\nBi-Weekly\nWeekly\nHourly',
  'Required for Life, STD, LTD if Salary Mode is Hourly', 'Optional',
  'Required for Certain SICs for STD & LTD (6712, 7361, 7363, 7389, 9111, 9999)', 'Required for Certain SICs for LTD (8011, 8111)',
  'Required if multiple Classes', 'Required if multiple Classes', 'Required for Life',
  'Required for Supp. Or Vol Life if Smoker/Non-Smoker Rates Requested', 'Required for LTD Admin',
  'Current Volumes Required', 'Current Volumes Required', 'Current Volumes Required', 'Current Volumes Required', 'Current Volumes Required',
];

const STATUS_CODES = '\n(EE, ES, EC1, EC2, EF, WE, NE, CS, WS, NS, CD, WD, ND)';

/** The legend code of a row: the employee's tier, or the dependent's covered/waived code. */
function coverageCode(r: Row): string | null {
  const m = r.member;
  const waived = r.employee?.coverageTier === 'waived';
  if (!isEmployee(m)) {
    if (m.relationship === 'spouse' || m.relationship === 'domesticPartner') return waived ? 'WS' : 'CS';
    return waived ? 'WD' : 'CD';
  }
  switch (m.coverageTier) {
    case 'EE': return 'EE';
    case 'ES': return 'ES';
    case 'EF': return 'EF';
    case 'waived': return 'WE';
    case 'EC': return r.family.filter((d) => d.relationship === 'child').length >= 2 ? 'EC2' : 'EC1';
    default: return null;
  }
}
const dependentCode = (r: Row) => (isEmployee(r.member) ? null : coverageCode(r));
const blank = () => null;

export const principalOther: TableTarget = {
  ...meta('principal-other'),
  format: 'xlsx',
  members: 'all',
  dateFormat: 'mm/dd/yyyy',
  sheet: { name: 'Census', topRows: [NOTES] },
  columns: [
    { header: 'First Name', value: (r) => r.member.firstName },
    { header: 'Last Name', value: (r) => r.member.lastName },
    { header: 'Date of Birth', value: (r) => dateCell(r.member.dateOfBirth) },
    { header: 'Age', value: (r) => ageCell(r.member, r.asOf) },
    { header: 'Gender\n(M or F)', value: (r) => genderLetter(r.member) },
    { header: 'Employee Zip', value: (r) => r.employee?.zip ?? r.member.zip, text: true },
    { header: `Medical Coverage Status${STATUS_CODES}`, value: coverageCode },
    { header: `Dental Coverage Status${STATUS_CODES}`, value: dependentCode },
    { header: `Vision Coverage Status${STATUS_CODES}`, value: dependentCode },
    { header: 'Salary', value: (r) => (isEmployee(r.member) ? r.member.annualSalary : null) },
    { header: 'Salary Mode', value: (r) => (isEmployee(r.member) && r.member.annualSalary !== null ? 'Annual' : null) },
    { header: 'Employment Status', value: (r) => (r.member.status ? STATUS_WORDS[r.member.status] : null) },
    { header: 'Job Title', value: (r) => r.member.jobTitle },
    { header: 'Occupation', value: blank },
    { header: 'Occupation Specialty', value: blank },
    { header: 'Class Number', value: blank },
    { header: 'Class Name', value: blank },
    { header: 'Retiree\n(Y or N)', value: (r) => (isEmployee(r.member) ? yesNo(r.member.status === 'retired') : null) },
    { header: 'Smoker\n(Y or N)', value: (r) => yesNo(r.member.tobacco) },
    { header: 'Date of Hire', value: (r) => dateCell(r.member.hireDate) },
    { header: 'EE Supp. Or Vol. Life\nBenefit Volume ', value: blank },
    { header: 'Spouse Supp. Or Vol. Life\nBenefit Volume ', value: blank },
    { header: 'Child Supp. Or Vol. Life\nVolume Election ', value: blank },
    { header: 'STD Voluntary\nVolume', value: blank },
    { header: 'LTD Voluntary\nVolume', value: blank },
  ],
  requires: [
    { field: 'name', of: 'members', blocking: false, why: 'Principal recommends names, and this template has no id column to tell members apart' },
    { field: 'dateOfBirthOrAge', of: 'members', blocking: true, why: 'Principal needs a birth date or an age to quote any product' },
    { field: 'zip', of: 'employees', blocking: true, why: 'Principal rates medical by the employee\'s ZIP', lines: ['medical'] },
    { field: 'gender', of: 'members', blocking: true, why: 'Principal needs it to quote dental, vision and life', lines: ['dental', 'vision', 'life'] },
    { field: 'coverageTier', of: 'employees', blocking: true, why: 'the coverage status column needs each employee\'s code', lines: ['medical', 'dental', 'vision'] },
    { field: 'annualSalary', of: 'employees', blocking: false, why: 'Principal needs it for life, STD and LTD', lines: ['life', 'disability'] },
  ],
};
