/**
 * Census values in plain words, for every element that shows them: a relationship's or status's
 * canonical value (shared/census/report.ts RELATIONSHIPS, MEMBER_STATUSES) as a person reads it.
 */
/** The reading panel's code choices and the member table's cells. */
export const VALUE_WORDS: Record<string, string> = {
  employee: 'Employee',
  spouse: 'Spouse',
  domesticPartner: 'Domestic partner',
  child: 'Child',
  other: 'Other dependent',
  active: 'Active',
  cobra: 'COBRA',
  leave: 'On leave',
  retired: 'Retired',
  terminated: 'Terminated',
  waived: 'Waived',
  deceased: 'Deceased',
};
