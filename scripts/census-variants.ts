/**
 * Metamorphic variants of the real census files (issue 19): each real file of
 * ../shared/fixtures/census-real/files is changed in a way that must not change what it says (header
 * row removed, headers in Spanish, Portuguese, French or German, type prefixes, columns shuffled, CSV
 * <-> XLSX, title and notes rows above and a descriptive row below the header, relationship codes of
 * another system, day-first dates), its truth derived from the original's, and the engine graded on it:
 * columns right, and lives, employees and dependents right.
 *
 *   npx tsx scripts/census-variants.ts [--files N] [--kinds k1,k2] [--out DIR]
 *
 * Variants are written to a temporary folder (never into the repository) so a failing one can be
 * opened; the summary prints per variant kind and per language. tests/server/census/variants.test.ts
 * runs a small sample of the same.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { analyzeCensus, type CensusResult } from '../server/census/engine';
import { readCensusFile } from '../server/census/read';
import { isEmploymentClass, parseGender, parseRelationship, parseStatus, parseTier } from '../server/census/values/codes';
import type { Cell } from '../server/census/types';

/** A real fixture's hand-made truth (../shared/fixtures/census-real/README.md); tests read it through this type too. */
export interface RealTruth {
  file: string;
  asOf?: string;
  columns: { sheet?: string; header: string; field: string | null | (string | null)[]; altHeaders?: string[]; optional?: boolean }[];
  lives: number;
  livesTolerance?: number;
  employees: number;
  employeesTolerance?: number;
  dependents: number;
  dependentsTolerance?: number;
  checks?: { kind: string; value?: number | string; text?: string | string[] }[];
}

export interface Variant {
  kind: string;
  /** the language of translated headers ('' otherwise) */
  lang: string;
  fileName: string;
  bytes: Uint8Array;
  truth: RealTruth;
  /**
   * The header row was removed: columns are graded in order, not by header. One entry per column that
   * holds data, in column order (the report lists those), with its truth field (undefined: not graded).
   */
  positional?: (RealTruth['columns'][number]['field'] | undefined)[];
  /** the sheet the census is on ('' for a CSV) */
  sheet: string;
}

export const KINDS = [
  'no-header', 'translated-es', 'translated-pt', 'translated-fr', 'translated-de', 'type-affixes', 'shuffled', 'other-format',
  'title-notes-descriptive', 'codes-E/S/C', 'codes-EE/SP/CH', 'codes-1/2/3', 'day-first',
] as const;

