/**
 * A benefits-administration system's employee census import, reproduced exactly from the real
 * fixture ../shared/fixtures/census-real/files/launchpad-census-template.csv
 * (isabellaprada-byte/launchpad-ai-isabella, frontend/public/census-template.csv): a CSV of 17
 * columns, SSN first, dates MM/DD/YYYY, gender M/F, one row per employee. Without a relationship or a
 * status column it lists the employees who are lives; readiness says how many dependents and
 * former employees are left out. No BOM: an importer that matches 'SSN' exactly gets 'SSN'.
 */
import { genderLetter, ssnCell } from './cells';
import { meta } from './catalog';
import { dateCell, type TableTarget } from './types';

const blank = () => null;

export const launchpadCensus: TableTarget = {
  ...meta('launchpad-census'),
  format: 'csv',
  members: 'employeeLives',
  dateFormat: 'mm/dd/yyyy',
  bom: false,
  sheet: { name: 'census-template' },
  columns: [
    // Blank unless the case opted in to full SSNs for carrier files; then readiness no longer asks for it.
    { header: 'SSN', value: ssnCell },
    { header: 'First Name', value: (r) => r.member.firstName },
    { header: 'Last Name', value: (r) => r.member.lastName },
    { header: 'Address', value: blank },
    { header: 'City', value: blank },
    { header: 'State', value: (r) => r.member.state },
    { header: 'ZIP', value: (r) => r.member.zip, text: true },
    { header: 'Date of Birth', value: (r) => dateCell(r.member.dateOfBirth) },
    { header: 'Date of Hire', value: (r) => dateCell(r.member.hireDate) },
    { header: 'Email', value: blank },
    { header: 'Phone Number', value: blank },
    { header: 'Middle Initial', value: blank },
    { header: 'Gender', value: (r) => genderLetter(r.member) },
    { header: 'Address 2', value: blank },
    { header: 'Termination Date', value: blank },
    { header: 'Rehire Date', value: blank },
    { header: 'Division', value: blank },
  ],
  requires: [
    { field: 'ssn', of: 'employees', blocking: true, why: 'the census import keys each employee by SSN; the employer must fill in that column' },
    { field: 'firstName', of: 'employees', blocking: true, why: 'the import requires a name' },
    { field: 'lastName', of: 'employees', blocking: true, why: 'the import requires a name' },
    { field: 'dateOfBirth', of: 'employees', blocking: true, why: 'the import requires a birth date' },
    { field: 'hireDate', of: 'employees', blocking: false, why: 'eligibility waiting periods start at hire' },
    { field: 'zip', of: 'employees', blocking: false, why: 'plans are offered by ZIP' },
    { field: 'gender', of: 'employees', blocking: false, why: 'some carriers rate by gender' },
  ],
};
