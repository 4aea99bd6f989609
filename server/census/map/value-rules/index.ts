/**
 * The value rules (issue 26: what a column holds decides, words only help). Each rule names one field
 * from a column's values when no words of any pack name it, language-independent; each is one file of
 * this folder, and VALUE_RULES below is their list, in the order they run (after the words and the
 * table-wide rules of map/table-rules.ts). A rule's `evidence` says what real files it was written on.
 * Adding one: a file exporting its run function (ValueContext in, the columns it names changed in
 * place, weak so the review asks), a line in VALUE_RULES, and its test in value-first.test.ts.
 */
import type { Cell, ColumnMapping } from '../../types';
import { statusByExitDates } from './status-by-exit-dates';
import { hireDateByAges } from './hire-date-by-ages';
import type { OpenColumn, ValueContext, ValueRule } from './context';
import { ageFromBirthDates } from './age-from-birth-dates';
import { ageFromValues } from './age-from-values';
import { firstNameFromValues } from './first-name-from-values';
import { genderFromFirstNames } from './gender-from-first-names';
import { genderFromTwoWords } from './gender-from-two-words';
import { householdKeyOverMemberId } from './household-key-over-member-id';
import { idFromValues } from './id-from-values';
import { jobTitleFromWords } from './job-title-from-words';
import { lastNameBesideFirstNames } from './last-name-beside-first-names';
import { relationshipFromHouseholds } from './relationship-from-households';
import { ssnFromNineDigits } from './ssn-from-nine-digits';
import { statusReadInPart } from './status-read-in-part';
import { zipByTheStates } from './zip-by-the-states';

/** The value-first rules, in the order they run (after the words and the table-wide rules of index.ts). */
export const VALUE_RULES: readonly ValueRule[] = [
  { name: 'first names by the name table', names: 'firstName', run: firstNameFromValues, evidence: "'Nombre', 'Prenome', 'Nome' of 'Amy', 'Thomas', 'Mary' under the English pack alone, no other column naming the members" },
  { name: 'gender from the first names', names: 'gender', whenMapped: true, run: genderFromFirstNames, evidence: "'Maschile' / 'Femminile', 'Männlich' / 'Weiblich' under headers no pack reads, their rows' first names telling the sexes" },
  { name: 'last name beside the first names', names: 'lastName', run: lastNameBesideFirstNames, evidence: "'Cognome', 'Nachname' beside 'Nome', 'Vorname'; an Italian 'Nome' of single first names read as a full name" },
  { name: 'the household key over a member id', names: 'employeeId', whenMapped: true, run: householdKeyOverMemberId, evidence: "'member_id', 'member_no' of one id per row beside 'Matricule', 'Numéro de Salarié' repeated on each family's rows (eligibility extracts)" },
  { name: 'id by its values', names: 'employeeId', run: idFromValues, evidence: "'Matricola', 'Personalnummer' of E0001 ... one per person or household" },
  { name: 'relationship by the households', names: 'relationship', whenMapped: true, run: relationshipFromHouseholds, evidence: "'Mitarbeiter' / 'Ehepartner' / 'Kind' and 'Dipendente' / 'Coniuge' / 'Figlio' in member lists, each family's rows repeating its id and last name" },
  { name: 'gender from two unknown words', names: 'gender', run: genderFromTwoWords, evidence: 'two words in about equal numbers, no code any reader knows, where no first names judge' },
  { name: 'age by the birth dates', names: 'age', run: ageFromBirthDates, evidence: "'Età', 'Alter': whole numbers that are each row's years since its birth date" },
  { name: 'age from its values', names: 'age', run: ageFromValues, evidence: "'Edad', 'Idade', 'Età' in censuses of ages only (principal-1500-age-only, quanta-acme-life-ltd written in other languages)" },
  { name: 'hire date by the ages', names: 'hireDate', run: hireDateByAges, evidence: "'Fecha de Ingreso' of 1994-09-15, 2017-11-04 beside 'Edad' (ages, no birth date): dates at a working age by each row's age" },
  { name: 'status by the exit dates', names: 'status', run: statusByExitDates, evidence: "'Posizione' of 'In servizio' / 'Cessato', 'Situação' of 'true' / 'false' beside 'Term Date': the words split the rows as the exit dates do" },
  { name: 'status read in part', names: 'status', run: statusReadInPart, evidence: "'Beschäftigungsstatus' of 'Aktiv' (most rows), 'Ausgeschieden', 'Rentner'; 'Situação' of 'Ativo', 'Desligado' under the English pack alone" },
  { name: 'job title by its words', names: 'jobTitle', run: jobTitleFromWords, evidence: "'Puesto', 'Qualifica', 'Berufsbezeichnung' of 'Production Technician I', 'Area Sales Manager' under headers no pack reads" },
  { name: 'ZIP codes by the states', names: 'zip', whenMapped: true, run: zipByTheStates, evidence: "'Jahresgehalt' of 62506 read as ZIP codes beside 'Bundesstaat'; 'Postleitzahl', 'CAP' of 2148 in MA" },
  { name: 'SSN from nine digits', names: 'ssn', run: ssnFromNineDigits, evidence: "'Codice Fiscale', 'Sozialversicherungsnummer' of 123-45-6789 in no order; made-up 123456789, 234567890 ... rising far apart" },
];

/** Runs the value rules over a table's columns: a rule whose field a column already has is skipped (unless whenMapped). */
export function runValueRules(columns: ColumnMapping[], rows: readonly (readonly Cell[])[], asOf: string, open: OpenColumn): void {
  const ctx: ValueContext = { columns, rows, asOf, open, column: (field) => columns.find((c) => c.field === field) };
  for (const rule of VALUE_RULES) {
    if (!rule.whenMapped && ctx.column(rule.names)) continue;
    rule.run(ctx);
  }
}