/** Header words per field and language, as forms in those languages write them (not the packs' lists). */
const TRANSLATIONS: Record<string, Record<string, string[]>> = {
  es: {
    employeeId: ['Número de Empleado', 'ID Empleado'], firstName: ['Nombre', 'Primer Nombre'], lastName: ['Apellido', 'Apellidos'],
    fullName: ['Nombre Completo'], relationship: ['Parentesco'], dateOfBirth: ['Fecha de Nacimiento', 'fechaNacimiento'], age: ['Edad'],
    gender: ['Sexo', 'Género'], zip: ['Código Postal'], state: ['Estado'], hireDate: ['Fecha de Ingreso', 'Fecha de Contratación'],
    annualSalary: ['Salario Anual', 'Sueldo Anual'], monthlySalary: ['Salario Mensual'], hourlyRate: ['Salario por Hora'],
    hoursPerWeek: ['Horas Semanales'], status: ['Estatus', 'Situación Laboral'], coverageTier: ['Nivel de Cobertura', 'Tipo de Cobertura'],
    jobTitle: ['Puesto', 'Cargo'], tobacco: ['Fumador'], ssn: ['Número de Seguro Social'], spouseDateOfBirth: ['Fecha de Nacimiento del Cónyuge'],
    childDateOfBirth: ['Fecha de Nacimiento del Hijo'],
  },
  pt: {
    employeeId: ['Matrícula', 'Código do Funcionário'], firstName: ['Primeiro Nome', 'Prenome'], lastName: ['Sobrenome'],
    fullName: ['Nome Completo'], relationship: ['Grau de Parentesco', 'Parentesco'], dateOfBirth: ['Data de Nascimento', 'data_nascimento'],
    age: ['Idade'], gender: ['Sexo'], zip: ['CEP'], state: ['UF', 'Estado'], hireDate: ['Data de Admissão'], annualSalary: ['Salário Anual'],
    monthlySalary: ['Salário Mensal'], hourlyRate: ['Valor Hora'], hoursPerWeek: ['Carga Horária Semanal'], status: ['Situação'],
    coverageTier: ['Tipo de Cobertura'], jobTitle: ['Cargo', 'Função'], tobacco: ['Fumante'], ssn: ['CPF'],
    spouseDateOfBirth: ['Data de Nascimento do Cônjuge'], childDateOfBirth: ['Data de Nascimento do Filho'],
  },
  fr: {
    employeeId: ['Matricule', 'Numéro de Salarié'], firstName: ['Prénom'], lastName: ['Nom', 'Nom de Famille'], fullName: ['Nom et Prénom'],
    relationship: ['Lien de Parenté', 'Qualité'], dateOfBirth: ['Date de Naissance', 'date_de_naissance'], age: ['Âge'], gender: ['Sexe'],
    zip: ['Code Postal'], state: ['État'], hireDate: ["Date d'Entrée", "Date d'Embauche"], annualSalary: ['Salaire Annuel Brut', 'Salaire Annuel'],
    monthlySalary: ['Salaire Mensuel'], hourlyRate: ['Taux Horaire'], hoursPerWeek: ['Heures Hebdomadaires'], status: ['Statut'],
    coverageTier: ['Structure de Cotisation', 'Niveau de Couverture'], jobTitle: ['Poste', 'Fonction'], tobacco: ['Fumeur'],
    ssn: ['Numéro de Sécurité Sociale'], spouseDateOfBirth: ['Date de Naissance du Conjoint'], childDateOfBirth: ["Date de Naissance de l'Enfant"],
  },
  de: {
    employeeId: ['Personalnummer', 'Mitarbeiter-ID'], firstName: ['Vorname'], lastName: ['Nachname', 'Familienname'], fullName: ['Vollständiger Name'],
    relationship: ['Verwandtschaftsverhältnis', 'Beziehung'], dateOfBirth: ['Geburtsdatum', 'Geb.-Datum'], age: ['Alter'], gender: ['Geschlecht'],
    zip: ['PLZ', 'Postleitzahl'], state: ['Bundesstaat'], hireDate: ['Eintrittsdatum'], annualSalary: ['Jahresgehalt', 'Bruttojahresgehalt'],
    monthlySalary: ['Monatsgehalt'], hourlyRate: ['Stundenlohn'], hoursPerWeek: ['Wochenstunden'], status: ['Beschäftigungsstatus', 'Status'],
    coverageTier: ['Deckungsumfang'], jobTitle: ['Berufsbezeichnung', 'Position'], tobacco: ['Raucher'], ssn: ['Sozialversicherungsnummer'],
    spouseDateOfBirth: ['Geburtsdatum Ehepartner'], childDateOfBirth: ['Geburtsdatum des Kindes'],
  },
};

/**
 * A census written in a language: its headers (TRANSLATIONS) and the words of its coded columns. The
 * value words are as forms of each language write them, not the packs' lists. Italian (and Dutch, Polish and Swedish, below) have no pack: their
 * variants show how the engine reads a language it has no words for at all.
 */
TRANSLATIONS.it = {
  employeeId: ['Matricola', 'Codice Dipendente'], firstName: ['Nome'], lastName: ['Cognome'], fullName: ['Nome e Cognome'],
  relationship: ['Grado di Parentela', 'Parentela'], dateOfBirth: ['Data di Nascita', 'data_nascita'], age: ['Età'], gender: ['Sesso'],
  zip: ['CAP'], state: ['Provincia'], hireDate: ['Data di Assunzione'], annualSalary: ['Retribuzione Annua Lorda', 'RAL'],
  monthlySalary: ['Retribuzione Mensile'], hourlyRate: ['Paga Oraria'], hoursPerWeek: ['Ore Settimanali'], status: ['Stato', 'Posizione'],
  coverageTier: ['Tipo di Copertura'], jobTitle: ['Qualifica', 'Mansione'], tobacco: ['Fumatore'], ssn: ['Codice Fiscale'],
  spouseDateOfBirth: ['Data di Nascita del Coniuge'], childDateOfBirth: ['Data di Nascita del Figlio'],
};

/**
 * Dutch has no pack either, and no rule was written looking at it: added (2026-11-30) to measure a
 * second language the engine has no words for, its words as Dutch HR and group-insurance forms write
 * them (personeelsnummer, BSN, datum in dienst, uit dienst).
 */
