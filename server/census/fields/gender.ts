/** gender: male, female, unknown (M/F, Male/Female, Man/Woman, any case) (CENSUS.md). */
import { PLACEHOLDERS } from '../normalise/placeholders';
import { parseGender } from '../values/codes';
import type { MemberValues } from '../types';
import { fromText } from './readers';
import { defineField } from './spec';

export const gender = defineField({
  id: 'gender', label: 'gender', group: 'person', kind: 'code',
  estimatedHow: () => 'guessed from the first name (SSA name data)',
  // Under a header that names the gender, its words one letter off ('Masculin' for 'masculino') count.
  fitWithHeader: (stats) => stats.genderWords,
  placeholders: PLACEHOLDERS,
  read: fromText(parseGender),
  slot: (o, v) => { o.gender = v as MemberValues['gender']; },
});
