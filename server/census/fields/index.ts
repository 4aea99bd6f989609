/**
 * The canonical fields' registry (CENSUS.md "Canonical fields"): one FieldSpec per field, each in its
 * own file here. Every stage reads what it knows of a field from here (map's reasons, normalise's
 * readers and messages, the engine's checks, the report's review). The public list of field ids stays
 * in shared/census/report.ts (CANONICAL_FIELDS); this registry must name each of them once.
 */
import type { CanonicalField, ColumnMapping } from '../types';
import { age } from './age';
import { annualSalary } from './annual-salary';
import { childDateOfBirth } from './child-date-of-birth';
import { coverageTier } from './coverage-tier';
import { dateOfBirth } from './date-of-birth';
import { employeeId } from './employee-id';
import { firstName } from './first-name';
import { fullName } from './full-name';
import { gender } from './gender';
import { hireDate } from './hire-date';
import { hourlyRate } from './hourly-rate';
import { hoursPerWeek } from './hours-per-week';
import { jobTitle } from './job-title';
import { lastName } from './last-name';
import { monthlySalary } from './monthly-salary';
import { relationship } from './relationship';
import type { FieldSpec } from './spec';
import { spouseDateOfBirth } from './spouse-date-of-birth';
import { ssn } from './ssn';
import { state } from './state';
import { status } from './status';
import { tobacco } from './tobacco';
import { zip } from './zip';

export type { FieldGroup, FieldSpec, ReadCell, ReadContext, Slot, StoreValue, ValueKind } from './spec';
/** What fields.ts called a field's info: its spec. */
export type FieldInfo = FieldSpec;

export const FIELDS: Record<CanonicalField, FieldSpec> = {
  employeeId, firstName, lastName, fullName, ssn, relationship, dateOfBirth, age, gender, tobacco, zip, state,
  hireDate, status, jobTitle, annualSalary, monthlySalary, hourlyRate, hoursPerWeek, coverageTier,
  spouseDateOfBirth, childDateOfBirth,
};

const SPECS: readonly FieldSpec[] = Object.values(FIELDS);

/** The spec of a canonical field. */
export function fieldSpec(field: CanonicalField): FieldSpec {
  return FIELDS[field];
}

/** The field's plain words; a name that is not a canonical field comes back as it is. */
export function fieldLabel(field: string): string {
  return (FIELDS as Record<string, FieldSpec | undefined>)[field]?.label ?? field;
}

/** The fields whose spec says so, in the registry's order. */
export function fieldsWhere(test: (spec: FieldSpec) => boolean): ReadonlySet<CanonicalField> {
  return new Set<CanonicalField>(SPECS.filter(test).map((s) => s.id));
}

/** Amount fields: each is turned into an annual salary. */
export const SALARY_FIELDS: readonly CanonicalField[] = [...fieldsWhere((s) => s.payPeriod !== undefined)];
/** Fields that name or date a person: a census table has at least one. */
export const PERSON_FIELDS: ReadonlySet<CanonicalField> = fieldsWhere((s) => s.namesPerson);
/** A wide layout's dependents' birth dates (spouse, child): each makes a dependent of the row's employee. */
export const WIDE_DEPENDENT_FIELDS: ReadonlySet<CanonicalField> = fieldsWhere((s) => s.slot === 'dependentBirthDate');

/** What a field is to the rules that weigh several columns together, by its spec (null, or a name that is no canonical field: false). */
type FieldTest = (field: string | null | undefined) => boolean;
const having = (test: (spec: FieldSpec) => boolean): FieldTest => (field) => {
  const spec = field == null ? undefined : (FIELDS as Record<string, FieldSpec | undefined>)[field];
  return spec !== undefined && test(spec);
};
/** The member's own birth date. */
export const isOwnBirthDate = having((s) => s.birthDateOf === 'member');
/** The day the employment began. */
export const startsEmployment = having((s) => s.startsEmployment === true);
/** The id that links a household's rows. */
export const linksHousehold = having((s) => s.linksHousehold === true);
/** Says who is whose: the relationship. */
export const tellsRelationship = having((s) => s.stakes === 'relationships');
/** Says who is counted: the status. */
export const decidesLives = having((s) => s.stakes === 'lives');
/** A year's pay. */
export const isYearlyPay = having((s) => s.payPeriod === 'yearly');
/** A column that may also mark dependents' rows (a coverage tier). */
export const mayMarkDependents = having((s) => s.mayMarkDependents === true);
/** A part of a person's name. */
export const isNamePart = having((s) => s.kind === 'name');
/** A field whose full value a case may keep for the targets that need it (the SSN). */
export const keepsFullValue = having((s) => s.keepFull !== undefined);

/** Whether a column of the field says who is a dependent: a relationship, or a wide layout's dependent birth date. */
export function saysWhoIsDependent(field: CanonicalField): boolean {
  const spec = FIELDS[field];
  return spec.stakes === 'relationships' || spec.slot === 'dependentBirthDate';
}

/** Whether one of these columns says who left (a status, or an exit date): the lives do not rest on every row counting. */
export function saysWhoLeft(columns: readonly Pick<ColumnMapping, 'field' | 'role'>[]): boolean {
  return columns.some((c) => (c.field !== null && FIELDS[c.field].stakes === 'lives') || c.role === 'exitDate');
}

/** Whether a field fills one column of a table at most (a child's birth date may fill several). */
export function oneColumnOnly(field: CanonicalField): boolean {
  return FIELDS[field].manyColumns !== true;
}
