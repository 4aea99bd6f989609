/**
 * The field specs (server/census/fields/): one file per canonical field, the registry naming each
 * public field id once, and each spec's reader as the normalise stage uses it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANONICAL_FIELDS } from '../../../../shared/census/report';
import { FIELDS, fieldLabel, PERSON_FIELDS, SALARY_FIELDS, WIDE_DEPENDENT_FIELDS } from '../../../../server/census/fields';
import { newNote } from '../../../../server/census/values/note';
import type { Cell } from '../../../../server/census/types';

const DIR = join(__dirname, '../../../../server/census/fields');
const kebab = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function read(field: keyof typeof FIELDS, cell: Cell) {
  const note = newNote();
  const value = FIELDS[field].read(cell, { note, dates: { asOf: '2026-01-01' } });
  return { value, why: note.why, invalid: note.invalid };
}

describe('field specs', () => {
  it('name every public field id once, each in its own file with a header comment', () => {
    expect(Object.keys(FIELDS).sort()).toEqual([...CANONICAL_FIELDS].sort());
    for (const [id, spec] of Object.entries(FIELDS)) {
      expect(spec.id).toBe(id);
      const text = readFileSync(join(DIR, `${kebab(id)}.ts`), 'utf8');
      expect(text.startsWith(`/**`), id).toBe(true);
      expect(text.slice(0, 400)).toContain(`${id}:`);
    }
    const files = readdirSync(DIR).filter((f) => !['spec.ts', 'index.ts', 'readers.ts'].includes(f));
    expect(files.length).toBe(CANONICAL_FIELDS.length);
  });

  it('keep the registry sets and words the stages read', () => {
    expect(SALARY_FIELDS).toEqual(['annualSalary', 'monthlySalary', 'hourlyRate']);
    expect([...PERSON_FIELDS].sort()).toEqual(['age', 'childDateOfBirth', 'dateOfBirth', 'employeeId', 'firstName', 'fullName', 'lastName', 'spouseDateOfBirth', 'ssn']);
    expect([...WIDE_DEPENDENT_FIELDS].sort()).toEqual(['childDateOfBirth', 'spouseDateOfBirth']);
    expect(fieldLabel('dateOfBirth')).toBe('birth date');
    expect(fieldLabel('notAField')).toBe('notAField');
  });

  it('read a cell as the normalise stage does, with its change or its unreadable mark', () => {
    expect(read('dateOfBirth', '12/04/1983').value).toBe('1983-12-04');
    expect(read('gender', 'F').value).toBe('female');
    expect(read('annualSalary', '$55,000').value).toBe(55000);
    expect(read('annualSalary', '(500)')).toMatchObject({ value: null, invalid: true });
    expect(read('age', '130')).toMatchObject({ value: null, invalid: true });
    expect(read('ssn', '123-45-6789').value).toBe('6789');
    expect(read('zip', 1450).value).toBe('01450');
    const id = read('employeeId', '123-45-6789');
    expect(id.value).not.toContain('123-45');
    expect(id.why).toMatch(/SSN used as employee id/);
  });

  it('give a column its own reading when the map stage chose one', () => {
    const col = { index: 0, header: 'Rel', field: 'relationship' as const, confidence: 1, candidates: [], codes: 'oneBased' as const };
    const readCol = FIELDS.relationship.readColumn?.(col);
    expect(readCol?.('2', { note: newNote(), dates: { asOf: '2026-01-01' } })).toBe('spouse');
    expect(FIELDS.relationship.readColumn?.({ ...col, codes: undefined })).toBeNull();
  });
});
