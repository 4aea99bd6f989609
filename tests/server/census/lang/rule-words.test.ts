/**
 * The table rules' words come from the language packs (lang/types.ts RuleWords): how a name or a
 * header is tested against them (lang/rule-words.ts), with real names from templates and forms.
 */
import { describe, expect, it } from 'vitest';
import { isNamed, leadsWith, mentions, ruleText } from '../../../../server/census/lang/rule-words';

describe('rule words', () => {
  it('splits camelCase and signs, and folds accents', () => {
    expect(ruleText('EE_DependentsList')).toBe('ee dependents list');
    expect(ruleText('Cônjuge-Situação')).toBe('conjuge situacao');
  });

  it('finds a kind\'s phrases as whole words; a word ending in * begins longer words', () => {
    expect(mentions('helpSheet', 'Census Instructions')).toBe(true);
    expect(mentions('helpSheet', 'DropDownLists')).toBe(true);
    expect(mentions('helpSheet', 'Employees')).toBe(false);
    expect(mentions('dependentSheet', 'EE_Dependents')).toBe(true);
    expect(mentions('dependentSheet', 'Familiares')).toBe(true);
    expect(mentions('dependentSheet', 'Independent contractors')).toBe(false);
    expect(mentions('formSheet', 'Employer Information')).toBe(true);
    expect(mentions('formSheet', 'Census')).toBe(false);
  });

  it('reads the packs\' words for the household\'s SSN and the extra columns to mask', () => {
    expect(mentions('householdPerson', 'cpf_titular')).toBe(true);
    expect(mentions('householdPerson', 'Subscriber SSN')).toBe(true);
    expect(mentions('householdPerson', 'SSN')).toBe(false);
    for (const h of ['Spouse SSN', 'EmployeeSSN', 'Social Security #', 'CPF do dependente', 'Sozialversicherungsnummer', 'N° de sécurité sociale']) {
      expect(mentions('ssnHeader', h), h).toBe(true);
    }
    expect(mentions('ssnHeader', 'Destination')).toBe(false);
  });

  it('takes a whole name, or its lead', () => {
    expect(isNamed('petSheet', 'My Pets')).toBe(true);
    expect(isNamed('petSheet', 'Mascotas')).toBe(true);
    expect(isNamed('petSheet', 'Pet insurance')).toBe(false);
    expect(leadsWith('example', 'e.g. John Smith')).toBe(true);
    expect(leadsWith('example', 'Sample row: Jane Doe')).toBe(true);
    expect(leadsWith('example', 'Samuel')).toBe(false);
  });
});