TRANSLATIONS.nl = {
  employeeId: ['Personeelsnummer', 'Medewerkernummer'], firstName: ['Voornaam'], lastName: ['Achternaam'], fullName: ['Volledige Naam'],
  relationship: ['Relatie', 'Gezinsrelatie'], dateOfBirth: ['Geboortedatum', 'geb_datum'], age: ['Leeftijd'], gender: ['Geslacht'],
  zip: ['Postcode'], state: ['Provincie'], hireDate: ['Datum in Dienst'], annualSalary: ['Jaarsalaris', 'Bruto Jaarsalaris'],
  monthlySalary: ['Maandsalaris'], hourlyRate: ['Uurloon'], hoursPerWeek: ['Uren per Week'], status: ['Dienstverband', 'Status'],
  coverageTier: ['Dekking'], jobTitle: ['Functie', 'Functienaam'], tobacco: ['Roker'], ssn: ['BSN'],
  spouseDateOfBirth: ['Geboortedatum Partner'], childDateOfBirth: ['Geboortedatum Kind'],
};

/**
 * Polish and Swedish have no pack either: added (2026-11-30, eleventh session) and graded before any
 * rule looked at them, a Slavic language with few cognates of the packs' words and a Nordic one. Their
 * words as Polish group-insurance lists (lista osób ubezpieczonych: PESEL, stopień pokrewieństwa) and
 * Swedish HR files (anställningsnummer, personnummer) write them.
 */
TRANSLATIONS.pl = {
  employeeId: ['Nr ewidencyjny', 'Numer pracownika'], firstName: ['Imię'], lastName: ['Nazwisko'], fullName: ['Imię i nazwisko'],
  relationship: ['Stopień pokrewieństwa', 'Relacja'], dateOfBirth: ['Data urodzenia', 'data_ur'], age: ['Wiek'], gender: ['Płeć'],
  zip: ['Kod pocztowy'], state: ['Województwo'], hireDate: ['Data zatrudnienia'], annualSalary: ['Wynagrodzenie roczne brutto', 'Roczne wynagrodzenie'],
  monthlySalary: ['Wynagrodzenie miesięczne'], hourlyRate: ['Stawka godzinowa'], hoursPerWeek: ['Godziny tygodniowo'], status: ['Status zatrudnienia', 'Status'],
  coverageTier: ['Wariant ubezpieczenia'], jobTitle: ['Stanowisko'], tobacco: ['Palący'], ssn: ['PESEL'],
  spouseDateOfBirth: ['Data urodzenia małżonka'], childDateOfBirth: ['Data urodzenia dziecka'],
};
TRANSLATIONS.sv = {
  employeeId: ['Anställningsnummer', 'Anst.nr'], firstName: ['Förnamn'], lastName: ['Efternamn'], fullName: ['Fullständigt namn'],
  relationship: ['Relation', 'Släktskap'], dateOfBirth: ['Födelsedatum', 'fodelsedatum'], age: ['Ålder'], gender: ['Kön'],
  zip: ['Postnummer'], state: ['Län'], hireDate: ['Anställningsdatum'], annualSalary: ['Årslön'],
  monthlySalary: ['Månadslön'], hourlyRate: ['Timlön'], hoursPerWeek: ['Timmar per vecka'], status: ['Anställningsstatus', 'Status'],
  coverageTier: ['Försäkringsomfattning'], jobTitle: ['Befattning', 'Tjänst'], tobacco: ['Rökare'], ssn: ['Personnummer'],
  spouseDateOfBirth: ['Makes/makas födelsedatum'], childDateOfBirth: ['Barnets födelsedatum'],
};

