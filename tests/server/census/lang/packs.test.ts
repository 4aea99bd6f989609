/**
 * Language packs (issue 19): a census written in Spanish, Portuguese, French or German is read like an
 * English one, its header words and code words coming from its pack (server/census/lang/). Each case
 * is a small census in the style of that language's real forms (camelCase register fields in Spanish,
 * snake_case in Portuguese, plain French and German headers with accents, code words and day-first
 * dates), checked column by column and by its counts: lives, employees, dependents.
 * Adding a language: add its pack and its case here.
 */
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../../server/census/engine';
import { normaliseHeader, scoreHeader } from '../../../../server/census/map/headers';
import { PACKS } from '../../../../server/census/lang';
import { AS_OF, csv } from '../engine-helpers';

interface LanguageCase {
  lang: string;
  rows: (string | number | null)[][];
  /** header -> field (null: none) */
  fields: Record<string, string | null>;
  lives: number;
  employees: number;
  dependents: number;
}

const CASES: LanguageCase[] = [
  {
    lang: 'es',
    rows: [
      ['numEmpleado', 'primerNombre', 'apellidoPaterno', 'parentesco', 'fechaNacimiento', 'sexo', 'codigoPostal', 'fechaIngreso', 'salarioAnual', 'estatus'],
      ['1001', 'María', 'García', 'Titular', '14/03/1984', 'Femenino', '33101', '01/02/2015', '52000', 'Activo'],
      ['1001', 'José', 'García', 'Cónyuge', '02/11/1982', 'Masculino', '33101', '', '', ''],
      ['1001', 'Lucía', 'García', 'Hija', '25/07/2012', 'Femenino', '33101', '', '', ''],
      ['1002', 'Juan', 'Pérez', 'Titular', '30/09/1979', 'Masculino', '78201', '15/06/2010', '61000', 'Activo'],
      ['1003', 'Ana', 'López', 'Titular', '05/01/1990', 'Femenino', '10001', '03/03/2020', '48000', 'Baja'],
    ],
    fields: {
      numEmpleado: 'employeeId', primerNombre: 'firstName', apellidoPaterno: 'lastName', parentesco: 'relationship', fechaNacimiento: 'dateOfBirth',
      sexo: 'gender', codigoPostal: 'zip', fechaIngreso: 'hireDate', salarioAnual: 'annualSalary', estatus: 'status',
    },
    lives: 4,
    employees: 3,
    dependents: 2,
  },
  {
    lang: 'pt',
    rows: [
      ['matricula', 'nome_completo', 'grau_parentesco', 'data_nascimento', 'sexo', 'cep', 'data_admissao', 'salario_mensal', 'situacao'],
      ['A-17', 'Carlos Souza', 'Titular', '12/05/1980', 'M', '02134', '10/01/2012', '4500', 'Ativo'],
      ['A-17', 'Beatriz Souza', 'Cônjuge', '03/08/1983', 'F', '02134', '', '', ''],
      ['A-17', 'Pedro Souza', 'Filho', '21/12/2015', 'M', '02134', '', '', ''],
      ['A-18', 'Fernanda Lima', 'Titular', '09/09/1992', 'F', '94103', '01/07/2019', '5200', 'Ativo'],
      ['A-19', 'Rafael Costa', 'Titular', '17/04/1975', 'M', '60601', '20/02/2005', '6100', 'Aposentado'],
    ],
    fields: {
      matricula: 'employeeId', nome_completo: 'fullName', grau_parentesco: 'relationship', data_nascimento: 'dateOfBirth', sexo: 'gender',
      cep: 'zip', data_admissao: 'hireDate', salario_mensal: 'monthlySalary', situacao: 'status',
    },
    lives: 4,
    employees: 3,
    dependents: 2,
  },
  {
    lang: 'fr',
    rows: [
      ['Matricule', 'Nom', 'Prénom', 'Lien de parenté', 'Date de naissance', 'Sexe', 'Code postal', "Date d'entrée", 'Salaire annuel brut', 'Structure de cotisation'],
      ['S01', 'Martin', 'Claire', 'Assuré', '14/02/1981', 'Féminin', '30301', '01/09/2014', '47000', 'Famille'],
      ['S01', 'Martin', 'Paul', 'Conjoint', '22/06/1980', 'Masculin', '30301', '', '', ''],
      ['S01', 'Martin', 'Léa', 'Enfant', '11/04/2011', 'Féminin', '30301', '', '', ''],
      ['S02', 'Bernard', 'Hugo', 'Assuré', '29/10/1987', 'Masculin', '73301', '15/01/2018', '39000', 'Isolé'],
    ],
    fields: {
      Matricule: 'employeeId', Nom: 'lastName', 'Prénom': 'firstName', 'Lien de parenté': 'relationship', 'Date de naissance': 'dateOfBirth',
      Sexe: 'gender', 'Code postal': 'zip', "Date d'entrée": 'hireDate', 'Salaire annuel brut': 'annualSalary', 'Structure de cotisation': 'coverageTier',
    },
    lives: 4,
    employees: 2,
    dependents: 2,
  },
  {
    lang: 'de',
    rows: [
      ['Personalnummer', 'Vorname', 'Nachname', 'Verwandtschaftsverhältnis', 'Geburtsdatum', 'Geschlecht', 'PLZ', 'Eintrittsdatum', 'Jahresgehalt', 'Status'],
      ['7001', 'Anna', 'Schmidt', 'Mitarbeiter', '03.02.1985', 'weiblich', '60601', '01.04.2016', '58000', 'aktiv'],
      ['7001', 'Jonas', 'Schmidt', 'Ehepartner', '19.07.1984', 'männlich', '60601', '', '', ''],
      ['7001', 'Mia', 'Schmidt', 'Kind', '08.03.2014', 'weiblich', '60601', '', '', ''],
      ['7002', 'Lukas', 'Müller', 'Mitarbeiter', '27.11.1978', 'männlich', '98101', '15.08.2008', '72000', 'aktiv'],
      ['7003', 'Sophie', 'Weber', 'Mitarbeiter', '14.06.1991', 'weiblich', '02134', '01.02.2021', '51000', 'ausgeschieden'],
    ],
    fields: {
      Personalnummer: 'employeeId', Vorname: 'firstName', Nachname: 'lastName', 'Verwandtschaftsverhältnis': 'relationship', Geburtsdatum: 'dateOfBirth',
      Geschlecht: 'gender', PLZ: 'zip', Eintrittsdatum: 'hireDate', Jahresgehalt: 'annualSalary', Status: 'status',
    },
    lives: 4,
    employees: 3,
    dependents: 2,
  },
];

