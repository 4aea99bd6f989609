/**
 * The employee census layout of the ideacrew 'enroll' exchanges (DC Health Link, MA Health
 * Connector): a title row, a machine header row (snake_case), a human header row, then one row per
 * member with a family id that ties dependents to their employee. dchl.ts and mahc.ts give the
 * exact title and header texts of each; this module gives the values, which are the same.
 */
import { isEmployee, ssnCell } from './cells';
import { dateCell, type Out, type Requirement, type Row, type TargetColumn } from './types';

/** What each machine header holds (the template's legend: 'Relationship (EE, Spouse, Domestic Partner, or Child)'). */
const VALUES: Record<string, (r: Row) => Out> = {
  // The engine reads this column as the employee id: a family keeps its employee's id, or its number.
  employer_assigned_family_id: (r) => r.employee?.employeeId ?? r.member.employeeId ?? r.familyNumber,
  employee_relationship: (r) => {
    const rel = r.member.relationship ?? 'employee';
    return { employee: 'Employee', spouse: 'Spouse', domesticPartner: 'Domestic Partner', child: 'Child', other: null }[rel];
  },
  last_name: (r) => r.member.lastName,
  first_name: (r) => r.member.firstName,
  // Blank unless the case opted in to full SSNs (then the nine digits, as the header asks: no dashes).
  ssn: ssnCell,
  dob: (r) => dateCell(r.member.dateOfBirth),
  gender: (r) => (r.member.gender === 'male' || r.member.gender === 'female' ? r.member.gender : null),
  hire_date: (r) => (isEmployee(r.member) ? dateCell(r.member.hireDate) : null),
  state: (r) => r.member.state ?? r.employee?.state ?? null,
  zip: (r) => r.member.zip ?? r.employee?.zip ?? null,
};
const TEXT = new Set(['zip', 'employer_assigned_family_id']);

/** The columns of the layout: machine header -> human header (exact), values by machine header. */
export function rosterColumns(headers: readonly (readonly [machine: string, human: string])[]): TargetColumn[] {
  return headers.map(([machine, human]) => ({ header: human, value: VALUES[machine] ?? (() => null), text: TEXT.has(machine) }));
}

export function rosterRequirements(exchange: string): Requirement[] {
  return [
    { field: 'ssn', of: 'employees', blocking: true, why: `${exchange} requires each employee's SSN or TIN; the employer must fill in that column` },
    { field: 'dateOfBirth', of: 'members', blocking: true, why: `${exchange} requires a birth date (MM/DD/YYYY) for every member` },
    { field: 'hireDate', of: 'employees', blocking: true, why: `${exchange} requires each employee's date of hire` },
    { field: 'gender', of: 'members', blocking: true, why: `${exchange} requires a gender for every member` },
    { field: 'relationship', of: 'members', blocking: true, why: `${exchange} takes only Employee, Spouse, Domestic Partner or Child` },
    { field: 'firstName', of: 'members', blocking: true, why: `${exchange} requires a first name for every member` },
    { field: 'lastName', of: 'members', blocking: true, why: `${exchange} requires a last name for every member` },
    { field: 'zip', of: 'employees', blocking: false, why: 'the address is optional, but plans are offered by ZIP' },
  ];
}