export const VALUE_TRANSLATIONS: Record<string, Record<'relationship' | 'gender' | 'status' | 'coverageTier', Record<string, string>>> = {
  es: {
    relationship: { employee: 'Titular', spouse: 'Cónyuge', child: 'Hijo', domesticPartner: 'Concubino', other: 'Otro' },
    gender: { male: 'Masculino', female: 'Femenino' },
    status: { active: 'Activo', terminated: 'Baja', retired: 'Jubilado', leave: 'Licencia', waived: 'Renuncia', deceased: 'Fallecido' },
    coverageTier: { EE: 'Solo Titular', ES: 'Titular y Cónyuge', EC: 'Titular e Hijos', EF: 'Familiar', waived: 'Renuncia' },
  },
  pt: {
    relationship: { employee: 'Titular', spouse: 'Cônjuge', child: 'Filho', domesticPartner: 'Companheiro', other: 'Outro' },
    gender: { male: 'Masculino', female: 'Feminino' },
    status: { active: 'Ativo', terminated: 'Desligado', retired: 'Aposentado', leave: 'Afastado', waived: 'Dispensado', deceased: 'Falecido' },
    coverageTier: { EE: 'Titular', ES: 'Titular e Cônjuge', EC: 'Titular e Filhos', EF: 'Família', waived: 'Dispensado' },
  },
  fr: {
    relationship: { employee: 'Salarié', spouse: 'Conjoint', child: 'Enfant', domesticPartner: 'Concubin', other: 'Autre' },
    gender: { male: 'Masculin', female: 'Féminin' },
    status: { active: 'Actif', terminated: 'Sorti', retired: 'Retraité', leave: 'Congé', waived: 'Dispensé', deceased: 'Décédé' },
    coverageTier: { EE: 'Isolé', ES: 'Duo', EC: 'Salarié et Enfants', EF: 'Famille', waived: 'Dispensé' },
  },
  de: {
    relationship: { employee: 'Mitarbeiter', spouse: 'Ehepartner', child: 'Kind', domesticPartner: 'Lebenspartner', other: 'Sonstige' },
    gender: { male: 'Männlich', female: 'Weiblich' },
    status: { active: 'Aktiv', terminated: 'Ausgeschieden', retired: 'Rentner', leave: 'Beurlaubt', waived: 'Verzicht', deceased: 'Verstorben' },
    coverageTier: { EE: 'Nur Mitarbeiter', ES: 'Mitarbeiter und Partner', EC: 'Mitarbeiter und Kinder', EF: 'Familie', waived: 'Verzicht' },
  },
  it: {
    relationship: { employee: 'Dipendente', spouse: 'Coniuge', child: 'Figlio', domesticPartner: 'Convivente', other: 'Altro' },
    gender: { male: 'Maschile', female: 'Femminile' },
    status: { active: 'In servizio', terminated: 'Cessato', retired: 'Pensionato', leave: 'Aspettativa', waived: 'Rinuncia', deceased: 'Deceduto' },
    coverageTier: { EE: 'Solo Dipendente', ES: 'Dipendente e Coniuge', EC: 'Dipendente e Figli', EF: 'Nucleo Familiare', waived: 'Rinuncia' },
  },
  nl: {
    relationship: { employee: 'Werknemer', spouse: 'Echtgenoot', child: 'Kind', domesticPartner: 'Partner', other: 'Overig' },
    gender: { male: 'Man', female: 'Vrouw' },
    status: { active: 'Actief', terminated: 'Uit dienst', retired: 'Gepensioneerd', leave: 'Verlof', waived: 'Afstand', deceased: 'Overleden' },
    coverageTier: { EE: 'Alleen Werknemer', ES: 'Werknemer en Partner', EC: 'Werknemer en Kinderen', EF: 'Gezin', waived: 'Afstand' },
  },
  pl: {
    relationship: { employee: 'Pracownik', spouse: 'Małżonek', child: 'Dziecko', domesticPartner: 'Partner', other: 'Inny' },
    gender: { male: 'Mężczyzna', female: 'Kobieta' },
    status: { active: 'Aktywny', terminated: 'Zwolniony', retired: 'Emeryt', leave: 'Urlop', waived: 'Rezygnacja', deceased: 'Zmarły' },
    coverageTier: { EE: 'Tylko pracownik', ES: 'Pracownik i małżonek', EC: 'Pracownik i dzieci', EF: 'Rodzina', waived: 'Rezygnacja' },
  },
  sv: {
    relationship: { employee: 'Anställd', spouse: 'Make/maka', child: 'Barn', domesticPartner: 'Sambo', other: 'Övrig' },
    gender: { male: 'Man', female: 'Kvinna' },
    status: { active: 'Aktiv', terminated: 'Avslutad', retired: 'Pensionär', leave: 'Tjänstledig', waived: 'Avstår', deceased: 'Avliden' },
    coverageTier: { EE: 'Endast anställd', ES: 'Anställd och make/maka', EC: 'Anställd och barn', EF: 'Familj', waived: 'Avstår' },
  },
};

/** Censuses written in a language (headers and coded values): not in KINDS, so the full run keeps its figures; scripts/census-generalise.ts runs them. */
export const WRITTEN_KINDS = ['written-es', 'written-pt', 'written-fr', 'written-de', 'written-it', 'written-nl', 'written-pl', 'written-sv'] as const;

const VALUE_READERS: Record<keyof VALUE_TRANSLATIONS_SHAPE, (t: string) => string | null> = {
  relationship: (t) => parseRelationship(t), gender: (t) => parseGender(t), status: (t) => parseStatus(t), coverageTier: (t) => parseTier(t),
};
type VALUE_TRANSLATIONS_SHAPE = (typeof VALUE_TRANSLATIONS)['es'];

const DATE_FIELDS = new Set(['dateOfBirth', 'hireDate', 'spouseDateOfBirth', 'childDateOfBirth']);
const CODE_FIELDS = new Set(['relationship', 'gender', 'status', 'coverageTier', 'tobacco']);
const NUMBER_FIELDS = new Set(['age', 'annualSalary', 'monthlySalary', 'hourlyRate', 'hoursPerWeek', 'zip']);

