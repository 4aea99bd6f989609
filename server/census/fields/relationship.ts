/**
 * relationship: employee, spouse, domesticPartner, child, other (EE/E/Self/Subscriber/EMP,
 * SP/S/Wife/Husband/SPS, CH/C/D/Dependent/Son/Daughter/DEP, DP ...) (CENSUS.md). A column may be
 * read the map stage's way: 1-based digit codes, a subscriber flag, or subscriber letters.
 */
import { PLACEHOLDERS } from '../normalise/placeholders';
import { parseOneBasedRelationship, parseRelationship, parseSubscriberFlag, parseSubscriberLetter } from '../values/codes';
import type { ColumnMapping } from '../types';
import { fromText } from './readers';
import { CODE_VALUES } from '../../../shared/census/report';
import { defineField, plainCodes, type ReadCell } from './spec';

const BY_CODES: Partial<Record<NonNullable<ColumnMapping['codes']>, ReadCell>> = {
  oneBased: fromText(parseOneBasedRelationship),
  flag: fromText(parseSubscriberFlag),
  subscriberLetters: fromText(parseSubscriberLetter),
};

export const relationship = defineField({
  id: 'relationship', label: 'relationship', group: 'household', kind: 'code',
  readingCodes: plainCodes(CODE_VALUES.relationship),
  // A relationship read wrong counts dependents as employees, or employees as dependents.
  stakes: 'relationships',
  namedByValuesWithoutHeaders: true, needsHeader: true, decidesHeadCount: true,
  placeholders: PLACEHOLDERS,
  read: fromText(parseRelationship),
  readColumn: (col) => (col.codes ? BY_CODES[col.codes] ?? null : null),
  checkReading: (col) => (col.codes === 'oneBased'
    ? `Column '${col.header}' holds number codes the file does not explain: we read 1 as the employee, 2 a spouse, 3 a child, 4 a partner, 5 other. Check what its codes mean.`
    : null),
  slot: (o, v) => {
    o.relationship = v as typeof o.relationship;
    o.relationshipGiven = true;
  },
});