describe('language packs', () => {
  it("a header's own initial ('LName', 'FName') stays with its word: a lone letter is a stop word of some language (French l')", () => {
    expect(normaliseHeader('LName').key).toBe('last name');
    expect(normaliseHeader('FName').key).toBe('first name');
    expect(normaliseHeader('SSNNumber').key).toBe('ssn number');
  });

  it("English headers of real files the pack had no words for (issue 26): smoker flags, a contribution tier; 'Employee Type' and a waiver's member type are neither name nor tier", () => {
    const best = (h: string) => [...scoreHeader(h)].sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(best('SMK_IND')).toBe('tobacco');
    expect(best('ever_smoked')).toBe('tobacco');
    expect(best('Premium Contribution Tier')).toBe('coverageTier');
    expect(best('EMPLOYEE TYPE')).not.toBe('fullName');
    expect(scoreHeader('MEMBER TYPE WAIVING COVERAGE').get('coverageTier') ?? 0).toBeLessThan(0.5);
    expect(best('ACTIVITY FLAG')).toBe('ignore');
    expect(best('Active Flag')).toBe('status');
  });

  it("a life benefit's amount in real files' words ('BEN_AMT', 'life_cov', 'sumInsured') is not the salary", () => {
    const best = (h: string) => [...scoreHeader(h)].sort((a, b) => b[1] - a[1])[0]?.[0];
    for (const h of ['BEN_AMT', 'life_cov', 'sumInsured']) expect(best(h)).toBe('ignore');
    expect(best('Med Cov')).toBe('coverageTier');
  });

  it("a spouse's names in a wide layout ('SP_FIRST', 'SP_LAST') are not the row's own", () => {
    const best = (h: string) => [...scoreHeader(h)].sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(best('SP_FIRST')).toBe('ignore');
    expect(best('SP_LAST')).toBe('ignore');
    expect(best('Dep_First')).toBe('firstName');
  });

  it("a spouse's ZIP, state and smoker flag in a wide layout ('SP_ZIP', 'SP_STATE', 'SP_SMOKER_Y_N') are not the row's own", () => {
    const best = (h: string) => [...scoreHeader(h)].sort((a, b) => b[1] - a[1])[0]?.[0];
    for (const h of ['SP_ZIP', 'SP_STATE', 'SP_SMOKER_Y_N', 'Spouse Zip Code', 'CH1_FIRST', 'CH2_LAST']) expect(best(h)).toBe('ignore');
    expect(best('ZIP')).toBe('zip');
  });

  it("an 834's coverage dates ('CoverageEffectiveFrom', 'CoverageEffectiveTo') are not census fields", () => {
    for (const h of ['CoverageEffectiveFrom', 'CoverageEffectiveTo']) expect(scoreHeader(h).get('ignore')).toBe(1);
  });

  it('has a case here for every pack but English', () => {
    expect(CASES.map((c) => c.lang).sort()).toEqual(PACKS.map((p) => p.code).filter((c) => c !== 'en').sort());
  });

  for (const c of CASES) {
    it(`reads a ${c.lang} census: every column, lives, employees and dependents`, async () => {
      const result = await analyzeCensus([{ fileName: `census-${c.lang}.csv`, bytes: csv(c.rows) }], { asOf: AS_OF });
      const got = Object.fromEntries(result.report.columns.map((col) => [col.header, col.field]));
      expect(got).toEqual(c.fields);
      expect(result.report.totalLives).toBe(c.lives);
      const employees = result.members.filter((m) => !m.relationship || m.relationship === 'employee').length;
      expect({ employees, dependents: result.members.length - employees }).toEqual({ employees: c.employees, dependents: c.dependents });
    });
  }

  it('every pack phrase names its own field when read as a header (a phrase of one pack never reads as another field)', () => {
    const wrong: string[] = [];
    for (const pack of PACKS) {
      for (const [field, phrases] of Object.entries(pack.headers)) {
        for (const entry of phrases ?? []) {
          const [text, weight] = entry.split('@');
          if (weight) continue; // a weighted phrase may lose to another field's full-weight one
          const scores = scoreHeader(text);
          const mine = scores.get(field as never) ?? 0;
          const best = Math.max(...scores.values());
          if (mine < best) wrong.push(`${pack.code} '${text}' (${field} ${mine.toFixed(2)} < ${best.toFixed(2)})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tokenises camelCase, snake_case and kebab-case headers, folds accents and drops type prefixes and suffixes', () => {
    expect(normaliseHeader('primerNombre').key).toBe(normaliseHeader('Primer Nombre').key);
    expect(normaliseHeader('fecha-de-nacimiento').key).toBe(normaliseHeader('Fecha de Nacimiento').key);
    expect(normaliseHeader('Cónyuge').key).toBe('conyuge');
    expect(normaliseHeader('Straße').key).toBe('strasse');
    expect(normaliseHeader('Txt_Relationship_of_Insured').key).toBe(normaliseHeader('Relationship of Insured').key);
    expect(normaliseHeader('fld_dob').key).toBe(normaliseHeader('DOB').key);
    expect(normaliseHeader('gender_cd').key).toBe(normaliseHeader('gender').key);
    expect(normaliseHeader('strFirstName').key).toBe(normaliseHeader('First Name').key);
    const best = (h: string) => [...scoreHeader(h).entries()].sort((a, b) => b[1] - a[1])[0][0];
    expect(best('Num_Age_of_Insured')).toBe('age');
    expect(best('NUM_EMPLEADO')).toBe('employeeId');
    expect(best('Txt_Relationship_of_Insured')).toBe('relationship');
    expect(best('fechaNacimiento')).toBe('dateOfBirth');
    expect(best('DATA_NASCIMENTO')).toBe('dateOfBirth');
    expect(best('date_de_naissance')).toBe('dateOfBirth');
    expect(best('Geburtsdatum')).toBe('dateOfBirth');
  });
});

describe('code words inside free text (each pack\'s codeHints)', () => {
  it.each([
    ['Son (step)', 'child', null, null],
    ['Employee & Spouse', 'spouse', null, 'ES'],
    // A spouse word with a child word is a family, whichever comes first.
    ['Children + Spouse', 'spouse', null, 'EF'],
    ['Hijo mayor', 'child', null, 'EC'],
    ['Cónyuge del titular', 'spouse', null, 'ES'],
    ['Filho adotivo', 'child', null, 'EC'],
    ['Enfant à charge', 'child', null, 'EC'],
    ['Ehefrau des Mitarbeiters', 'spouse', null, null],
    ['Retired early', null, 'retired', null],
    ['Aposentada por invalidez', null, 'retired', null],
    ['Titular y familia', 'employee', null, 'EF'],
  ])('%s', async (text, relationship, status, tier) => {
    const { parseRelationship, parseStatus, parseTier } = await import('../../../../server/census/values/codes');
    expect([parseRelationship(text), parseStatus(text), parseTier(text)]).toEqual([relationship, status, tier]);
  });
});

describe("role words of each pack (lang/*.ts roles, map/role-words.ts): a leaving date in the pack's words", () => {
  // Four employees; one left before the as-of date, under the leaving-date header each language writes.
  const EXITS: [string, string][] = [['en', 'Termination Date'], ['es', 'Fecha de Baja'], ['pt', 'data_desligamento'], ['fr', 'DateDépart'], ['fr', 'Date de sortie'], ['de', 'Austrittsdatum']];
  for (const [lang, header] of EXITS) {
    it(`${lang}: '${header}' is an exit date, not a birth or hire date, and the leaver is not counted`, async () => {
      const rows = [
        ['Employee ID', 'First Name', 'Last Name', 'Date of Birth', header],
        ['1', 'Mary', 'Lee', '1980-03-14', ''],
        ['2', 'John', 'Kim', '1975-06-02', '2019-04-30'],
        ['3', 'Ana', 'Diaz', '1990-01-05', ''],
        ['4', 'Paul', 'Ross', '1985-09-30', ''],
      ];
      const { report } = await analyzeCensus([{ fileName: 'c.csv', bytes: csv(rows) }], { asOf: AS_OF });
      const col = report.columns.find((c) => c.header === header);
      expect(col?.field).toBeNull();
      expect(col?.reason).toMatch(/^exit date/);
      expect(report.totalLives).toBe(3);
    });
  }
});
