/**
 * The reading <census-report> sends (widgets/census-report/draft.ts): the changes already in the
 * report (as the engine notes them) plus the visitor's draft, since a PATCH replaces the whole reading.
 */
import { describe, expect, it } from 'vitest';
import { changedWords, emptyDraft, readingToSend, type ReportWithReading } from '../../widgets/census-report/draft';

const file = 'c.xlsx';
const report = {
  files: [{ fileName: file, smtpId: 'x' }],
  columns: [
    { file, sheet: 'Census', header: 'Status', field: null, confidence: 1, alternatives: [], fromReading: true },
    { file, sheet: 'Census', header: 'Rel', field: 'relationship', confidence: 0.9, alternatives: [] },
  ],
  issues: [{ file, sheet: 'Help', row: null, message: "Sheet 'Help' was skipped: instructions." }],
  reading: {
    source: 'yours',
    changed: [
      { file, sheet: 'Census', header: 'Status', kind: 'column', value: '' },
      { file, sheet: 'Census', header: 'Rel', kind: 'code', value: 'C=S=child' },
      { file, sheet: 'Help', header: null, kind: 'sheet', value: 'read' },
      { file, sheet: 'Census', header: null, kind: 'headerRow', value: '3' },
    ],
  },
} as unknown as ReportWithReading;

describe('readingToSend', () => {
  it('keeps every earlier change (as the engine notes them) and adds the draft', () => {
    const draft = emptyDraft();
    draft.columns[['c.xlsx', 'Census', 'Rel'].join('\u0000')] = null;
    expect(readingToSend(report, draft)).toEqual({
      columns: [
        { file, sheet: 'Census', header: 'Status', field: null },
        { file, sheet: 'Census', header: 'Rel', field: null },
      ],
      sheets: [
        { file, sheet: 'Help', read: true },
        { file, sheet: 'Census', headerRow: 3 },
      ],
      codes: [{ file, sheet: 'Census', header: 'Rel', value: 'C=S', as: 'child' }],
    });
  });

  it('an automatic report with no draft sends the empty reading', () => {
    expect(readingToSend({ ...report, columns: [], reading: { source: 'automatic', changed: [] } }, emptyDraft())).toEqual({});
  });

  it('words the changes for "Read with your changes"', () => {
    expect(changedWords(report.reading, 1)).toEqual(["column 'Status'", "value 'C=S' of 'Rel'", "sheet 'Help'", "header row of sheet 'Census'"]);
  });

  it('words a hand edit and a row mark by their cell and row, never the value typed', () => {
    const info = {
      source: 'yours' as const,
      changed: [
        { file, sheet: 'Census', header: null, kind: 'edit' as const, row: 12, field: 'zip' as const, value: '94107', key: 'k1' },
        { file, sheet: 'Census', header: null, kind: 'row' as const, row: 30, value: 'not counted', key: 'k2' },
      ],
    };
    expect(changedWords(info, 1)).toEqual(['ZIP code on row 12', 'row 30 (not a person)']);
  });
});
