/**
 * The words of the member table (issue 28), in one place; they come with the table's chunk. The
 * button's and the panel's (loaded with the report) are ./button-labels.ts.
 */
import type { MemberTableField } from '../../../shared/census/report';

const n = (v: number) => v.toLocaleString('en-US');

export { BUTTON_LABELS } from './button-labels';

export const FIELD_LABELS: Record<MemberTableField, string> = {
  relationship: 'Relationship',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Birth date',
  gender: 'Gender',
  status: 'Status',
  hireDate: 'Hire date',
  annualSalary: 'Salary',
  zip: 'ZIP',
  state: 'State',
  coverageTier: 'Tier',
};

export const MEMBER_LABELS = {
  grid: 'Members',
  where: 'File, sheet, row',
  counted: 'Counted',
  age: 'Age',
  ssn: 'SSN',
  yes: 'Counted',
  notCounted: 'Not counted',
  markNotPerson: 'Not a person',
  markCount: 'Count this person',
  search: 'Search the members',
  searchPlaceholder: 'Name, row, ZIP...',
  onlyProblems: 'Only rows with problems',
  shown: (shown: number, total: number) => (shown === total ? `${n(total)} members` : `${n(shown)} of ${n(total)} members shown`),
  none: 'No member matches.',
  fillColumn: 'Column to fill',
  fillValue: 'Fill with',
  fill: 'Fill empty cells',
  filled: (count: number, field: string) => (count ? `${n(count)} empty ${field} ${count === 1 ? 'cell' : 'cells'} filled.` : `No empty ${field} cell to fill.`),
  waiting: (count: number) => (count === 0 ? 'No edits waiting.' : `${n(count)} ${count === 1 ? 'edit' : 'edits'} waiting.`),
  apply: 'Apply and recalculate',
  recalculating: 'Recalculating with your edits...',
  readOnly: 'This is the sample report: it can be looked through but not changed.',
  undo: 'Undo',
  discard: 'Discard the edits',
  automatic: 'Back to the automatic reading',
  problem: 'Problem',
  problems: 'Problems',
  editedByHand: 'edited by hand',
  unclear: 'unclear in the scan',
  waitingEdit: 'edit waiting',
  wasValue: (v: string) => `was ${v || 'empty'}`,
  editLabel: (column: string, row: string) => `${column}, ${row}`,
  rowName: (file: string, sheet: string, row: number, column?: string) => `${file}${sheet ? `, ${sheet}` : ''}, row ${row}${column ? ` (${column})` : ''}`,
  keys: 'Arrow keys move between cells; Enter or double-click edits a cell, Enter keeps it, Escape cancels.',
  cellInfo: 'Cell',
  noName: '(no name)',
  markedNotPerson: 'marked not a person',
  markedCount: 'marked to count',
} as const;
