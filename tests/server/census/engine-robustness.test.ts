/**
 * Whatever the cells hold, the stages after reading never throw and the report stays consistent:
 * random tables (fast-check) with census-looking and hostile cells go through every stage.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyse } from '../../../server/census/analyse';
import { dedupe } from '../../../server/census/dedupe';
import { impute } from '../../../server/census/impute';
import { locateTables } from '../../../server/census/locate';
import { mapColumns } from '../../../server/census/map';
import { inheritFromEmployees, mergeTables } from '../../../server/census/merge';
import { normaliseTable } from '../../../server/census/normalise';
import type { Cell } from '../../../server/census/types';
import { AS_OF } from './engine-helpers';

const HEADERS = ['Employee ID', 'First Name', 'Last', 'Rel', 'DOB', 'Sex', 'Zip', 'State', 'Hire Date', 'Salary', 'Status', 'Tier', 'Notes', 'Code', ''];
const cellArb: fc.Arbitrary<Cell> = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('EE', 'SP', 'CH', 'M', 'F', 'Active', 'COBRA', 'Retired', 'T', 'TX', 'Texas', '02134', '2134', '12/04/1983', '3/4/99', '19831204', '$55,000', '(500)', 'N/A', '=1+1', '-', '123-45-6789', 'Total', 'Grand Total', 'Mary', 'Smith, John', '\u0000', '٣', '𝟘'),
  fc.integer({ min: -1e6, max: 1e9 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.date({ noInvalidDate: false }),
);

describe('robustness', () => {
  it('property: random tables go through every stage without throwing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...HEADERS), { minLength: 1, maxLength: 10 }),
        fc.array(fc.array(cellArb, { maxLength: 12 }), { maxLength: 30 }),
        fc.array(fc.string({ maxLength: 30 }), { maxLength: 3 }),
        (headers, body, titles) => {
          const rows: Cell[][] = [...titles.map((t) => [t]), headers, ...body];
          const { tables } = locateTables({ name: 'S', rows });
          const normalised = tables.map((t) => {
            const { columns } = mapColumns(t, 'f.csv', AS_OF);
            for (const c of columns) expect(c.confidence).toBeGreaterThanOrEqual(0);
            return { file: 'f.csv', sheet: 'S', hasRelationshipColumn: columns.some((c) => c.field === 'relationship'), rows: normaliseTable(t, columns, { file: 'f.csv', asOf: AS_OF }).rows };
          });
          const merged = mergeTables(normalised);
          const deduped = dedupe(merged.members);
          const inherited = inheritFromEmployees(deduped.members);
          const { members } = impute(inherited.members, { asOf: AS_OF, filesWithSalary: new Set(['f.csv']) });
          const f = analyse(members, AS_OF, { age: true, salary: true, tenure: true, state: true });
          expect(f.totalLives + f.livesAdditionalInfo.retired + f.livesAdditionalInfo.excluded).toBe(members.length);
          expect(f.genderRatio.male.value + f.genderRatio.female.value + f.genderRatio.unknown.value).toBe(f.totalLives);
          for (const m of members) expect(m.ssnLast4 === null || /^\d{4}$/.test(m.ssnLast4)).toBe(true);
          expect(JSON.stringify(members)).not.toMatch(/123-45-6789/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
