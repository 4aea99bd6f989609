/**
 * The canonical fields in one table (CENSUS.md "Canonical fields"): the words the report and the
 * messages use for each, the group it belongs to, and the kind of value it holds. Every stage reads
 * it from here (map's reasons, normalise's messages, the engine's checks, the report's review).
 */
import type { CanonicalField } from './types';

export type FieldGroup = 'identity' | 'person' | 'household' | 'address' | 'work' | 'pay' | 'coverage' | 'dependents';
export type ValueKind = 'id' | 'name' | 'code' | 'date' | 'number' | 'money' | 'text' | 'zip' | 'state' | 'flag';

export interface FieldInfo {
  /** Plain words for messages and reasons ("birth date"). */
  label: string;
  group: FieldGroup;
  kind: ValueKind;
  /** A wrong column of this field changes the head count (review: CensusReview). */
  decidesHeadCount: boolean;
}

export const FIELDS: Record<CanonicalField, FieldInfo> = {
  employeeId: { label: 'employee id', group: 'identity', kind: 'id', decidesHeadCount: true },
  firstName: { label: 'first name', group: 'identity', kind: 'name', decidesHeadCount: true },
  lastName: { label: 'last name', group: 'identity', kind: 'name', decidesHeadCount: true },
  fullName: { label: 'full name', group: 'identity', kind: 'name', decidesHeadCount: true },
  ssn: { label: 'SSN', group: 'identity', kind: 'id', decidesHeadCount: true },
  relationship: { label: 'relationship', group: 'household', kind: 'code', decidesHeadCount: true },
  dateOfBirth: { label: 'birth date', group: 'person', kind: 'date', decidesHeadCount: true },
  age: { label: 'age', group: 'person', kind: 'number', decidesHeadCount: false },
  gender: { label: 'gender', group: 'person', kind: 'code', decidesHeadCount: false },
  tobacco: { label: 'tobacco', group: 'person', kind: 'flag', decidesHeadCount: false },
  zip: { label: 'ZIP code', group: 'address', kind: 'zip', decidesHeadCount: false },
  state: { label: 'state', group: 'address', kind: 'state', decidesHeadCount: false },
  hireDate: { label: 'hire date', group: 'work', kind: 'date', decidesHeadCount: false },
  status: { label: 'status', group: 'work', kind: 'code', decidesHeadCount: true },
  jobTitle: { label: 'job title', group: 'work', kind: 'text', decidesHeadCount: false },
  annualSalary: { label: 'annual salary', group: 'pay', kind: 'money', decidesHeadCount: false },
  monthlySalary: { label: 'monthly salary', group: 'pay', kind: 'money', decidesHeadCount: false },
  hourlyRate: { label: 'hourly rate', group: 'pay', kind: 'money', decidesHeadCount: false },
  hoursPerWeek: { label: 'weekly hours', group: 'pay', kind: 'number', decidesHeadCount: false },
  coverageTier: { label: 'coverage tier', group: 'coverage', kind: 'code', decidesHeadCount: false },
  spouseDateOfBirth: { label: 'spouse birth date', group: 'dependents', kind: 'date', decidesHeadCount: true },
  childDateOfBirth: { label: 'child birth date', group: 'dependents', kind: 'date', decidesHeadCount: true },
};

/** The field's plain words; a name that is not a canonical field comes back as it is. */
export function fieldLabel(field: string): string {
  return (FIELDS as Record<string, FieldInfo | undefined>)[field]?.label ?? field;
}

/** Amount fields: each is turned into an annual salary. */
export const SALARY_FIELDS: readonly CanonicalField[] = ['annualSalary', 'monthlySalary', 'hourlyRate'];
/** Fields that name or date a person: a census table has at least one. */
export const PERSON_FIELDS: ReadonlySet<CanonicalField> = new Set<CanonicalField>([
  'firstName', 'lastName', 'fullName', 'dateOfBirth', 'age', 'employeeId', 'spouseDateOfBirth', 'childDateOfBirth', 'ssn',
]);