const norm = (s: unknown) => String(s ?? '').split(/\s+/).filter(Boolean).join(' ').toLowerCase();
const fieldOf = (f: RealTruth['columns'][number]['field']): string | null => (Array.isArray(f) ? f.find((x) => x !== null) ?? null : f);

/** A small seeded random generator (the same variants every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

interface Source {
  truth: RealTruth;
  format: 'csv' | 'xlsx';
  sheets: { name: string; rows: Cell[][] }[];
  /** the census sheet and its header row, and each truth column's index in it */
  sheetIndex: number;
  headerRow: number;
  columnIndex: number[];
}

async function loadSource(dir: string, truth: RealTruth): Promise<Source | null> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(dir, truth.file)));
  const read = await readCensusFile({ fileName: truth.file, bytes });
  const format = /\.(csv|txt)$/i.test(truth.file) ? 'csv' : 'xlsx';
  const sheets = read.sheets.map((s) => ({ name: s.name, rows: s.rows.map((r) => [...r]) }));
  // The census sheet: the one that holds the most truth headers on one row (among its first 60 rows).
  const wanted = truth.columns.map((c) => norm(c.header));
  let best = { sheet: -1, row: -1, hits: 0 };
  sheets.forEach((s, si) => {
    for (let r = 0; r < Math.min(60, s.rows.length); r++) {
      const cells = new Set((s.rows[r] ?? []).map(norm));
      const hits = wanted.filter((w) => cells.has(w)).length;
      if (hits > best.hits) best = { sheet: si, row: r, hits };
    }
  });
  // Only files whose header row holds every truth header (two-row headers and split sheets are left out).
  if (best.sheet < 0 || truth.columns.some((c) => c.sheet && norm(c.sheet) !== norm(sheets[best.sheet].name))) return null;
  const headerCells = sheets[best.sheet].rows[best.row].map(norm);
  const used = new Set<number>();
  const columnIndex: number[] = [];
  for (const c of truth.columns) {
    const i = headerCells.findIndex((h, k) => !used.has(k) && [c.header, ...(c.altHeaders ?? [])].some((x) => norm(x) === h));
    if (i < 0) return null;
    used.add(i);
    columnIndex.push(i);
  }
  return { truth, format, sheets, sheetIndex: best.sheet, headerRow: best.row, columnIndex };
}

function clone(src: Source): Source {
  return { ...src, sheets: src.sheets.map((s) => ({ name: s.name, rows: s.rows.map((r) => [...r]) })), truth: JSON.parse(JSON.stringify(src.truth)) };
}

function cellString(c: Cell): string {
  if (c === null || c === undefined) return '';
  if (c instanceof Date) {
    const d = new Date(Math.round(c.getTime() / 86_400_000) * 86_400_000);
    return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
  }
  return String(c);
}

