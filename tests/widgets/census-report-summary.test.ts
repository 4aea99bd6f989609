/**
 * The report's sentences as a broker reads them (issue 21): no '0 retired', guessed genders and
 * estimated salaries said on their cards, a text file never called 'Sheet1'.
 */
import { describe, expect, it } from 'vitest';
import type { CensusReport } from '../../shared/census/report';
import { sheetLabel } from '../../widgets/census-report/reading-words';
import { countsSentence, genderSentence, readSentence } from '../../widgets/census-report/summary-sentences';

const base = {
  totalLives: 10,
  rowsRead: 12,
  sheetsRead: 1,
  membersFound: 12,
  duplicatesRemoved: 0,
  relationships: { employee: 10, spouse: 0, domesticPartner: 0, child: 0, other: 0 },
  salaryBand: { '$0 - $25,000': 4, '$25,001 - $50,000': 4 },
  imputed: { gender: 0, dateOfBirth: 0, annualSalary: 0 },
} as unknown as CensusReport;

describe('report sentences', () => {
  it('names only the groups left out that hold someone', () => {
    const r = (excluded: number, retired: number) => readSentence({ ...base, livesAdditionalInfo: { excluded, retired } }, 1);
    expect(r(2, 0)).toBe('Read 1 file, 1 sheet and 12 rows: 12 became members; not counted: 2 excluded (terminated, waived or deceased).');
    expect(r(0, 2)).toBe('Read 1 file, 1 sheet and 12 rows: 12 became members; not counted: 2 retired.');
    expect(r(1, 1)).toContain('not counted: 1 excluded (terminated, waived or deceased) and 1 retired.');
    expect(r(0, 0)).toBe('Read 1 file, 1 sheet and 12 rows: 12 became members.');
  });

  it('says how many genders were guessed and salaries estimated, and nothing when none were', () => {
    expect(genderSentence(base)).toBeNull();
    expect(genderSentence({ ...base, imputed: { gender: 82, dateOfBirth: 0, annualSalary: 0 } })).toBe('82 genders guessed from first names (the file gave none).');
    expect(genderSentence({ ...base, imputed: { gender: 1, dateOfBirth: 0, annualSalary: 0 } })).toBe('1 gender guessed from first names (the file gave none).');
    expect(countsSentence(base, 'salary')).toBe('Employee lives with a salary: 8 of 10.');
    expect(countsSentence({ ...base, imputed: { gender: 0, dateOfBirth: 0, annualSalary: 3 } }, 'salary')).toBe("Employee lives with a salary: 8 of 10. 3 estimated from colleagues' salaries.");
  });

  it("calls a text file's one table 'the whole file', a workbook's sheet by its name", () => {
    expect(sheetLabel('census.csv', 'Sheet1')).toBe('the whole file');
    expect(sheetLabel('eligibility.TXT', 'Sheet1')).toBe('the whole file');
    expect(sheetLabel('staff.xlsx', 'Employees')).toBe('Employees');
  });
});
