/**
 * Words like a pack's words (values/codes.ts cognateFold): a code written in a language no pack holds
 * ('Attivo', 'Ativo', 'Actif') reads as the pack word it is spelt like, and counts in a column's profile.
 */
import { describe, expect, it } from 'vitest';
import { GENDERS, STATUSES, cognateFold, isKnownCode, isLooseCode, looseCodeOf, parseGender, parseStatus } from '../../../../server/census/values/codes';
import { profileColumn } from '../../../../server/census/map/profiles';

describe('cognateFold', () => {
  it("folds the spellings of one word together: 'active' in five languages, 'family' in four", () => {
    expect(new Set(['active', 'activo', 'ativo', 'actif', 'aktiv', 'attivo', 'actief'].map(cognateFold))).toEqual(new Set(['ativ']));
    expect(cognateFold('inactief')).toBe(cognateFold('inactive'));
    expect(new Set(['family', 'familia', 'famille', 'familie'].map(cognateFold))).toEqual(new Set(['famil']));
  });
  it('keeps words apart that differ in more than spelling', () => {
    expect(cognateFold('native')).not.toBe(cognateFold('active'));
    expect(cognateFold('retired')).not.toBe(cognateFold('retirado'));
  });
});

describe('codes read by their cognates', () => {
  it("'Attivo' and 'Inattivo' (Italian, no pack) read as active and inactive", () => {
    expect(parseStatus('Attivo')).toBe('active');
    expect(parseStatus('Inattivo')).toBe(parseStatus('Inactive'));
  });
  it('words too short to fold, and words like no pack word, stay unread', () => {
    expect(parseStatus('Cessato')).toBeNull();
    expect(parseStatus('Zwolniony')).toBeNull();
  });
  it('a profile counts a cognate, not a typo: isLooseCode is exact or a cognate', () => {
    expect(isKnownCode(STATUSES, 'Attivo')).toBe(false);
    expect(isLooseCode(STATUSES, 'Attivo')).toBe(true);
    expect(isLooseCode(STATUSES, 'Cessato')).toBe(false);
  });
  it("a gender column in a language no pack holds counts by its cognates (Romanian 'Masculină' / 'Feminină' as 'Masculine' / 'Feminine')", () => {
    expect(isKnownCode(GENDERS, 'Masculină')).toBe(false);
    expect(looseCodeOf(GENDERS, 'Masculină')).toBe('male');
    expect(looseCodeOf(GENDERS, 'Feminină')).toBe('female');
    expect(parseGender('Feminină')).toBe('female');
    const column = ['Masculină', 'Feminină', 'Feminină', 'Masculină', 'Masculină', 'Feminină', 'Masculină', 'Feminină'];
    const gender = profileColumn(column, '2026-01-01').gender;
    expect(gender?.fit).toBe(1);
  });
});
