/**
 * relationship: employee, spouse, domesticPartner, child, other (EE/E/Self/Subscriber/EMP,
 * SP/S/Wife/Husband/SPS, CH/C/D/Dependent/Son/Daughter/DEP, DP ...) (CENSUS.md). A column may be
 * read the map stage's way: 1-based digit codes, a subscriber flag, or subscriber letters.
 */
import { PLACEHOLDERS } from '../normalise/placeholders';
import { parseOneBasedRelationship, parseRelationship, parseSubscriberFlag, parseSubscriberLetter } from '../values/codes';
import type { ColumnMapping } from '../types';
import { fromText } from './readers';
import { mentions } from '../lang/rule-words';
import { digitRelationshipCodes, subscriberLetters } from '../values/relationship-codes';
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
  columnCodes: ({ header, sample, stats }) => {
    // "Subscriber/Dependent" with S/D: S is the subscriber here, not a spouse.
    if (stats.n >= 3 && mentions('employeePerson', header) && subscriberLetters(sample)) {
      return { codes: 'subscriberLetters', why: 'S/D read as subscriber/dependent, as its header says' };
    }
    // From one value on: a short file's '1' and '3' read zero-based would make no one the employee.
    if (stats.n >= 1 && stats.digits >= 0.8 && digitRelationshipCodes(stats) === 'oneBased') {
      return { codes: 'oneBased', why: 'number codes read 1 employee, 2 spouse, 3 child, 4 partner, 5 other (1 is the commonest, there is no 0)' };
    }
    return null;
  },
  checkReading: (col) => (col.codes === 'oneBased'
    ? `Column '${col.header}' holds number codes the file does not explain: we read 1 as the employee, 2 a spouse, 3 a child, 4 a partner, 5 other. Check what its codes mean.`
    : null),
  slot: (o, v) => {
    o.relationship = v as typeof o.relationship;
    o.relationshipGiven = true;
  },
});
