/**
 * Salesforce Insurance (Industries) group census members, as JSON: the request body of 'Insurance
 * Group Census Members (POST)' (/connect/insurance/census-management/group-censuses/{groupCensusId}/
 * group-census-members), whose members are ConnectApi.GroupCensusMemberInputRepresentation records
 * (Salesforce Insurance Developer Guide, API version 65.0). Field names are the documented ones:
 * firstName (required to add a member), lastname, name, birthdate (YYYY-MM-DD), gender, postalCode,
 * annualEligibleSalary, joinDate, sourceSystemIdentifier, primaryMemberSource and
 * relationshipToPrimaryMember. As the addMembers service documents, when the list holds primary
 * members and dependents every member has a unique sourceSystemIdentifier and every dependent names
 * its primary's in primaryMemberSource ('1.primary' is the documented example). One record per member.
 */
import { isEmployee } from './cells';
import type { JsonTarget, Row } from './types';
import { meta } from './catalog';

const RELATIONSHIP = { employee: 'Self', spouse: 'Spouse', domesticPartner: 'Domestic Partner', child: 'Child', other: 'Other' } as const;

function record(r: Row, index: number) {
  const m = r.member;
  const primary = `${r.familyNumber}.primary`;
  const employee = isEmployee(m);
  const name = [m.firstName, m.lastName].filter(Boolean).join(' ');
  return {
    sourceSystemIdentifier: employee ? primary : `${r.familyNumber}.dependent${index}`,
    primaryMemberSource: employee || r.employee === null ? null : primary,
    relationshipToPrimaryMember: RELATIONSHIP[m.relationship ?? 'employee'],
    firstName: m.firstName,
    lastname: m.lastName,
    name: name || null,
    birthdate: m.dateOfBirth,
    gender: m.gender === 'male' ? 'Male' : m.gender === 'female' ? 'Female' : null,
    postalCode: m.zip ?? r.employee?.zip ?? null,
    annualEligibleSalary: employee ? m.annualSalary : null,
    joinDate: employee ? m.hireDate : null,
  };
}

export const salesforceGroupCensus: JsonTarget = {
  ...meta('salesforce-group-census'),
  format: 'json',
  // No status field: the members it holds are the lives, as the report counts them.
  members: 'lives',
  document: (rows) => {
    let dependent = 0;
    let family = 0;
    return {
      members: rows.map((r) => {
        if (r.familyNumber !== family) {
          family = r.familyNumber;
          dependent = 0;
        }
        return record(r, isEmployee(r.member) ? 0 : ++dependent);
      }),
    };
  },
  requires: [
    { field: 'firstName', of: 'members', blocking: true, why: 'Salesforce requires a first name to add a member' },
    { field: 'dateOfBirth', of: 'members', blocking: false, why: 'the quote is rated by age' },
    { field: 'gender', of: 'members', blocking: false, why: 'the quote may be rated by gender' },
    { field: 'zip', of: 'employees', blocking: false, why: 'plans are rated by ZIP' },
  ],
};
