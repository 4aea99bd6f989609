/**
 * status: active, cobra, leave, retired, terminated, waived, deceased (Active/A/ACT, COBRA/C/COB,
 * Retired/R/RET, Terminated/T/TERM ...) (CENSUS.md). A yes/no "active" column (the map stage's
 * activeFlag) reads yes as active and no as terminated.
 */
import { PLACEHOLDERS } from '../normalise/placeholders';
import { parseActiveFlag, parseStatus } from '../values/codes';
import type { MemberValues } from '../types';
import { fromText } from './readers';
import { CODE_VALUES } from '../../../shared/census/report';
import { defineField, plainCodes } from './spec';

const readActiveFlag = fromText(parseActiveFlag);

export const status = defineField({
  id: 'status', label: 'status', group: 'work', kind: 'code',
  readingCodes: plainCodes(CODE_VALUES.status),
  // A status read wrong counts leavers as lives, or lives as leavers.
  stakes: 'lives',
  decidesHeadCount: true,
  placeholders: PLACEHOLDERS,
  read: fromText(parseStatus),
  readColumn: (col) => (col.codes === 'activeFlag' ? readActiveFlag : null),
  slot: (o, v) => { o.status = v as MemberValues['status']; },
});