function write(src: Source, format: 'csv' | 'xlsx'): Uint8Array {
  if (format === 'csv') {
    const rows = src.sheets[src.sheetIndex].rows;
    const field = (v: Cell) => {
      const s = cellString(v);
      return /["\r\n,]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    return new TextEncoder().encode(rows.map((r) => (r ?? []).map(field).join(',')).join('\r\n') + '\r\n');
  }
  const wb = XLSX.utils.book_new();
  const names = new Set<string>();
  for (const s of src.sheets) {
    let name = (s.name || 'Sheet1').replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
    while (names.has(name)) name = `${name.slice(0, 29)}_2`;
    names.add(name);
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(s.rows.map((r) => (r ?? []).map((c) => (c === null ? undefined : c))), { cellDates: true }), name);
  }
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

function renameHeaders(v: Source, rename: (field: string | null, header: string, k: number) => string | null): void {
  const row = v.sheets[v.sheetIndex].rows[v.headerRow];
  v.truth.columns.forEach((c, k) => {
    const next = rename(fieldOf(c.field), String(row[v.columnIndex[k]] ?? ''), k);
    if (next === null) return;
    row[v.columnIndex[k]] = next;
    c.header = next;
    c.altHeaders = [];
  });
  // Two columns may now share a header: grading pairs repeated headers in order, as eval_real does.
}

const AFFIX_CASES = [(w: string[]) => `Txt_${w.join('_')}`, (w: string[]) => `fld_${w.join('_').toLowerCase()}`, (w: string[]) => `str${w.map((x) => x[0].toUpperCase() + x.slice(1).toLowerCase()).join('')}`];

function rewriteColumn(v: Source, k: number, f: (c: Cell) => Cell): void {
  const rows = v.sheets[v.sheetIndex].rows;
  const col = v.columnIndex[k];
  for (let r = v.headerRow + 1; r < rows.length; r++) if (rows[r] && rows[r][col] !== null && rows[r][col] !== undefined && rows[r][col] !== '') rows[r][col] = f(rows[r][col]);
}

const CODE_SYSTEMS: Record<string, Record<string, string>> = {
  'codes-E/S/C': { employee: 'E', spouse: 'S', child: 'C', domesticPartner: 'S', other: 'O' },
  'codes-EE/SP/CH': { employee: 'EE', spouse: 'SP', child: 'CH', domesticPartner: 'DP', other: 'OTH' },
  'codes-1/2/3': { employee: '1', spouse: '2', child: '3', domesticPartner: '4', other: '5' },
};

function dayFirst(c: Cell): Cell {
  let y: number, m: number, d: number;
  if (c instanceof Date) {
    const x = new Date(Math.round(c.getTime() / 86_400_000) * 86_400_000);
    [y, m, d] = [x.getUTCFullYear(), x.getUTCMonth() + 1, x.getUTCDate()];
  } else {
    const s = String(c).trim();
    let mm = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
    if (mm) [m, d, y] = [Number(mm[1]), Number(mm[2]), Number(mm[3])];
    else if ((mm = /^(\d{4})-(\d{2})-(\d{2})/.exec(s))) [y, m, d] = [Number(mm[1]), Number(mm[2]), Number(mm[3])];
    else if ((mm = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) [y, m, d] = [Number(mm[1]), Number(mm[2]), Number(mm[3])];
    else return c;
  }
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

/** The variants of one real file (those that apply to it). */
export function variantsOf(src: Source, kinds: readonly string[] = KINDS): Variant[] {
  const out: Variant[] = [];
  const base = src.truth.file.replace(/\.[^.]+$/, '');
  const emit = (kind: string, v: Source, lang = '', format = v.format, positional?: Variant['positional']) => {
    const ext = format === 'csv' ? 'csv' : 'xlsx';
    const fileName = `${base}.${kind.replace(/[^a-z0-9]+/gi, '-')}.${ext}`;
    const sheet = format === 'csv' ? '' : v.sheets[v.sheetIndex].name;
    out.push({ kind, lang, fileName, sheet, bytes: write(v, format), truth: { ...v.truth, file: fileName, columns: v.truth.columns.map((c) => ({ ...c, sheet: format === 'csv' ? '' : c.sheet })) }, positional });
  };
  const fields = src.truth.columns.map((c) => fieldOf(c.field));
  for (const kind of kinds) {
    const v = clone(src);
    const rows = v.sheets[v.sheetIndex].rows;
    if (kind === 'no-header') {
      const width = Math.max(...rows.slice(v.headerRow).map((r) => r?.length ?? 0));
      const hasData = (col: number) => rows.slice(v.headerRow + 1).some((r) => r && r[col] !== null && r[col] !== undefined && String(r[col]).trim() !== '');
      const positional: Variant['positional'] = [];
      for (let col = 0; col < width; col++) {
        if (!hasData(col)) continue;
        const k = v.columnIndex.indexOf(col);
        positional.push(k >= 0 && !v.truth.columns[k].optional ? v.truth.columns[k].field : undefined);
      }
      rows.splice(v.headerRow, 1);
      emit(kind, v, '', v.format, positional);
    } else if (kind.startsWith('written-')) {
      // Headers and the words of coded columns in the language; a value the engine's own readers do
      // not read (with every pack) stays as it is.
      const lang = kind.slice('written-'.length);
      renameHeaders(v, (f, _h, k) => (f && TRANSLATIONS[lang][f] ? TRANSLATIONS[lang][f][k % TRANSLATIONS[lang][f].length] : null));
      fields.forEach((f, k) => {
        if (!f || !(f in VALUE_READERS)) return;
        const table = VALUE_TRANSLATIONS[lang][f as keyof VALUE_TRANSLATIONS_SHAPE];
        rewriteColumn(v, k, (c) => {
          // An employment class ('FT', 'Regular', 'Perm') is not a status word: left as written.
          if (f === 'status' && isEmploymentClass(cellString(c))) return c;
          const code = VALUE_READERS[f as keyof VALUE_TRANSLATIONS_SHAPE](cellString(c));
          return code && table[code] ? table[code] : c;
        });
      });
      emit(kind, v, lang);
    } else if (kind.startsWith('translated-')) {
      const lang = kind.slice('translated-'.length);
      renameHeaders(v, (f, _h, k) => (f && TRANSLATIONS[lang][f] ? TRANSLATIONS[lang][f][k % TRANSLATIONS[lang][f].length] : null));
      emit(kind, v, lang);
    } else if (kind === 'type-affixes') {
      renameHeaders(v, (f, h, k) => {
        const words = h.split(/[^A-Za-z0-9]+/).filter(Boolean);
        if (!f || words.length === 0 || words.length > 5) return null;
        if (NUMBER_FIELDS.has(f)) return `Num_${words.join('_')}`;
        if (CODE_FIELDS.has(f)) return `${words.join('_').toLowerCase()}_cd`;
        return AFFIX_CASES[k % AFFIX_CASES.length](words);
      });
      emit(kind, v);
    } else if (kind === 'shuffled') {
      const width = Math.max(...rows.map((r) => r?.length ?? 0));
      const order = [...Array(width).keys()];
      const rand = rng(src.truth.file.length * 7919 + width);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      v.sheets[v.sheetIndex].rows = rows.map((r) => order.map((i) => r?.[i] ?? null));
      emit(kind, v);
    } else if (kind === 'other-format') {
      if (v.format === 'xlsx' && v.sheets.length > 1) continue; // a workbook's other sheets would be lost
      emit(kind, v, '', v.format === 'csv' ? 'xlsx' : 'csv');
    } else if (kind === 'title-notes-descriptive') {
      const width = rows[v.headerRow].length;
      const describe = (k: number) => {
        const f = fields[v.columnIndex.indexOf(k)] ?? null;
        if (f && DATE_FIELDS.has(f)) return 'MM/DD/YYYY';
        if (f === 'gender') return 'M or F';
        if (f === 'relationship') return 'EE, SP, CH';
        return k % 2 ? 'Optional' : 'Required';
      };
      const descriptive = Array.from({ length: width }, (_, k) => describe(k));
      rows.splice(v.headerRow + 1, 0, descriptive);
      rows.splice(v.headerRow, 0, ['Employee census for renewal quote'], ['Prepared by the benefits team; confidential'], []);
      v.headerRow += 3;
      emit(kind, v);
    } else if (kind in CODE_SYSTEMS) {
      const k = fields.indexOf('relationship');
      if (k < 0) continue;
      let changed = 0;
      rewriteColumn(v, k, (c) => {
        const r = parseRelationship(cellString(c));
        if (!r) return c;
        changed++;
        return CODE_SYSTEMS[kind][r];
      });
      if (!changed) continue;
      emit(kind, v);
    } else if (kind === 'day-first') {
      let any = false;
      fields.forEach((f, k) => {
        if (f && DATE_FIELDS.has(f)) {
          rewriteColumn(v, k, dayFirst);
          any = true;
        }
      });
      if (!any) continue;
      emit(kind, v);
    }
  }
  return out;
}

export interface Grade {
  variant: Variant;
  columnsRight: number;
  columnsTotal: number;
  livesRight: boolean;
  countsRight: boolean;
  /** the report asked for a review, or the file could not be read (the user sees an error) */
  reviewed: boolean;
  problem: string;
}

function gradeColumns(v: Variant, result: CensusResult): { right: number; total: number; wrong: string[] } {
  const truth = v.truth;
  if (v.positional) {
    // No header row: the report's columns (of the census sheet) in order against the truth's in column order.
    const got = result.report.columns.filter((c) => !v.sheet || norm(c.sheet) === norm(v.sheet)).map((c) => c.field);
    let right = 0;
    let total = 0;
    const wrong: string[] = [];
    v.positional.forEach((f, i) => {
      if (f === undefined) return;
      total++;
      const g = i < got.length ? got[i] : 'MISSING';
      if (Array.isArray(f) ? f.includes(g as string | null) : f === g) right++;
      else wrong.push(`#${i + 1}->${g}`);
    });
    return { right, total, wrong };
  }
  const byHeader = new Map<string, (string | null)[]>();
  for (const c of result.report.columns) byHeader.set(norm(c.header), [...(byHeader.get(norm(c.header)) ?? []), c.field]);
  const used = new Map<string, number>();
  let right = 0;
  let total = 0;
  const wrong: string[] = [];
  for (const col of truth.columns) {
    let got: string | null = null;
    let found = false;
    for (const h of [col.header, ...(col.altHeaders ?? [])]) {
      const pool = byHeader.get(norm(h)) ?? [];
      const n = used.get(norm(h)) ?? 0;
      if (n < pool.length) {
        used.set(norm(h), n + 1);
        got = pool[n];
        found = true;
        break;
      }
    }
    if (!found && col.optional) continue;
    total++;
    if (found && (Array.isArray(col.field) ? col.field.includes(got) : col.field === got)) right++;
    else wrong.push(`${col.header.slice(0, 30)}->${found ? String(got) : 'MISSING'}`);
  }
  return { right, total, wrong };
}

export async function gradeVariant(v: Variant): Promise<Grade> {
  const t = v.truth;
  let result: CensusResult;
  try {
    result = await analyzeCensus([{ fileName: v.fileName, bytes: v.bytes }], { asOf: t.asOf ?? '2026-01-01' });
  } catch (err) {
    const total = t.columns.filter((c) => !c.optional).length;
    return { variant: v, columnsRight: 0, columnsTotal: total, livesRight: t.lives === 0, countsRight: false, reviewed: true, problem: `error: ${(err as Error).message}` };
  }
  const cols = gradeColumns(v, result);
  const employees = result.members.filter((m) => m.relationship === null || m.relationship === 'employee').length;
  const dependents = result.members.length - employees;
  const livesRight = Math.abs(result.report.totalLives - t.lives) <= (t.livesTolerance ?? 0);
  const countsRight = livesRight && Math.abs(employees - t.employees) <= (t.employeesTolerance ?? 0) && Math.abs(dependents - t.dependents) <= (t.dependentsTolerance ?? 0);
  const problems: string[] = [];
  if (!countsRight) problems.push(`lives ${result.report.totalLives}/${t.lives}, employees ${employees}/${t.employees}, dependents ${dependents}/${t.dependents}`);
  if (cols.wrong.length) problems.push(`columns ${cols.wrong.slice(0, 4).join(', ')}`);
  return { variant: v, columnsRight: cols.right, columnsTotal: cols.total, livesRight, countsRight, reviewed: result.report.review?.needed === true, problem: problems.join('; ') };
}

export async function loadSources(dir: string, limit = Infinity): Promise<Source[]> {
  const truths: RealTruth[] = fs.readdirSync(dir).filter((f) => f.endsWith('.truth.json')).sort().map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
  const out: Source[] = [];
  for (const t of truths) {
    if (out.length >= limit) break;
    const s = await loadSource(dir, t).catch(() => null);
    if (s) out.push(s);
  }
  return out;
}

/** Per-group figures: columns right %, counts right %, lives right %. */
export function summarise(grades: Grade[], key: (g: Grade) => string): Map<string, { n: number; columns: number; counts: number; lives: number }> {
  const acc = new Map<string, { n: number; cr: number; ct: number; counts: number; lives: number }>();
  for (const g of grades) {
    const k = key(g);
    const a = acc.get(k) ?? { n: 0, cr: 0, ct: 0, counts: 0, lives: 0 };
    a.n++;
    a.cr += g.columnsRight;
    a.ct += g.columnsTotal;
    if (g.countsRight) a.counts++;
    if (g.livesRight) a.lives++;
    acc.set(k, a);
  }
  return new Map([...acc].map(([k, a]) => [k, { n: a.n, columns: a.ct ? a.cr / a.ct : 1, counts: a.counts / a.n, lives: a.lives / a.n }]));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(root, '../shared/fixtures/census-real/files');
  const out = opt('--out') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'census-variants-'));
  if (path.resolve(out).startsWith(root)) throw new Error('--out must be outside the repository');
  const kinds = opt('--kinds')?.split(',') ?? [...KINDS];
  const sources = await loadSources(dir, Number(opt('--files') ?? Infinity));
  const grades: Grade[] = [];
  for (const s of sources) {
    for (const v of variantsOf(s, kinds)) {
      fs.writeFileSync(path.join(out, v.fileName), v.bytes);
      const g = await gradeVariant(v);
      grades.push(g);
      if (g.problem) console.log(`${v.fileName}: ${g.problem}`);
    }
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const print = (title: string, m: ReturnType<typeof summarise>) => {
    console.log(`\n${title}`);
    for (const [k, s] of [...m].sort()) console.log(`  ${k.padEnd(26)} ${String(s.n).padStart(4)} variants  columns ${pct(s.columns).padStart(6)}  lives ${pct(s.lives).padStart(6)}  lives+employees+dependents ${pct(s.counts).padStart(6)}`);
  };
  console.log(`\n${sources.length} real files with a one-row header on one sheet; variants written to ${out}`);
  print('per kind', summarise(grades, (g) => g.variant.kind));
  print('per language', summarise(grades.filter((g) => g.variant.lang), (g) => g.variant.lang));
  print('all', summarise(grades, () => 'all variants'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
